"""Class-data sharing for the local server's JVM: an archive of the classes Neo4j loads, which later starts map
instead of loading, parsing and verifying the same ~10,000 classes again.

Measured on this machine (a throwaway server, C1 profile, load about 13): start 4.1-4.3 CPU s and 13-18 s wall
without the archive, 2.5 CPU s and 10 s wall with it. `make test` starts a dozen servers or more (the workers'
copies and the tests' throwaway servers), and a user's `make run` starts one every session.

CG_NEO4J_CLASS_ARCHIVE chooses: `use` (the default) maps the archive when it exists; `write` also has a server
that finds none write one when it exits (tests/with_test_db.sh sets it for the first server it starts, whose stop
precedes the workers' starts); `off` never maps one. The JVM writes the archive to a partial name and `publish`
renames it once that server has exited, so no start ever maps a half-written file. One archive per set of jars
(their names name it); the JVM itself refuses an archive of another Java build and then starts without one.
"""

from __future__ import annotations

import hashlib
import logging
import os
from pathlib import Path

from core.errors import ConfigError
from core.settings import env_setting

log = logging.getLogger(__name__)
CHOICES = ("use", "write", "off")


def _choice() -> str:
    value = (env_setting("CG_NEO4J_CLASS_ARCHIVE", "use") or "use").strip().lower()
    if value not in CHOICES:
        raise ConfigError(f"CG_NEO4J_CLASS_ARCHIVE must be one of {', '.join(CHOICES)}.")
    return value


def archive_path(lib: Path) -> Path:
    """The archive for these jars, beside them (an archive written under one JVM profile serves the other:
    measured, a C2/G1 server's archive cut a C1/serial start from 3.7 to 2.5 CPU s)."""
    jars = sorted(p.name for p in lib.glob("*.jar"))
    tag = hashlib.sha256("\0".join(jars).encode()).hexdigest()[:12]
    return lib.parent / f"neo4j-classes-{tag}.jsa"


def _marker(home: Path) -> Path:
    return home / "class-archive.partial"


def launch_flags(lib: Path, home: Path) -> tuple[str, ...]:
    """The JVM flags that map the archive, write it at exit, or neither, for a server about to start in `home`."""
    choice = _choice()
    archive = archive_path(lib)
    if choice == "off":
        return ()
    if archive.is_file():
        return (f"-XX:SharedArchiveFile={archive}",)
    if choice != "write":
        return ()
    partial = archive.with_name(f"{archive.name}.{hashlib.sha256(str(home).encode()).hexdigest()[:8]}.partial")
    # The marker names this home too: a copy of the home (tests/with_test_db.sh copies the stopped store for
    # its workers) must not publish what another server wrote.
    _marker(home).write_text(f"{home}\n{partial}\n", encoding="utf-8")
    return (f"-XX:ArchiveClassesAtExit={partial}",)


def publish(lib: Path, home: Path) -> None:
    """After the server in `home` exited: move the archive it wrote into place (nothing when it wrote none)."""
    marker = _marker(home)
    try:
        writer, partial = marker.read_text(encoding="utf-8").splitlines()[:2]
    except (OSError, ValueError):
        return
    marker.unlink(missing_ok=True)
    if writer != str(home) or not Path(partial).is_file():
        return
    try:
        os.replace(partial, archive_path(lib))
    except OSError as e:  # a read-only or vanished dist: the next starts simply run without an archive
        log.warning("class archive %s not published (%s)", partial, e)
