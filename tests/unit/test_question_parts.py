"""The offline parser's parts, each on exact expected output: dates, amounts, types/clauses/status/law/party
country, party-name matching, intent, follow-up merging, refusals, and the Explorer URL it writes."""

from __future__ import annotations

from datetime import date
from urllib.parse import parse_qs, urlsplit

import pytest

from agent.question import PartyDirectory, parse_question
from agent.question.amounts import extract_amounts
from agent.question.answer import chips, explorer_url, listing, metric_text, money
from agent.question.dates import extract_dates
from agent.question.followup import merge
from agent.question.parser import make_scan
from graph.query.filter_url import filter_from_query
from graph.query.filters import parse_filter

TODAY = date(2025, 6, 15)
PARTIES = PartyDirectory.build([
    {"name": "Cisco Systems, Inc.", "aliases": ["CISCO SYSTEMS, INC."], "contract_count": 3},
    {"name": "International Business Machines Corporation", "aliases": [], "contract_count": 3},
    {"name": "Bank of America, N.A.", "aliases": ["Bank of America, N. A"], "contract_count": 4},
    {"name": "BANK OF AMERICA CORPORATION", "aliases": [], "contract_count": 1},
    {"name": "HONEYWELL INTERNATIONAL INC.", "aliases": [], "contract_count": 1},
    {"name": "China Online Housing (Hong Kong) Co., Ltd.", "aliases": [], "contract_count": 1},
])


def dates(text: str) -> dict[str, str]:
    return {k: v.isoformat() for k, v in extract_dates(make_scan(text), TODAY).fields().items()}


@pytest.mark.parametrize(("text", "expected"), [
    ("signed in 2019", {"min_effective_date": "2019-01-01", "max_effective_date": "2019-12-31"}),
    ("signed in Q3 2005", {"min_effective_date": "2005-07-01", "max_effective_date": "2005-09-30"}),
    ("signed in the third quarter of 2005", {"min_effective_date": "2005-07-01", "max_effective_date": "2005-09-30"}),
    ("signed in March 2019", {"min_effective_date": "2019-03-01", "max_effective_date": "2019-03-31"}),
    ("signed in February 2020", {"min_effective_date": "2020-02-01", "max_effective_date": "2020-02-29"}),
    ("signed between June 1, 2018 and December 31, 2020",
     {"min_effective_date": "2018-06-01", "max_effective_date": "2020-12-31"}),
    ("effective from 2010 to 2015", {"min_effective_date": "2010-01-01", "max_effective_date": "2015-12-31"}),
    ("signed before 2000", {"max_effective_date": "1999-12-31"}),
    ("signed after 2018", {"min_effective_date": "2019-01-01"}),
    ("signed since 2015", {"min_effective_date": "2015-01-01"}),
    ("signed until 2005", {"max_effective_date": "2005-12-31"}),
    ("signed in 2018 or later", {"min_effective_date": "2018-01-01"}),
    ("signed in or after 2018", {"min_effective_date": "2018-01-01"}),
    ("signed on or before 07/01/2019", {"max_effective_date": "2019-07-01"}),
    ("dated before 1 January 1998", {"max_effective_date": "1997-12-31"}),
    ("signed on 2020-01-21", {"min_effective_date": "2020-01-21", "max_effective_date": "2020-01-21"}),
    ("signed in the 1990s", {"min_effective_date": "1990-01-01", "max_effective_date": "1999-12-31"}),
    ("signed last year", {"min_effective_date": "2024-01-01", "max_effective_date": "2024-12-31"}),
    ("signed in the last 5 years", {"min_effective_date": "2020-06-15", "max_effective_date": "2025-06-15"}),
    ("expiring in the next 90 days", {"min_end_date": "2025-06-15", "max_end_date": "2025-09-13"}),
    ("expire within 6 months", {"min_end_date": "2025-06-15", "max_end_date": "2025-12-15"}),
    ("expiring this year", {"min_end_date": "2025-01-01", "max_end_date": "2025-12-31"}),
    ("terminate before the end of 2022", {"max_end_date": "2022-12-31"}),
    ("active as of January 1, 2015", {"as_of": "2015-01-01"}),
])
def test_dates(text: str, expected: dict[str, str]) -> None:
    assert dates(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("worth more than $1M", {"monetary_value": {"value": 1e6, "operator": ">"}}),
    ("over $500k", {"monetary_value": {"value": 5e5, "operator": ">"}}),
    ("at least 10 million dollars", {"min_amount": 1e7}),
    ("under $50,000", {"monetary_value": {"value": 5e4, "operator": "<"}}),
    ("valued between $1M and $5M", {"min_amount": 1e6, "max_amount": 5e6}),
    ("worth exactly $25,000", {"monetary_value": {"value": 25000.0, "operator": "="}}),
    ("up to $250,000", {"max_amount": 250000.0}),
    ("over 1.5M USD", {"monetary_value": {"value": 1.5e6, "operator": ">"}}),
    ("worth $1 million or more", {"min_amount": 1e6}),
    ("top 5 in 2019", {}),
])
def test_amounts(text: str, expected: dict[str, object]) -> None:
    assert extract_amounts(make_scan(text)) == (expected, [])


