"""The renewal filters' Cypher: a contract's next renewal and next notice deadline as of `$as_of`, computed
from its stored term facts (graph.documents.renewal_facts) by the rules of graph.query.renewal_dates, which the tests
hold these expressions to (tests/integration/test_renewal_filters.py compares them on random facts).

Term k ends at term_end + k x renewal from the one anchor; the first k ending on or after a date is the
whole months (or days) elapsed divided by the renewal length, or one more, so two candidates settle it
(three for a notice deadline: subtracting a notice in months can clamp). Neo4j's date + duration clamps a
month-end like graph.query.renewal_dates.add_months. Conditions start with tests on range-indexed properties
(`notice_span_days` exists only for contracts with a notice period, `renewal_type`), so the planner can
seek the few contracts that have a deadline instead of computing one for every contract.

The arithmetic reads the contract's term facts many times, and every `c.x` is a property read (a db hit) in
each evaluation: ~30 a contract. So the expressions are written over `rf`, a map of the facts read once
(`c {.term_end, ...}` in a one-element list, only the facts the expression reads): 51,083 -> 16,386 db hits
for the notice-deadline count at 10k (docs/PERFORMANCE.md, fix 19). The values are the same.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from typing import Any

from graph.query import renewal_keys

ROLLING_TYPES = "['automatic', 'evergreen']"
# The ContractFilter fields that bound a computed date: the compiler's conditions, the paging shape and the
# benchmark's reference shape all read these.
WINDOW_BOUNDS = ("min_notice_by", "max_notice_by", "min_next_renewal", "max_next_renewal")
FACT_NAMES = ("term_end", "renewal_type", "renewal_months", "renewal_days", "notice_months", "notice_days")
ROLLING = renewal_keys.rolling("rf")
_BY_DAYS = renewal_keys.by_days("rf")
_MONTHS = renewal_keys.renewal_months("rf")
_NOTICE = renewal_keys.notice("rf")


def _end(k: str) -> str:
    """End of term k."""
    return (f"CASE WHEN {_BY_DAYS} THEN rf.term_end + duration({{days: {k} * rf.renewal_days}}) "
            f"ELSE rf.term_end + duration({{months: {k} * {_MONTHS}}}) END")


def _first_k(at: str) -> str:
    """Whole renewals between the initial end and `at` (at most one short of the first term ending on or
    after `at`)."""
    return (f"CASE WHEN rf.term_end >= {at} THEN 0 WHEN {_BY_DAYS} THEN "
            f"duration.inDays(rf.term_end, {at}).days / rf.renewal_days "
            f"ELSE ((({at}).year - rf.term_end.year) * 12 + ({at}).month - rf.term_end.month) / {_MONTHS} END")


def _first_on_or_after(date_of: Callable[[str], str], ks: list[str], guards: list[str]) -> str:
    """The first of date_of(k) for k in `ks` that is on or after `$as_of`, else null. The dates grow with k,
    so each later candidate is computed only when the one before is too early (a CASE, not a list of all
    of them); guards[i] must hold for ks[i + 1] to be a candidate at all."""
    name = f"d{len(ks)}"
    if len(ks) == 1:
        return f"head([{name} IN [{date_of(ks[0])}] WHERE {name} >= $as_of])"
    later = _first_on_or_after(date_of, ks[1:], guards[1:])
    rest = f"CASE WHEN {guards[0]} THEN {later} END" if guards[0] != "true" else later
    return f"head([{name} IN [{date_of(ks[0])}] | CASE WHEN {name} >= $as_of THEN {name} ELSE {rest} END])"


_NEXT_RENEWAL = (f"CASE WHEN rf.term_end IS NOT NULL AND {ROLLING} THEN head([k0 IN [{_first_k('$as_of')}] | "
                 f"{_first_on_or_after(_end, ['k0', '(k0 + 1)'], ['true'])}]) END")
# The notice is built once (`nd`) and so is `$as_of + nd` (`at`), not at each of their ~7 uses: one-element
# lists bind them, as `rf` binds the facts (docs/PERFORMANCE.md, fix 20). Candidates: terms k1 - 1 (when
# k1 > 0), k1 and k1 + 1.
# A contract has a notice period iff one of notice_months / notice_days is set (ingest.renewals.rows), so the
# null test reads those two facts, which the arithmetic reads anyway, not `notice_span_days` as well: one
# property read fewer per contract, 15.4 -> 12.1 ms p50 on the notice-H2 count at 10k (PERFORMANCE fix 21).
_NEXT_NOTICE_BY = (
    f"CASE WHEN rf.term_end IS NULL OR (rf.notice_months IS NULL AND rf.notice_days IS NULL) THEN null "
    f"ELSE head([nd IN [{_NOTICE}] | CASE WHEN NOT {ROLLING} THEN head([d IN [rf.term_end - nd] WHERE d >= $as_of]) "
    f"ELSE head([at IN [$as_of + nd] | head([k1 IN [{_first_k('at')}] | "
    f"head([k0 IN [CASE WHEN k1 > 0 THEN k1 - 1 ELSE 0 END] | "
    f"{_first_on_or_after(lambda k: f'({_end(k)}) - nd', ['k0', '(k0 + 1)', '(k0 + 2)'], ['true', 'k1 > 0'])}"
    f"])])]) END]) END")
# A cheap necessary condition, tested before the date arithmetic: term k ends in month index
# M0 + k x renewal months (a month addition changes the month index exactly; it only clamps the day), so a
# term end can lie in a window only if the first such month index at or after the window's first month is
# not after its last. Integers only; renewals counted in days are let through to the exact test.
_M0 = "(rf.term_end.year * 12 + rf.term_end.month)"


def _first_month(lo: str) -> str:
    """The first term-end month index at or after month index `lo`."""
    steps = f"(({lo} - {_M0} + {_MONTHS} - 1) / {_MONTHS})"  # whole renewals to reach `lo`, rounded up
    return f"(CASE WHEN {_M0} >= {lo} THEN {_M0} ELSE {_M0} + {steps} * {_MONTHS} END)"


# A deadline d = end - notice: subtracting N months and D days moves the month index back by N plus between
# D / 31 and D / 28 + 1, so the term end's month lies in these bounds around the deadline window's months.
_NOTICE_LO = "($notice_lo_month + coalesce(rf.notice_months, 0) + coalesce(rf.notice_days, 0) / 31)"
_NOTICE_HI = "($notice_hi_month + coalesce(rf.notice_months, 0) + coalesce(rf.notice_days, 0) / 28 + 1)"
_RENEWAL_MONTHS = f"({_BY_DAYS} OR {_first_month('$renewal_lo_month')} <= $renewal_hi_month)"
_NOTICE_MONTHS = (f"CASE WHEN NOT {ROLLING} THEN {_M0} >= {_NOTICE_LO} AND {_M0} <= {_NOTICE_HI} "
                  f"WHEN {_BY_DAYS} THEN true ELSE {_first_month(_NOTICE_LO)} <= {_NOTICE_HI} END")


def facts(expr: str) -> str:
    """The map of the term facts `expr` reads: each is a property read per contract, so only those (a
    next-renewal window needs 4 of the 7)."""
    used = set(re.findall(r"\brf\.(\w+)", expr))
    return "c {" + ", ".join(f".{name}" for name in FACT_NAMES if name in used) + "}"


def bound(expr: str) -> str:
    """`expr` (over `rf`) evaluated on the contract's facts, read once."""
    return f"head([rf IN [{facts(expr)}] | {expr}])"


