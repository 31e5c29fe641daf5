"""Reads for the Renewals page, the Overview's notice card and the Contract page: each contract's stored
term facts with the evidence quotes, and its deadlines as of a date (graph.query.renewal_dates).

The schedule runs the compiler's head for the filter (so its rows are exactly the contracts the filter's
`total_count` counts) and computes the dates in Python with the same rules as the compiled Cypher. A large
portfolio can have more deadlines in a window than a page can list (a million contracts have tens of thousands
in 90 days): `soonest` returns the SCHEDULE_CAP soonest, ordered in Cypher by the same next-notice and
next-renewal expressions the filters use (graph.query.renewal_cypher), and says whether more match.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from neo4j import Driver

from core.errors import ContractGraphError
from graph.query.compiler import compile_match
from graph.query.filters import ContractFilter, parse_filter
from graph.query.renewal_cypher import NEXT_NOTICE_BY, NEXT_RENEWAL
from graph.query.renewal_dates import Deadlines, TermFacts, deadlines, from_row
from graph.server.db import read
from graph.store.renewal_decisions import DECISIONS_OF, Decision

SCHEDULE_CAP = 5000
FACT_COLUMNS = """c.file_id AS file_id, c.title AS title, c.contract_type AS contract_type,
       c.effective_date AS effective_date,
       c.renewal_type AS renewal_type, c.term_end AS term_end, c.renewal_months AS renewal_months,
       c.renewal_days AS renewal_days, c.notice_months AS notice_months, c.notice_days AS notice_days,
       c.convenience_notice_days AS convenience_notice_days,
       COLLECT { MATCH (c)<-[:PARTY_TO]-(p:Party) WHERE p.role_only IS NULL AND p.name IS NOT NULL
                 RETURN DISTINCT p.name ORDER BY p.name } AS parties,
       COLLECT { MATCH (c)-[:HAS_DOCUMENT]->(:Document)-[:HAS_TERM_EVIDENCE]->(e:TermEvidence)
                 RETURN e {.field, .value, .quote, .section_number, .section_title, .page, .start, .end}
                 ORDER BY e.field } AS evidence,
       """ + DECISIONS_OF + " AS decisions"
# Soonest first, as `soonest` sorts in Python (nulls last in both); the limit is one more than the cap, so a
# schedule of exactly the cap is whole.
SCHEDULE_TAIL = (f"WITH c, {NEXT_NOTICE_BY} AS next_notice_by, {NEXT_RENEWAL} AS next_renewal\n"
                 f"ORDER BY next_notice_by, next_renewal, c.file_id\nLIMIT $schedule_cap + 1\n"
                 f"RETURN {FACT_COLUMNS}")
# With the counts of the matches whose next notice deadline is on or before each cut (the Overview's 30 / 60 /
# 90-day switch when the list holds only the soonest): the list and its counts from one evaluation of each match's
# deadlines, where two statements computed them twice (1M synthetic, the Overview's 90 days: 0.9 + 0.7 s -> 1.0 s;
# docs/PERFORMANCE.md fix 36). The matches are collected (ordered) once: the Overview's filter bounds them by its
# last cut (34,074 of 1M), where collecting every contract with a notice period passed the transaction memory limit
# (fix 34). No match, no row: every count is then 0.
def horizons_schedule_tail(cuts: int) -> str:
    """The statement's end after the filter's head: the soonest `$schedule_cap + 1` rows, each with the counts."""
    counts = ", ".join(f"count(CASE WHEN next_notice_by <= $cuts[{i}] THEN 1 END)" for i in range(cuts))
    return (f"WITH c, {NEXT_NOTICE_BY} AS next_notice_by, {NEXT_RENEWAL} AS next_renewal\n"
            f"ORDER BY next_notice_by, next_renewal, c.file_id\n"
            f"WITH collect(c) AS ordered, [{counts}] AS within\n"
            f"UNWIND ordered[..$schedule_cap + 1] AS c\n"
            f"RETURN within, {FACT_COLUMNS}")


CONTRACT_TERMS = f"MATCH (c:Contract {{file_id: $file_id}})\nRETURN {FACT_COLUMNS}"


@dataclass(frozen=True)
class ScheduleRow:
    """One contract's term facts, their evidence by field, and its deadlines as of the schedule's date."""

    file_id: str
    contract_type: str | None
    effective_date: date | None
    facts: TermFacts
    deadlines: Deadlines
    evidence: dict[str, dict[str, Any]] = field(default_factory=dict)
    title: str | None = None  # the display title (graph.store.titles); the file id when unknown
    parties: tuple[str, ...] = ()  # named parties; a role-only placeholder ("Customer") names nobody
    decisions: dict[date, Decision] = field(default_factory=dict)  # graph.store.renewal_decisions, by deadline

    @property
    def decision(self) -> Decision | None:
        """The stored decision about the next notice deadline (one about an earlier deadline does not count)."""
        due = self.deadlines.next_notice_by
        return self.decisions.get(due) if due is not None else None

    @property
    def label(self) -> str:
        return self.title or self.file_id

    def quote(self, *fields: str) -> dict[str, Any] | None:
        """The first of these fields' evidence that exists."""
        return next((self.evidence[f] for f in fields if f in self.evidence), None)


