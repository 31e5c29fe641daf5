"""graph/server/class_sharing.py: which JVM flags a start gets, and that only the server that wrote an archive
publishes it, after it stopped (a copy of its home does not)."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.errors import ConfigError
from graph.server import class_sharing


@pytest.fixture
def lib(tmp_path: Path) -> Path:
    folder = tmp_path / "dist" / "lib"
    folder.mkdir(parents=True)
    (folder / "neo4j-5.26.0.jar").write_bytes(b"")
    return folder


def test_use_maps_an_existing_archive_and_otherwise_adds_nothing(lib, tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("CG_NEO4J_CLASS_ARCHIVE", raising=False)
    home = tmp_path / "home"
    home.mkdir()
    assert class_sharing.launch_flags(lib, home) == ()
    archive = class_sharing.archive_path(lib)
    archive.write_bytes(b"archive")
    assert class_sharing.launch_flags(lib, home) == (f"-XX:SharedArchiveFile={archive}",)
    monkeypatch.setenv("CG_NEO4J_CLASS_ARCHIVE", "off")
    assert class_sharing.launch_flags(lib, home) == ()


def test_the_writer_publishes_after_it_stopped_and_a_copy_of_its_home_does_not(lib, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CG_NEO4J_CLASS_ARCHIVE", "write")
    home, copy = tmp_path / "home", tmp_path / "home-gw1"
    home.mkdir()
    [flag] = class_sharing.launch_flags(lib, home)
    partial = Path(flag.removeprefix("-XX:ArchiveClassesAtExit="))
    assert partial.parent == lib.parent and partial.name.endswith(".partial")
    partial.write_bytes(b"written at exit")  # what the JVM does when it stops
    copy.mkdir()
    (copy / "class-archive.partial").write_text((home / "class-archive.partial").read_text())
    class_sharing.publish(lib, copy)
    assert not class_sharing.archive_path(lib).exists() and partial.is_file()
    class_sharing.publish(lib, home)
    assert class_sharing.archive_path(lib).read_bytes() == b"written at exit" and not partial.exists()
    assert not (home / "class-archive.partial").exists()
    assert class_sharing.launch_flags(lib, home) == (f"-XX:SharedArchiveFile={class_sharing.archive_path(lib)}",)


def test_other_jars_name_another_archive(lib) -> None:
    before = class_sharing.archive_path(lib)
    (lib / "neo4j-5.26.1.jar").write_bytes(b"")
    assert class_sharing.archive_path(lib) != before


def test_an_unknown_choice_is_a_one_line_error(lib, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CG_NEO4J_CLASS_ARCHIVE", "always")
    with pytest.raises(ConfigError, match=r"^CG_NEO4J_CLASS_ARCHIVE must be one of use, write, off\.$"):
        class_sharing.launch_flags(lib, tmp_path)
