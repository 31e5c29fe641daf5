"""The clause classifier's output as the document layer stores it: every section keeps the probability of every
clause category, and the found / possible links carry exactly the model's band and score (checked against the
model run in Python on the parsed text); the clause review by category lists only found or possible sections,
and its found rows are the contracts the found-band filter counts; the offline assistant answers clause
questions with the found-band count and says so."""

from __future__ import annotations

import csv
import io
from datetime import date

import pytest

from agent.context import AgentSettings, Context
from agent.graph import build_agent
from agent.offline import OfflineChatModel
from agent.runner import ask
from graph.query.filters import ContractFilter
from graph.reads.repository import search_contracts
from graph.retrieval.clause_review import clause_review, review_csv
from graph.server.db import read
from ingest.clause_model.features import CLAUSE_CATEGORIES
from ingest.clause_model.model import load
from ingest.clause_model.predict import document_clauses
from ingest.cuad_labels import read_text
from ingest.document import parse_document
from ingest.document.classify import document_categories
from ingest.layer import match_texts
from tests.conftest import TEXTS

pytestmark = pytest.mark.integration

BELLICUM = "BELLICUMPHARMACEUTICALS,INC_05_07_2019-EX-10.1-Supply Agreement"
ABILITY = "ABILITYINC_06_15_2020-EX-4.25-SERVICES AGREEMENT"
STORED = """
MATCH (s:Section {file_id: $f})
RETURN s.number AS number, s.clause_scores AS scores,
       [(s)-[r:IS_CLAUSE_OF_TYPE]->(t:ClauseType) | [t.name, r.band, r.score]] AS typed
"""


@pytest.mark.parametrize("file_id", [BELLICUM, ABILITY])
def test_stored_probabilities_and_bands_are_the_models(driver, file_id: str) -> None:
    path = match_texts([file_id], TEXTS)[0][file_id]
    doc = parse_document(read_text(path), file_id)
    expected = document_clauses(doc, document_categories(doc), load())
    stored = {r["number"]: r for r in read(driver, STORED, {"f": file_id})}
    assert set(stored) == set(expected)
    for number, clauses in expected.items():
        assert stored[number]["scores"] == list(clauses.scores)
        assert len(stored[number]["scores"]) == len(CLAUSE_CATEGORIES)
        assert sorted(map(tuple, stored[number]["typed"])) == sorted(clauses.typed)
    assert any(band == "found" for c in expected.values() for _, band, _ in c.typed)


def test_review_by_category_lists_banded_sections_and_its_found_rows_are_the_filter(driver) -> None:
    scope = ContractFilter(contract_types=("License",))
    review = clause_review(driver, "governing law", scope)
    assert review.category == "Governing Law" and review.rows
    assert {r.band for r in review.rows} <= {"found", "possible"}
    bands = [0 if r.band == "found" else 1 for r in review.rows]
    assert bands == sorted(bands)  # the found band first
    counted = search_contracts(driver, {"contract_types": ["License"], "text_clause_types": ["Governing Law"],
                                        "limit": 500})
    assert {r.file_id for r in review.rows if r.band == "found"} == {c["file_id"] for c in counted.contracts}
    best = read(driver, "MATCH (s:Section)-[r:IS_CLAUSE_OF_TYPE]->(:ClauseType {name: 'Governing Law'}) "
                        "WHERE s.file_id = $f RETURN max(r.score) AS top", {"f": review.rows[0].file_id})
    if review.rows[0].band == "found":
        assert review.rows[0].score == pytest.approx(best[0]["top"])
    rows = list(csv.DictReader(io.StringIO(review_csv(review))))
    assert [(r["band"], float(r["score"])) for r in rows] == [(r.band, round(r.score, 4)) for r in review.rows]


# Contracts with a section in the category's found band, counted from the stored links (not the compiler's Cypher).
FOUND_CONTRACTS = """
MATCH (c:Contract)-[:HAS_DOCUMENT]->(:Document)-[:HAS_SECTION|HAS_SUBSECTION*]->(s:Section)
      -[r:IS_CLAUSE_OF_TYPE]->(:ClauseType {name: $c})
WHERE r.band = 'found'
RETURN count(DISTINCT c) AS n
"""


@pytest.mark.parametrize(("question", "category"), [
    ("Which contracts can I terminate for convenience?", "Termination For Convenience"),
    ("how many agreements contain a non-compete covenant in the text", "Non-Compete"),
])
def test_offline_assistant_answers_with_the_found_band_count(driver, question: str, category: str) -> None:
    agent = build_agent(OfflineChatModel())
    ctx = Context.create(driver, AgentSettings(provider="offline"), today=date.today())
    answer = ask(agent, ctx, question, [])
    expected = read(driver, FOUND_CONTRACTS, {"c": category})[0]["n"]
    assert expected > 0
    assert [(t.name, t.args, t.total_count) for t in answer.traces] == \
        [("contract_search", {"text_clause_types": [category]}, expected)]
    assert f"clause in the text (found band): {category}" in answer.text