def _row(raw: dict[str, Any], as_of: date) -> ScheduleRow:
    facts = from_row(raw)
    effective = raw.get("effective_date")
    return ScheduleRow(file_id=raw["file_id"], contract_type=raw.get("contract_type"),
                       effective_date=effective.to_native() if effective is not None else None, facts=facts,
                       deadlines=deadlines(facts, as_of), evidence={e["field"]: e for e in raw["evidence"]},
                       title=raw.get("title"), parties=tuple(raw.get("parties") or ()),
                       decisions={d.deadline: d for d in map(Decision.of, raw.get("decisions") or [])})


@dataclass(frozen=True)
class Schedule:
    """The soonest `cap` contracts of a filter with their deadlines, and whether more contracts match."""

    rows: list[ScheduleRow]
    truncated: bool = False
    within: tuple[int, ...] = ()  # per cut asked for, the matches whose next notice deadline is on or before it


def _matches(f: ContractFilter | dict[str, Any], today: date | None) -> tuple[date, str, dict[str, Any]]:
    """The schedule date (`f.as_of`, else `today`, else today), the compiler's head binding `c` to the contracts
    matching `f` on it, and the head's parameters with that date."""
    f = parse_filter(f)
    as_of = f.as_of or today or date.today()
    head = compile_match(f, as_of)
    return as_of, head.cypher, {**head.params, "as_of": as_of}


def soonest(driver: Driver, f: ContractFilter | dict[str, Any], today: date | None = None,
            cap: int | None = None, database: str | None = None, cuts: tuple[date, ...] = ()) -> Schedule:
    """The `cap` contracts matching `f` whose next notice deadline comes first as of `f.as_of` (default today),
    then the next renewal, then file_id, with their facts and deadlines; `truncated` when more match.
    `cap`: SCHEDULE_CAP when None. `cuts`: also count, for each, the matches whose next notice deadline is on or
    before it (`within`; every match's when `f` bounds the deadline by the last cut, as the Overview's list)."""
    cap = SCHEDULE_CAP if cap is None else cap
    as_of, head, params = _matches(f, today)
    tail = horizons_schedule_tail(len(cuts)) if cuts else SCHEDULE_TAIL
    raw = read(driver, f"{head}\n{tail}", {**params, "schedule_cap": cap, "cuts": list(cuts)}, database)
    rows = [_row(r, as_of) for r in raw]
    ordered = sorted(rows, key=lambda r: (r.deadlines.next_notice_by or date.max,
                                          r.deadlines.next_renewal or date.max, r.file_id))
    within = tuple(raw[0]["within"]) if raw and cuts else (0,) * len(cuts)
    return Schedule(ordered[:cap], truncated=len(ordered) > cap, within=within)


def renewal_schedule(driver: Driver, f: ContractFilter | dict[str, Any], today: date | None = None,
                     database: str | None = None) -> list[ScheduleRow]:
    """Every contract matching `f` (at most SCHEDULE_CAP, else an error) with its facts and deadlines as of
    `f.as_of` (default today), ordered by the next notice deadline, then the next renewal, then file_id."""
    schedule = soonest(driver, f, today, None, database)
    if schedule.truncated:
        raise ContractGraphError(f"More than {len(schedule.rows):,} contracts match; narrow the filter.")
    return schedule.rows


def contract_terms(driver: Driver, file_id: str, as_of: date, database: str | None = None) -> ScheduleRow | None:
    """One contract's term facts, evidence and deadlines, or None when it has none stored."""
    rows = read(driver, CONTRACT_TERMS, {"file_id": file_id}, database)
    if not rows or rows[0]["renewal_type"] is None:
        return None
    return _row(rows[0], as_of)
