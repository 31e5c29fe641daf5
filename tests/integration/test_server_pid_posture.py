"""Server management trusts a pid only when it is our JVM, keeps its home private and never puts the password
on a command line. Runs its own short-lived server in a fresh home (never the shared one), and a real other
process (`sleep`) whose pid is planted in that home's pid file."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest
from neo4j import GraphDatabase

from graph.server import process as server
from graph.server.config import JIT_PROFILES, REPO_ROOT, LocalServer
from tests.integration.throwaway import free_port

pytestmark = pytest.mark.integration
PRIVATE_DIRS = ("", "data", "logs", "run", "conf", "import", "plugins", "data/dbms")
SECRET_FILES = ("password", "data/dbms/auth.ini", "conf/neo4j.conf", "neo4j.pid")


@pytest.fixture
def home() -> Iterator[Path]:
    (REPO_ROOT / ".data").mkdir(exist_ok=True)
    path = Path(tempfile.mkdtemp(prefix="neo4j-pid-", dir=REPO_ROOT / ".data"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def other_process() -> Iterator[subprocess.Popen[bytes]]:
    proc = subprocess.Popen(["sleep", "300"])
    yield proc
    proc.kill()
    proc.wait()


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Every command line graph.server.process runs (the calls still go through)."""
    seen: list[list[str]] = []
    real_run, real_popen = subprocess.run, subprocess.Popen

    def run(cmd: list[str], *args: Any, **kwargs: Any) -> Any:
        seen.append([str(c) for c in cmd])
        return real_run(cmd, *args, **kwargs)

    def popen(cmd: list[str], *args: Any, **kwargs: Any) -> Any:
        seen.append([str(c) for c in cmd])
        return real_popen(cmd, *args, **kwargs)

    monkeypatch.setattr(server.subprocess, "run", run)
    monkeypatch.setattr(server.subprocess, "Popen", popen)
    return seen


def cli(home: Path, port: int, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CG_NEO4J_LOCAL": "1", "CG_NEO4J_HOME": str(home), "CG_NEO4J_PORT": str(port)}
    return subprocess.run([sys.executable, "-m", "graph", *args], capture_output=True, text=True, check=False,
                          env=env, cwd=REPO_ROOT)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_stale_pid_of_another_process_is_never_trusted_nor_signalled(home, other_process, launched) -> None:
    srv = LocalServer(home=home, port=free_port(), heap="512m", pagecache="64m", tx_timeout="30s",
                      jvm_flags=JIT_PROFILES["quick"])
    pid_file = home / "neo4j.pid"
    pid_file.write_text(str(other_process.pid))

    assert cli(home, srv.port, "server", "status").stdout == f"Neo4j stopped at {srv.uri}, home {home}\n"
    assert not pid_file.exists()  # the stale file is removed
    pid_file.write_text(str(other_process.pid))
    out = cli(home, srv.port, "server", "stop")
    assert (out.returncode, out.stdout) == (0, "Not running.\n")
    assert other_process.poll() is None and psutil.Process(other_process.pid).status() != psutil.STATUS_ZOMBIE

    pid_file.write_text(str(other_process.pid))
    try:
        status, started = server.start(srv)
        assert started and status.running and status.pid not in (None, other_process.pid)
        assert int(pid_file.read_text()) == status.pid
        # The CG_NEO4J_JIT profile reaches the JVM, which started with it (C1 only, serial GC, no G1).
        jvm = psutil.Process(status.pid).cmdline()
        assert {"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"} <= set(jvm) and "-XX:+UseG1GC" not in jvm
        password = srv.password_file.read_text().strip()
        with GraphDatabase.driver(srv.uri, auth=("neo4j", password)) as drv:
            drv.verify_connectivity()  # the password set through the argument file is the one in use
        _assert_private(home)
        _assert_password_never_on_a_command_line(password, launched, srv.password_file)
    finally:
        assert server.stop(srv) is True
    assert other_process.poll() is None  # still alive after start and stop
    assert not server.status(srv).running


def _assert_private(home: Path) -> None:
    for sub in PRIVATE_DIRS:
        assert mode(home / sub) == 0o700, sub
    for name in SECRET_FILES:
        assert mode(home / name) == 0o600, name
    # The store files the JVM created are the owner's only (umask 077).
    store = [p for p in (home / "data").rglob("*") if p.is_file()]
    assert store and all(mode(p) & 0o077 == 0 for p in store)


def _assert_password_never_on_a_command_line(password: str, launched: list[list[str]], file: Path) -> None:
    admin = [cmd for cmd in launched if server.ADMIN_TOOL in cmd]
    # subprocess.run goes through the Popen spy too: the one admin call may be seen twice.
    assert {tuple(cmd[-2:]) for cmd in admin} == {("set-initial-password", f"@{file}")}
    assert all(password not in arg for cmd in launched for arg in cmd)
    for proc in psutil.process_iter(["cmdline"]):
        assert password not in " ".join(proc.info["cmdline"] or [])