def holds(condition: str) -> str:
    """`condition` (over `rf`) tested on the contract's facts, read once."""
    return f"any(rf IN [{facts(condition)}] WHERE {condition})"


NEXT_RENEWAL = bound(_NEXT_RENEWAL)
NEXT_NOTICE_BY = bound(_NEXT_NOTICE_BY)
RENEWAL_MONTHS = holds(_RENEWAL_MONTHS)
NOTICE_MONTHS = holds(_NOTICE_MONTHS)
HAS_NOTICE = "c.notice_span_days IS NOT NULL"
RENEWS = f"c.renewal_type IN {ROLLING_TYPES}"
# group_by -> key expression (the compiler adds $as_of when the key needs it)
GROUP_KEYS = {"notice_month": f"substring(toString({NEXT_NOTICE_BY}), 0, 7)", "renewal_type": "c.renewal_type"}
AS_OF_KEYS = frozenset({"notice_month"})


def _month_index(day: date) -> int:
    return day.year * 12 + day.month


def _between(expr: str, low: str | None, high: str | None) -> str:
    """`expr` within the bounds, computed once (a one-element list's predicate) when both are given."""
    if low and high:
        return f"any(d IN [{expr}] WHERE d >= ${low} AND d <= ${high})"
    return f"{expr} >= ${low}" if low else f"{expr} <= ${high}"


