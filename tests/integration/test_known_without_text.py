"""Issue 32 item 4: known contracts recognised without their texts. The graph holds the sample's contract
records but no texts (every Document detached from its contract for the test, as after an import from another
system), and PDFs of sample contracts are uploaded under neutral names ("upload-07.pdf": the file name says
nothing): each must come back as "this is <its contract>" by metadata (title, type, parties, dates); the page
shows that banner first in the review (tests/app/test_upload.py). The set: every fifth of the 120 CUAD PDFs in
name order (24); 23 are recognised, the one miss is a tie the rules rightly do not break (MISSED).
"""

from __future__ import annotations

import pytest

from graph.reads.repository import graph_counts
from graph.server.db import read, write
from ingest.cuad_labels import name_key
from ingest.pipeline import RULES, process_file
from tests.ingest_support import PDF_DIR

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(not PDF_DIR.is_dir(), reason="CUAD sample PDFs not present")]
DETACH = """
MATCH (c:Contract)-[r:HAS_DOCUMENT]->(d:Document)
SET d.detached_by_test = true
DELETE r
"""
REATTACH = """
MATCH (d:Document {detached_by_test: true})
MATCH (c:Contract {file_id: d.file_id})
CREATE (c)-[:HAS_DOCUMENT]->(d)
REMOVE d.detached_by_test
"""
WITH_TEXT = "MATCH (c:Contract)-[:HAS_DOCUMENT]->(:Document) RETURN count(c) AS n"
CONTRACT_IDS = "MATCH (c:Contract) RETURN c.file_id AS file_id"
# Known misses, each with why (measured on this set; a fix that recognises one should move it out).
MISSED = {
    # No party read (the rules engine finds none on this joint filing), and the sample holds two joint filing
    # agreements dated 2020-04-07 (BlackRock MuniHoldings' too): date and title tie, so nothing is claimed.
    "SPRINGBANKPHARMACEUTICALS,INC_04_08_2020-EX-99.A-JOINT FILING AGREEMENT.PDF":
        "tie with another joint filing agreement of the same day",
}


@pytest.fixture
def no_texts(driver):
    """The sample's records without their texts; restored exactly afterwards (also after a failed run)."""
    write(driver, REATTACH)  # a run killed inside the test left them detached
    before = graph_counts(driver)
    write(driver, DETACH)
    assert read(driver, WITH_TEXT)[0]["n"] == 0
    try:
        yield
    finally:
        write(driver, REATTACH)
    assert graph_counts(driver) == before


def _sample_id(pdf_name: str, ids: dict[str, str]) -> str:
    key = name_key(pdf_name)
    return ids.get(key) or ids[max((k for k in ids if key.startswith(k)), key=len)]


@pytest.mark.timeout(3600)  # 24 PDFs read and extracted on a shared machine
def test_sample_pdfs_are_recognised_by_metadata_when_no_text_is_stored(driver, no_texts):
    ids = {name_key(r["file_id"]): r["file_id"] for r in read(driver, CONTRACT_IDS)}
    pdfs = sorted(p for p in PDF_DIR.iterdir() if p.suffix.lower() == ".pdf")[::5]
    assert len(pdfs) == 24
    found, expected = {}, {}
    for n, pdf in enumerate(pdfs):
        review = process_file(pdf.read_bytes(), f"upload-{n:02d}.pdf", driver, RULES)
        match = review.duplicate
        found[pdf.name] = (match.file_id, match.method) if match else None
        expected[pdf.name] = None if pdf.name in MISSED else (_sample_id(pdf.name, ids), "metadata")
    assert found == expected
