"""graph.query.status: a contract's state on a date, hand-computed cases for each rule of docs/FILTERS.md#status,
and properties against the renewal schedule's states (graph.query.renewal_dates)."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from graph.query.renewal_dates import Span, deadlines
from graph.query.status import EXPIRED, IN_FORCE, STATUSES, Status, StatusFacts, row_fields, status

D = date(2012, 1, 1)


NONE = Span()


def facts(effective: date | None = date(2005, 1, 1), end: date | None = None, kind: str | None = None,
          renewal: Span = NONE, notice: Span = NONE) -> StatusFacts:
    return StatusFacts(effective, end, kind, renewal, notice)


@pytest.mark.parametrize(("f", "want"), [
    # not yet started: effective after D, whatever else is known
    (facts(effective=date(2012, 1, 2), end=date(2015, 1, 1)), Status("not_started")),
    (facts(effective=date(2013, 1, 1), kind="perpetual"), Status("not_started")),
    # started on D itself; the initial term covers D (its last day included)
    (facts(effective=D, end=date(2013, 1, 1)), Status("in_force")),
    (facts(end=D), Status("in_force")),
    # ended before D and does not roll (none, option, unread text)
    (facts(end=date(2011, 12, 31)), Status("expired")),
    (facts(end=date(2011, 12, 31), kind="option", renewal=Span(months=12)), Status("expired")),
    (facts(end=date(2011, 12, 31), kind="none"), Status("expired")),
    # rolled over: automatic every 12 months from 2008-06-30 (renewal terms from 2008-07-01)
    (facts(end=date(2008, 6, 30), kind="automatic", renewal=Span(months=12)),
     Status("in_force", True, "renewed automatically every 12 months since 2008; no notice recorded")),
    (facts(end=date(2009, 12, 31), kind="automatic"),  # no stated length: 12 months
     Status("in_force", True, "renewed automatically every 12 months since 2010; no notice recorded")),
    (facts(end=date(2011, 6, 30), kind="evergreen", renewal=Span(days=30)),
     Status("in_force", True, "renewed automatically every 30 days since 2011; no notice recorded")),
    (facts(end=date(2010, 3, 1), kind="evergreen"),
     Status("perpetual", True, "runs on until terminated (evergreen) since 2010; no notice recorded")),
    (facts(kind="perpetual"), Status("perpetual")),
    (facts(end=date(2001, 1, 1), kind="perpetual"), Status("perpetual")),
    # no end date and not perpetual: unknown, even when the text says it renews
    (facts(), Status("unknown")),
    (facts(kind="automatic"), Status("unknown")),
    # unknown effective date: counted as started, and the note says so
    (facts(effective=None, end=date(2013, 1, 1)),
     Status("in_force", False, "effective date unknown; counted as started")),
    (facts(effective=None), Status("unknown", False, "effective date unknown; counted as started")),
    # finer states of the current term (notice 3 months; rolled term ends 2012-03-31)
    (facts(end=date(2012, 3, 31), notice=Span(months=3)), Status("notice_passed")),
    (facts(end=date(2012, 4, 5), notice=Span(months=3)), Status("in_notice_window")),
    (facts(end=date(2012, 12, 31), notice=Span(months=3)), Status("in_force")),
    (facts(end=date(2011, 3, 31), kind="automatic", notice=Span(days=60)),
     Status("in_notice_window", True, "renewed automatically every 12 months since 2011; no notice recorded")),
])
def test_rules(f: StatusFacts, want: Status) -> None:
    assert status(f, D) == want


def test_states_partition_in_force_and_expired() -> None:
    assert set(IN_FORCE) | set(EXPIRED) | {"not_started", "unknown"} == set(STATUSES)
    assert not set(IN_FORCE) & set(EXPIRED)


def test_row_fields_read_the_search_rows_iso_strings() -> None:
    row = {"effective_date": "2005-01-01", "end_date": "2008-06-30", "renewal_type": "automatic",
           "renewal_months": 12, "renewal_days": None}
    assert row_fields(row, D) == {"status": "in_force", "rolled_over": True, "status_note":
                                  "renewed automatically every 12 months since 2008; no notice recorded"}
    assert row_fields({"effective_date": None, "end_date": None}, D) == {
        "status": "unknown", "rolled_over": False, "status_note": "effective date unknown; counted as started"}


kinds = st.sampled_from([None, "none", "automatic", "option", "evergreen", "perpetual"])
spans = st.one_of(st.just(NONE), st.builds(Span, months=st.integers(1, 36)),
                  st.builds(Span, days=st.integers(7, 400)))
days = st.dates(date(1990, 1, 1), date(2035, 12, 31))


@given(st.one_of(st.none(), days), st.one_of(st.none(), days), kinds, spans, spans, days)
def test_properties(effective, end, kind, renewal, notice, on) -> None:
    f = StatusFacts(effective, end, kind, renewal, notice)
    got = status(f, on)
    assert got.state in STATUSES
    if effective is not None and effective > on:
        assert got == Status("not_started")
        return
    if kind != "perpetual" and end is not None:  # otherwise the renewal schedule's own state
        assert got.state == deadlines(f.term(), on).state
    assert got.rolled_over == (got.state in IN_FORCE and end is not None and end < on and kind != "perpetual")
    if end is not None and end >= on and kind != "perpetual":
        assert got.state in IN_FORCE  # the initial term covers the date
    assert (got.state == "unknown") == (end is None and kind != "perpetual")
    assert (effective is None) == bool(got.note and got.note.endswith("effective date unknown; counted as started"))
