"""The renewal filters: the compiler's Cypher date arithmetic equals graph.query.renewal_dates on random facts,
and filter counts and notice-month groups on the sample equal a Python evaluation of the stored facts."""

from __future__ import annotations

from collections import Counter
from datetime import date, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graph.query import renewal_cypher
from graph.query.renewal_dates import TermFacts, deadlines, from_row
from graph.reads.repository import search_contracts
from graph.server.db import read

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
    # as graph.documents.renewal_facts.SET_FACTS stores it
    term_end = None if row["renewal_type"] == "perpetual" else row["term_end"]
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


PRETESTS = (f"UNWIND $rows AS c RETURN c.i AS i, {renewal_cypher.RENEWAL_MONTHS} AS renewal, "
            f"{renewal_cypher.NOTICE_MONTHS} AS notice ORDER BY i")


def _month(day: date) -> int:
    return day.year * 12 + day.month


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows, st.dates(date(1990, 1, 1), date(2040, 12, 31)), st.integers(0, 400), st.integers(0, 800))
def test_month_pretests_never_drop_a_contract_in_the_window(driver, facts, as_of, start, length):
    """The cheap month-index tests the compiler puts before the date arithmetic are necessary conditions:
    every contract whose next renewal / next notice deadline lies in [low, high] passes them."""
    low, high = as_of + timedelta(days=start), as_of + timedelta(days=start + length)
    maps = [_as_map(i, row) for i, row in enumerate(facts)]
    params = {"rows": maps, "as_of": as_of, "renewal_lo_month": _month(low), "renewal_hi_month": _month(high),
              "notice_lo_month": _month(low), "notice_hi_month": _month(high)}
    got = read(driver, PRETESTS, params)
    for m, row in zip(maps, got, strict=True):
        want = deadlines(from_row(m), as_of)
        if want.next_renewal is not None and low <= want.next_renewal <= high:
            assert row["renewal"] is True, m
        if want.next_notice_by is not None and low <= want.next_notice_by <= high:
            assert row["notice"] is True, m


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


def test_month_pretests_prune(driver):
    """A yearly renewal ending in March and a one-off term ending in March (90 days' notice) cannot fall in a
    July-August window: the pre-tests drop them before any date arithmetic."""
    yearly = {"i": 0, "term_end": date(2015, 3, 15), "renewal_type": "automatic", "renewal_months": 12,
              "renewal_days": None, "notice_months": None, "notice_days": 90, "notice_span_days": 90}
    once = {**yearly, "i": 1, "renewal_type": "none", "term_end": date(2021, 3, 15)}
    july = _month(date(2021, 7, 1))
    got = read(driver, PRETESTS, {"rows": [yearly, once], "renewal_lo_month": july, "renewal_hi_month": july + 1,
                                  "notice_lo_month": july, "notice_hi_month": july + 1})
    assert [(r["renewal"], r["notice"]) for r in got] == [(False, False), (False, False)]
    march = _month(date(2022, 3, 1))
    got = read(driver, PRETESTS, {"rows": [yearly], "renewal_lo_month": march, "renewal_hi_month": march,
                                  "notice_lo_month": march - 3, "notice_hi_month": march - 3})
    assert [(r["renewal"], r["notice"]) for r in got] == [(True, True)]
