"""The renewal filters' Cypher: a contract's next renewal and next notice deadline as of `$as_of`, computed
from its stored term facts (graph.renewal_facts) by the rules of graph.renewal_dates, which the tests
hold these expressions to (tests/integration/test_renewal_filters.py compares them on random facts).

Term k ends at term_end + k x renewal from the one anchor; the first k ending on or after a date is the
whole months (or days) elapsed divided by the renewal length, or one more, so two candidates settle it
(three for a notice deadline: subtracting a notice in months can clamp). Neo4j's date + duration clamps a
month-end like graph.renewal_dates.add_months. Conditions start with tests on range-indexed properties
(`notice_span_days` exists only for contracts with a notice period, `renewal_type`), so the planner can
seek the few contracts that have a deadline instead of computing one for every contract.
"""

from __future__ import annotations

from datetime import date
from typing import Any

ROLLING_TYPES = "['automatic', 'evergreen']"
ROLLING = ("(c.renewal_type = 'automatic' OR (c.renewal_type = 'evergreen' "
           "AND coalesce(c.renewal_months, c.renewal_days) IS NOT NULL))")
_BY_DAYS = "c.renewal_months IS NULL AND c.renewal_days IS NOT NULL"
_MONTHS = "coalesce(c.renewal_months, 12)"
_NOTICE = "duration({months: coalesce(c.notice_months, 0), days: coalesce(c.notice_days, 0)})"


def _end(k: str) -> str:
    """End of term k."""
    return (f"CASE WHEN {_BY_DAYS} THEN c.term_end + duration({{days: {k} * c.renewal_days}}) "
            f"ELSE c.term_end + duration({{months: {k} * {_MONTHS}}}) END")


def _first_k(at: str) -> str:
    """Whole renewals between the initial end and `at` (at most one short of the first term ending on or
    after `at`)."""
    return (f"CASE WHEN c.term_end >= {at} THEN 0 WHEN {_BY_DAYS} THEN "
            f"duration.inDays(c.term_end, {at}).days / c.renewal_days "
            f"ELSE ((({at}).year - c.term_end.year) * 12 + ({at}).month - c.term_end.month) / {_MONTHS} END")


NEXT_RENEWAL = (f"CASE WHEN c.term_end IS NOT NULL AND {ROLLING} THEN head([k0 IN [{_first_k('$as_of')}] | "
                f"head([e IN [k IN range(k0, k0 + 1) | {_end('k')}] WHERE e >= $as_of])]) END")
NEXT_NOTICE_BY = (
    f"CASE WHEN c.term_end IS NULL OR c.notice_span_days IS NULL THEN null "
    f"WHEN NOT {ROLLING} THEN CASE WHEN c.term_end - {_NOTICE} >= $as_of THEN c.term_end - {_NOTICE} END "
    f"ELSE head([k1 IN [{_first_k('$as_of + ' + _NOTICE)}] | "
    f"head([d IN [k IN range(CASE WHEN k1 > 0 THEN k1 - 1 ELSE 0 END, k1 + 1) | ({_end('k')}) - {_NOTICE}] "
    f"WHERE d >= $as_of])]) END")
HAS_NOTICE = "c.notice_span_days IS NOT NULL"
RENEWS = f"c.renewal_type IN {ROLLING_TYPES}"
# group_by -> key expression (the compiler adds $as_of when the key needs it)
GROUP_KEYS = {"notice_month": f"substring(toString({NEXT_NOTICE_BY}), 0, 7)", "renewal_type": "c.renewal_type"}
AS_OF_KEYS = frozenset({"notice_month"})


def renewal_conditions(renewal_types: tuple[str, ...], bounds: dict[str, date | None],
                       as_of: date) -> list[tuple[str, str, Any]]:
    """(param, condition, value) triples for the compiler. `bounds` holds min/max_notice_by and
    min/max_next_renewal; the index-backed existence test comes before the computed date."""
    found: list[tuple[str, str, Any]] = []
    if renewal_types:
        found.append(("renewal_types", "c.renewal_type IN $renewal_types", list(renewal_types)))
    notice = [(n, op) for n, op in (("min_notice_by", ">="), ("max_notice_by", "<=")) if bounds.get(n)]
    renewal = [(n, op) for n, op in (("min_next_renewal", ">="), ("max_next_renewal", "<=")) if bounds.get(n)]
    if notice or renewal:
        found.append(("as_of", HAS_NOTICE if notice else RENEWS, as_of))
    if notice and renewal:
        found.append(("", RENEWS, None))
    for name, op in notice:
        found.append((name, f"{NEXT_NOTICE_BY} {op} ${name}", bounds[name]))
    for name, op in renewal:
        found.append((name, f"{NEXT_RENEWAL} {op} ${name}", bounds[name]))
    return found
