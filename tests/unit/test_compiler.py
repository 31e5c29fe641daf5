"""Exact Cypher and parameters for every filter field and operator (one test each)."""

from __future__ import annotations

from datetime import date

import pytest

from graph.query.compiler import (
    GROUP_KEYS,
    compile_aggregation,
    compile_count,
    compile_match,
    compile_search,
    lucene_query,
)
from graph.query.filters import parse_filter

TODAY = date(2024, 6, 30)
HEAD = "MATCH (c:Contract)"


def where(data: dict) -> tuple[str, dict]:
    q = compile_match(parse_filter(data), TODAY)
    return q.cypher, q.params


def test_empty_filter_is_a_label_scan() -> None:
    assert where({}) == (HEAD, {})


def test_within_restricts_to_file_ids_as_a_parameter() -> None:
    f = parse_filter({"contract_types": ["IP"]})
    q = compile_match(f, TODAY, within=["a", "b'c"])
    assert (q.cypher, q.params) == (f"{HEAD}\nWHERE c.contract_type IN $contract_types\n  AND c.file_id IN $within",
                                    {"contract_types": ["IP"], "within": ["a", "b'c"]})
    assert compile_count(f, TODAY, within=["a"]).cypher == (
        f"{HEAD}\nWHERE c.contract_type IN $contract_types\n  AND c.file_id IN $within\nRETURN count(c) AS total_count")
    # Even the unfiltered party ranking reads only the given contracts, not the stored counts.
    agg = compile_aggregation(parse_filter({"group_by": "party"}), TODAY, within=["a"])
    assert agg is not None and agg.cypher.startswith(f"{HEAD}\nWHERE c.file_id IN $within\nMATCH (c)<-[:PARTY_TO]")


@pytest.mark.parametrize(("field", "expr"), [
    ("min_effective_date", "c.effective_date >= $min_effective_date"),
    ("max_effective_date", "c.effective_date <= $max_effective_date"),
    ("min_end_date", "c.end_date >= $min_end_date"),
    ("max_end_date", "c.end_date <= $max_end_date"),
])
def test_date_bounds(field: str, expr: str) -> None:
    assert where({field: "2020-02-29"}) == (f"{HEAD}\nWHERE {expr}", {field: date(2020, 2, 29)})


def test_contract_types_or() -> None:
    assert where({"contract_types": ["supply", "Service"]}) == (
        f"{HEAD}\nWHERE c.contract_type IN $contract_types", {"contract_types": ["Supply", "Service"]})


def test_parties_and_case_insensitive() -> None:
    # Each fragment tests the contract's stored party names (TEXT-indexed): no walk through its parties.
    cypher, params = where({"parties": ["Honeywell", "GARRETT  Motion"]})
    # The longest fragment first, the only one written so that the TEXT index can serve it.
    assert cypher == (f"{HEAD}\nWHERE c.party_text CONTAINS $party_1\n"
                      "  AND coalesce(c.party_text, '') CONTAINS $party_0")
    assert params == {"party_0": "honeywell", "party_1": "garrett motion"}


def test_party_fragments_come_before_contract_conditions_and_related_ones_last() -> None:
    cypher, params = where({"parties": ["acme"], "contract_types": ["Supply"], "clause_types": ["Audit Rights"]})
    assert cypher == (f"{HEAD}\nWHERE c.party_text CONTAINS $party_0\n  AND c.contract_type IN $contract_types\n"
                      "  AND c:HasAuditRights")
    assert params == {"party_0": "acme", "contract_types": ["Supply"]}


def test_party_country() -> None:
    # A party country is a label on the contract (graph.query.list_labels), named from the vocabulary: no parameter,
    # and a lower-case code is normalised before it names the label.
    assert where({"party_country": "gb"}) == (f"{HEAD}\nWHERE c:PartyInGB", {})


