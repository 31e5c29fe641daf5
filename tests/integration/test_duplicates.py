"""Duplicate recognition by content against the loaded sample: every CUAD PDF is recognised as the contract
the sample already holds (120/120), ten contracts that are not in the sample are not (0 false matches), and
link / keep / replace leave exactly the counts they should."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from graph.reads.repository import contract_details, graph_counts
from graph.server.db import read
from graph.store.duplicates import unlink_upload
from graph.store.write import find_by_sha
from ingest.cuad_labels import name_key
from ingest.duplicates import recognise
from ingest.pdf import read_pdf
from ingest.pipeline import RULES, commit_review, process_file
from ingest.resolve import auto_same_as
from ingest.schema import ContractDraft
from tests.ingest_support import CURAEGIS, PDF_DIR, exact_cleanup, real_pdf
from tests.pdf_pages import pdf_pages
from tests.synth_contracts import synthetic_text, text_pdf

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(not PDF_DIR.is_dir(), reason="CUAD sample PDFs not present")]
REGULATORY = PDF_DIR.parents[1] / "regulatory" / "bnm_ekyc_policy_2024.pdf"
CONTRACT_IDS = "MATCH (c:Contract) RETURN c.file_id AS file_id"
CONTRACTS = "MATCH (c:Contract) RETURN count(c) AS n"
PROVENANCE = "MATCH (c:Contract {file_id: $id}) RETURN c.file_sha256 AS sha, c.linked_files AS files"


def _expected(pdf: Path, ids: dict[str, str]) -> str:
    """The sample contract of a PDF, by file name (one PDF adds a second title to its contract's name)."""
    key = name_key(pdf.name)
    return ids.get(key) or ids[max((k for k in ids if key.startswith(k)), key=len)]


@pytest.mark.timeout(2400)  # reads all 120 PDFs (pypdf is the slow part; tests/pdf_pages.py), in two processes
def test_every_cuad_pdf_is_recognised_as_its_sample_contract(driver):
    ids = {name_key(r["file_id"]): r["file_id"] for r in read(driver, CONTRACT_IDS)}
    pdfs = sorted(p for p in PDF_DIR.iterdir() if p.suffix.lower() == ".pdf")
    assert len(pdfs) == 120
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn")) as pool:
        texts = dict(zip(pdfs, pool.map(pdf_pages, pdfs), strict=True))
    found, expected = {}, {}
    for pdf in pdfs:
        match = recognise(driver, texts[pdf], ContractDraft(), pdf.name)
        found[pdf.name] = (match.file_id, match.method) if match else None
        expected[pdf.name] = (_expected(pdf, ids), "text")
    assert found == expected


def test_contracts_not_in_the_sample_are_not_recognised(driver):
    uploads = [(f"synthetic-{seed}.pdf", text_pdf(synthetic_text(seed))) for seed in range(9)]
    uploads.append((REGULATORY.name, REGULATORY.read_bytes()))
    matches = {name: recognise(driver, read_pdf(data).pages, ContractDraft(), name) for name, data in uploads}
    assert matches == dict.fromkeys(matches)
    assert len(matches) == 10


def test_link_is_the_default_and_writes_no_contract(driver):
    before = graph_counts(driver)
    review = process_file(real_pdf(CURAEGIS), CURAEGIS, driver, RULES)
    existing = Path(CURAEGIS).stem
    assert review.duplicate is not None and review.duplicate.file_id == existing
    try:
        committed = commit_review(driver, review, review.draft, auto_same_as(review.suggestions))
        assert (committed.file_id, committed.action) == (existing, "link")
        assert graph_counts(driver) == before
        assert read(driver, PROVENANCE, {"id": existing}) == [{"sha": review.sha256, "files": [CURAEGIS]}]
        assert find_by_sha(driver, review.sha256) == existing  # the byte hash now knows the file
    finally:
        unlink_upload(driver, existing, review.sha256, CURAEGIS)
    assert read(driver, PROVENANCE, {"id": existing}) == [{"sha": None, "files": None}]
    assert graph_counts(driver) == before


def test_keep_both_adds_one_contract_and_replace_rewrites_it_in_place(driver):
    text = synthetic_text(42)
    first, second = text_pdf(text), text_pdf(text.replace("\n\n", "\n\n\n"))  # same words, other bytes
    assert first != second
    with exact_cleanup(driver) as committed:
        before = read(driver, CONTRACTS)[0]["n"]
        review = process_file(first, "synthetic-42.pdf", driver, RULES)
        assert review.duplicate is None
        draft = review.draft.model_copy(update={"contract_type": "Consulting"})
        kept = commit_review(driver, review, draft, auto_same_as(review.suggestions))
        committed.append(kept.file_id)
        assert read(driver, CONTRACTS)[0]["n"] == before + 1
        again = process_file(second, "synthetic-42 (scan).pdf", driver, RULES)
        assert again.duplicate is not None and again.duplicate.file_id == kept.file_id
        replaced = commit_review(driver, again, again.draft.model_copy(update={"contract_type": "Other"}),
                                 auto_same_as(again.suggestions), on_duplicate="replace")
        assert (replaced.file_id, replaced.action) == (kept.file_id, "replace")
        assert read(driver, CONTRACTS)[0]["n"] == before + 1
        details = contract_details(driver, kept.file_id)
        assert details["contract_type"] == "Other"
        assert find_by_sha(driver, again.sha256) == kept.file_id and find_by_sha(driver, review.sha256) is None
