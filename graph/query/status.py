"""A contract's status on a date D, as one pure function (no database). The compiler's Cypher
(graph.query.status_cypher) computes the same state; tests/unit/test_status.py and
tests/integration/test_status_cypher.py hold the two to each other. docs/FILTERS.md#status says the same in
prose.

The facts: the effective date, `end_date` (the end of the initial term, reconciled by graph.store.end_dates:
reviewer, else as the contract's amendments changed it, else the contract's text, else the pre-extracted
value) and the renewal facts read from the text (graph.documents.renewal_facts; `renewal_type` is None when
the text was never read). Exactly one state:

* `not_started`: the effective date is after D. An unknown effective date counts as started (the row's
  note says so).
* `perpetual`: the text says the contract has no end (renewal type "perpetual"), or it is evergreen without
  a stated period and its initial term has ended (it runs on until terminated).
* `unknown`: no end date (and not perpetual): nothing says whether the contract still runs.
* otherwise the current term is found by the renewal rules of graph.query.renewal_dates (automatic and
  evergreen-with-period contracts roll term after term from `end_date`; no notice of non-renewal is ever
  recorded in the graph, so a rolling contract is taken to have rolled): `expired` when the last term ended
  before D, else `notice_passed` (the current term's notice deadline passed), `in_notice_window` (the
  deadline is within 90 days on or after D) or `in_force`.

"In force" (the filter's `active: true`) is any of IN_FORCE; `active: false` is `expired` only.
`rolled_over`: in force on D only because the contract renewed itself after its initial term ended.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from graph.query.renewal_dates import NOTICE_WINDOW_DAYS, Span, TermFacts, _native, deadlines, rolls

STATUSES = ("not_started", "in_force", "in_notice_window", "notice_passed", "perpetual", "expired", "unknown")
IN_FORCE = ("in_force", "in_notice_window", "notice_passed", "perpetual")
EXPIRED = ("expired",)


@dataclass(frozen=True)
class StatusFacts:
    """The stored facts a status is computed from."""

    effective_date: date | None
    end_date: date | None
    renewal_type: str | None = None
    renewal: Span = field(default_factory=Span)
    notice: Span = field(default_factory=Span)
    amended: bool = False  # `end_date` is the end as an amendment changed it (end_date_source "amendment")

    def term(self) -> TermFacts:
        return TermFacts(term_end=self.end_date, renewal_type=self.renewal_type or "none", renewal=self.renewal,
                         notice=self.notice)


@dataclass(frozen=True)
class Status:
    """A contract's state on a date, whether it holds only because the term rolled over, and why (text)."""

    state: str
    rolled_over: bool = False
    note: str | None = None

    @property
    def in_force(self) -> bool:
        return self.state in IN_FORCE


def _rolled_note(facts: StatusFacts) -> str:
    assert facts.end_date is not None
    since = (facts.end_date + timedelta(days=1)).year  # the first renewal term starts the day after
    if not rolls(facts.term()):
        return f"runs on until terminated (evergreen) since {since}; no notice recorded"
    span = facts.renewal if facts.renewal else Span(months=12)
    every = f"{span.months} months" if span.months else f"{span.days} days"
    return f"renewed automatically every {every} since {since}; no notice recorded"


def status(facts: StatusFacts, on: date, window_days: int = NOTICE_WINDOW_DAYS) -> Status:
    """The contract's state on `on` (see the module docstring)."""
    if facts.effective_date is not None and facts.effective_date > on:
        return Status("not_started")
    if facts.renewal_type == "perpetual":
        state, rolled = "perpetual", False
    elif facts.end_date is None:
        state, rolled = "unknown", False
    else:
        state = deadlines(facts.term(), on, window_days).state
        rolled = state in IN_FORCE and facts.end_date < on
    notes = [_rolled_note(facts)] if rolled else []
    if facts.amended and state not in ("not_started", "perpetual", "unknown"):
        notes.append(f"term end {facts.end_date} as amended (see the contract's family)")
    if facts.effective_date is None:
        notes.append("effective date unknown; counted as started")
    return Status(state, rolled, "; ".join(notes) or None)


def _day(value: Any) -> date | None:
    """A stored date as a Python date: Neo4j Date, Python date, ISO string (a search row's) or None."""
    return date.fromisoformat(value) if isinstance(value, str) else _native(value)


def from_row(row: dict[str, Any]) -> StatusFacts:
    """StatusFacts from a row of stored contract properties (effective_date, end_date, renewal_type,
    renewal_months/_days, notice_months/_days; Neo4j or Python dates or ISO strings)."""
    return StatusFacts(effective_date=_day(row.get("effective_date")), end_date=_day(row.get("end_date")),
                       renewal_type=row.get("renewal_type"),
                       renewal=Span(row.get("renewal_months"), row.get("renewal_days")),
                       notice=Span(row.get("notice_months"), row.get("notice_days")),
                       amended=row.get("end_date_source") == "amendment")


def row_fields(row: dict[str, Any], on: date) -> dict[str, Any]:
    """The status fields of a search row (graph.reads.repository): `status`, `rolled_over` and `status_note`,
    from the row's stored facts. The filter's Cypher (graph.query.status_cypher) computes the same state, so a
    row's status agrees with the status filter that selected it (tests/integration/test_status_cypher.py)."""
    found = status(from_row(row), on)
    return {"status": found.state, "rolled_over": found.rolled_over, "status_note": found.note}