def test_party_country_beside_another_anchor_tests_the_label() -> None:
    cypher, params = where({"parties": ["acme"], "party_country": "DE", "clause_types": ["Audit Rights"]})
    assert cypher == f"{HEAD}\nWHERE c.party_text CONTAINS $party_0\n  AND c:PartyInDE\n  AND c:HasAuditRights"
    assert params == {"party_0": "acme"}


def test_governing_law_country_and_state() -> None:
    # The contract's jurisdiction is stored on it under range indexes (graph.store.prepare, graph.store.schema).
    assert where({"governing_law_country": "US", "governing_law_state": "Delaware"}) == (
        f"{HEAD}\nWHERE c.governing_law_country = $governing_law_country\n"
        "  AND c.governing_law_state = $governing_law_state",
        {"governing_law_country": "US", "governing_law_state": "DE"})


def test_governing_law_state_alone() -> None:
    assert where({"governing_law_state": "ny"}) == (
        f"{HEAD}\nWHERE c.governing_law_state = $governing_law_state", {"governing_law_state": "NY"})


def test_governing_law_with_a_party_fragment() -> None:
    cypher, _ = where({"parties": ["acme"], "governing_law_country": "GB"})
    assert cypher == (f"{HEAD}\nWHERE c.party_text CONTAINS $party_0\n"
                      "  AND c.governing_law_country = $governing_law_country")


# `active` is the status on as_of (in force / expired), no longer `end_date` against it:
# tests/unit/test_status_compiler.py holds its exact Cypher.


# Amounts compare only within one currency (default USD): tests/unit/test_currency_compiler.py.
def test_amount_range() -> None:
    assert where({"min_amount": 10, "max_amount": 20}) == (
        f"{HEAD}\nWHERE c.total_amount >= $min_amount\n  AND c.total_amount <= $max_amount\n"
        "  AND c.currency = $currency", {"min_amount": 10.0, "max_amount": 20.0, "currency": "USD"})


@pytest.mark.parametrize("op", ["=", ">", "<", ">=", "<="])
def test_monetary_value_operators(op: str) -> None:
    assert where({"monetary_value": {"value": 1_000_000, "operator": op}}) == (
        f"{HEAD}\nWHERE c.total_amount {op} $monetary_value\n  AND c.currency = $currency",
        {"monetary_value": 1_000_000.0, "currency": "USD"})


def test_clause_types_and() -> None:
    # Each clause type is a label (graph.query.clause_labels), named from the vocabulary: no parameter.
    cypher, params = where({"clause_types": ["renewal & termination", "Audit Rights"]})
    assert cypher == f"{HEAD}\nWHERE c:HasRenewalTermination\n  AND c:HasAuditRights"
    assert params == {}


def test_text_uses_fulltext_index_with_escaped_words() -> None:
    assert where({"text": 'Software "license" OR x:y'}) == (
        "CALL db.index.fulltext.queryNodes('contract_text', $text) YIELD node AS c",
        {"text": 'software AND \\"license\\" AND or AND x\\:y'})


def test_lucene_query_cannot_form_operators() -> None:
    assert lucene_query("a* AND (b || c) -d") == "a\\* AND and AND \\(b AND c\\) AND \\-d"


def test_count_query() -> None:
    q = compile_count(parse_filter({"contract_types": ["IP"]}), TODAY)
    assert q.cypher == f"{HEAD}\nWHERE c.contract_type IN $contract_types\nRETURN count(c) AS total_count"


# Sorting by amount ranks within one currency: tests/unit/test_currency_compiler.py.
@pytest.mark.parametrize(("sort_by", "key"), [("effective_date", "c.effective_date"), ("end_date", "c.end_date"),
                                              ("party_count", "c.party_count")])
