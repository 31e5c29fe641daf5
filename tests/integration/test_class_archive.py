"""A real server maps the JVM class archive (graph/server/class_sharing.py): after a server that may write one
stopped, the archive exists beside the jars and the next server's process has it mapped (/proc/PID/maps)."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph.server.class_sharing import archive_path
from graph.server.config import DIST_LIB
from tests.integration.throwaway import throwaway_server

pytestmark = pytest.mark.integration


def _maps(home: Path) -> str:
    pid = (home / "neo4j.pid").read_text().strip()
    return Path(f"/proc/{pid}/maps").read_text()


def test_a_started_server_maps_the_archive_a_stopped_one_wrote(monkeypatch) -> None:
    monkeypatch.setenv("CG_NEO4J_CLASS_ARCHIVE", "write")  # writes one only when none exists yet
    with throwaway_server("cg-cds-a-"):
        pass
    archive = archive_path(DIST_LIB)
    assert archive.is_file()
    monkeypatch.setenv("CG_NEO4J_CLASS_ARCHIVE", "use")
    with throwaway_server("cg-cds-b-") as (srv, _):
        assert str(archive) in _maps(srv.home)
