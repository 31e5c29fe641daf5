"""A separate, short-lived Neo4j server for tests that must not touch the shared test server (stopping it,
or needing it empty): its own home under .data/, a free port, removed afterwards."""

from __future__ import annotations

import shutil
import socket
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from graph.server import process as server
from graph.server.config import REPO_ROOT, LocalServer, Neo4jSettings, jit_flags


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def throwaway_server(prefix: str, tx_timeout: str = "30s", before_start: Callable[[LocalServer], object] | None = None,
                     ) -> Iterator[tuple[LocalServer, Neo4jSettings]]:
    """Start a fresh server (after `before_start(server)`, e.g. a bulk import into its home); yield it with
    settings for a driver; always stop and delete it afterwards."""
    (REPO_ROOT / ".data").mkdir(exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix=prefix, dir=REPO_ROOT / ".data"))
    srv = LocalServer(home=home, port=free_port(), heap="512m", pagecache="64m", tx_timeout=tx_timeout,
                      jvm_flags=jit_flags())
    try:
        if before_start:
            before_start(srv)
        server.start(srv)
        yield srv, Neo4jSettings(uri=srv.uri, username="neo4j", password=srv.password_file.read_text().strip(),
                                 database=None, local=srv)
    finally:
        server.stop(srv)
        shutil.rmtree(home, ignore_errors=True)
