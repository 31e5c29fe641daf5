"""Half-written uploads. An upload is written in steps: the contract transaction (contract, parties, clauses
and its Document's text: `graph.store.write`, or only the Document's text for a contract known from JSON
that the upload is linked to: `graph.store.duplicates.attach_document`), then its embedding, then the
document layer (sections, references, renewal facts, the text title: `ingest.layer`). A process killed
between the steps would leave a contract with text but no sections and a wrong title, and the same file
would then be refused as "already in the graph".

So the first step marks the contract `upload_incomplete` in its own transaction ("commit": a contract the
upload created or replaced; "attach": an existing contract the upload gave its text), and the marker is
removed only once the layer is written. The next ingest of the same bytes finds the marker
(`upload_marker`) and writes the upload again in place (`ingest.pipeline`): the user sees the file
either fully ingested or not yet.

The marker also names the run writing it (`upload_owner`: host, process id and the process's start time, and
`upload_since`), so a run still at work is told apart from an abandoned one: a second run of the same bytes
meanwhile is told "being ingested by another run", not invited to write over it. The owner is released
(the marker stays) when a run gives up on the layer; a run killed with SIGKILL leaves its owner, which is
then dead: a process of that id no longer runs with that start time. An owner on another host cannot be
checked, so its claim lapses after `LEASE` (far longer than any layer build: 811 sections take about a minute).
"""

from __future__ import annotations

import os
import socket
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

from neo4j import Driver

from graph.server.db import read, write

Pending = Literal["commit", "attach"]
LEASE = timedelta(minutes=30)
POLL_S = 1.0
MARKER_OF = """
MATCH (c:Contract {file_id: $file_id})
RETURN c.upload_incomplete AS pending, c.upload_owner AS owner, c.upload_since AS since
"""
MARK_COMPLETE = "MATCH (c:Contract {file_id: $file_id}) REMOVE c.upload_incomplete, c.upload_owner, c.upload_since"
# Only the owner releases its claim (a run that took the marker over since keeps it).
RELEASE = "MATCH (c:Contract {file_id: $file_id}) WHERE c.upload_owner = $owner REMOVE c.upload_owner"
# A run (one thread) that stops on an unforeseen error releases whatever it was writing; no index on the owner:
# this runs only on such errors, and scans the contracts once.
RELEASE_ALL = "MATCH (c:Contract) WHERE c.upload_owner = $owner REMOVE c.upload_owner"
# Taking over an abandoned marker: only while it still names the owner this run found dead (or none), so of
# two runs resuming the same marker at once exactly one gets it. The first SET takes the node's write lock
# before the owner is compared, so the second run compares with what the first one committed.
TAKE_OVER = """
MATCH (c:Contract {file_id: $file_id}) SET c.upload_lock = true
WITH c WHERE c.upload_incomplete IS NOT NULL AND coalesce(c.upload_owner, '') = coalesce($previous, '')
SET c.upload_owner = $owner, c.upload_since = datetime()
REMOVE c.upload_lock
"""
INCOMPLETE_UPLOADS = """
MATCH (c:Contract) WHERE c.upload_incomplete IS NOT NULL
RETURN c.file_id AS file_id, c.upload_incomplete AS pending ORDER BY file_id
"""


