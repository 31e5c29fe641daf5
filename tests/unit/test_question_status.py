"""Status questions in the offline parser (agent/question/status.py): a date's role as the status date, the
states, groups by status, what stays an end or signing date, the questions it asks back, and the answer that
states the as-of date (issue 29 item 6, issue 31 'A date's role' and 'Month ranges')."""

from __future__ import annotations

from datetime import date

import pytest

from agent.question import parse_question
from agent.question.answer import chips, search_answer
from graph.query.filters import parse_filter

TODAY = date(2025, 6, 15)


def parsed_filter(question: str) -> dict:
    parsed = parse_question(question, TODAY)
    assert parsed.refusal is None and parsed.clarify is None, (parsed.refusal, parsed.clarify)
    assert parsed.filter is not None
    return parsed.filter.describe()


@pytest.mark.parametrize(("question", "expected"), [
    # the verb or adjective of the status, then on / as of / at / by / in + one day
    ("How many contracts were in force on 1 July 2012?", {"active": True, "as_of": "2012-07-01"}),
    ("How many agreements were still running on 15 March 2014?", {"active": True, "as_of": "2014-03-15"}),
    ("contracts that were active at 2011-12-31", {"active": True, "as_of": "2011-12-31"}),
    ("current agreements on 2013-05-01", {"active": True, "as_of": "2013-05-01"}),
    ("How many live contracts on 07/01/2012?", {"active": True, "as_of": "2012-07-01"}),
    ("contracts in effect as of June 30, 2010", {"active": True, "as_of": "2010-06-30"}),
    ("How many contracts were valid on 2014-01-01?", {"active": True, "as_of": "2014-01-01"}),
    ("How many contracts will be in force on 2030-01-01?", {"active": True, "as_of": "2030-01-01"}),
    # the date first, the status after it
    ("On 1 July 2012, how many contracts were in force?", {"active": True, "as_of": "2012-07-01"}),
    ("As of 2015-01-01 how many agreements had lapsed?", {"active": False, "as_of": "2015-01-01"}),
    # expired / lapsed / ended as a state: an auxiliary, 'by', 'as of', or an adjective
    ("How many contracts had expired by 1 January 2015?", {"active": False, "as_of": "2015-01-01"}),
    ("How many contracts were expired on 2020-03-01?", {"active": False, "as_of": "2020-03-01"}),
    ("How many expired contracts were there on 2020-03-01?", {"active": False, "as_of": "2020-03-01"}),
    ("agreements that had ended as of 2016-03-31", {"active": False, "as_of": "2016-03-31"}),
    # the edges of a period name one day
    ("How many contracts were in force at the start of 2012?", {"active": True, "as_of": "2012-01-01"}),
    ("How many agreements had expired by the end of 2015?", {"active": False, "as_of": "2015-12-31"}),
    ("How many agreements were live at the end of Q2 2014?", {"active": True, "as_of": "2014-06-30"}),
    # the other states
    ("How many contracts were not yet started on 1 July 2012?", {"status": ["not_started"], "as_of": "2012-07-01"}),
    ("agreements that had not started by 2005-01-01", {"status": ["not_started"], "as_of": "2005-01-01"}),
    ("contracts yet to take effect", {"status": ["not_started"]}),
    ("Which contracts were in the notice window on 2015-01-01?",
     {"status": ["in_notice_window"], "as_of": "2015-01-01"}),
    ("How many contracts are in their notice period?", {"status": ["in_notice_window"]}),
    ("contracts that had passed their notice deadline as of 2015-01-01",
     {"status": ["notice_passed"], "as_of": "2015-01-01"}),
    ("How many agreements with an unknown status?", {"status": ["unknown"]}),
    ("How many perpetual contracts were there on 2012-01-01?", {"status": ["perpetual"], "as_of": "2012-01-01"}),
    # 'as of today' and no date: today (no date: the compiler's default, which the answer states)
    ("How many contracts are in force as of today?", {"active": True, "as_of": "2025-06-15"}),
    ("Which supply contracts are still running?", {"contract_types": ["Supply"], "active": True}),
    # typo in the status word
    ("how many contracts were in forse on 1 july 2012", {"active": True, "as_of": "2012-07-01"}),
])
def test_a_status_phrase_makes_the_date_the_status_date(question: str, expected: dict) -> None:
    assert parsed_filter(question) == expected


@pytest.mark.parametrize(("question", "expected"), [
    ("How many contracts are there by status?", {"group_by": "status"}),
    ("Break down the supply agreements by status", {"contract_types": ["Supply"], "group_by": "status"}),
    ("contracts per status as of 2012-01-01", {"group_by": "status", "as_of": "2012-01-01"}),
    ("status breakdown of license agreements on 2015-06-30",
     {"contract_types": ["License"], "group_by": "status", "as_of": "2015-06-30"}),
    ("What was the status of contracts on 2012-07-01?", {"group_by": "status", "as_of": "2012-07-01"}),
    ("contracts in force on 2012-07-01 by type", {"active": True, "as_of": "2012-07-01", "group_by": "contract_type"}),
])
def test_group_by_status(question: str, expected: dict) -> None:
    assert parsed_filter(question) == expected


