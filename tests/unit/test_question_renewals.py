"""The offline parser's renewal parts on exact filters: renewal types and their phrasings, notice deadlines
and next renewals (relative to the reference date or to 'as of', month-only bounds resolved ahead), the
notice-month and renewal-type groups, and the questions it must refuse."""

from __future__ import annotations

from datetime import date

import pytest

from agent.question import parse_question
from agent.question.dates import extract_dates
from agent.question.parser import make_scan

TODAY = date(2025, 6, 15)


def parsed(text: str) -> dict[str, object]:
    result = parse_question(text, TODAY)
    assert result.refusal is None and result.filter is not None, (text, result.refusal)
    return result.filter.describe()


@pytest.mark.parametrize(("text", "expected"), [
    ("auto-renew in the next 90 days",
     {"min_next_renewal": "2025-06-15", "max_next_renewal": "2025-09-13", "as_of": "2025-06-15"}),
    ("notice deadlines before March", {"max_notice_by": "2026-02-28", "as_of": "2025-06-15"}),
    ("notice deadlines before August", {"max_notice_by": "2025-07-31", "as_of": "2025-06-15"}),
    ("notice deadlines before June", {"max_notice_by": "2026-05-31", "as_of": "2025-06-15"}),
    ("notice due by September", {"max_notice_by": "2025-09-30", "as_of": "2025-06-15"}),
    ("notice due in the next 60 days",
     {"min_notice_by": "2025-06-15", "max_notice_by": "2025-08-14", "as_of": "2025-06-15"}),
    ("last day to give notice in Q1 2026",
     {"min_notice_by": "2026-01-01", "max_notice_by": "2026-03-31", "as_of": "2025-06-15"}),
    ("renewing before June 2026", {"max_next_renewal": "2026-05-31", "as_of": "2025-06-15"}),
    ("renew in the next 90 days as of 2015-01-01",
     {"min_next_renewal": "2015-01-01", "max_next_renewal": "2015-04-01", "as_of": "2015-01-01"}),
    ("notice deadlines before March as of 2015-01-01", {"max_notice_by": "2015-02-28", "as_of": "2015-01-01"}),
    ("expiring in the next 30 days", {"min_end_date": "2025-06-15", "max_end_date": "2025-07-15"}),
])
def test_dates_of_notice_and_renewal(text: str, expected: dict[str, str]) -> None:
    got = {k: v.isoformat() for k, v in extract_dates(make_scan(text), TODAY).fields().items()}
    assert got == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Which contracts auto-renew?", {"renewal_types": ["automatic"]}),
    ("automatically renewing supply agreements", {"renewal_types": ["automatic"], "contract_types": ["Supply"]}),
    ("license agreements that renew automatically", {"renewal_types": ["automatic"], "contract_types": ["License"]}),
    ("contracts with automatic renewal", {"renewal_types": ["automatic"]}),
    ("evergreen contracts", {"renewal_types": ["evergreen"]}),
    ("contracts with a renewal option", {"renewal_types": ["option"]}),
    ("contracts with an option to renew", {"renewal_types": ["option"]}),
    ("contracts with perpetual renewal", {"renewal_types": ["perpetual"]}),
    ("perpetual contracts", {"has_end_date": False}),  # 'perpetual' alone: no end date, as before
    ("contracts with no end date", {"has_end_date": False}),
    ("evergreen or auto-renewing contracts", {"renewal_types": ["automatic", "evergreen"]}),
    ("contracts with auto-renewal clauses", {"clause_types": ["Renewal & Termination"]}),
    ("How many contracts have a renewal clause?", {"clause_types": ["Renewal & Termination"]}),
    ("How many contracts per renewal type?", {"group_by": "renewal_type"}),
    ("renewal type breakdown of license agreements", {"group_by": "renewal_type", "contract_types": ["License"]}),
    ("notice deadlines by month", {"group_by": "notice_month", "as_of": "2025-06-15"}),
    ("notice deadlines per month as of 2015-01-01", {"group_by": "notice_month", "as_of": "2015-01-01"}),
    ("contracts signed per month", {"group_by": "effective_month"}),
    ("Which contracts auto-renew in the next 90 days as of 2015-01-01?",
     {"min_next_renewal": "2015-01-01", "max_next_renewal": "2015-04-01", "as_of": "2015-01-01"}),
    ("franchise agreements with notice deadlines in 2026",
     {"contract_types": ["Franchise"], "min_notice_by": "2026-01-01", "max_notice_by": "2026-12-31",
      "as_of": "2025-06-15"}),
])
def test_renewal_filters(text: str, expected: dict[str, object]) -> None:
    assert parsed(text) == expected


@pytest.mark.parametrize(("text", "reason"), [
    ("Which contracts don't auto-renew?", "exclude"),
    ("supply agreements with a notice deadline", "only with a date range"),
    ("Which license agreements renew?", "only with a date range"),
    ("contracts with a notice period longer than 90 days", "only with a date range"),
    ("renewal terms longer than a year", "could not read"),
    ("contracts signed before March", "could not read 'March'"),
    ("which contracts auto-renew or expired", "'or'"),
])
def test_renewal_refusals(text: str, reason: str) -> None:
    result = parse_question(text, TODAY)
    assert result.filter is None and result.refusal is not None and reason in result.refusal, result.refusal


@pytest.mark.parametrize(("text", "expected"), [
    ("termination notice due in Q1 2026",
     {"min_notice_by": "2026-01-01", "max_notice_by": "2026-03-31", "as_of": "2025-06-15"}),
    ("which month has the most notice deadlines", {"group_by": "notice_month", "as_of": "2025-06-15"}),
    ("contracts signed per month with notice deadlines in 2026",
     {"group_by": "effective_month", "min_notice_by": "2026-01-01", "max_notice_by": "2026-12-31",
      "as_of": "2025-06-15"}),
    ("contracts renewed in 2019 as of 2018-06-01",
     {"min_next_renewal": "2019-01-01", "max_next_renewal": "2019-12-31", "as_of": "2018-06-01"}),
    ("contracts with renewal clauses in 2019",
     {"clause_types": ["Renewal & Termination"], "min_effective_date": "2019-01-01",
      "max_effective_date": "2019-12-31"}),
])
def test_notice_words_do_not_leak_into_other_fields(text: str, expected: dict[str, object]) -> None:
    assert parsed(text) == expected


@pytest.mark.parametrize("text", ["contracts renewed in 2019", "notice deadlines before 2020"])
def test_a_past_deadline_or_renewal_is_refused(text: str) -> None:
    """The filter holds the next deadline on or after as_of: a period before it would count nothing."""
    result = parse_question(text, TODAY)
    assert result.filter is None and "I can't count past ones" in (result.refusal or "")
