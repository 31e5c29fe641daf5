"""`neo4j-admin database import full` into a local server's home, before its first start.

The same jars and generated configuration as graph.server.process: the home gets its conf and initial
password, then the admin tool writes the `neo4j` database from CSV files (graph.store.bulk_csv), and the next
`start` serves it. The server must be stopped; an existing `neo4j` database is replaced.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from pathlib import Path

from core.errors import ServerError
from graph.server.config import LocalServer
from graph.server.posture import make_private
from graph.server.process import (
    ADMIN_TOOL,
    JVM_FLAGS,
    UMASK,
    _set_initial_password,
    _write_config,
    install,
    java_binary,
    status,
)

ARRAY_DELIMITER = "U+001F"


def admin_import(server: LocalServer, files: Sequence[str], *, heap: str = "1g", off_heap: str = "2G",
                 threads: int | None = None, report: Path | None = None) -> str:
    """Run the import (files: --nodes=/--relationships= arguments); returns the tool's output."""
    if status(server).running:
        raise ServerError(f"Stop the server at {server.home} before a bulk import.")
    lib = install()
    server.home.mkdir(parents=True, exist_ok=True)
    make_private(server.home)
    _write_config(server)
    _set_initial_password(server, lib)
    env = {**os.environ, "NEO4J_HOME": str(server.home), "NEO4J_CONF": str(server.home / "conf")}
    cmd = [java_binary(), f"-Xms{heap}", f"-Xmx{heap}", *JVM_FLAGS, "-cp", f"{lib}/*", ADMIN_TOOL,
           "database", "import", "full", "neo4j", "--overwrite-destination=true", "--multiline-fields=true",
           f"--array-delimiter={ARRAY_DELIMITER}", f"--max-off-heap-memory={off_heap}",
           f"--report-file={report or server.home / 'logs' / 'import.report'}", *files]
    if threads:
        cmd.append(f"--threads={threads}")
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False, umask=UMASK)
    if done.returncode != 0:
        raise ServerError(f"neo4j-admin import failed ({done.returncode}):\n{(done.stdout + done.stderr)[-3000:]}")
    return done.stdout + done.stderr
