"""An uploaded CUAD PDF gets the document layer its .txt gets: a PDF that used to become ONE "preamble"
section is uploaded through the pipeline (rules engine, kept as a new contract), and its stored layer has a
section tree within 20% of the .txt layer's, resolved references, and clause search finds its governing-law
section. Everything written is deleted and the graph checked unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph.retrieval.search import clause_search
from graph.server.db import read
from ingest.cuad_labels import index_texts, name_key, read_text
from ingest.document import classify_section, parse_document
from ingest.pipeline import RULES, commit_review, process_file
from ingest.resolve import auto_same_as
from tests.ingest_support import PDF_DIR, exact_cleanup, real_pdf

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(not PDF_DIR.is_dir(), reason="CUAD sample PDFs not present")]
ATMOS = "ATMOSENERGYCORP_11_22_2002-EX-10.17-TRANSPORTATION SERVICE AGREEMENT.PDF"
LAYER = """
MATCH (:Contract {file_id: $f})-[:HAS_DOCUMENT]->(d:Document)
RETURN COUNT { MATCH (s:Section {file_id: $f}) } AS sections,
       COUNT { MATCH (:Section {file_id: $f})-[:REFERENCES]->(:Section) } AS resolved,
       COUNT { MATCH (:Section {file_id: $f})-[u:UNRESOLVED_REFERENCE]->(d) WHERE NOT u.external } AS unresolved,
       COUNT { MATCH (s:Section {file_id: $f}) WHERE s.page > 1 } AS after_page_1
"""


def test_uploaded_pdf_has_the_layer_of_its_text(driver):
    txt = parse_document(read_text(index_texts(PDF_DIR.parent / "txt")[name_key(ATMOS)]))
    with exact_cleanup(driver) as committed:
        review = process_file(real_pdf(ATMOS), ATMOS, driver, RULES)
        draft = review.draft.model_copy(update={"contract_type": review.draft.contract_type or "Transportation"})
        result = commit_review(driver, review, draft, auto_same_as(review.suggestions), on_duplicate="keep")
        committed.append(file_id := result.file_id)
        assert file_id == f"{Path(ATMOS).stem}-2" and result.note is None
        layer = read(driver, LAYER, {"f": file_id})[0]
        assert abs(layer["sections"] - len(txt.sections)) <= 0.2 * len(txt.sections)
        assert layer["sections"] > 40 and layer["after_page_1"] > 20  # pages kept for citations
        internal = [r for r in txt.references if not r.external]
        txt_rate = sum(1 for r in internal if r.target_number is not None) / len(internal)
        assert layer["resolved"] > 0
        assert abs(layer["resolved"] / (layer["resolved"] + layer["unresolved"]) - txt_rate) <= 0.05
        found = clause_search(driver, "governing law", file_id=file_id)
        first = next(item for item in found.items if item.kind == "section")
        section = next(s for s in parse_document(review.pages).sections if s.number == first.number)
        assert "Governing Law" in classify_section(section)
        assert first.number == "8.2" and "laws of the state of arkansas" in " ".join(first.text.lower().split())
