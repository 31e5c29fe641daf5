"""Issue 31's failure families in the offline parser, with the sample's party names: superlatives by value, a
party's total, 'or' between renewal types, 'don't have an end date', the key of a superlative ('which year saw
the most agreements end'), 'involve X' (every entity carrying the name) and termination without cause."""

from __future__ import annotations

from datetime import date

import pytest

from agent.question import parse_question
from agent.question.answer import ranking_reading
from evals.ask_offline import sample_directory
from graph.query.filters import parse_filter

TODAY = date(2025, 6, 15)


@pytest.fixture(scope="module")
def directory():
    return sample_directory()


ISSUE = [
    ("Which is the biggest agreement by value?", {"sort_by": "total_amount"}),
    ("Which distributor agreements are worth the most?",
     {"contract_types": ["Distributor"], "sort_by": "total_amount"}),
    ("Which license agreements are worth the least?",
     {"contract_types": ["License"], "sort_by": "total_amount", "sort_order": "asc"}),
    ("What is the combined value of our agreements with NETGEAR?",
     {"parties": ["NETGEAR, Inc."], "group_by": "contract_type", "metric": "sum_amount"}),
    ("How many agreements renew automatically or by option?", {"renewal_types": ["automatic", "option"]}),
    ("How many contracts don't have an end date?", {"has_end_date": False}),
    ("Which year saw the most agreements end?", {"group_by": "end_year"}),
    ("Which year had the most contracts expiring?", {"group_by": "end_year"}),
    ("Which year saw the most agreements signed?", {"group_by": "effective_year"}),
    ("How many agreements involve Federated?", {"parties": ["Federated"]}),
    ("Which contracts involve any Federated entity?", {"parties": ["Federated"]}),
    ("Which agreements allow termination without cause?", {"text_clause_types": ["Termination For Convenience"]}),
    ("Which supply contracts can be terminated at will?",
     {"contract_types": ["Supply"], "text_clause_types": ["Termination For Convenience"]}),
]


@pytest.mark.parametrize(("question", "expected"), ISSUE)
def test_the_issue_questions(directory, question: str, expected: dict) -> None:
    parsed = parse_question(question, TODAY, directory=directory)
    assert parsed.refusal is None and parsed.clarify is None, (parsed.refusal, parsed.clarify)
    assert parsed.tool == "contract_search"
    assert parsed.filter is not None and parsed.filter.describe() == expected
    assert parsed.ignored == []


def test_a_party_total_is_one_number_for_the_whole_set(directory) -> None:
    parsed = parse_question("What is the combined value of our agreements with NETGEAR?", TODAY, directory=directory)
    assert parsed.whole_set_metric


def test_a_bare_name_of_several_entities_still_asks_which(directory) -> None:
    """Without 'involve' / 'any ... entity' the name may mean one entity: it asks (the old behaviour)."""
    parsed = parse_question("How many contracts with Federated?", TODAY, directory=directory)
    assert parsed.filter is None and parsed.clarify is not None and "FEDERATED" in parsed.clarify


def test_or_between_a_renewal_type_and_another_field_is_still_refused(directory) -> None:
    parsed = parse_question("How many agreements renew automatically or are governed by Delaware law?", TODAY,
                            directory=directory)
    assert parsed.filter is None and parsed.refusal is not None and "'or'" in parsed.refusal


def test_a_ranking_by_value_says_its_currency() -> None:
    assert ranking_reading(parse_filter({"sort_by": "total_amount"})) == (
        "Ranked by contract value, largest first, in USD only: contracts with no amount or an amount in another "
        "currency come last, unranked.")
    assert "smallest first, in EUR only" in ranking_reading(
        parse_filter({"sort_by": "total_amount", "sort_order": "asc", "currency": "EUR"}))
    assert ranking_reading(parse_filter({"sort_by": "end_date"})) == ""
