"""The background document-layer build: a detached runner that holds a lock, runs `load-texts --if-missing`
and reports progress the app reads; one runner at a time; a dead runner reads as failed, not as running."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import time
from pathlib import Path

import pytest

from graph.documents.rows import LAYER_VERSION
from graph.server.db import read, write_tx
from ingest import background
from tests.conftest import TEXTS

pytestmark = pytest.mark.integration

FILE_IDS = ["ABILITYINC_06_15_2020-EX-4.25-SERVICES AGREEMENT",
            "ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT",
            "ACCURAYINC_09_01_2010-EX-10.31-DISTRIBUTOR AGREEMENT"]
VERSIONS = "UNWIND $ids AS id MATCH (d:Document {file_id: id}) RETURN d.file_id AS f, d.layer_version AS v"
SECTIONS = "UNWIND $ids AS id MATCH (s:Section {file_id: id}) RETURN count(s) AS n"
MARK_STALE = "UNWIND $ids AS id MATCH (d:Document {file_id: id}) SET d.layer_version = 0"


@pytest.fixture
def three_texts(tmp_path: Path) -> Path:
    """A text directory holding exactly three CUAD texts (the build's whole world in this test)."""
    texts = tmp_path / "texts"
    texts.mkdir()
    for file_id in FILE_IDS:
        shutil.copy(TEXTS / f"{file_id}.txt", texts)
    return texts


def _wait_until_finished(directory: Path, timeout_s: float = 240) -> background.BuildStatus:
    deadline = time.monotonic() + timeout_s
    seen = []
    while time.monotonic() < deadline:
        status = background.read_status(directory)
        seen.append(status)
        if status.state in ("done", "failed"):
            return status
        time.sleep(0.5)
    pytest.fail(f"the build did not finish in {timeout_s}s; last status {seen[-1]}")


def test_the_detached_build_rewrites_stale_documents_and_reports_progress(driver, three_texts, tmp_path) -> None:
    versions = {r["f"]: r["v"] for r in read(driver, VERSIONS, {"ids": FILE_IDS})}
    assert versions == dict.fromkeys(FILE_IDS, LAYER_VERSION)
    sections_before = read(driver, SECTIONS, {"ids": FILE_IDS})[0]["n"]
    write_tx(driver, lambda tx: tx.run(MARK_STALE, ids=FILE_IDS).consume())
    state_dir = tmp_path / "state"
    assert background.read_status(state_dir).state == "idle"

    started = background.start(three_texts, state_dir)
    assert started.state == "running"
    status = _wait_until_finished(state_dir)

    assert (status.state, status.done, status.total) == ("done", 3, 3), status
    assert status.label == "document layer 3/3"
    after = {r["f"]: r["v"] for r in read(driver, VERSIONS, {"ids": FILE_IDS})}
    assert after == dict.fromkeys(FILE_IDS, LAYER_VERSION)  # all three rewritten by this loader version
    assert read(driver, SECTIONS, {"ids": FILE_IDS})[0]["n"] == sections_before
    state = json.loads((state_dir / background.STATE_NAME).read_text())
    assert state["returncode"] == 0 and state["pid"] != os.getpid()


def test_a_second_build_finds_the_first_up_to_date(driver, three_texts, tmp_path) -> None:
    state_dir = tmp_path / "state"
    background.start(three_texts, state_dir)
    status = _wait_until_finished(state_dir)
    assert (status.state, status.done, status.total) == ("done", 3, 3)
    assert "3 already up to date" in (state_dir / background.LOG_NAME).read_text()


def test_only_one_runner_holds_the_lock(tmp_path: Path) -> None:
    tmp_path.mkdir(exist_ok=True)
    with open(tmp_path / background.LOCK_NAME, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as a running build would
        assert background.run(tmp_path, None) == 0  # the second runner leaves at once ...
    assert not (tmp_path / background.STATE_NAME).exists()  # ... without touching the state


def test_a_runner_that_died_reads_as_failed(tmp_path: Path) -> None:
    background.write_json(tmp_path / background.STATE_NAME, {"state": "running", "pid": 2**22 + 12345})
    background.write_json(tmp_path / background.PROGRESS_NAME, {"done": 120, "total": 510})
    status = background.read_status(tmp_path)
    assert (status.state, status.done, status.total) == ("failed", 120, 510)
    assert "make run" in status.message
