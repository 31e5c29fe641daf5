"""The status of a contract on `$as_of` in Cypher: the same states as graph.query.status (the tests compare
the two on random facts, tests/integration/test_status_cypher.py).

The expression reads the contract's facts once, as a map `rf` (graph.query.renewal_cypher explains why),
with `end_date` under the name `term_end` so the renewal arithmetic of graph.query.renewal_cypher (the
current term's end of a rolling contract) is reused as it is. `end_date` is the one reconciled end of the
initial term (graph.store.end_dates); for a contract whose text was read it equals `term_end` (null only
when the text says perpetual, which the status tests first).
"""

from __future__ import annotations

from graph.query import renewal_cypher
from graph.query.renewal_dates import NOTICE_WINDOW_DAYS
from graph.query.status import EXPIRED, IN_FORCE

STATUS_FACTS = ("c {.effective_date, term_end: c.end_date, .renewal_type, .renewal_months, .renewal_days, "
                ".notice_months, .notice_days}")
# The state of the current term, whose end `e` is on or after $as_of (as graph.query.renewal_dates._state).
_TERM_STATE = (
    "CASE WHEN rf.notice_months IS NULL AND rf.notice_days IS NULL THEN 'in_force' "
    f"ELSE head([n IN [e - {renewal_cypher._NOTICE}] | CASE WHEN n < $as_of THEN 'notice_passed' "
    f"WHEN n <= $as_of + duration({{days: {NOTICE_WINDOW_DAYS}}}) THEN 'in_notice_window' ELSE 'in_force' END]) END")
# A null effective date or renewal type makes its test null, so the CASE falls through: an unknown
# effective date counts as started, a contract whose text was never read renews "none".
_STATUS = (
    "CASE WHEN rf.effective_date > $as_of THEN 'not_started' "
    "WHEN rf.renewal_type = 'perpetual' THEN 'perpetual' "
    "WHEN rf.term_end IS NULL THEN 'unknown' "
    f"ELSE head([e IN [CASE WHEN rf.term_end >= $as_of THEN rf.term_end ELSE {renewal_cypher._NEXT_RENEWAL} END] | "
    "CASE WHEN e IS NOT NULL THEN " + _TERM_STATE + " "
    "WHEN rf.renewal_type = 'evergreen' THEN 'perpetual' ELSE 'expired' END]) END")
STATUS = f"head([rf IN [{STATUS_FACTS}] | {_STATUS}])"
IN_FORCE_LIST = "[" + ", ".join(f"'{s}'" for s in IN_FORCE) + "]"
EXPIRED_LIST = "[" + ", ".join(f"'{s}'" for s in EXPIRED) + "]"
# The filter's conditions (values are parameters; the state lists are constants of graph.query.status).
ACTIVE = f"{STATUS} IN {IN_FORCE_LIST}"
INACTIVE = f"{STATUS} IN {EXPIRED_LIST}"
STATUS_IN = f"{STATUS} IN $status"
# The filter's test of a set of states, cheaper than `STATUS IN [...]` and equal to it (tests/integration/
# test_status_cypher.py holds them to graph.query.status on random facts; docs/PERFORMANCE.md, fix 32).
# Most states follow from three facts every contract carries (effective date, renewal type, end date): the
# rough state `COARSE` is one of them, or 'term' when the current term must be worked out. Only 'term'
# contracts evaluate the whole expression, and only when a term state is asked for. The notice states alone are
# tested only on the contracts with a notice period, which its range index finds (renewal_cypher.HAS_NOTICE).
# 100k synthetic contracts, count on the warm server: active 306 -> 169 ms p50, notice states 271 -> 133.
# (`renewal_type IS NULL OR NOT ... IN` rather than `NOT coalesce(... IN ..., false)`: Neo4j 5.26 fails the
# latter beside a `NOT $x IN c.clause_types` with "key not found: Property(c, renewal_type)".)
COARSE = ("CASE WHEN c.effective_date > $as_of THEN 'not_started' WHEN c.renewal_type = 'perpetual' THEN 'perpetual' "
          "WHEN c.end_date IS NULL THEN 'unknown' WHEN c.end_date < $as_of AND "
          "(c.renewal_type IS NULL OR NOT c.renewal_type IN ['automatic', 'evergreen']) THEN 'expired' ELSE 'term' END")
