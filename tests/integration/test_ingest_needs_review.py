"""Batch import commits what it can read (issue 32 item 5): a contract whose parties or type the engine could
not find is committed as type Other, flagged "needs review" with the reasons, and listed by the review queue;
`--strict` keeps the refusal and writes nothing. Subprocess CLI against the real database."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from graph.reads.repository import contract_details, graph_counts
from graph.server.db import read
from graph.store.review_queue import mark_reviewed, review_queue
from tests.ingest_support import PDF_DIR, exact_cleanup
from tests.integration.test_ingest_cli import ingest

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(not PDF_DIR.is_dir(), reason="CUAD sample PDFs not present")]
SPRINGBANK = "SPRINGBANKPHARMACEUTICALS,INC_04_08_2020-EX-99.A-JOINT FILING AGREEMENT.PDF"  # no party, no type
UNITED = "UNITEDNATIONALBANCORP_03_03_1999-EX-99-Outsourcing Agreement with the BISYS Group, Inc..PDF"  # no party
FLAGS = "MATCH (c:Contract {file_id: $file_id}) RETURN c.needs_review AS flag, c.review_reasons AS reasons"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for name in (SPRINGBANK, UNITED):
        shutil.copy(PDF_DIR / name, tmp_path / name)
    return tmp_path


def test_unreadable_fields_are_committed_flagged_and_queued(driver, folder):
    ids = [f"{Path(SPRINGBANK).stem}-2", f"{Path(UNITED).stem}-2"]
    assert review_queue(driver) == []
    with exact_cleanup(driver) as committed:
        done = ingest(str(folder), "--yes", "--on-duplicate", "keep")
        committed += ids
        assert done.returncode == 0, done.stderr
        assert done.stdout.splitlines()[-3:] == [
            "Ingested 2 (2 flagged: needs review), skipped 0, failed 0.",
            f"  ingested: {SPRINGBANK} -> {ids[0]} (needs review: no party found, no contract type found)",
            f"  ingested: {UNITED} -> {ids[1]} (needs review: no party found)"]
        assert [contract_details(driver, i)["contract_type"] for i in ids] == ["Other", "Outsourcing"]
        assert [contract_details(driver, i)["parties"] for i in ids] == [[], []]
        assert read(driver, FLAGS, {"file_id": ids[1]}) == [{"flag": True, "reasons": ["no party found"]}]
        queue = review_queue(driver)
        assert sorted((r["file_id"], tuple(r["reasons"])) for r in queue) == [
            (ids[0], ("no party found", "no contract type found")), (ids[1], ("no party found",))]
        assert mark_reviewed(driver, ids[0]) and not mark_reviewed(driver, ids[0])
        assert [r["file_id"] for r in review_queue(driver)] == [ids[1]]
        assert read(driver, FLAGS, {"file_id": ids[0]}) == [{"flag": None, "reasons": None}]


def test_strict_keeps_the_refusal_and_writes_nothing(driver, folder):
    before = graph_counts(driver)
    done = ingest(str(folder / SPRINGBANK), "--yes", "--on-duplicate", "keep", "--strict")
    assert done.returncode == 1
    assert done.stdout.splitlines()[-2:] == [
        "Ingested 0, skipped 0, failed 1.",
        f"  failed:   {SPRINGBANK}: Add at least one party before committing; nothing was written."]
    assert graph_counts(driver) == before and review_queue(driver) == []
