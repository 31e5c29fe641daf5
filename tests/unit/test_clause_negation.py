"""Negated clause categories, from the question to the Cypher: 'contracts without a cap on liability' parses to
`without_text_clause_types`, which compiles to the negation of the text-category test (reviewer decisions
included); a negation elsewhere in the question is still refused, and the filter round-trips through the URL."""

from __future__ import annotations

from datetime import date

import pytest

from agent.question import parse_question
from graph.query.compiler import compile_match
from graph.query.conditions import text_category_test
from graph.query.filter_url import filter_from_query, filter_to_query
from graph.query.filters import parse_filter

TODAY = date(2026, 12, 2)


@pytest.mark.parametrize(("question", "fields"), [
    ("contracts without a cap on liability", {"without_text_clause_types": ("Cap On Liability",)}),
    ("Which contracts have no cap on liability?", {"without_text_clause_types": ("Cap On Liability",)}),
    ("contracts that don't contain an audit rights clause", {"without_text_clause_types": ("Audit Rights",)}),
    ("license agreements lacking a cap on liability",
     {"contract_types": ("License",), "without_text_clause_types": ("Cap On Liability",)}),
    ("Which contracts can I terminate for convenience?", {"text_clause_types": ("Termination For Convenience",)}),
    ("how many agreements contain a non-compete covenant in the text", {"text_clause_types": ("Non-Compete",)}),
])
def test_negated_and_plain_categories_parse(question: str, fields: dict) -> None:
    parsed = parse_question(question, TODAY)
    assert parsed.refusal is None and parsed.ignored == []
    assert parsed.filter.model_dump(exclude_defaults=True) == fields


def test_a_negation_not_before_the_category_is_still_refused() -> None:
    parsed = parse_question("not expired contracts with a non-compete covenant", TODAY)
    assert parsed.filter is None and "exclude something ('not')" in parsed.refusal


def test_without_compiles_to_the_negated_text_category_test() -> None:
    q = compile_match(parse_filter({"without_text_clause_types": ["cap on liability"]}), TODAY)
    assert q.cypher == "MATCH (c:Contract)\nWHERE NOT " + text_category_test("$no_text_clause_type_0")
    assert q.params == {"no_text_clause_type_0": "Cap On Liability"}
    assert "ClauseDecision" in q.cypher and "r.band = 'found'" in q.cypher


def test_without_round_trips_through_the_url() -> None:
    f = parse_filter({"without_text_clause_types": ["Cap On Liability", "Audit Rights"]})
    query = filter_to_query(f)
    assert filter_from_query(lambda k: query.get(k, []) if isinstance(query.get(k), list)
                             else ([query[k]] if k in query else [])) == f
