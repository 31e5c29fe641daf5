"""The Upload page's review queue (issue 32, acceptance "the review queue lists the flagged ones"): contracts a
batch import (`python -m ingest --yes`, subprocess) committed flagged "needs review" are listed in the queue
expander, each with its reasons and a link to its Contract page; "Mark reviewed" clears the flag in the
database and takes the contract off the list. Checked against the graph's own flags (a Cypher read here, not
the page's query)."""

from __future__ import annotations

import shutil
from pathlib import Path
from urllib.parse import parse_qs

import pytest

from graph.server.db import read
from tests.app.shown import shown
from tests.app.test_upload import PAGE, offline  # noqa: F401  (fixture)
from tests.ingest_support import PDF_DIR, exact_cleanup
from tests.integration.test_ingest_cli import ingest
from tests.integration.test_ingest_needs_review import SPRINGBANK, UNITED

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(not PDF_DIR.is_dir(), reason="CUAD sample PDFs not present")]
FLAGGED = "MATCH (c:Contract) WHERE c.needs_review RETURN c.file_id AS file_id ORDER BY file_id"


def _flagged(driver) -> list[str]:
    return [row["file_id"] for row in read(driver, FLAGGED)]


def _queue_links(at) -> list[tuple[str, str]]:
    """(label, file_id) of each Contract-page link inside the review queue expander."""
    [queue] = [e for e in at.main.expander if e.label.startswith("Review queue")]
    return [(shown(p.proto.label), parse_qs(p.proto.query_string)["file_id"][0]) for p in queue.get("page_link")
            if p.proto.page == "contract"]


def test_the_upload_page_lists_the_batch_flagged_contracts_and_mark_reviewed_clears_one(driver, tmp_path, offline):  # noqa: F811
    for name in (SPRINGBANK, UNITED):
        shutil.copy(PDF_DIR / name, tmp_path / name)
    ids = [f"{Path(SPRINGBANK).stem}-2", f"{Path(UNITED).stem}-2"]
    already = _flagged(driver)
    assert not set(ids) & set(already)
    with exact_cleanup(driver) as committed:
        done = ingest(str(tmp_path), "--yes", "--on-duplicate", "keep")
        committed += ids
        assert done.returncode == 0, done.stderr
        assert _flagged(driver) == sorted([*already, *ids])
        at = offline
        at.run()
        [queue] = [e for e in at.main.expander if e.label.startswith("Review queue")]
        n = len(already) + 2
        assert shown(queue.label) == f"Review queue: {n} imported contracts need review"
        links = _queue_links(at)
        assert sorted(file_id for _, file_id in links) == _flagged(driver)
        assert (f"{ids[0]}: no party found, no contract type found", ids[0]) in links
        assert (f"{ids[1]}: no party found", ids[1]) in links
        at.button(key=f"upload_reviewed_{ids[0]}").click().run()
        assert not at.exception, at.exception
        assert _flagged(driver) == sorted([*already, ids[1]])
        assert sorted(file_id for _, file_id in _queue_links(at)) == _flagged(driver)
