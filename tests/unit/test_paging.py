"""Exact Cypher of the count-and-page statement in both of its shapes, and which filters take which."""

from __future__ import annotations

from datetime import date

import pytest

from graph.query.compiler import CONTRACT_MAP, compile_count, compile_page_head, compile_search
from graph.query.filters import parse_filter
from graph.query.paging import WALK_MIN, compile_page, implies_key, one_pass

TODAY = date(2024, 6, 30)
PAGE_ROWS = f"  RETURN collect({CONTRACT_MAP}) AS contracts"


def _indented(cypher: str) -> str:
    return "\n".join("  " + line for line in cypher.splitlines())


def _sorted(key: str, direction: str, nulls: str) -> str:
    ahead = "size([k IN keys[hi..hi + 64] WHERE k = last])"
    return (f"WITH c, {key} AS key ORDER BY {nulls}key {direction}\n"
            "WITH collect(c) AS ordered, collect(key) AS keys\n"
            "WITH ordered, keys, $offset AS lo, CASE WHEN $offset + $limit < size(ordered) THEN $offset + $limit "
            "ELSE size(ordered) END AS hi\n"
            "WITH ordered, keys, lo, hi, keys[lo] AS first, keys[hi - 1] AS last\n"
            "WITH ordered, keys, lo, hi, CASE WHEN first IS NULL THEN size(keys) "
            "ELSE lo - size([k IN keys[..lo] WHERE k = first]) END AS start,\n"
            "     CASE WHEN last IS NULL THEN size(ordered) WHEN hi + 64 <= size(keys) AND keys[hi + 64 - 1] = last "
            f"THEN hi + size([k IN keys[hi..] WHERE k = last]) ELSE hi + {ahead} END AS stop")


def _sorted_page(direction: str, nulls: str) -> str:
    return ("COLLECT {\n  UNWIND CASE WHEN lo < hi THEN range(start, stop - 1) ELSE [] END AS i\n"
            f"  WITH ordered[i] AS c, keys[i] AS key ORDER BY {nulls}key {direction}, c.file_id ASC\n"
            "  RETURN c\n}[lo - start..hi - start]")


def _shared_tail(key: str, direction: str) -> str:
    """One pass sorted by the key alone: the filter implies the key (no nulls to put last)."""
    return (_sorted(key, direction, "") + "\n"
            f"RETURN size(ordered) AS total_count, [c IN {_sorted_page(direction, '')} | {CONTRACT_MAP}] AS contracts")


def _walk(match: str, sort_by: str, direction: str, lowest: str, currency: bool = False) -> str:
    """The matches collected, the page walked from the sort key's index, its last key's ties fetched by
    equality, and every match sorted only when the walk did not find the page."""
    key = f"c.{sort_by}"
    keyed = f"{key} IS NOT NULL" + (" AND c.currency = $currency" if currency else "")
    order_key = "CASE WHEN c.currency = $currency THEN c.total_amount END" if currency else key
    nulls = "key IS NULL, " if direction == "DESC" else ""
    likely = ("size(matched) * $walk >= 2 * ($offset + $limit) * contracts "
              "AND 2 * size(matched) * size(matched) >= ($offset + $limit) * contracts")
    walked = (f"{key} >= CASE WHEN {likely} THEN {lowest} END"
              + (" AND c.currency = $currency" if currency else ""))
    return "\n".join([
        "CALL () {", _indented(match), "  RETURN collect(c) AS matched", "}",
        "CALL () { MATCH (c:Contract) RETURN count(c) AS contracts }",
        "CALL (matched, contracts) {",
        f"  MATCH (c:Contract) USING INDEX c:Contract({sort_by}) WHERE {walked}",
        f"  WITH c ORDER BY {key} {direction} LIMIT $walk",
        "  WITH c WHERE c IN matched",
        f"  WITH c, {key} AS key ORDER BY key {direction} LIMIT $offset + $limit",
        "  RETURN collect(c) AS found, collect(key) AS found_keys", "}",
        "WITH matched, found, found_keys[$offset + $limit - 1] AS edge, found_keys",
        "CALL (matched, edge) {", "  UNWIND CASE WHEN edge IS NULL THEN [] ELSE [edge] END AS k",
        f"  MATCH (c:Contract) WHERE {key} = k AND {keyed} AND c IN matched", "  RETURN collect(c) AS ties", "}",
        "CALL (matched, edge) {", "  UNWIND CASE WHEN edge IS NULL THEN matched ELSE [] END AS c",
        _indented(_sorted(order_key, direction, nulls)),
        f"  RETURN {_sorted_page(direction, nulls)} AS sorted", "}",
        "RETURN size(matched) AS total_count, [c IN CASE WHEN edge IS NULL THEN sorted ELSE COLLECT {",
        "  UNWIND [i IN range(0, size(found) - 1) WHERE found_keys[i] <> edge | found[i]] + ties AS c",
        f"  WITH c ORDER BY {key} {direction}, c.file_id ASC", "  RETURN c",
        f"}}[$offset..$offset + $limit] END | {CONTRACT_MAP}] AS contracts",
    ])


