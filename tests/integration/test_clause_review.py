"""graph.retrieval.clause_review against the real graph: for a filter's scope, the contracts listed are exactly the
contracts in scope (decided by the pure-Python oracle, not the compiler) that have a section containing the
question's word (found by scanning section text in Python, not by the full-text index); each row's section is
one of that contract's best-scoring sections; the cap cuts the list and says so; the CSV has one row per
matching contract; bad questions raise FilterValidationError."""

from __future__ import annotations

import csv
import io
import re
from datetime import date

import pytest

from core.errors import FilterValidationError
from graph.query.filters import ContractFilter, parse_filter
from graph.retrieval.clause_review import CSV_COLUMNS, ClauseReview, clause_review, review_csv
from graph.server.db import read
from tests.oracle import Oracle, graph_oracle

pytestmark = pytest.mark.integration

TODAY = date.today()
# A word with one spelling in the sample: the index's analyzer (standard, or English with stemming and
# possessives) then matches exactly the sections whose text holds the token (checked in `scan`).
WORD = "majeure"
SECTION_TEXT = "MATCH (s:Section) WHERE s.file_id IN $ids RETURN s.file_id AS file_id, s.number AS number, " \
               "coalesce(s.title, '') + ' ' + coalesce(s.text, '') AS text"
ONE_CONTRACT = """
CALL db.index.fulltext.queryNodes('section_text', $query) YIELD node, score
WHERE node.file_id = $file_id
RETURN node.number AS number, score ORDER BY score DESC
"""
TOKENS = re.compile(r"[a-z0-9]+(?:['’][a-z0-9]+)*")
SCOPES = [{"contract_types": ["License"]}, {"contract_types": ["Supply", "Distributor"],
                                            "min_effective_date": "2005-01-01"}]


@pytest.fixture(scope="module")
def oracle(driver, prepared_sample) -> Oracle:
    return graph_oracle(driver, prepared_sample)


def scan(driver, ids: list[str], word: str) -> dict[str, set[str]]:
    """file_id -> numbers of its sections whose title or text holds `word` as a token (Python, no index)."""
    found: dict[str, set[str]] = {}
    variants = set()
    for row in read(driver, SECTION_TEXT, {"ids": ids}):
        tokens = set(TOKENS.findall(row["text"].lower()))
        variants |= {t for t in tokens if t.startswith(word[:-1])}
        if word in tokens:
            found.setdefault(row["file_id"], set()).add(row["number"])
    assert variants <= {word}, f"pick a word with one spelling: {variants}"
    return found


@pytest.mark.parametrize("scope", SCOPES, ids=["license", "supply-distributor-2005"])
def test_rows_are_the_scoped_contracts_whose_sections_match(driver, oracle: Oracle, scope) -> None:
    f = parse_filter(scope)
    in_scope = sorted(c.file_id for c in oracle.select(f.model_dump(mode="json"), TODAY))
    expected = scan(driver, in_scope, WORD)
    assert 5 <= len(expected) < len(in_scope)  # not vacuous: some contracts match, some do not
    review = clause_review(driver, WORD, f, today=TODAY)
    assert sorted(review.scope or []) == in_scope
    assert {r.file_id for r in review.rows} == set(expected)
    assert review.total == len(expected) and not review.capped
    assert len(review.rows) == len({r.file_id for r in review.rows})  # one row per contract
    for row in review.rows:
        assert row.section in expected[row.file_id]
        assert row.sections == len(expected[row.file_id])
        assert WORD in f"{row.section_title} {row.quote}".lower()  # the quote skips the heading
    assert [r.score for r in review.rows] == sorted((r.score for r in review.rows), reverse=True)


def test_each_row_is_a_best_scoring_section_of_its_contract(driver) -> None:
    review = clause_review(driver, "force majeure", ContractFilter(contract_types=("License",)), today=TODAY)
    assert review.rows
    lucene = review.queries[-1].params["query"]
    for row in review.rows[:8]:  # the index's own ranking within that one contract
        ranked = read(driver, ONE_CONTRACT, {"query": lucene, "file_id": row.file_id})
        top = ranked[0]["score"]
        assert row.score == pytest.approx(top)
        assert row.section in {r["number"] for r in ranked if r["score"] == pytest.approx(top)}


def test_cap_cuts_the_list_and_says_so(driver) -> None:
    f = ContractFilter(contract_types=("License",))
    full = clause_review(driver, WORD, f, today=TODAY)
    capped = clause_review(driver, WORD, f, cap=3, today=TODAY)
    assert capped.capped and not full.capped
    assert capped.total == full.total > 3
    assert capped.rows == full.rows[:3]


def test_csv_has_one_row_per_matching_contract(driver) -> None:
    review = clause_review(driver, WORD, ContractFilter(contract_types=("License",)), today=TODAY)
    rows = list(csv.DictReader(io.StringIO(review_csv(review))))
    assert tuple(rows[0]) == CSV_COLUMNS == ("file_id", "contract_title", "section", "section_title", "band",
                                             "score", "quote")
    assert len(rows) == review.total and [r["file_id"] for r in rows] == [r.file_id for r in review.rows]
    first = review.rows[0]
    assert rows[0] == {"file_id": first.file_id, "contract_title": first.title, "section": first.cite(),
                       "section_title": first.section_title, "band": "", "score": f"{first.score:.4f}",
                       "quote": first.quote}  # a question naming no CUAD category: ranked by words, no band


def test_scope_without_contracts_and_without_matches(driver) -> None:
    nothing = clause_review(driver, WORD, ContractFilter(parties=("No Such Party Zzq",)), today=TODAY)
    assert (nothing.rows, nothing.total, nothing.scope) == ([], 0, [])
    none = clause_review(driver, "zzqxqv", ContractFilter(contract_types=("License",)), today=TODAY)
    assert isinstance(none, ClauseReview) and (none.rows, none.total) == ([], 0)


@pytest.mark.parametrize(("question", "message"), [
    ("", "Type a question"), ("   ", "Type a question"), ("what does the contract say", "has only common words")])
def test_bad_questions_are_rejected_with_a_message(driver, question, message) -> None:
    with pytest.raises(FilterValidationError, match=message):
        clause_review(driver, question, ContractFilter())


def test_cap_out_of_range_is_rejected(driver) -> None:
    with pytest.raises(FilterValidationError, match="cap must be between 1 and 1000"):
        clause_review(driver, WORD, cap=0)