def _start_ticks(pid: int) -> str | None:
    """The process's start time (clock ticks after boot, /proc/PID/stat field 22), None when it is not running.
    With the pid it names one process: a pid reused by a later process has another start time."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rsplit(")", 1)[1].split()[19]  # after the command name, which may hold spaces


def this_run() -> str:
    """The owner this run writes into a marker: "host pid start thread" (the Upload page's sessions are threads
    of one process)."""
    return f"{socket.gethostname()} {os.getpid()} {_start_ticks(os.getpid()) or 0} {threading.get_ident()}"


def _parts(owner: str) -> tuple[str, str, str, str]:
    """(host, pid, start, thread) of an owner string; a host name is the part that may hold spaces."""
    parts = owner.rsplit(" ", 3)
    return (parts[0], parts[1], parts[2], parts[3]) if len(parts) == 4 else (owner, "", "", "")


@dataclass(frozen=True)
class Marker:
    """A half-written upload: how it was left, and the run that was (or still is) writing it."""

    pending: Pending
    owner: str | None
    since: datetime | None

    @property
    def live(self) -> bool:
        """True while the run that wrote the marker may still be writing the upload."""
        if not self.owner:
            return False
        host, pid, start, thread = _parts(self.owner)
        if host == socket.gethostname():
            if not pid.isdigit() or _start_ticks(int(pid)) != start:
                return False
            if pid == str(os.getpid()):  # this process: is that thread still running?
                return any(str(t.ident) == thread for t in threading.enumerate())
            return True
        return self.since is not None and datetime.now(UTC) - self.since < LEASE

    def describe(self) -> str:
        """Who is writing it, for a message: "process 123 on host h since 05:10:22 UTC"."""
        host, pid, _, _ = _parts(self.owner or "")
        since = f" since {self.since:%Y-%m-%d %H:%M:%S} UTC" if self.since else ""
        return f"process {pid} on {host}{since}"


def _since(value: Any) -> datetime | None:
    return value.to_native().astimezone(UTC) if value is not None else None


def upload_marker(driver: Driver, file_id: str, database: str | None = None) -> Marker | None:
    """Contract `file_id`'s half-written upload marker, or None when its upload is complete."""
    rows = read(driver, MARKER_OF, {"file_id": file_id}, database)
    if not rows or rows[0]["pending"] not in ("commit", "attach"):
        return None
    return Marker(rows[0]["pending"], rows[0]["owner"], _since(rows[0]["since"]))


def wait_for_owner(driver: Driver, file_id: str, wait_s: float, database: str | None = None) -> Marker | None:
    """`file_id`'s marker once no live run owns it (None: complete), polling for at most `wait_s` seconds;
    the live marker when the time is up."""
    deadline = time.monotonic() + wait_s
    while True:
        marker = upload_marker(driver, file_id, database)
        if marker is None or not marker.live or time.monotonic() >= deadline:
            return marker
        time.sleep(POLL_S)


def incomplete_upload(driver: Driver, file_id: str, database: str | None = None) -> Pending | None:
    """How contract `file_id`'s upload was left half-written ("commit" or "attach"), or None when complete."""
    marker = upload_marker(driver, file_id, database)
    return marker.pending if marker else None


def incomplete_uploads(driver: Driver, database: str | None = None) -> list[dict[str, str]]:
    """(file_id, pending) of every half-written upload."""
    return read(driver, INCOMPLETE_UPLOADS, {}, database)


def take_over(driver: Driver, file_id: str, previous: str | None, database: str | None = None) -> bool:
    """Make this run the owner of `file_id`'s abandoned marker, if it still names `previous`; False when
    another run took it first."""
    counters = write(driver, TAKE_OVER, {"file_id": file_id, "previous": previous, "owner": this_run()}, database)
    return counters.properties_set > 2  # the lock's set and removal, and the owner and its time when taken


def release(driver: Driver, file_id: str, database: str | None = None) -> None:
    """This run stops writing `file_id`'s upload without completing it: the marker stays, ownerless, so the
    next run completes it at once."""
    write(driver, RELEASE, {"file_id": file_id, "owner": this_run()}, database)


def release_all(driver: Driver, database: str | None = None) -> None:
    """This run stops on an unforeseen error: every upload it was writing is left ownerless."""
    write(driver, RELEASE_ALL, {"owner": this_run()}, database)


def mark_complete(driver: Driver, file_id: str, database: str | None = None) -> None:
    """The upload of `file_id` is whole: its document layer is written."""
    write(driver, MARK_COMPLETE, {"file_id": file_id}, database)
