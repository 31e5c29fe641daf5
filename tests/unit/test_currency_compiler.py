"""Exact Cypher for amounts with a currency: bounds, metrics and the amount sort read one currency only."""

from __future__ import annotations

from datetime import date

import pytest

from core.errors import FilterValidationError
from graph.query.compiler import compile_aggregation, compile_match, compile_search
from graph.query.filter_url import filter_from_query, filter_to_query
from graph.query.filters import parse_filter

TODAY = date(2024, 6, 30)
HEAD = "MATCH (c:Contract)"


def where(data: dict) -> tuple[str, dict]:
    q = compile_match(parse_filter(data), TODAY)
    return q.cypher, q.params


def test_an_amount_bound_compares_in_usd_by_default() -> None:
    assert where({"min_amount": 1_000_000}) == (
        f"{HEAD}\nWHERE c.total_amount >= $min_amount\n  AND c.currency = $currency",
        {"min_amount": 1_000_000.0, "currency": "USD"})


def test_an_amount_bound_in_another_currency() -> None:
    assert where({"monetary_value": {"value": 100_000, "operator": ">"}, "currency": "euro"}) == (
        f"{HEAD}\nWHERE c.total_amount > $monetary_value\n  AND c.currency = $currency",
        {"monetary_value": 100_000.0, "currency": "EUR"})


def test_a_currency_alone_keeps_the_contracts_in_it_and_no_currency_restricts_nothing() -> None:
    assert where({"currency": "RMB"}) == (f"{HEAD}\nWHERE c.currency = $currency", {"currency": "CNY"})
    assert where({"contract_types": ["IP"]}) == (f"{HEAD}\nWHERE c.contract_type IN $contract_types",
                                                 {"contract_types": ["IP"]})


def test_an_unknown_currency_is_refused_naming_the_field() -> None:
    with pytest.raises(FilterValidationError, match=r"^Invalid filter: currency: 'doubloons' is not a currency"):
        parse_filter({"currency": "doubloons"})
    assert parse_filter({"currency": "  "}).currency is None


def test_sum_per_currency_groups_by_the_stored_currency_without_restricting_it() -> None:
    q = compile_aggregation(parse_filter({"group_by": "currency", "metric": "sum_amount"}), TODAY)
    assert q.cypher == "\n".join([
        HEAD, "WHERE c.total_amount IS NOT NULL AND c.currency IS NOT NULL", "WITH c, c.currency AS key",
        "WHERE key IS NOT NULL",
        "WITH key, CASE WHEN count(c.total_amount) = 0 THEN null ELSE sum(c.total_amount) END AS value",
        "WHERE value IS NOT NULL", "RETURN key, value", "ORDER BY key ASC", "LIMIT $agg_limit"])
    assert q.params == {"agg_limit": 20}  # by code: sums in different currencies are not ranked


@pytest.mark.parametrize("metric", ["sum_amount", "avg_amount", "min_amount", "max_amount"])
def test_amount_metrics_by_another_key_read_one_currency(metric: str) -> None:
    q = compile_aggregation(parse_filter({"group_by": "contract_type", "metric": metric, "currency": "GBP"}), TODAY)
    # the filter's own currency condition already holds: the metric adds only the amount test
    assert q.cypher.startswith(f"{HEAD}\nWHERE c.currency = $currency\n  AND c.total_amount IS NOT NULL\n")
    assert q.params == {"currency": "GBP", "agg_limit": 20}
    q = compile_aggregation(parse_filter({"group_by": "contract_type", "metric": metric}), TODAY)
    # the whole portfolio in US dollars: the type is tested too, so the (amount, currency, type) index holds it all
    assert q.cypher.startswith(f"{HEAD}\nWHERE c.total_amount IS NOT NULL AND c.currency = $currency "
                               "AND c.contract_type IS NOT NULL\n")
    assert q.params == {"agg_limit": 20, "currency": "USD"}


def test_count_per_currency_needs_no_currency_parameter() -> None:
    q = compile_aggregation(parse_filter({"group_by": "currency"}), TODAY)
    assert q.cypher.startswith(f"{HEAD}\nWHERE c.currency IS NOT NULL\nWITH c, c.currency AS key\n")
    assert q.params == {"agg_limit": 20}


def test_sorting_by_amount_ranks_within_the_filters_currency_and_puts_the_others_last() -> None:
    q = compile_search(parse_filter({"sort_by": "total_amount", "limit": 5, "currency": "EUR"}), TODAY)
    keyed = f"  {HEAD}\n  WHERE c.currency = $currency\n    AND c.total_amount IS NOT NULL AND c.currency = $currency\n"
    assert q.cypher.startswith(
        f"CALL () {{\n{keyed}  WITH c LIMIT $window\n  RETURN count(c) AS found\n}}\n"
        "CALL (found) {\n  UNWIND CASE WHEN found < $window THEN [true] ELSE [] END AS needed\n"
        f"  {HEAD}\n  WHERE c.currency = $currency\n"
        "    AND (c.total_amount IS NULL OR coalesce(c.currency <> $currency, true))\n"
        "  WITH c ORDER BY c.file_id ASC LIMIT $window\n  RETURN collect(c) AS unkeyed\n}\n"
        f"CALL () {{\n{keyed}"
        "  WITH c ORDER BY c.total_amount DESC, c.file_id ASC LIMIT $window\n  RETURN collect(c) AS keyed\n}\n"
        "UNWIND (keyed + unkeyed)[$offset..$offset + $limit] AS c\n")
    assert q.params == {"currency": "EUR", "window": 5, "offset": 0, "limit": 5, "as_of": TODAY}
    q = compile_search(parse_filter({"sort_by": "total_amount", "limit": 5}), TODAY)
    assert q.params["currency"] == "USD"
    assert f"  {HEAD}\n  WHERE c.total_amount IS NOT NULL AND c.currency = $currency\n" in q.cypher


def test_the_currency_travels_in_the_url() -> None:
    f = parse_filter({"min_amount": 5, "currency": "£"})
    assert filter_to_query(f) == {"min_amount": "5", "currency": "GBP"}
    assert filter_from_query(lambda k: [v] if isinstance(v := filter_to_query(f).get(k), str) else []) == f
