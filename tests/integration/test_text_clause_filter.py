"""`text_clause_types` (CUAD categories the clause classifier puts in the found band in the contract's own
sections) against an independent computation: parse the sample texts and run the classifier in Python, and count
the contracts with a found section per category (possible sections do not count)."""

from __future__ import annotations

import pytest

from graph.reads.repository import search_contracts
from graph.store.sample import SHARED_TEXTS
from ingest.clause_model.bands import FOUND
from ingest.clause_model.predict import document_clauses
from ingest.document.classify import document_categories
from tests.conftest import ParsedCorpus

CATEGORIES = ["Governing Law", "Audit Rights", "Insurance"]


@pytest.fixture(scope="module")
def categories_by_contract(driver, cuad_corpus: ParsedCorpus) -> dict[str, set[str]]:
    ids = {row["file_id"] for row in search_contracts(driver, {"limit": 500}).contracts}
    ids |= {row["file_id"] for row in search_contracts(driver, {"limit": 500, "offset": 500}).contracts}
    found: dict[str, set[str]] = {}
    assert list(cuad_corpus.docs) == [path.name for path in sorted(SHARED_TEXTS.glob("*.txt"))]
    for path in sorted(SHARED_TEXTS.glob("*.txt")):
        if path.stem not in ids:
            continue  # a handful of file names differ from their file_id; they are left out of both sides
        parsed = cuad_corpus.docs[path.name]  # parse_document(read_text(path), path.stem), once per session
        clauses = document_clauses(parsed, document_categories(parsed))
        found[path.stem] = {cat for c in clauses.values() for cat, band, _ in c.typed if band == FOUND}
    assert len(found) >= 500
    return found


@pytest.mark.parametrize("category", CATEGORIES)
def test_count_matches_python_classification(driver, categories_by_contract, category: str) -> None:
    result = search_contracts(driver, {"text_clause_types": [category], "limit": 500})
    got = {row["file_id"] for row in result.contracts} & set(categories_by_contract)
    expected = {fid for fid, cats in categories_by_contract.items() if category in cats}
    assert got == expected
    assert result.total_count >= len(expected) > 0


def test_and_semantics_and_aggregation(driver, categories_by_contract) -> None:
    both = search_contracts(driver, {"text_clause_types": CATEGORIES[:2], "limit": 500})
    expected = {fid for fid, cats in categories_by_contract.items() if set(CATEGORIES[:2]) <= cats}
    assert {row["file_id"] for row in both.contracts} & set(categories_by_contract) == expected
    agg = search_contracts(driver, {"group_by": "text_clause_type", "agg_limit": 100, "limit": 0})
    by_name = {row["key"]: row["value"] for row in agg.aggregation}
    single = search_contracts(driver, {"text_clause_types": ["Governing Law"], "limit": 0})
    assert by_name["Governing Law"] == single.total_count
