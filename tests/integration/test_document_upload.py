"""An uploaded PDF gets its document layer through the upload pipeline: the BNM e-KYC policy (read with
ingest.pdf.read_pdf) committed as a test contract has its paragraphs, definitions and 34 footnotes in the
graph; rebuilding the layer changes nothing; deleting the contract removes all of it (counts restored)."""

from __future__ import annotations

import pytest

from graph.reads.repository import graph_counts
from graph.server.db import read
from ingest.document import parse_document
from ingest.layer import build_document_layer
from ingest.pdf import read_pdf
from ingest.pipeline import RULES, commit_review, process_file
from ingest.schema import Organization
from tests.conftest import SHARED
from tests.ingest_support import exact_cleanup
from tests.integration.test_document_layer import LAYER_COUNTS, expected_counts
from tests.unit.test_document_bnm import CHAPTERS, CITED_IN, FOOTNOTE_PAGES, TERMS

pytestmark = pytest.mark.integration

BNM = SHARED / "regulatory" / "bnm_ekyc_policy_2024.pdf"
PARTY = Organization(name="Bank Negara Malaysia (document layer test)", role="Regulator")
FOOTNOTES = """
MATCH (:Document {file_id: $f})-[:HAS_FOOTNOTE]->(n:Footnote)
RETURN n.number AS number, n.page AS page, [(s:Section)-[:CITES_FOOTNOTE]->(n) | s.number] AS cited_in,
       size(n.text) > 0 AS has_text
ORDER BY number
"""
DEFINED_IN_5_2 = """
MATCH (:Section {file_id: $f, number: '5.2'})-[:DEFINES]->(t:DefinedTerm)<-[:HAS_TERM]-(:Document {file_id: $f})
RETURN t.term AS term, t.definition AS definition
"""
PARAGRAPHS = """
MATCH (c:Section {file_id: $f})-[:HAS_SUBSECTION]->(p:Section)
WHERE c.number =~ '\\\\d+' AND p.number =~ '\\\\d+\\\\.\\\\d+'
RETURN c.number AS chapter, count(p) AS paragraphs
"""
LEFT_OVER = """
MATCH (n) WHERE (n:Section OR n:DefinedTerm OR n:Footnote OR n:Document) AND n.file_id = $f
RETURN count(n) AS n
"""


def test_bnm_policy_upload_has_paragraphs_definitions_and_footnotes(driver) -> None:
    data = BNM.read_bytes()
    pages = read_pdf(data).pages
    review = process_file(data, BNM.name, driver, RULES)
    draft = review.draft.model_copy(update={"parties": [PARTY], "contract_type": "Other"})
    before = graph_counts(driver)
    with exact_cleanup(driver) as committed:
        result = commit_review(driver, review, draft, {})
        committed.append(file_id := result.file_id)
        assert result.note is None
        expected = expected_counts(parse_document(pages, file_id))
        assert read(driver, LAYER_COUNTS, {"f": file_id, "file_id": file_id})[0] == expected
        notes = read(driver, FOOTNOTES, {"f": file_id})
        assert [n["number"] for n in notes] == list(range(1, 35))
        assert {n["number"]: n["page"] for n in notes} == FOOTNOTE_PAGES
        assert {n["number"]: n["cited_in"] for n in notes} == {k: [v] for k, v in CITED_IN.items()}
        assert all(n["has_text"] for n in notes)
        defined = read(driver, DEFINED_IN_5_2, {"f": file_id})
        assert sorted(t["term"] for t in defined) == sorted(TERMS)
        assert all(t["definition"] for t in defined)
        paragraphs = {r["chapter"]: r["paragraphs"] for r in read(driver, PARAGRAPHS, {"f": file_id})}
        assert paragraphs == {str(c): n for c, n in CHAPTERS.items()}
        layer = graph_counts(driver)
        build_document_layer(driver, file_id)
        assert graph_counts(driver) == layer
    assert graph_counts(driver) == before
    assert read(driver, LEFT_OVER, {"f": file_id}) == [{"n": 0}]