DATE_MIN = "date({year: -999999999})"


def test_a_range_on_the_sort_key_keeps_count_and_page_as_separate_subqueries() -> None:
    f = parse_filter({"min_effective_date": "2010-01-01", "limit": 5, "offset": 10})
    count = compile_count(f, TODAY)
    # Every match has the key: the page reads contracts in key order and never looks for ones without it.
    body = ("MATCH (c:Contract)\nWHERE c.effective_date >= $min_effective_date\n"
            "WITH c ORDER BY c.effective_date DESC, c.file_id ASC SKIP $offset LIMIT $limit")
    assert compile_page_head(f, TODAY, keyed_only=True).cypher == body
    q = compile_page(f, TODAY)
    assert q.cypher == (f"CALL () {{\n{_indented(count.cypher)}\n}}\nCALL () {{\n{_indented(body)}\n"
                        f"{PAGE_ROWS}\n}}\nRETURN total_count, contracts")
    assert q.params == {"min_effective_date": date(2010, 1, 1), "offset": 10, "limit": 5,
                        "as_of": TODAY}  # the status column reads it


def test_without_a_range_on_the_key_the_page_also_looks_for_contracts_without_it() -> None:
    f = parse_filter({"contract_types": ["Service"], "limit": 5})
    page = compile_search(f, TODAY).cypher
    body = page[:page.index("\nRETURN c.file_id")]
    assert compile_page_head(f, TODAY).cypher == body and "AS unkeyed" in body
    assert f"CALL () {{\n{_indented(body)}\n{PAGE_ROWS}\n}}" in compile_page(f, TODAY).cypher


@pytest.mark.parametrize(("spec", "implied"), [
    ({}, False),
    ({"min_effective_date": "2010-01-01"}, True),
    ({"max_effective_date": "2010-01-01", "sort_by": "end_date"}, False),  # a range on another key
    ({"min_end_date": "2010-01-01", "sort_by": "end_date"}, True),
    ({"has_end_date": True, "sort_by": "end_date"}, True),
    ({"has_end_date": False, "sort_by": "end_date"}, False),
    ({"min_amount": 1, "sort_by": "total_amount"}, True),  # an amount bound compares in one currency
    ({"monetary_value": {"value": 1, "operator": "<"}, "sort_by": "total_amount"}, True),
    ({"currency": "CNY", "sort_by": "total_amount"}, False),  # a currency alone: amounts may be missing
    ({"parties": ["acme"], "sort_by": "party_count"}, False),
])
def test_which_filters_imply_the_sort_key(spec: dict, implied: bool) -> None:
    assert implies_key(parse_filter(spec)) is implied


def test_an_amount_range_sorted_by_amount_is_read_once_in_index_order() -> None:
    # No nulls to put last and no other currency to rank after: the key is the property the index orders.
    q = compile_page(parse_filter({"min_amount": 1_000_000, "currency": "CNY", "sort_by": "total_amount",
                                   "limit": 5}), TODAY)
    assert q.cypher == ("MATCH (c:Contract)\nWHERE c.total_amount >= $min_amount\n  AND c.currency = $currency\n"
                        + _shared_tail("c.total_amount", "DESC"))
    assert q.params == {"min_amount": 1_000_000, "currency": "CNY", "offset": 0, "limit": 5, "as_of": TODAY}


def test_the_empty_filter_counts_from_the_count_store() -> None:
    q = compile_page(parse_filter({}), TODAY)
    assert q.cypher.startswith("CALL () {\n  MATCH (c:Contract)\n  RETURN count(c) AS total_count\n}\n")


