"""Exact Cypher of the renewal filters and group keys (their date arithmetic is checked against
graph.query.renewal_dates on a real server in tests/integration/test_renewal_filters.py)."""

from __future__ import annotations

from datetime import date

import pytest

from core.errors import FilterValidationError
from graph.query.compiler import compile_aggregation, compile_count
from graph.query.filters import parse_filter
from graph.query.renewal_cypher import (
    _NEXT_NOTICE_BY,
    _NEXT_RENEWAL,
    _NOTICE_MONTHS,
    _RENEWAL_MONTHS,
    NEXT_NOTICE_BY,
    NOTICE_MONTHS,
    RENEWAL_MONTHS,
    facts,
    holds,
)

TODAY = date(2024, 5, 1)
NOTICE_BY, NEXT_RENEWAL_RF = _NEXT_NOTICE_BY, _NEXT_RENEWAL
NOTICE_PRETEST, RENEWAL_PRETEST = _NOTICE_MONTHS, _RENEWAL_MONTHS
FACTS = "c {.term_end, .renewal_type, .renewal_months, .renewal_days, .notice_months, .notice_days}"
RENEWAL_FACTS = "c {.term_end, .renewal_type, .renewal_months, .renewal_days}"


def test_a_window_shorter_than_a_year_starts_from_its_days_of_the_year():
    q = compile_count(parse_filter({"renewal_types": ["automatic", "automatic", "evergreen"],
                                    "min_notice_by": "2024-06-01", "max_notice_by": "2024-08-31"}), TODAY)
    # The types are tested so that no index serves them: the keys' index is where the search starts.
    assert q.cypher == ("MATCH (c:Contract)\n"
                        "WHERE c.notice_doy IN $notice_doys\n"
                        "  AND coalesce(c.renewal_type IN $renewal_types, false)\n"
                        f"  AND any(rf IN [{FACTS}] WHERE ({NOTICE_PRETEST}) AND "
                        f"any(d IN [{NOTICE_BY}] WHERE d >= $min_notice_by AND d <= $max_notice_by))\n"
                        "RETURN count(c) AS total_count")
    # The keys: 0 (irregular) and June 1 - 7 days (day 146 of a leap year) .. Aug 31 + 7 days (251).
    assert q.params["notice_doys"] == [0, *range(146, 252)]
    assert {k: v for k, v in q.params.items() if k != "notice_doys"} == {
        "renewal_types": ["automatic", "evergreen"], "as_of": TODAY,
        "notice_lo_month": 2024 * 12 + 6, "notice_hi_month": 2024 * 12 + 8,
        "min_notice_by": date(2024, 6, 1), "max_notice_by": date(2024, 8, 31)}


def test_a_window_beside_another_condition_starts_from_that_conditions_index():
    """The licences of a notice window: the type's index is where the planner starts, so the keys would only be
    one more property read per licence."""
    q = compile_count(parse_filter({"contract_types": ["License"], "min_notice_by": "2024-06-01",
                                    "max_notice_by": "2024-08-31"}), TODAY)
    assert q.cypher == ("MATCH (c:Contract)\n"
                        "WHERE c.contract_type IN $contract_types\n"
                        "  AND c.notice_span_days IS NOT NULL\n"
                        f"  AND any(rf IN [{FACTS}] WHERE ({NOTICE_PRETEST}) AND "
                        f"any(d IN [{NOTICE_BY}] WHERE d >= $min_notice_by AND d <= $max_notice_by))\n"
                        "RETURN count(c) AS total_count")
    assert "notice_doys" not in q.params


def test_notice_bounds_a_year_apart_start_from_the_indexed_existence_test():
    q = compile_count(parse_filter({"renewal_types": ["automatic", "automatic", "evergreen"],
                                    "min_notice_by": "2024-06-01", "max_notice_by": "2025-05-25"}), TODAY)
    assert q.cypher == ("MATCH (c:Contract)\n"
                        "WHERE c.renewal_type IN $renewal_types\n"
                        "  AND c.notice_span_days IS NOT NULL\n"
                        f"  AND any(rf IN [{FACTS}] WHERE ({NOTICE_PRETEST}) AND "
                        f"any(d IN [{NOTICE_BY}] WHERE d >= $min_notice_by AND d <= $max_notice_by))\n"
                        "RETURN count(c) AS total_count")
    # The pre-test's month indexes (year x 12 + month) of the window, which starts no earlier than as_of.
    assert q.params == {"renewal_types": ["automatic", "evergreen"], "as_of": TODAY,
                        "notice_lo_month": 2024 * 12 + 6, "notice_hi_month": 2025 * 12 + 5,
                        "min_notice_by": date(2024, 6, 1), "max_notice_by": date(2025, 5, 25)}
    assert NOTICE_PRETEST.startswith("CASE WHEN NOT (rf.renewal_type = 'automatic' OR ")
    assert "($notice_lo_month + coalesce(rf.notice_months, 0) + coalesce(rf.notice_days, 0) / 31)" in NOTICE_PRETEST
    assert RENEWAL_PRETEST == ("(rf.renewal_months IS NULL AND rf.renewal_days IS NOT NULL OR (CASE WHEN "
                               "(rf.term_end.year * 12 + rf.term_end.month) >= $renewal_lo_month THEN "
                               "(rf.term_end.year * 12 + rf.term_end.month) ELSE (rf.term_end.year * 12 + "
                               "rf.term_end.month) + (($renewal_lo_month - (rf.term_end.year * 12 + rf.term_end.month) "
                               "+ coalesce(rf.renewal_months, 12) - 1) / coalesce(rf.renewal_months, 12)) * "
                               "coalesce(rf.renewal_months, 12) END) <= $renewal_hi_month)")
    # The facts are read once per contract (a map), not at every use in the arithmetic, and only those read.
    assert facts(NOTICE_BY) == FACTS and facts(NEXT_RENEWAL_RF) == RENEWAL_FACTS
    assert facts(RENEWAL_PRETEST) == "c {.term_end, .renewal_months, .renewal_days}"
    assert holds(NOTICE_PRETEST) == NOTICE_MONTHS and holds(RENEWAL_PRETEST) == RENEWAL_MONTHS
    assert f"head([rf IN [{FACTS}] | {NOTICE_BY}])" == NEXT_NOTICE_BY
    assert "c." not in NOTICE_BY + NEXT_RENEWAL_RF + NOTICE_PRETEST + RENEWAL_PRETEST