@pytest.mark.parametrize(("question", "expected"), [
    # combined with the other filters: types, parties' country, law, amounts, signing dates, renewals
    ("How many active license agreements over $1M were there on 1 March 2014?",
     {"contract_types": ["License"], "active": True, "as_of": "2014-03-01",
      "monetary_value": {"value": 1000000.0, "operator": ">"}}),
    ("How many contracts governed by Delaware law were current on 2013-05-01?",
     {"governing_law_state": "DE", "active": True, "as_of": "2013-05-01"}),
    ("How many live agreements with a US party did we have on 31 December 2015?",
     {"party_country": "US", "active": True, "as_of": "2015-12-31"}),
    ("How many contracts signed before 2010 were still in force on 2012-01-01?",
     {"max_effective_date": "2009-12-31", "active": True, "as_of": "2012-01-01"}),
    ("How many contracts ending in 2021 were still in force on 2020-06-30?",
     {"min_end_date": "2021-01-01", "max_end_date": "2021-12-31", "active": True, "as_of": "2020-06-30"}),
    ("Which agreements were still in force on 1 July 2012 and auto-renew?",
     {"active": True, "as_of": "2012-07-01", "renewal_types": ["automatic"]}),
])
def test_status_date_with_other_filters(question: str, expected: dict) -> None:
    assert parsed_filter(question) == expected


@pytest.mark.parametrize(("question", "expected"), [
    # an event verb without an auxiliary keeps the end date; a signing verb keeps the signing date
    ("How many contracts expired on 2020-03-01?", {"min_end_date": "2020-03-01", "max_end_date": "2020-03-01"}),
    ("How many contracts expired in 2020?", {"min_end_date": "2020-01-01", "max_end_date": "2020-12-31"}),
    ("How many contracts expired before 2015?", {"max_end_date": "2014-12-31"}),
    ("How many expired contracts were signed in 2005?",
     {"active": False, "min_effective_date": "2005-01-01", "max_effective_date": "2005-12-31"}),
    ("Which agreements terminate before the end of 2022?", {"max_end_date": "2022-12-31"}),
])
def test_dates_that_keep_their_role(question: str, expected: dict) -> None:
    assert parsed_filter(question) == expected


@pytest.mark.parametrize("question", [
    "How many contracts were active in 2012?",
    "Which agreements were in force in March 2014?",
    "Which contracts were active during Q1 2013?",
    "How many contracts were in force between 2012 and 2014?",
    "active contracts since 2012",
    "How many contracts had expired before 2015?",
])
def test_a_status_over_a_period_asks_which_day(question: str) -> None:
    parsed = parse_question(question, TODAY)
    assert parsed.filter is None and parsed.refusal is None and parsed.tool is None
    assert parsed.clarify is not None and "Which day do you mean?" in parsed.clarify


def test_the_question_asked_back_names_both_ends_of_the_period() -> None:
    parsed = parse_question("How many contracts were active in 2012?", TODAY)
    assert parsed.clarify == ("'active in 2012' covers more than one day, and a status is counted on one day (the "
                              "count on 2012-01-01 may differ from the count on 2012-12-31). Which day do you mean? "
                              "Ask e.g. 'on 2012-12-31' or 'at the start of 2012'.")


@pytest.mark.parametrize("question", ["How many terminated contracts are there?",
                                      "How many contracts were terminated in 2019?"])
def test_terminated_is_refused_the_graph_records_no_terminations(question: str) -> None:
    parsed = parse_question(question, TODAY)
    assert parsed.filter is None and parsed.refusal is not None
    assert parsed.refusal.startswith("the graph records no terminations")


def test_how_a_contract_can_be_terminated_is_not_refused_as_a_status() -> None:
    parsed = parse_question("How can the promotion agreement be terminated?", TODAY)
    assert not (parsed.refusal or "").startswith("the graph records no terminations")


def test_a_left_over_status_word_is_refused_not_ignored() -> None:
    parsed = parse_question("contracts with status signed in 2019", TODAY)
    assert parsed.filter is None and parsed.refusal is not None and "status" in parsed.refusal


def test_a_status_date_out_of_range_is_refused() -> None:
    parsed = parse_question("How many contracts were in force on 2300-01-01?", TODAY)
    assert parsed.filter is None and parsed.refusal is not None and "2300-01-01" in parsed.refusal


