"""graph.query.renewal_dates against an independent oracle (dateutil.relativedelta, a term-by-term scan) and
hand-worked cases: month ends, leap days, several rolled terms, notice in days, months and years."""

from __future__ import annotations

from datetime import date, timedelta
from itertools import count

from dateutil.relativedelta import relativedelta
from hypothesis import given, settings
from hypothesis import strategies as st

from graph.query.renewal_dates import Deadlines, Span, TermFacts, deadlines

WINDOW = 90


def _plus(day: date, span: Span, k: int) -> date:
    return day + (relativedelta(months=k * span.months) if span.months else timedelta(days=k * span.days))


def _minus(day: date, span: Span) -> date:
    return day - (relativedelta(months=span.months) if span.months else timedelta(days=span.days))


def oracle(facts: TermFacts, as_of: date) -> Deadlines:
    """Written from the rules in words, not from the module: scan the terms one by one."""
    if facts.renewal_type == "perpetual":
        return Deadlines("perpetual")
    if facts.term_end is None:
        return Deadlines("no_end_date")
    renewal = facts.renewal if (facts.renewal.months or facts.renewal.days) else Span(months=12)
    rolling = facts.renewal_type == "automatic" or (facts.renewal_type == "evergreen"
                                                    and bool(facts.renewal.months or facts.renewal.days))
    if facts.renewal_type == "evergreen" and not rolling and facts.term_end < as_of:
        return Deadlines("perpetual", term_end=facts.term_end)
    ends = (_plus(facts.term_end, renewal, k) for k in count()) if rolling else iter([facts.term_end])
    k, end = 0, facts.term_end
    if rolling:
        k, end = next((i, e) for i, e in enumerate(ends) if e >= as_of)
    has_notice = bool(facts.notice.months or facts.notice.days)
    notice_by = _minus(end, facts.notice) if has_notice else None
    upcoming = upcoming_end = None
    if has_notice and rolling:
        upcoming, upcoming_end = next((d, e) for d, e in ((_minus(e, facts.notice), e) for e in
                                                          (_plus(facts.term_end, renewal, i) for i in count(k)))
                                      if d >= as_of)
    elif has_notice and notice_by >= as_of:
        upcoming, upcoming_end = notice_by, end
    if end < as_of:
        state = "expired"
    elif notice_by is None:
        state = "in_force"
    elif notice_by < as_of:
        state = "notice_passed"
    elif notice_by <= as_of + timedelta(days=WINDOW):
        state = "in_notice_window"
    else:
        state = "in_force"
    return Deadlines(state, end, end if rolling else None, notice_by, upcoming, k, upcoming_end)


spans = st.one_of(st.builds(lambda m: Span(months=m), st.integers(1, 60)),
                  st.builds(lambda d: Span(days=d), st.integers(7, 1000)),
                  st.builds(lambda y: Span(months=12 * y), st.integers(1, 5)))
notices = st.one_of(st.just(Span()), st.builds(lambda d: Span(days=d), st.integers(1, 365)),
                    st.builds(lambda m: Span(months=m), st.integers(1, 24)))
month_ends = st.builds(lambda y, m: date(y, m, 1) + relativedelta(day=31), st.integers(1995, 2030), st.integers(1, 12))
days = st.one_of(st.dates(date(1990, 1, 1), date(2040, 12, 31)), month_ends,
                 st.sampled_from([date(2020, 2, 29), date(2016, 2, 29), date(2000, 2, 29)]))
facts = st.builds(TermFacts, term_end=st.one_of(st.none(), days),
                  renewal_type=st.sampled_from(["none", "automatic", "option", "evergreen", "perpetual"]),
                  renewal=st.one_of(st.just(Span()), spans), notice=notices)


@settings(max_examples=400, deadline=None)
@given(facts, st.dates(date(1990, 1, 1), date(2060, 12, 31)))
def test_matches_the_oracle(f, as_of):
    assert deadlines(f, as_of, WINDOW) == oracle(f, as_of)