def test_next_renewal_with_notice_and_explicit_as_of():
    q = compile_count(parse_filter({"as_of": "2020-01-01", "max_next_renewal": "2020-03-31",
                                    "max_notice_by": "2020-02-01"}), TODAY)
    assert q.cypher == ("MATCH (c:Contract)\n"
                        "WHERE c.notice_doy IN $notice_doys\n"
                        "  AND c.renewal_doy IN $renewal_doys\n"
                        f"  AND any(rf IN [{FACTS}] WHERE ({NOTICE_PRETEST}) AND {RENEWAL_PRETEST} "
                        f"AND {NOTICE_BY} <= $max_notice_by AND {NEXT_RENEWAL_RF} <= $max_next_renewal)\n"
                        "RETURN count(c) AS total_count")
    # 2020-01-01 - 7 days crosses the year: Dec 25 .. Dec 31 are days 360 .. 366.
    assert q.params == {"notice_doys": [0, *range(1, 40), *range(360, 367)],
                        "renewal_doys": [0, *range(1, 99), *range(360, 367)],
                        "as_of": date(2020, 1, 1), "notice_lo_month": 2020 * 12 + 1, "notice_hi_month": 2020 * 12 + 2,
                        "renewal_lo_month": 2020 * 12 + 1, "renewal_hi_month": 2020 * 12 + 3,
                        "max_notice_by": date(2020, 2, 1), "max_next_renewal": date(2020, 3, 31)}


def test_next_renewal_alone():
    q = compile_count(parse_filter({"min_next_renewal": "2024-05-01"}), TODAY)
    assert q.cypher == ("MATCH (c:Contract)\nWHERE c.renewal_type IN ['automatic', 'evergreen']\n"
                        f"  AND any(rf IN [{RENEWAL_FACTS}] WHERE {NEXT_RENEWAL_RF} >= $min_next_renewal)\n"
                        "RETURN count(c) AS total_count")


def test_group_keys():
    q = compile_aggregation(parse_filter({"group_by": "notice_month", "as_of": "2024-01-01"}), TODAY)
    assert q.cypher == ("MATCH (c:Contract)\nWHERE c.notice_span_days IS NOT NULL\n"
                        f"WITH c, substring(toString({NEXT_NOTICE_BY}), 0, 7) AS key\n"
                        "WHERE key IS NOT NULL\nWITH key, count(c) AS value\nWHERE value IS NOT NULL\n"
                        "RETURN key, value\nORDER BY value DESC, key ASC\nLIMIT $agg_limit")
    assert q.params == {"agg_limit": 20, "as_of": date(2024, 1, 1)}
    q = compile_aggregation(parse_filter({"group_by": "renewal_type", "metric": "sum_amount"}), TODAY)
    assert q.cypher.startswith("MATCH (c:Contract)\nWHERE c.total_amount IS NOT NULL AND c.currency = $currency\n"
                               "WITH c, c.renewal_type AS key\n")
    assert "as_of" not in q.params


@pytest.mark.parametrize("raw, field", [
    ({"renewal_types": ["sometimes"]}, "renewal_types"),
    ({"min_notice_by": "2024-02-01", "max_notice_by": "2024-01-01"}, None),
    ({"max_next_renewal": "soon"}, "max_next_renewal"),
])
def test_invalid_values_name_the_field(raw, field):
    with pytest.raises(FilterValidationError) as e:
        parse_filter(raw)
    assert (field or "min_notice_by") in str(e.value)


def test_the_agents_contract_search_tool_exposes_the_renewal_fields():
    from agent.tools import ContractSearchArgs

    schema = ContractSearchArgs.model_json_schema()
    props = schema["properties"]
    for name in ("renewal_types", "min_notice_by", "max_notice_by", "min_next_renewal", "max_next_renewal"):
        assert name in props and props[name]["description"]
    group_by = next(x for x in props["group_by"]["anyOf"] if "enum" in x or "$ref" in x)
    enum = group_by.get("enum") or schema["$defs"][group_by["$ref"].split("/")[-1]]["enum"]
    assert {"notice_month", "renewal_type"} <= set(enum)
