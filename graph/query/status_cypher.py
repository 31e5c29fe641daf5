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
# Two end dates of the initial term, from the text and pre-extracted, both known and different.
END_DATE_DISAGREES = ("c.end_date_text IS NOT NULL AND c.end_date_extracted IS NOT NULL "
                      "AND c.end_date_text <> c.end_date_extracted")
END_DATE_AGREES = "c.end_date_text = c.end_date_extracted"
