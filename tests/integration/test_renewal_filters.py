"""The renewal filters: the compiler's Cypher date arithmetic equals graph.renewal_dates on random facts,
and filter counts and notice-month groups on the sample equal a Python evaluation of the stored facts."""

from __future__ import annotations

from collections import Counter
from datetime import date, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graph import renewal_cypher
from graph.db import read
from graph.renewal_dates import TermFacts, deadlines, from_row
from graph.repository import search_contracts

EXPRESSIONS = (f"UNWIND $rows AS c RETURN c.i AS i, {renewal_cypher.NEXT_RENEWAL} AS next_renewal, "
               f"{renewal_cypher.NEXT_NOTICE_BY} AS next_notice_by ORDER BY i")
STORED = """
MATCH (c:Contract) WHERE c.renewal_version IS NOT NULL
RETURN c.file_id AS file_id, c.renewal_type AS renewal_type, c.term_end AS term_end,
       c.renewal_months AS renewal_months, c.renewal_days AS renewal_days,
       c.notice_months AS notice_months, c.notice_days AS notice_days
"""

ends = st.one_of(st.dates(date(1990, 1, 1), date(2035, 12, 31)),
                 st.builds(lambda y, m: (date(y, m, 28) + timedelta(days=4)).replace(day=1) - timedelta(days=1),
                           st.integers(1995, 2030), st.integers(1, 12)),
                 st.sampled_from([date(2020, 2, 29), date(2016, 2, 29)]))
span_pairs = st.one_of(st.just((None, None)), st.tuples(st.integers(1, 60), st.none()),
                       st.tuples(st.none(), st.integers(7, 800)))
notice_pairs = st.one_of(st.just((None, None)), st.tuples(st.integers(1, 24), st.none()),
                         st.tuples(st.none(), st.integers(1, 365)))
rows = st.lists(st.fixed_dictionaries({
    "term_end": st.one_of(st.none(), ends),
    "renewal_type": st.sampled_from(["none", "automatic", "option", "evergreen", "perpetual"]),
    "renewal": span_pairs, "notice": notice_pairs}), min_size=1, max_size=40)


def _as_map(i: int, row: dict) -> dict:
    (rm, rd), (nm, nd) = row["renewal"], row["notice"]
    term_end = None if row["renewal_type"] == "perpetual" else row["term_end"]  # graph.renewal_facts.SET_FACTS
    return {"i": i, "term_end": term_end, "renewal_type": row["renewal_type"], "renewal_months": rm,
            "renewal_days": rd, "notice_months": nm, "notice_days": nd,
            "notice_span_days": (nm or 0) * 30 + (nd or 0) if (nm or nd) else None}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows, st.dates(date(1990, 1, 1), date(2050, 12, 31)))
def test_cypher_date_arithmetic_equals_the_maths(driver, facts, as_of):
    maps = [_as_map(i, row) for i, row in enumerate(facts)]
    got = read(driver, EXPRESSIONS, {"rows": maps, "as_of": as_of})
    for m, row in zip(maps, got, strict=True):
        want = deadlines(from_row(m), as_of)
        assert (_d(row["next_renewal"]), _d(row["next_notice_by"])) == (want.next_renewal, want.next_notice_by), m


def _d(value):
    return value.to_native() if value is not None else None


@pytest.fixture(scope="module")
def stored(driver) -> dict[str, TermFacts]:
    found = {row["file_id"]: from_row(row) for row in read(driver, STORED)}
    assert len(found) == 510, "run `python -m ingest renewals` (or load-texts) first"
    return found


AS_OF = date(2012, 6, 1)
CASES = [
    {"renewal_types": ["automatic"]},
    {"renewal_types": ["option", "perpetual"]},
    {"max_notice_by": "2012-12-31"},
    {"min_notice_by": "2013-01-01", "max_notice_by": "2013-06-30"},
    {"max_next_renewal": "2012-08-30"},
    {"min_next_renewal": "2013-01-01", "max_notice_by": "2013-12-31"},
    {"renewal_types": ["evergreen", "automatic"], "max_notice_by": "2014-01-01", "contract_types": ["Distributor"]},
]


def _expected(facts: dict[str, TermFacts], case: dict) -> set[str]:
    out = set()
    for file_id, f in facts.items():
        d = deadlines(f, AS_OF)
        checks = [not case.get("renewal_types") or f.renewal_type in case["renewal_types"]]
        for key, value in (("min_notice_by", d.next_notice_by), ("max_notice_by", d.next_notice_by),
                           ("min_next_renewal", d.next_renewal), ("max_next_renewal", d.next_renewal)):
            if key in case:
                bound = date.fromisoformat(case[key])
                checks.append(value is not None and (value >= bound if key.startswith("min") else value <= bound))
        if all(checks):
            out.add(file_id)
    return out


@pytest.mark.parametrize("case", CASES)
def test_counts_equal_the_python_evaluation(driver, stored, case):
    result = search_contracts(driver, {**case, "as_of": AS_OF.isoformat(), "limit": 500})
    expected = _expected(stored, case)
    if "contract_types" in case:
        typed = {r["file_id"] for r in read(driver, "MATCH (c:Contract) WHERE c.contract_type IN $t "
                                                    "RETURN c.file_id AS file_id", {"t": case["contract_types"]})}
        expected &= typed
    assert result.total_count == len(expected)
    assert {c["file_id"] for c in result.contracts} == expected


def test_notice_month_groups_equal_the_python_evaluation(driver, stored):
    result = search_contracts(driver, {"as_of": AS_OF.isoformat(), "group_by": "notice_month", "agg_limit": 500,
                                       "limit": 0})
    months = Counter(d.next_notice_by.isoformat()[:7] for d in (deadlines(f, AS_OF) for f in stored.values())
                     if d.next_notice_by is not None)
    assert {row["key"]: row["value"] for row in result.aggregation} == dict(months)
    assert sum(months.values()) > 20  # the sample has notice deadlines to group


def test_renewal_type_groups(driver, stored):
    result = search_contracts(driver, {"group_by": "renewal_type", "limit": 0})
    assert {row["key"]: row["value"] for row in result.aggregation} == dict(
        Counter(f.renewal_type for f in stored.values()))