# A 'term' contract is in force (IN_FORCE): rolling or in its initial term, in one of its three term states;
# evergreen without a renewal period after its initial term, perpetual.
NOTICE_STATES = ("in_notice_window", "notice_passed")
# The span in which a contract is in force, stored on it: `in_force_from` (its effective date; 0001-01-01 when
# unknown, which counts as started) and `in_force_until` (9999-12-31 when perpetual or rolling: automatic and
# evergreen contracts are taken to have rolled; null when there is no end date, 'unknown'; else the end date).
# It follows from three facts of the contract alone, so it never depends on the day asked about: in force on D
# (COARSE in IN_FORCE + 'term') is exactly `in_force_from <= D <= in_force_until`, expired exactly
# `in_force_from <= D` and `in_force_until < D` (tests/integration/test_status_cypher.py on random facts), and a
# composite range index counts either without reading the store (1M synthetic: 1.4 s -> 0.1 s, docs/
# PERFORMANCE.md fix 35). Every writer of the three facts re-derives it in the same statement (graph.store.
# end_dates.reconcile, which each of them calls; tests/unit/test_span_writers.py checks that no other
# statement writes them), and databases written before it get it from graph.store.schema's backfill.
OPEN_END = "date('9999-12-31')"
SPAN_FROM = "coalesce(c.effective_date, date('0001-01-01'))"
SPAN_UNTIL = (f"CASE WHEN c.renewal_type = 'perpetual' THEN {OPEN_END} WHEN c.end_date IS NULL THEN null "
              f"WHEN c.renewal_type IN ['automatic', 'evergreen'] THEN {OPEN_END} ELSE c.end_date END")
SET_SPAN = f"c.in_force_from = {SPAN_FROM}, c.in_force_until = {SPAN_UNTIL}"
# Existence first, so the test is false, never null, for a contract with no end (as the other states' tests).
# The seekable form starts from the span's index: for in force alone (422,776 of 1M on 2021-06-30, read from the
# index). Beside another condition the planner took the span's index over a narrower one (contracts of one type)
# and read the other property of every in-force contract from the store, and for expired its range on the end
# alone is as wide, so those are written so that no index can serve them (`coalesce`): the other condition's index
# finds the contracts, and the span is two properties read where the rough state read three (fix 35).
SPAN_IN_FORCE = ("c.in_force_until IS NOT NULL AND c.in_force_from IS NOT NULL AND "
                 "c.in_force_until >= $as_of AND c.in_force_from <= $as_of")
SPAN_IN_FORCE_TEST = "coalesce(c.in_force_from <= $as_of AND c.in_force_until >= $as_of, false)"
SPAN_EXPIRED = "coalesce(c.in_force_from <= $as_of AND c.in_force_until < $as_of, false)"


def states_test(states: tuple[str, ...] | list[str], param: str | None = None, seek: bool = False) -> str:
    """Cypher that is true exactly when the contract's status on $as_of is one of `states` (STATUSES; `param`
    names the parameter that holds them, else they are written out as a literal list). `seek`: the test is the
    filter's only condition, so in force may start from the span's index."""
    states = list(dict.fromkeys(states))
    if set(states) == set(IN_FORCE):  # the stored span decides
        return SPAN_IN_FORCE if seek else SPAN_IN_FORCE_TEST
    if set(states) == set(EXPIRED):
        return SPAN_EXPIRED
    listed = f"${param}" if param else "[" + ", ".join(f"'{s}'" for s in states) + "]"
    if not set(states) & set(IN_FORCE):  # the rough state decides
        return f"{COARSE} IN {listed}"
    if set(IN_FORCE) <= set(states):  # every 'term' contract is in force: the rough state decides too
        return f"{COARSE} IN {listed} + ['term']"
    if set(states) <= set(NOTICE_STATES):  # only contracts with a notice period, found through its index
        return f"{renewal_cypher.HAS_NOTICE} AND {STATUS} IN {listed}"
    # The rough state is bound once (a one-element list, as `rf` binds the facts).
    return f"head([rough IN [{COARSE}] | CASE rough WHEN 'term' THEN {STATUS} IN {listed} ELSE rough IN {listed} END])"


# Two end dates of the initial term, from the text and pre-extracted, both known and different.
END_DATE_DISAGREES = ("c.end_date_text IS NOT NULL AND c.end_date_extracted IS NOT NULL "
                      "AND c.end_date_text <> c.end_date_extracted")
END_DATE_AGREES = "c.end_date_text = c.end_date_extracted"