def test_search_sorting_and_paging(sort_by: str, key: str) -> None:
    q = compile_search(parse_filter({"sort_by": sort_by, "sort_order": "asc", "limit": 7, "offset": 14}), TODAY)
    assert q.cypher.startswith(
        f"CALL () {{\n  {HEAD}\n  WHERE {key} IS NOT NULL\n  WITH c LIMIT $window\n  RETURN count(c) AS found\n}}\n"
        "CALL (found) {\n  UNWIND CASE WHEN found < $window THEN [true] ELSE [] END AS needed\n"
        f"  {HEAD}\n  WHERE {key} IS NULL\n  WITH c ORDER BY c.file_id ASC LIMIT $window\n"
        "  RETURN collect(c) AS unkeyed\n}\n"
        f"CALL () {{\n  {HEAD}\n  WHERE {key} IS NOT NULL\n"
        f"  WITH c ORDER BY {key} ASC, c.file_id ASC LIMIT $window\n  RETURN collect(c) AS keyed\n}}\n"
        "UNWIND (keyed + unkeyed)[$offset..$offset + $limit] AS c\nRETURN c.file_id AS file_id")
    # as_of: the row's status column reads it (tests/unit/test_status_compiler.py)
    assert q.params == {"window": 21, "offset": 14, "limit": 7, "as_of": TODAY}


def test_search_adds_the_sort_key_test_to_the_filter() -> None:
    q = compile_search(parse_filter({"contract_types": ["IP"], "limit": 5}), TODAY)
    assert "  WHERE c.contract_type IN $contract_types\n    AND c.effective_date IS NOT NULL\n" in q.cypher
    assert "  WHERE c.contract_type IN $contract_types\n    AND c.effective_date IS NULL\n" in q.cypher
    assert "ORDER BY c.effective_date DESC, c.file_id ASC LIMIT $window" in q.cypher


# The properties graph.store.schema indexes beside the amount and its currency, by group key (written out here).
AMOUNT_INDEX_KEYS = {"contract_type": "c.contract_type", "effective_year": "c.effective_date",
                     "effective_month": "c.effective_date", "governing_law_country": "c.governing_law_country",
                     "party_country": "c.party_countries"}


@pytest.mark.parametrize(("group_by", "expansion", "key"), [
    ("contract_type", None, "c.contract_type"),
    ("effective_year", None, "c.effective_date.year"),
    ("effective_month", None, "substring(toString(c.effective_date), 0, 7)"),
    ("end_year", None, "c.end_date.year"),
    ("party", "MATCH (c)<-[:PARTY_TO]-(g:Party) WHERE g.role_only IS NULL", "g.name"),
    ("party_country", "UNWIND c.party_countries AS g", "g"),
    ("governing_law_country", None, "c.governing_law_country"),
    ("clause_type", "UNWIND c.clause_types AS g", "g"),
    ("text_clause_type", "CALL (c) { MATCH (s:Section {file_id: c.file_id})-[r:IS_CLAUSE_OF_TYPE]->(t:ClauseType) "
                         "WHERE r.band = 'found' RETURN t.name AS g UNION MATCH (d:ClauseDecision {file_id: c.file_id, "
                         "verdict: 'confirmed'}) RETURN d.category AS g }\nWITH c, g WHERE NOT EXISTS { MATCH "
                         "(:ClauseDecision {file_id: c.file_id, category: g, verdict: 'rejected'}) }", "g"),
])
def test_group_keys(group_by: str, expansion: str | None, key: str) -> None:
    # avg, not count: a count of contracts per party over everything reads the stored counts (below).
    q = compile_aggregation(parse_filter({"group_by": group_by, "metric": "avg_amount", "agg_limit": 5}), TODAY)
    distinct = "DISTINCT " if expansion and expansion.startswith("MATCH") else ""
    # Over the whole portfolio, a key that a (total_amount, currency, key) index holds is tested in the head, so
    # the planner reads the amount, the currency and the key from that index alone (graph.store.schema).
    held = AMOUNT_INDEX_KEYS.get(group_by)
    lines = [HEAD, "WHERE c.total_amount IS NOT NULL AND c.currency = $currency"
             + (f" AND {held} IS NOT NULL" if held else "")] + (
        [expansion] if expansion else []) + [
        f"WITH {distinct}c, {key} AS key", "WHERE key IS NOT NULL", "WITH key, avg(c.total_amount) AS value",
        "WHERE value IS NOT NULL", "RETURN key, value", "ORDER BY value DESC, key ASC", "LIMIT $agg_limit"]
    assert q.cypher == "\n".join(lines)
    assert q.params == {"agg_limit": 5, "currency": "USD"}