def parse(text: str, previous: dict[str, object] | None = None):
    return parse_question(text, TODAY, previous=parse_filter(previous) if previous is not None else None,
                          directory=PARTIES)


@pytest.mark.parametrize(("text", "expected"), [
    ("How many licence agreements?", {"contract_types": ["License"]}),
    ("JVs and distribution agreements", {"contract_types": ["Joint Venture", "Distributor"]}),
    ("non-compete agreements", {"contract_types": ["Non-Compete"]}),
    ("contracts with a non-compete clause", {"clause_types": ["Non-Compete & Exclusivity"]}),
    ("contracts with a cap on liability", {"text_clause_types": ["Cap On Liability"]}),
    ("service level agreements", {"clause_types": ["Service-Level Agreements"]}),
    ("active supply contracts", {"contract_types": ["Supply"], "active": True}),
    ("expired contracts", {"active": False}),
    ("open-ended contracts", {"has_end_date": False}),
    ("contracts governed by Delaware law", {"governing_law_state": "DE"}),
    ("contracts governed by the laws of the State of New York", {"governing_law_state": "NY"}),
    ("contracts under NY law", {"governing_law_state": "NY"}),
    ("contracts under English law", {"governing_law_country": "GB"}),
    ("Ontario law contracts", {"governing_law_state": "ON"}),
    ("contracts with a Chinese party", {"party_country": "CN"}),
    ("contracts with parties based in Hong Kong", {"party_country": "HK"}),
    ("contracts with Cisco", {"parties": ["Cisco Systems, Inc."]}),
    ("contracts with Ciscco", {"parties": ["Cisco Systems, Inc."]}),
    ("contracts with IBM", {"parties": ["International Business Machines Corporation"]}),
    ("contracts with Bank of America, N.A.", {"parties": ["Bank of America, N.A."]}),
    ("how many contracts per type", {"group_by": "contract_type"}),
    ("which year has the most contracts", {"group_by": "effective_year"}),
    ("how many contracts expire each year", {"group_by": "end_year"}),
    ("top 5 parties", {"group_by": "party", "agg_limit": 5}),
    ("least common contract type", {"group_by": "contract_type", "agg_order": "asc"}),
    ("average value per type", {"group_by": "contract_type", "metric": "avg_amount"}),
    ("total value of supply contracts", {"contract_types": ["Supply"], "group_by": "contract_type",
                                         "metric": "sum_amount"}),
    ("the 3 largest contracts", {"sort_by": "total_amount", "limit": 3}),
    ("oldest contracts", {"sort_order": "asc"}),
    ("contracts with the most parties", {"sort_by": "party_count"}),
])
def test_filters(text: str, expected: dict[str, object]) -> None:
    parsed = parse(text)
    assert parsed.refusal is None and parsed.clarify is None, (parsed.refusal, parsed.clarify)
    assert parsed.tool == "contract_search" and parsed.filter is not None
    assert parsed.filter.describe() == parse_filter(expected).describe()


def test_several_parties_ask_which_one() -> None:
    parsed = parse("contracts with Bank of America")
    assert parsed.filter is None and parsed.tool is None
    assert parsed.candidates == ["Bank of America, N.A.", "BANK OF AMERICA CORPORATION"]
    assert parsed.clarify is not None and "Bank of America, N.A. (4 contracts)" in parsed.clarify


@pytest.mark.parametrize(("text", "reason"), [
    ("how many contracts are not governed by US law", "exclude"),
    ("contracts with Acme Widgets", "no party in the graph is called 'Acme'"),
    ("How many employees does Cisco have?", "I count contracts, not 'employees'"),
    ("delete all expired contracts", "I can't 'delete' anything"),
    ("What is the median contract value?", "'median' is not something"),
    ("contracts governed by Delaware or New York law", "several governing laws"),
    ("contracts ending in 2021 or 2022", "two periods for the same date"),
    ("How many contracts per governing law state?", "I can't group by"),
    ("hello", "could not map"),
])
def test_refusals(text: str, reason: str) -> None:
    parsed = parse(text)
    assert parsed.tool is None and parsed.filter is None
    assert parsed.refusal is not None and reason in parsed.refusal


