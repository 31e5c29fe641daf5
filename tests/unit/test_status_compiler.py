"""Exact Cypher of the status conditions (`active`, `status`, `end_date_disagrees`), the `status` group key
and the search row's status column (the expression is checked against graph.query.status on a real server in
tests/integration/test_status_cypher.py)."""

from __future__ import annotations

import typing
from datetime import date

import pytest

from core.errors import FilterValidationError
from graph.query.compiler import GROUP_KEYS, compile_aggregation, compile_count, compile_match, compile_search
from graph.query.filters import ContractFilter, parse_filter
from graph.query.paging import compile_page
from graph.query.renewal_cypher import _NEXT_RENEWAL
from graph.query.status import STATUSES
from graph.query.status_cypher import STATUS

TODAY = date(2024, 6, 30)
HEAD = "MATCH (c:Contract)"
STATUS_FACTS = ("c {.effective_date, term_end: c.end_date, .renewal_type, .renewal_months, .renewal_days, "
                ".notice_months, .notice_days}")
TERM_STATE = ("CASE WHEN rf.notice_months IS NULL AND rf.notice_days IS NULL THEN 'in_force' "
              "ELSE head([n IN [e - duration({months: coalesce(rf.notice_months, 0), days: "
              "coalesce(rf.notice_days, 0)})] | CASE WHEN n < $as_of THEN 'notice_passed' "
              "WHEN n <= $as_of + duration({days: 90}) THEN 'in_notice_window' ELSE 'in_force' END]) END")
EXPECTED_STATUS = (
    f"head([rf IN [{STATUS_FACTS}] | "
    "CASE WHEN rf.effective_date > $as_of THEN 'not_started' "
    "WHEN rf.renewal_type = 'perpetual' THEN 'perpetual' "
    "WHEN rf.term_end IS NULL THEN 'unknown' "
    f"ELSE head([e IN [CASE WHEN rf.term_end >= $as_of THEN rf.term_end ELSE {_NEXT_RENEWAL} END] | "
    f"CASE WHEN e IS NOT NULL THEN {TERM_STATE} "
    "WHEN rf.renewal_type = 'evergreen' THEN 'perpetual' ELSE 'expired' END]) END])")


# The filter's cheaper test of states (graph.query.status_cypher.states_test): the rough state from three facts.
COARSE = ("CASE WHEN c.effective_date > $as_of THEN 'not_started' WHEN c.renewal_type = 'perpetual' THEN 'perpetual' "
          "WHEN c.end_date IS NULL THEN 'unknown' WHEN c.end_date < $as_of AND "
          "(c.renewal_type IS NULL OR NOT c.renewal_type IN ['automatic', 'evergreen']) THEN 'expired' ELSE 'term' END")
IN_FORCE = "['in_force', 'in_notice_window', 'notice_passed', 'perpetual']"
# In force / expired exactly: the stored span (status_cypher.SET_SPAN); in force alone through its composite index,
# beside another condition (and expired always) in a form no index serves.
SPAN_IN_FORCE = ("c.in_force_until IS NOT NULL AND c.in_force_from IS NOT NULL AND "
                 "c.in_force_until >= $as_of AND c.in_force_from <= $as_of")
SPAN_IN_FORCE_TEST = "coalesce(c.in_force_from <= $as_of AND c.in_force_until >= $as_of, false)"
SPAN_EXPIRED = "coalesce(c.in_force_from <= $as_of AND c.in_force_until < $as_of, false)"


def where(data: dict) -> tuple[str, dict]:
    q = compile_match(parse_filter(data), TODAY)
    return q.cypher, q.params


def test_the_status_expression_reads_the_facts_once_with_end_date_as_the_term_end() -> None:
    assert STATUS == EXPECTED_STATUS
    # The rolling term's end is the renewal filters' own arithmetic over the same map.
    assert _NEXT_RENEWAL.startswith("CASE WHEN rf.term_end IS NOT NULL AND (rf.renewal_type = 'automatic' OR ")


def test_active_true_is_in_force_on_as_of() -> None:
    assert where({"active": True}) == (f"{HEAD}\nWHERE {SPAN_IN_FORCE}", {"as_of": TODAY})
    assert where({"active": True, "as_of": "2019-01-01"})[1] == {"as_of": date(2019, 1, 1)}
    # Paging, sorting and grouping select nothing: still alone. Any other condition: the test without the index.
    assert where({"active": True, "sort_by": "end_date", "limit": 5, "group_by": "contract_type"})[0] == (
        f"{HEAD}\nWHERE {SPAN_IN_FORCE}")
    assert where({"active": True, "contract_types": ["License"]})[0] == (
        f"{HEAD}\nWHERE c.contract_type IN $contract_types\n  AND {SPAN_IN_FORCE_TEST}")
    assert where({"active": True, "has_end_date": True})[0] == (
        f"{HEAD}\nWHERE {SPAN_IN_FORCE_TEST}\n  AND c.end_date IS NOT NULL")


def test_a_page_of_in_force_contracts_walks_its_sort_key_and_only_the_count_seeks_the_span() -> None:
    f = parse_filter({"active": True, "sort_by": "end_date", "limit": 5})
    assert compile_count(f, TODAY).cypher == f"{HEAD}\nWHERE {SPAN_IN_FORCE}\nRETURN count(c) AS total_count"
    page = compile_search(f, TODAY).cypher
    assert SPAN_IN_FORCE not in page and page.count(SPAN_IN_FORCE_TEST) == 3  # with key, without, and enough