@pytest.mark.parametrize(("question", "expected"), [
    ("How many agreements expire between May 1 and July 31, 2021?",
     {"min_end_date": "2021-05-01", "max_end_date": "2021-07-31"}),
    ("Which contracts were signed between 1 March and 30 June 2018?",
     {"min_effective_date": "2018-03-01", "max_effective_date": "2018-06-30"}),
    ("How many license agreements end from March to June 2020?",
     {"contract_types": ["License"], "min_end_date": "2020-03-01", "max_end_date": "2020-06-30"}),
    ("contracts signed between May and August 2019", {"min_effective_date": "2019-05-01",
                                                      "max_effective_date": "2019-08-31"}),
    ("contracts signed from the 1st of May to the 15th of June 2019",
     {"min_effective_date": "2019-05-01", "max_effective_date": "2019-06-15"}),
    ("How many contracts expire between January 15th and February 15th, 2022?",
     {"min_end_date": "2022-01-15", "max_end_date": "2022-02-15"}),
])
def test_month_ranges_with_one_year(question: str, expected: dict) -> None:
    assert parsed_filter(question) == expected


def test_two_months_with_and_are_not_a_range() -> None:
    """'in March and June 2020' is two months, not March to June: refused, never read as a range."""
    parsed = parse_question("contracts signed in March and June 2020", TODAY)
    assert parsed.filter is None and parsed.refusal is not None


def test_the_answer_states_the_as_of_date_and_what_in_force_counts() -> None:
    parsed = parse_question("How many contracts were in force on 1 July 2012?", TODAY)
    row = {"file_id": "ACME_SUPPLY", "title": "Supply Agreement", "contract_type": "Supply",
           "effective_date": "2010-01-01", "parties": ["Acme Inc."]}
    text = search_answer(parsed, [{"total_count": 107, "contracts": [row]}])
    assert text.startswith("**107 contracts** match.\n\nThe first 1 of 107:\n- **Supply Agreement** (`ACME_SUPPLY`): "
                           "Supply; signed 2010-01-01; Acme Inc.\n\nStatus on **2012-07-01**, the as-of date "
                           "(not a signing or end date). **In force** counts contracts started by then whose "
                           "current term covers that day")
    assert "`in force on 2012-07-01`" in text
    assert "signed" not in text.split("not a signing")[1].split("Filter:")[1]  # no signing-date chip


def test_the_answer_without_a_date_states_today() -> None:
    parsed = parse_question("How many expired license agreements are there?", TODAY)
    text = search_answer(parsed, [{"total_count": 9, "contracts": []}])
    assert "Status on **2025-06-15** (today), the as-of date" in text
    assert "**Expired** counts contracts whose last term ended before that day" in text


def test_a_status_group_answer_labels_the_states() -> None:
    parsed = parse_question("contracts per status as of 2012-01-01", TODAY)
    rows = [{"key": "not_started", "value": 270}, {"key": "expired", "value": 83}, {"key": "in_force", "value": 71}]
    text = search_answer(parsed, [{"total_count": 510, "aggregation": {"rows": rows}}])
    assert "By status, **not yet started** has the most (270 contracts)." in text
    assert "| in force | 71 contracts |" in text
    assert "Status on **2012-01-01**, the as-of date" in text and "exactly one state" in text


def test_status_chips() -> None:
    f = parse_filter({"status": ["not_started", "in_notice_window"], "as_of": "2012-07-01"})
    assert chips(f) == ["status: not yet started or in force, in the notice window", "as of 2012-07-01"]


IN_FORCE_2012 = parse_filter({"active": True, "as_of": "2012-07-01"})


@pytest.mark.parametrize(("question", "expected"), [
    ("and on 2014-01-01?", {"active": True, "as_of": "2014-01-01"}),
    ("what about 2014-01-01?", {"active": True, "as_of": "2014-01-01"}),
    ("and as of 2013-01-01?", {"active": True, "as_of": "2013-01-01"}),
    ("what about expired ones?", {"active": False, "as_of": "2012-07-01"}),
    ("and not yet started?", {"status": ["not_started"], "as_of": "2012-07-01"}),
    ("and of those, which were signed in 2010?",
     {"active": True, "as_of": "2012-07-01", "min_effective_date": "2010-01-01", "max_effective_date": "2010-12-31"}),
])
def test_a_follow_up_of_a_status_question_keeps_dating_the_status(question: str, expected: dict) -> None:
    parsed = parse_question(question, TODAY, previous=IN_FORCE_2012)
    assert parsed.filter is not None and parsed.filter.describe() == expected


def test_a_follow_up_year_of_a_status_question_asks_which_day() -> None:
    parsed = parse_question("what about 2015?", TODAY, previous=IN_FORCE_2012)
    assert parsed.filter is None and parsed.clarify is not None and "Which day do you mean?" in parsed.clarify


def test_a_follow_up_year_of_a_question_without_a_status_date_stays_the_signing_year() -> None:
    parsed = parse_question("what about 2018?", TODAY, previous=parse_filter({"active": True,
                                                                             "contract_types": ["Supply"]}))
    assert parsed.filter is not None and parsed.filter.describe() == {
        "contract_types": ["Supply"], "active": True, "min_effective_date": "2018-01-01",
        "max_effective_date": "2018-12-31"}
