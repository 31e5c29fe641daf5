"""Checks the local server's management relies on: is a pid really our JVM, and are its files private.

A pid file can outlive the server it names (a crash, a reboot, a copied home); the kernel may then have given
that pid to any other process. Before `status` trusts a pid or `stop` signals it, its command line must show
java running Neo4j's entry point for this very home. The home holds the database and the password, so its
directories are 0700 and its secret files 0600, whatever the umask.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

import psutil

log = logging.getLogger(__name__)

ENTRY_POINT = "org.neo4j.server.CommunityEntryPoint"
PRIVATE_DIR = 0o700
PRIVATE_FILE = 0o600
# Created by the server or the admin tool before it knew our umask; they hold credentials or paths.
SECRET_FILES = ("password", "data/dbms/auth.ini", "conf/neo4j.conf", "neo4j.pid")
HOME_DIRS = ("data", "logs", "import", "plugins", "run", "conf")


def command_line(pid: int) -> list[str] | None:
    """The process's argv, or None when there is no such process or it cannot be read."""
    try:
        return psutil.Process(pid).cmdline()
    except (psutil.Error, OSError):
        return None


def is_our_server(pid: int, home: Path) -> bool:
    """Whether `pid` is a java process running Neo4j's CommunityEntryPoint with `home` as its home dir."""
    argv = command_line(pid)
    if not argv:
        return False
    java = Path(argv[0]).name.startswith("java")
    return java and ENTRY_POINT in argv and f"--home-dir={home}" in argv


def make_private(home: Path) -> None:
    """The home and the directories under it 0700, the secret files 0600 (existing homes are tightened too)."""
    home.mkdir(mode=PRIVATE_DIR, parents=True, exist_ok=True)
    for sub in ("", *HOME_DIRS):
        directory = home / sub
        directory.mkdir(mode=PRIVATE_DIR, exist_ok=True)
        directory.chmod(PRIVATE_DIR)
    for name in SECRET_FILES:
        path = home / name
        if path.is_file():
            path.chmod(PRIVATE_FILE)


def write_private(path: Path, text: str) -> None:
    """Write `text` to a file readable by its owner only (created 0600: never briefly world-readable)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE)
    with os.fdopen(fd, "w") as handle:
        handle.write(text)
    path.chmod(PRIVATE_FILE)  # O_CREAT's mode does not apply to a file that already existed