def test_ignored_words_are_reported_and_the_rest_answers() -> None:
    parsed = parse("How many exclusive license agreements?")
    assert parsed.filter is not None and parsed.filter.describe() == {"contract_types": ["License"]}
    assert parsed.ignored == ["exclusive"]
    assert ("license agreements", "type License") in parsed.understood


@pytest.mark.parametrize(("text", "expected"), [
    ("and of those, which are governed by US law?",
     {"contract_types": ["License"], "min_effective_date": "2019-01-01", "max_effective_date": "2019-12-31",
      "governing_law_country": "US"}),
    ("what about 2018?", {"contract_types": ["License"], "min_effective_date": "2018-01-01",
                          "max_effective_date": "2018-12-31"}),
    ("break those down by year", {"contract_types": ["License"], "min_effective_date": "2019-01-01",
                                  "max_effective_date": "2019-12-31", "group_by": "effective_year"}),
])
def test_follow_ups_refine_the_previous_filter(text: str, expected: dict[str, object]) -> None:
    previous = {"contract_types": ["License"], "min_effective_date": "2019-01-01", "max_effective_date": "2019-12-31"}
    parsed = parse(text, previous)
    assert parsed.follow_up and parsed.filter is not None
    assert parsed.filter.describe() == parse_filter(expected).describe()


def test_merge_keeps_the_previous_aggregation_unless_a_new_one_is_asked() -> None:
    previous = {"contract_types": ["License"], "group_by": "contract_type"}
    assert merge(previous, {"min_effective_date": "2019-01-01"}) == {
        "contract_types": ["License"], "min_effective_date": "2019-01-01", "group_by": "contract_type"}
    assert merge(previous, {"sort_by": "total_amount"}) == {"contract_types": ["License"], "sort_by": "total_amount"}


def test_contract_level_questions_route_to_their_tools() -> None:
    clause = parse("What does the Honeywell agreement say about termination?")
    assert (clause.tool, clause.topic) == ("clause_search", "termination")
    assert clause.tool_args() == {"question": "termination", "parties": ["HONEYWELL INTERNATIONAL INC."]}
    details = parse("What is the governing law of the Cisco distributor agreement?")
    assert details.tool == "contract_details" and details.filter is not None
    assert details.filter.describe() == {"contract_types": ["Distributor"], "parties": ["Cisco Systems, Inc."]}
    portfolio = parse("What is the average contract value per contract type?")
    assert portfolio.tool == "contract_search"


@pytest.mark.parametrize("data", [
    {"contract_types": ["Supply", "License"], "min_effective_date": "2019-01-01", "active": True},
    {"monetary_value": {"value": 1000000, "operator": ">"}, "parties": ["Cisco Systems, Inc."],
     "governing_law_state": "DE", "has_end_date": False, "min_amount": 1500.5},
    {"renewal_types": ["automatic", "evergreen"], "as_of": "2015-01-01", "max_notice_by": "2015-03-01"},
])
def test_explorer_link_reads_back_as_the_same_filter(data: dict[str, object]) -> None:
    f = parse_filter(data)
    query = parse_qs(urlsplit(explorer_url(f)).query)
    assert filter_from_query(lambda key: query.get(key, [])) == f


def test_numbers_in_full() -> None:
    assert money(2150000) == "$2,150,000" and money(1234.5) == "$1,234.50"
    assert metric_text("count", 52) == "52 contracts" and metric_text("count", 1) == "1 contract"
    assert metric_text("avg_duration_days", 730.5) == "730 days (about 2.0 years)"


def test_chips_name_every_renewal_field_and_the_as_of_date() -> None:
    f = parse_filter({"renewal_types": ["automatic", "option"], "min_notice_by": "2015-01-01",
                      "max_notice_by": "2015-03-01", "max_next_renewal": "2015-04-01", "as_of": "2015-01-01"})
    assert chips(f) == ["renewal: automatic or option", "notice due 2015-01-01 to 2015-03-01",
                        "renews next until 2015-04-01", "as of 2015-01-01"]
    assert chips(parse_filter({"active": True, "as_of": "2015-01-01"})) == ["in force on 2015-01-01"]


def test_listed_contracts_show_their_title_beside_the_file_id() -> None:
    row = {"file_id": "X-EX-10.1", "title": "Supply Agreement", "contract_type": "Supply",
           "effective_date": "2019-01-02", "total_amount": 1250000.0, "parties": ["A Inc. (buyer)"]}
    assert listing({"total_count": 1, "contracts": [row]}) == (
        "The matching contracts:\n- **Supply Agreement** (`X-EX-10.1`): Supply; signed 2019-01-02; $1,250,000; "
        "A Inc. (buyer)")
    untitled = listing({"total_count": 1, "contracts": [{**row, "title": None}]})
    assert untitled.startswith("The matching contracts:\n- `X-EX-10.1`: ")
