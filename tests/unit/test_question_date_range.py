"""Dates in a question outside the range a filter accepts (issue 27, finding 5): the offline parser answers
that the date is out of range instead of raising OverflowError ('active on 9999-12-31' crashed the CLI and
the Chat page), and a date inside the range still reads as before."""

from __future__ import annotations

from datetime import date

import pytest

from agent.question import parse_question

TODAY = date(2025, 6, 15)
OUT = "the date {} is outside the dates this app handles (1900-01-01 to 2199-12-31)"


@pytest.mark.parametrize(("question", "day"), [
    ("How many contracts are active on 9999-12-31?", "9999-12-31"),
    ("contracts signed after 9999-12-31", "9999-12-31"),
    ("contracts signed before 0001-01-01", "0001-01-01"),
    ("contracts signed on 12/31/9999", "9999-12-31"),
    ("contracts signed between 2010-01-01 and 9999-12-31", "9999-12-31"),
    ("as of 9999-12-31, which notice deadlines fall in the next 90 days?", "9999-12-31"),
    ("contracts that end in 1850", None),
])
def test_an_out_of_range_date_is_refused_with_the_range(question: str, day: str | None) -> None:
    parsed = parse_question(question, TODAY)
    if day is None:  # '1850' is not read as a year at all (years are 19xx and 20xx): no crash, no filter
        assert parsed.filter is None or "max_end_date" not in parsed.filter.describe()
        return
    assert parsed.refusal == OUT.format(day)
    assert parsed.filter is None


def test_dates_inside_the_range_still_read() -> None:
    assert parse_question("contracts signed before 1945", TODAY).filter.describe() == \
        {"max_effective_date": "1944-12-31"}
    parsed = parse_question("As of 2199-12-31, how many contracts are active?", TODAY)
    assert parsed.refusal is None and parsed.filter.describe()["as_of"] == "2199-12-31"