def test_party_filters_seek_once_and_walk_the_amount_index_in_the_filter_currency() -> None:
    q = compile_page(parse_filter({"parties": ["acme"], "sort_by": "total_amount", "sort_order": "asc",
                                   "limit": 3}), TODAY)
    assert q.cypher == _walk("MATCH (c:Contract)\nWHERE c.party_text CONTAINS $party_0", "total_amount", "ASC",
                             "-1.0 / 0.0", currency=True)
    assert q.params == {"party_0": "acme", "offset": 0, "limit": 3, "walk": WALK_MIN, "currency": "USD",
                        "as_of": TODAY}


def test_full_text_collects_its_matches_once_and_walks_the_sort_key_index_for_the_page() -> None:
    q = compile_page(parse_filter({"text": "software license"}), TODAY)
    assert q.cypher == _walk("CALL db.index.fulltext.queryNodes('contract_text', $text) YIELD node AS c",
                             "effective_date", "DESC", DATE_MIN)


@pytest.mark.parametrize(("spec", "walk"), [
    ({"limit": 5}, WALK_MIN),
    ({"offset": 250, "limit": 50}, 40 * 300),
    ({"offset": 3000, "limit": 20}, 40 * 3020),  # a deep page walks further before it falls back
])
def test_the_walk_reads_more_index_entries_for_a_deeper_page(spec: dict, walk: int) -> None:
    q = compile_page(parse_filter({**spec, "parties": ["acme"], "sort_by": "party_count"}), TODAY)
    assert q.params["walk"] == walk and "c.party_count >= CASE WHEN" in q.cypher and "THEN -1.0 / 0.0 END" in q.cypher


def test_a_notice_or_renewal_window_computes_its_dates_once_and_pages_the_collected_matches() -> None:
    # Without the shared shape the count and the page would each compute every candidate's dates.
    for window in ({"max_notice_by": "2021-12-31"}, {"min_next_renewal": "2021-07-01"}):
        f = parse_filter({**window, "as_of": "2021-06-30", "limit": 5})
        q = compile_page(f, TODAY)
        match = compile_count(f, TODAY).cypher.removesuffix("\nRETURN count(c) AS total_count")
        assert q.cypher == _walk(match, "effective_date", "DESC", DATE_MIN)
        assert q.params["as_of"] == date(2021, 6, 30) and q.params["limit"] == 5


@pytest.mark.parametrize(("spec", "shared"), [
    ({}, False),
    ({"min_effective_date": "2010-01-01"}, False),  # the default sort key: index order, index count
    ({"min_end_date": "2015-01-01", "sort_by": "end_date"}, False),
    ({"min_amount": 1, "sort_by": "total_amount"}, True),  # in key order, the currency tested once
    ({"monetary_value": {"value": 1, "operator": ">"}, "sort_by": "total_amount"}, True),
    ({"min_end_date": "2025-01-01"}, True),  # a range on another property than the sort key
    ({"monetary_value": {"value": 1, "operator": ">"}}, True),
    ({"contract_types": ["Service"]}, False),  # an index count, and a page in sort-key order
    ({"contract_types": ["Service"], "has_end_date": False}, True),  # a residual beside a seek
    ({"contract_types": ["License"], "active": False, "as_of": "2021-06-30"}, True),
    ({"governing_law_country": "US", "status": ["expired"], "as_of": "2021-06-30"}, True),
    ({"active": True, "as_of": "2021-06-30"}, False),  # dense: the page stops early in sort-key order
    ({"status": ["expired"], "as_of": "2021-06-30"}, False),
    ({"has_end_date": False}, False),
    ({"party_country": "CN"}, False),
    ({"parties": ["acme"]}, True),
    ({"text": "licence"}, True),
])
def test_which_filters_read_their_matches_once(spec: dict, shared: bool) -> None:
    f = parse_filter(spec)
    assert one_pass(f) is shared
    cypher = compile_page(f, TODAY).cypher
    assert ("RETURN count(c) AS total_count" not in cypher) is shared  # the separate shape's count subquery
    # One pass walks the sort key's index for the page, unless the filter's range hands matches over in key order.
    assert ("AS matched" in cypher) is (shared and not implies_key(f))