@pytest.mark.parametrize("order", ["desc", "asc"])
def test_contracts_per_party_over_everything_reads_stored_counts(order: str) -> None:
    q = compile_aggregation(parse_filter({"group_by": "party", "agg_limit": 10, "agg_order": order}), TODAY)
    assert q.cypher == (
        "MATCH (g:Party)\nWHERE g.contract_count > 0 AND g.name IS NOT NULL AND g.role_only IS NULL\n"
        f"RETURN g.name AS key, g.contract_count AS value\nORDER BY value {order.upper()}, key ASC\nLIMIT $agg_limit")
    assert q.params == {"agg_limit": 10}


def test_contracts_per_party_under_a_filter_walks_the_matches() -> None:
    q = compile_aggregation(parse_filter({"group_by": "party", "contract_types": ["Supply"]}), TODAY)
    assert q.cypher.startswith(f"{HEAD}\nWHERE c.contract_type IN $contract_types\n"
                               "MATCH (c)<-[:PARTY_TO]-(g:Party) WHERE g.role_only IS NULL\n"
                               "WITH DISTINCT c, g.name AS key\n")


@pytest.mark.parametrize(("metric", "expr"), [
    ("count", "count(c)"),
    ("sum_amount", "CASE WHEN count(c.total_amount) = 0 THEN null ELSE sum(c.total_amount) END"),
    ("avg_amount", "avg(c.total_amount)"), ("min_amount", "min(c.total_amount)"),
    ("max_amount", "max(c.total_amount)"), ("avg_duration_days", "avg(c.duration_days)"),
])
def test_metrics(metric: str, expr: str) -> None:
    q = compile_aggregation(parse_filter({"group_by": "contract_type", "metric": metric, "agg_order": "asc"}), TODAY)
    assert f"WITH key, {expr} AS value" in q.cypher
    assert "ORDER BY value ASC, key ASC" in q.cypher
    # Amount metrics read only contracts with an amount (the same groups: amount-less ones end as null values).
    has_amount = metric.endswith("_amount")
    # Counting every contract by type reads the types from their index (KEY_PROPERTIES), an amount metric from the
    # (amount, currency, type) index; no index holds a type with a duration, so that metric tests only its own.
    assert q.cypher.startswith(f"{HEAD}\nWHERE c.total_amount IS NOT NULL AND c.currency = $currency "
                               "AND c.contract_type IS NOT NULL\n" if has_amount
                               else f"{HEAD}\nWHERE c.contract_type IS NOT NULL\nWITH c," if metric == "count"
                               else f"{HEAD}\nWITH c,")
    # By currency (amounts) and by end year (durations), one composite index holds the key and the value (COVERED).
    by_key = "currency" if has_amount else "end_year"
    q = compile_aggregation(parse_filter({"group_by": by_key, "metric": metric}), TODAY)
    assert q.cypher.startswith(f"{HEAD}\nWHERE c.total_amount IS NOT NULL AND c.currency IS NOT NULL\n" if has_amount
                               else f"{HEAD}\nWHERE c.end_date IS NOT NULL AND c.duration_days IS NOT NULL\n"
                               if metric == "avg_duration_days" else f"{HEAD}\nWHERE c.end_date IS NOT NULL\n")
    # With a condition, only what the metric needs.
    q = compile_aggregation(parse_filter({"group_by": "contract_type", "metric": metric, "has_end_date": True}), TODAY)
    assert q.cypher.startswith(
        f"{HEAD}\nWHERE c.end_date IS NOT NULL\n  AND c.total_amount IS NOT NULL AND c.currency = $currency\n"
        if has_amount else f"{HEAD}\nWHERE c.end_date IS NOT NULL\nWITH c,")