def test_active_false_is_expired_on_as_of() -> None:
    assert where({"active": False, "as_of": "1998-06-30"}) == (
        f"{HEAD}\nWHERE {SPAN_EXPIRED}", {"as_of": date(1998, 6, 30)})
    # The same test for the same set of states, asked by name (the list in any order, repeats aside).
    assert where({"status": ["expired"], "as_of": "1998-06-30"})[0] == f"{HEAD}\nWHERE {SPAN_EXPIRED}"
    assert where({"status": ["perpetual", "in_force", "notice_passed", "in_notice_window", "in_force"]})[0] == (
        f"{HEAD}\nWHERE {SPAN_IN_FORCE}")


def test_status_is_a_list_of_states_any_of_them() -> None:
    assert where({"status": ["unknown", "not_started", "unknown"]}) == (
        f"{HEAD}\nWHERE {COARSE} IN $status", {"status": ["unknown", "not_started"], "as_of": TODAY})
    q = compile_count(parse_filter({"status": ["expired"], "active": True, "contract_types": ["IP"]}), TODAY)
    assert q.cypher == (f"{HEAD}\nWHERE c.contract_type IN $contract_types\n  AND {SPAN_IN_FORCE_TEST}\n"
                        f"  AND {SPAN_EXPIRED}\nRETURN count(c) AS total_count")
    assert q.params == {"contract_types": ["IP"], "as_of": TODAY, "status": ["expired"]}
    q = compile_count(parse_filter({"status": ["not_started", "expired"], "active": True}), TODAY)
    assert q.cypher == f"{HEAD}\nWHERE {SPAN_IN_FORCE_TEST}\n  AND {COARSE} IN $status\nRETURN count(c) AS total_count"


def test_term_states_compute_the_whole_status_only_for_term_contracts() -> None:
    # The notice states alone: only contracts with a notice period (range-indexed), then the whole status.
    assert where({"status": ["notice_passed", "in_notice_window"], "as_of": "2021-06-30"}) == (
        f"{HEAD}\nWHERE c.notice_span_days IS NOT NULL AND {EXPECTED_STATUS} IN $status",
        {"status": ["notice_passed", "in_notice_window"], "as_of": date(2021, 6, 30)})
    # Any other term state: the rough state, and the whole status only when it is 'term'.
    assert where({"status": ["perpetual", "expired"]})[0] == (
        f"{HEAD}\nWHERE head([rough IN [{COARSE}] | CASE rough WHEN 'term' THEN {EXPECTED_STATUS} IN $status "
        "ELSE rough IN $status END])")


def test_an_unknown_status_is_refused_naming_the_field() -> None:
    with pytest.raises(FilterValidationError) as e:
        parse_filter({"status": ["active"]})
    assert e.value.field == "status.0"


def test_the_filter_states_are_the_functions_states() -> None:
    hint = typing.get_type_hints(ContractFilter)["status"]
    assert typing.get_args(typing.get_args(hint)[0]) == STATUSES


@pytest.mark.parametrize(("value", "expr"), [
    (True, "c.end_date_text IS NOT NULL AND c.end_date_extracted IS NOT NULL "
           "AND c.end_date_text <> c.end_date_extracted"),
    (False, "c.end_date_text = c.end_date_extracted"),
])
def test_end_date_disagrees(value: bool, expr: str) -> None:
    assert where({"end_date_disagrees": value}) == (f"{HEAD}\nWHERE {expr}", {})


def test_status_group_key_reads_as_of() -> None:
    assert GROUP_KEYS["status"] == ("", EXPECTED_STATUS)
    q = compile_aggregation(parse_filter({"group_by": "status", "as_of": "2012-01-01"}), TODAY)
    assert q is not None
    assert q.cypher == (f"{HEAD}\nWITH c, {EXPECTED_STATUS} AS key\nWHERE key IS NOT NULL\n"
                        "WITH key, count(c) AS value\nWHERE value IS NOT NULL\n"
                        "RETURN key, value\nORDER BY value DESC, key ASC\nLIMIT $agg_limit")
    assert q.params == {"agg_limit": 20, "as_of": date(2012, 1, 1)}


@pytest.mark.parametrize("data", [{}, {"parties": ["acme"]}, {"as_of": "2012-01-01"}])
def test_every_page_returns_the_status_and_end_date_columns_with_as_of(data: dict) -> None:
    """The rows carry the facts the status is computed from in Python (graph.query.status.row_fields), not the
    status expression (it doubled the planning of a new page statement)."""
    f = parse_filter(data)
    search, page = compile_search(f, TODAY), compile_page(f, TODAY)
    assert ("c.end_date_source AS end_date_source,\n       toString(c.end_date_extracted) AS end_date_extracted,\n"
            "       toString(c.end_date_text) AS end_date_text,\n"
            "       c.renewal_type AS renewal_type,\n       c.renewal_months AS renewal_months,\n"
            "       c.renewal_days AS renewal_days,\n       c.notice_months AS notice_months,\n"
            "       c.notice_days AS notice_days,") in search.cypher
    # The page statement returns the same columns, one map per contract.
    assert ("end_date_source: c.end_date_source,\n   end_date_extracted: toString(c.end_date_extracted),\n"
            "   end_date_text: toString(c.end_date_text),\n"
            "   renewal_type: c.renewal_type,\n   renewal_months: c.renewal_months,\n"
            "   renewal_days: c.renewal_days,\n   notice_months: c.notice_months,\n"
            "   notice_days: c.notice_days,") in page.cypher
    assert EXPECTED_STATUS not in search.cypher and EXPECTED_STATUS not in page.cypher
    for q in (search, page):
        assert q.params["as_of"] == (f.as_of or TODAY)
