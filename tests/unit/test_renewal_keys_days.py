"""The days of the year a renewal or notice window may hold a key of (graph.query.renewal_keys.window_days)."""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import given
from hypothesis import strategies as st

from graph.query.renewal_keys import IRREGULAR, MARGIN_DAYS, day_of_year, window_days


def test_days_are_counted_in_a_leap_year():
    assert [day_of_year(date(2021, 1, 1)), day_of_year(date(2021, 3, 1)), day_of_year(date(2020, 2, 29)),
            day_of_year(date(2021, 12, 31))] == [1, 61, 60, 366]


def test_a_window_across_the_new_year_wraps_and_carries_the_irregular_key():
    assert window_days(date(2021, 12, 20), date(2022, 1, 5)) == [IRREGULAR, *range(1, 13), *range(348, 367)]


def test_feb_29_is_a_candidate_whenever_its_neighbours_are():
    """In a year without Feb 29 the window skips day 60, but a key computed from a leap year's Feb 29 end stands
    for Feb 28 or Mar 1 there."""
    assert 60 in window_days(date(2021, 3, 8), date(2021, 3, 20))  # Mar 1 (61) is within the margin
    assert 60 not in window_days(date(2021, 3, 9), date(2021, 3, 20))


def test_a_year_with_its_margins_is_no_narrowing():
    assert window_days(date(2021, 1, 1), date(2021, 12, 18)) is None
    assert window_days(date(2021, 1, 1), date(2021, 12, 17)) is not None


@given(st.dates(date(1990, 1, 1), date(2060, 12, 31)), st.integers(0, 400), st.integers(-MARGIN_DAYS, MARGIN_DAYS))
def test_every_day_near_the_window_is_a_candidate(low, length, off):
    high = low + timedelta(days=length)
    days = window_days(low, high)
    if days is None:
        assert length + 2 * MARGIN_DAYS >= 365
        return
    near = low + timedelta(days=length // 2 + off)  # a day in the window, moved by up to the margin
    assert day_of_year(near) in days and days == sorted(set(days)) and days[0] == IRREGULAR