@pytest.mark.parametrize(("group_by", "prop"), [
    ("contract_type", "c.contract_type"), ("effective_year", "c.effective_date"),
    ("effective_month", "c.effective_date"), ("end_year", "c.end_date"),
    ("governing_law_country", "c.governing_law_country"), ("currency", "c.currency"),
    ("renewal_type", "c.renewal_type"),
])
def test_counting_every_contract_by_an_indexed_key_tests_the_property_in_the_head(group_by: str, prop: str) -> None:
    key = GROUP_KEYS[group_by][1]
    q = compile_aggregation(parse_filter({"group_by": group_by}), TODAY)
    assert q.cypher == "\n".join([HEAD, f"WHERE {prop} IS NOT NULL", f"WITH c, {key} AS key", "WHERE key IS NOT NULL",
                                  "WITH key, count(c) AS value", "WHERE value IS NOT NULL", "RETURN key, value",
                                  "ORDER BY value DESC, key ASC", "LIMIT $agg_limit"])
    # With a filter the head seeks the filter's index: no existence test beside it.
    filtered = compile_aggregation(parse_filter({"group_by": group_by, "governing_law_country": "GB"}), TODAY)
    assert filtered.cypher.startswith(f"{HEAD}\nWHERE c.governing_law_country = $governing_law_country\nWITH c, ")


def test_amount_metrics_keep_the_filter_and_add_the_amount_test_last() -> None:
    q = compile_aggregation(parse_filter({"group_by": "party_country", "metric": "sum_amount",
                                          "contract_types": ["Supply"]}), TODAY)
    assert q.cypher.startswith(f"{HEAD}\nWHERE c.contract_type IN $contract_types\n"
                               "  AND c.total_amount IS NOT NULL AND c.currency = $currency\n"
                               "UNWIND c.party_countries AS g\n")


def test_no_aggregation_without_group_by() -> None:
    assert compile_aggregation(parse_filter({}), TODAY) is None


def test_hostile_values_stay_parameters() -> None:
    evil = "x' }) MATCH (n) DETACH DELETE n //`"
    cypher, params = where({"parties": [evil], "text": evil})
    assert "DETACH" not in cypher and "`" not in cypher
    assert params["party_0"] == evil.lower()


@pytest.mark.parametrize(("flag", "expr"), [(True, "c.end_date IS NOT NULL"), (False, "c.end_date IS NULL")])
def test_has_end_date(flag: bool, expr: str) -> None:
    assert where({"has_end_date": flag}) == (f"{HEAD}\nWHERE {expr}", {})


def test_text_clause_types_use_a_reviewers_decision_else_the_document_layers_found_band() -> None:
    cypher, params = where({"text_clause_types": ["governing law", "Audit Rights"]})

    def test(i: int) -> str:
        decided = f"(d:ClauseDecision {{file_id: c.file_id, category: $text_clause_type_{i}}})"
        return (f"(EXISTS {{ MATCH {decided} WHERE d.verdict = 'confirmed' }} OR (NOT EXISTS {{ MATCH {decided} }} "
                "AND EXISTS { MATCH (s:Section {file_id: c.file_id})-[r:IS_CLAUSE_OF_TYPE]->"
                f"(:ClauseType {{name: $text_clause_type_{i}}}) WHERE r.band = 'found' }}))")
    assert cypher == f"{HEAD}\nWHERE {test(0)}\n  AND {test(1)}"
    assert params == {"text_clause_type_0": "Governing Law", "text_clause_type_1": "Audit Rights"}
