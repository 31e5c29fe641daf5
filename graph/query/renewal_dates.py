"""Renewal and notice deadline maths, as pure functions (no database): what a contract's term facts mean
as of a reference date. The compiler's Cypher (graph.query.renewal_cypher) computes the same dates.

Conventions (the tests hold both this module and the Cypher to them):

* `term_end` is the last day of the initial term, the date CUAD's answers give ("one year from 6/21/99"
  ends 6/21/00). Term k (k = 0 initial, 1, 2, ... renewals) ends at term_end + k x renewal, counted from
  that one anchor: months by calendar, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29; the
  next term is Mar 31, not Mar 28), days by count. A term is still in force on its last day.
* Only automatic renewals (and evergreen ones with a stated period) roll forward. An automatic renewal
  without a stated length is taken as 12 months, the commonest in the sample. An evergreen contract without
  a period runs indefinitely after its initial term; a contract with renewal type "perpetual" has no end.
* The notice deadline of a term is its end minus the notice period (months by calendar, clamped; days by
  count). `next_notice_by` is the first deadline on or after the reference date (a rolling contract whose
  current deadline passed has its next one in the next term).
* States: perpetual; no_end_date (no end and not perpetual); expired (a term that does not roll ended
  before the reference date); notice_passed (the current term's deadline passed, the term has not ended);
  in_notice_window (the deadline is within `window_days` on or after the reference date); in_force.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date, timedelta

ROLLING = frozenset({"automatic", "evergreen"})
DEFAULT_RENEWAL_MONTHS = 12
NOTICE_WINDOW_DAYS = 90
STATES = ("in_force", "in_notice_window", "notice_passed", "expired", "perpetual", "no_end_date")


@dataclass(frozen=True)
class Span:
    """A period in months (calendar) or days (count); at most one is set."""

    months: int | None = None
    days: int | None = None

    def __bool__(self) -> bool:
        return bool(self.months or self.days)


@dataclass(frozen=True)
class TermFacts:
    """A contract's stored term facts."""

    term_end: date | None
    renewal_type: str = "none"
    renewal: Span = Span()
    notice: Span = Span()


@dataclass(frozen=True)
class Deadlines:
    """A contract's term as of a reference date."""

    state: str
    term_end: date | None = None        # end of the current term (the last one, if it ended)
    next_renewal: date | None = None    # when the contract renews next (rolling contracts only)
    notice_by: date | None = None       # the current term's notice deadline
    next_notice_by: date | None = None  # the first notice deadline on or after the reference date
    renewals: int = 0                   # renewals rolled to reach the current term
    notice_term_end: date | None = None  # end of the term `next_notice_by` belongs to (later than term_end
    #                                      when the current term's deadline has passed)


def add_months(start: date, months: int) -> date:
    """`start` plus whole months (negative: minus), clamped to the month's last day."""
    index = start.month - 1 + months
    year, month = start.year + index // 12, index % 12 + 1
    return date(year, month, min(start.day, calendar.monthrange(year, month)[1]))


def shift(day: date, span: Span, sign: int = 1) -> date:
    """`day` plus (sign 1) or minus (sign -1) a span."""
    if span.months:
        return add_months(day, sign * span.months)
    return day + timedelta(days=sign * (span.days or 0))


def rolls(facts: TermFacts) -> bool:
    """Whether the term renews by itself, term after term."""
    return facts.term_end is not None and facts.renewal_type in ROLLING and \
        (facts.renewal_type == "automatic" or bool(facts.renewal))


def renewal_span(facts: TermFacts) -> Span:
    """The length of one renewal (the 12-month default for an automatic renewal that states none)."""
    return facts.renewal if facts.renewal else Span(months=DEFAULT_RENEWAL_MONTHS)


def term_end_at(facts: TermFacts, k: int) -> date:
    """End of term k, counted from the initial term's end (see the module docstring)."""
    assert facts.term_end is not None
    span = renewal_span(facts)
    if span.months:
        return add_months(facts.term_end, k * span.months)
    return facts.term_end + timedelta(days=k * (span.days or 0))


def first_term_at(facts: TermFacts, as_of: date) -> int:
    """The first k whose term ends on or after `as_of`: the whole months (or days) elapsed, divided by the
    renewal length, is at most one short (month clamping), so two candidates settle it."""
    assert facts.term_end is not None
    if facts.term_end >= as_of:
        return 0
    span = renewal_span(facts)
    if span.months:
        elapsed = (as_of.year - facts.term_end.year) * 12 + as_of.month - facts.term_end.month
        k = max(0, elapsed // span.months)
    else:
        k = (as_of - facts.term_end).days // (span.days or 1)
    while term_end_at(facts, k) < as_of:
        k += 1
    return k


def _next_notice(facts: TermFacts, k: int, as_of: date) -> tuple[date, date] | None:
    """(the first notice deadline on or after `as_of`, the end of the term it belongs to)."""
    if not facts.notice:
        return None
    end = term_end_at(facts, k)
    deadline = shift(end, facts.notice, -1)
    if not rolls(facts):
        return (deadline, end) if deadline >= as_of else None
    while deadline < as_of:
        k += 1
        end = term_end_at(facts, k)
        deadline = shift(end, facts.notice, -1)
    return deadline, end


def _state(as_of: date, end: date, notice_by: date | None, window_days: int) -> str:
    if end < as_of:
        return "expired"
    if notice_by is None:
        return "in_force"
    if notice_by < as_of:
        return "notice_passed"
    return "in_notice_window" if (notice_by - as_of).days <= window_days else "in_force"


def deadlines(facts: TermFacts, as_of: date, window_days: int = NOTICE_WINDOW_DAYS) -> Deadlines:
    """The contract's current term, next renewal, notice deadlines and state as of `as_of`."""
    if facts.renewal_type == "perpetual":
        return Deadlines("perpetual")
    if facts.term_end is None:
        return Deadlines("no_end_date")
    if facts.renewal_type == "evergreen" and not facts.renewal and facts.term_end < as_of:
        return Deadlines("perpetual", term_end=facts.term_end)
    k = first_term_at(facts, as_of) if rolls(facts) else 0
    end = term_end_at(facts, k) if rolls(facts) else facts.term_end
    notice_by = shift(end, facts.notice, -1) if facts.notice else None
    upcoming = _next_notice(facts, k, as_of)
    return Deadlines(state=_state(as_of, end, notice_by, window_days), term_end=end,
                     next_renewal=end if rolls(facts) else None, notice_by=notice_by,
                     next_notice_by=upcoming[0] if upcoming else None, renewals=k,
                     notice_term_end=upcoming[1] if upcoming else None)


def _native(value: object) -> date | None:
    """A Neo4j Date (or a Python date, or None) as a Python date."""
    if value is None or isinstance(value, date):
        return value
    return value.to_native()  # type: ignore[attr-defined]


def from_row(row: dict[str, object]) -> TermFacts:
    """TermFacts from a row of the stored contract properties (graph.documents.renewal_facts)."""
    return TermFacts(term_end=_native(row.get("term_end")), renewal_type=str(row.get("renewal_type") or "none"),
                     renewal=Span(row.get("renewal_months"), row.get("renewal_days")),  # type: ignore[arg-type]
                     notice=Span(row.get("notice_months"), row.get("notice_days")))  # type: ignore[arg-type]
