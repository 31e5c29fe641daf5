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
    # a bare clause word names the extracted clause type, negated or not; 'in the text' names the CUAD category
    ("contracts without non-compete", {"without_clause_types": ("Non-Compete & Exclusivity",)}),
    ("Which contracts have no non-compete clause?", {"without_clause_types": ("Non-Compete & Exclusivity",)}),
    ("agreements with no confidentiality clause", {"without_clause_types": ("Confidentiality & Non-Disclosure",)}),
    ("contracts without a non-compete in the text", {"without_text_clause_types": ("Non-Compete",)}),
    ("license agreements without a confidentiality clause and without a cap on liability",
     {"contract_types": ("License",), "without_clause_types": ("Confidentiality & Non-Disclosure",),
      "without_text_clause_types": ("Cap On Liability",)}),
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


def test_without_an_extracted_clause_type_compiles_to_a_negated_label_test() -> None:
    q = compile_match(parse_filter({"without_clause_types": ["non-compete & exclusivity"],
                                    "clause_types": ["Renewal & Termination"]}), TODAY)
    assert q.cypher == "MATCH (c:Contract)\nWHERE c:HasRenewalTermination\n  AND NOT c:HasNonCompeteExclusivity"
    assert q.params == {}


def test_without_round_trips_through_the_url() -> None:
    f = parse_filter({"without_text_clause_types": ["Cap On Liability", "Audit Rights"],
                      "without_clause_types": ["Confidentiality & Non-Disclosure"]})
    query = filter_to_query(f)
    assert filter_from_query(lambda k: query.get(k, []) if isinstance(query.get(k), list)
                             else ([query[k]] if k in query else [])) == f


@pytest.mark.parametrize(("question", "category"), [
    ("Does the license agreement have a non-compete?", "Non-Compete"),
    ("Can we terminate the license agreement for convenience?", "Termination For Convenience"),
    ("Is there a cap on liability in the license agreement?", "Cap On Liability"),
])
def test_yes_no_clause_questions_about_a_contract_search_its_category(question: str, category: str) -> None:
    parsed = parse_question(question, TODAY)
    assert parsed.refusal is None and parsed.ignored == []
    assert (parsed.tool, parsed.topic) == ("clause_search", category)
    assert parsed.tool_args() == {"question": category, "contract_types": ["License"]}


def test_a_question_naming_no_category_keeps_the_older_forms() -> None:
    parsed = parse_question("What does the license agreement say about termination?", TODAY)
    assert (parsed.tool, parsed.topic) == ("clause_search", "termination")


def test_verdict_lines_lead_with_the_decision_else_the_band() -> None:
    from agent.question.answer_clause import verdict_lines
    base = {"category": "Non-Compete", "cite": "§2.6", "section_title": "Competitive Products", "probability": 0.98,
            "band": "found", "decision": None, "note": None}
    lines = verdict_lines({"verdicts": [
        {**base, "file_id": "a", "status": "found"},
        {**base, "file_id": "b", "status": "possible", "band": "possible", "probability": 0.4},
        {**base, "file_id": "c", "status": "none", "band": None, "cite": None, "probability": None},
        {**base, "file_id": "d", "status": "rejected", "decision": "rejected by A on 2026-12-02 05:30 UTC",
         "note": "no"}]})
    assert lines[1].endswith("**yes**: §2.6 Competitive Products is in the found band (counted) of Non-Compete, "
                             "probability 0.98.")
    assert "**possibly**" in lines[2] and "possible band only (not counted as having it)" in lines[2]
    assert lines[3].endswith("**no**: no section is in the found or possible band of Non-Compete.")
    assert lines[4].endswith("**no**, Non-Compete rejected by A on 2026-12-02 05:30 UTC (“no”); the classifier: found "
                             "band, probability 0.98, §2.6 Competitive Products.")
    assert verdict_lines({}) == []
