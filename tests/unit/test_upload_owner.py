"""Who is writing a half-written upload (graph.store.pending.Marker.live): a run still at work is told apart
from one that died, by host, process id, process start time and thread; another host's claim lapses."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
from datetime import UTC, datetime, timedelta

from graph.store.pending import LEASE, Marker, this_run

HOST = socket.gethostname()


def marker(owner: str | None, since: datetime | None = None) -> Marker:
    return Marker("commit", owner, since or datetime.now(UTC))


def test_this_thread_of_this_process_is_alive():
    assert marker(this_run()).live


def test_a_finished_thread_of_this_process_is_not():
    owners: list[str] = []
    thread = threading.Thread(target=lambda: owners.append(this_run()))
    thread.start()
    thread.join()
    assert owners[0] != this_run() and not marker(owners[0]).live


def test_a_running_process_is_alive_and_a_dead_one_is_not():
    child = subprocess.Popen([sys.executable, "-c",
                              "import sys, time; from graph.store.pending import this_run; "
                              "print(this_run(), flush=True); time.sleep(60)"],
                             stdout=subprocess.PIPE, text=True)
    owner = child.stdout.readline().strip()  # type: ignore[union-attr]
    assert owner.startswith(f"{HOST} {child.pid} ")
    assert marker(owner).live
    child.kill()
    child.wait()
    assert not marker(owner).live


def test_a_reused_process_id_with_another_start_time_is_not_the_owner():
    host, pid, start, thread = this_run().rsplit(" ", 3)
    assert not marker(f"{host} {pid} {int(start) + 1} {thread}").live


def test_no_owner_is_not_alive():
    assert not marker(None).live and not marker("").live


def test_another_hosts_claim_lasts_the_lease():
    owner = "elsewhere.example 123 456 789"
    assert marker(owner, datetime.now(UTC) - LEASE + timedelta(minutes=1)).live
    assert not marker(owner, datetime.now(UTC) - LEASE - timedelta(minutes=1)).live
    assert not Marker("commit", owner, None).live


def test_the_message_names_the_process_and_host():
    since = datetime(2026, 12, 2, 5, 10, 22, tzinfo=UTC)
    assert marker("a host 4242 99 7", since).describe() == "process 4242 on a host since 2026-12-02 05:10:22 UTC"