def _keyed_windows(bounds: dict[str, date | None], as_of: date) -> dict[str, list[int]]:
    """The windows whose day-of-year keys narrow the search (graph.query.renewal_keys): those with an upper
    bound, from the later of their lower bound and `as_of`, shorter than a year."""
    keyed: dict[str, list[int]] = {}
    for kind in ("notice_by", "next_renewal"):
        low, high = bounds.get(f"min_{kind}"), bounds.get(f"max_{kind}")
        if high is not None:
            days = renewal_keys.window_days(max(as_of, low) if low is not None else as_of, high)
            if days is not None:
                keyed[kind] = days
    return keyed


def renewal_conditions(renewal_types: tuple[str, ...], bounds: dict[str, date | None],
                       as_of: date, alone: bool = False) -> list[tuple[str, dict[str, Any]]]:
    """(condition, its parameters) pairs for the compiler. `bounds` holds min/max_notice_by and
    min/max_next_renewal. Order: the index-backed tests (a window's day-of-year keys when it is shorter than a
    year and the renewal fields are the filter's only conditions (`alone`), else the existence of the facts it
    needs), then one test on the facts read once: (with an upper bound) the month-index pre-test, then the
    computed date, once for both bounds. With keys, the renewal types are tested so that no index serves them: the
    keys are the narrower start (1M synthetic: 'automatic' is 24% of the contracts, a 90-day window's keys 7%).
    Beside another condition the planner starts from that one's index (the licences of a notice window: the type's
    94,000), and the keys were one more property read per candidate there: 137 -> 194 ms p50 (fix 36)."""
    found: list[tuple[str, dict[str, Any]]] = []
    keyed = _keyed_windows(bounds, as_of) if alone else {}
    for kind, days in keyed.items():
        test, param = renewal_keys.KEY_TESTS[kind]
        found.append((test, {param: days}))
    if renewal_types:
        test = "c.renewal_type IN $renewal_types"
        found.append((f"coalesce({test}, false)" if keyed else test, {"renewal_types": list(renewal_types)}))
    windows = {kind: tuple(n for n in (f"min_{kind}", f"max_{kind}") if bounds.get(n))
               for kind in ("notice_by", "next_renewal")}
    if not (windows["notice_by"] or windows["next_renewal"]):
        return found
    # A key is set only on the contracts these existence tests find, so with keys they are not needed.
    if not keyed:
        found.append((HAS_NOTICE if windows["notice_by"] else RENEWS, {}))
        if windows["notice_by"] and windows["next_renewal"]:
            found.append((RENEWS, {}))
    tests: list[str] = []
    params: dict[str, Any] = {"as_of": as_of}
    for kind, pretest, prefix in (("notice_by", _NOTICE_MONTHS, "notice"),
                                  ("next_renewal", _RENEWAL_MONTHS, "renewal")):
        low, high = bounds.get(f"min_{kind}"), bounds.get(f"max_{kind}")
        if high is not None:  # without an upper bound a rolling contract always has a later term end
            start = max(as_of, low) if low is not None else as_of
            tests.append(f"({pretest})" if pretest.startswith("CASE") else pretest)
            params.update({f"{prefix}_lo_month": _month_index(start), f"{prefix}_hi_month": _month_index(high)})
    for kind, expr in (("notice_by", _NEXT_NOTICE_BY), ("next_renewal", _NEXT_RENEWAL)):
        names = windows[kind]
        if names:
            low = f"min_{kind}" if f"min_{kind}" in names else None
            high = f"max_{kind}" if f"max_{kind}" in names else None
            tests.append(_between(expr, low, high))
            params.update({n: bounds[n] for n in names})
    found.append((holds(" AND ".join(tests)), params))
    return found