@settings(max_examples=200, deadline=None)
@given(facts, st.dates(date(1990, 1, 1), date(2060, 12, 31)))
def test_invariants(f, as_of):
    result = deadlines(f, as_of)
    if result.next_renewal is not None:
        assert result.next_renewal >= as_of and result.next_renewal == result.term_end
    if result.next_notice_by is not None:
        assert result.next_notice_by >= as_of
    if result.state == "expired":
        assert result.term_end < as_of and result.next_renewal is None


def test_month_end_rolls_from_the_anchor():
    f = TermFacts(date(2019, 1, 31), "automatic", Span(months=1), Span(days=10))
    # Feb 28, then Mar 31 (not Mar 28): each term counts from Jan 31.
    assert deadlines(f, date(2019, 2, 15)).term_end == date(2019, 2, 28)
    got = deadlines(f, date(2019, 3, 1))
    assert (got.term_end, got.notice_by, got.renewals, got.state) == (date(2019, 3, 31), date(2019, 3, 21), 2,
                                                                        "in_notice_window")


def test_leap_day_anniversaries():
    f = TermFacts(date(2020, 2, 29), "automatic", Span(months=12), Span(months=3))
    got = deadlines(f, date(2021, 1, 1))
    assert (got.term_end, got.notice_by, got.state) == (date(2021, 2, 28), date(2020, 11, 28), "notice_passed")
    assert got.next_notice_by == date(2021, 11, 28)  # next term ends 2022-02-28
    assert deadlines(f, date(2023, 6, 1)).term_end == date(2024, 2, 29)  # the leap day comes back


def test_several_rolled_terms_with_notice_in_years():
    f = TermFacts(date(2005, 6, 30), "automatic", Span(months=24), Span(months=12))
    got = deadlines(f, date(2012, 1, 1))
    assert (got.term_end, got.renewals, got.notice_by, got.next_notice_by, got.state) == (
        date(2013, 6, 30), 4, date(2012, 6, 30), date(2012, 6, 30), "in_force")


def test_renewal_in_days_and_fixed_terms():
    f = TermFacts(date(2020, 1, 1), "automatic", Span(days=90), Span(days=30))
    assert deadlines(f, date(2020, 7, 1)).term_end == date(2020, 9, 27)  # Jan 1 + 270 days (leap year)
    fixed = TermFacts(date(2020, 12, 31), "none", Span(), Span(days=60))
    assert deadlines(fixed, date(2020, 11, 15)).state == "notice_passed"
    assert deadlines(fixed, date(2021, 1, 1)) == Deadlines("expired", date(2020, 12, 31), None, date(2020, 11, 1),
                                                           None, 0)
    option = TermFacts(date(2020, 12, 31), "option", Span(months=12))
    assert deadlines(option, date(2020, 12, 31)).state == "in_force"  # in force on its last day


def test_no_end_date_and_perpetual():
    assert deadlines(TermFacts(None, "automatic", Span(months=12)), date(2020, 1, 1)).state == "no_end_date"
    assert deadlines(TermFacts(None, "perpetual"), date(2020, 1, 1)).state == "perpetual"
    evergreen = TermFacts(date(2019, 1, 1), "evergreen", Span(), Span(days=90))
    assert deadlines(evergreen, date(2020, 1, 1)).state == "perpetual"
    assert deadlines(evergreen, date(2018, 12, 1)).state == "notice_passed"


def test_next_deadline_names_the_term_it_belongs_to():
    """Once the current term's deadline has passed, the next deadline is the following term's: the table and
    the calendar say which term end it stops (not the current one)."""
    f = TermFacts(date(2020, 12, 31), "automatic", Span(months=12), Span(days=60))
    d = deadlines(f, date(2020, 12, 15))
    assert (d.state, d.term_end, d.notice_by) == ("notice_passed", date(2020, 12, 31), date(2020, 11, 1))
    assert (d.next_notice_by, d.notice_term_end) == (date(2021, 11, 1), date(2021, 12, 31))
    before = deadlines(f, date(2020, 10, 1))
    assert (before.next_notice_by, before.notice_term_end) == (date(2020, 11, 1), date(2020, 12, 31))
    assert deadlines(TermFacts(date(2020, 12, 31), "none", Span(), Span(days=60)), date(2020, 12, 1)) \
        .notice_term_end is None
