"""Exact Cypher of the count-and-page statement in both of its shapes, and which filters take which."""

from __future__ import annotations

from datetime import date

import pytest

from graph.query.compiler import CONTRACT_MAP, compile_count, compile_page_head, compile_search
from graph.query.filters import parse_filter
from graph.query.paging import compile_page, one_pass

TODAY = date(2024, 6, 30)
PAGE_ROWS = f"  RETURN collect({CONTRACT_MAP}) AS contracts"


def _indented(cypher: str) -> str:
    return "\n".join("  " + line for line in cypher.splitlines())


def _shared_tail(key: str, direction: str) -> str:
    return (f"WITH c, {key} AS key, c.file_id AS file_id\nORDER BY key IS NULL, key {direction}, file_id ASC\n"
            "WITH collect(c) AS matched\nCALL (matched) {\n  UNWIND matched[$offset..$offset + $limit] AS c\n"
            f"{PAGE_ROWS}\n}}\nRETURN size(matched) AS total_count, contracts")


def test_a_range_on_the_sort_key_keeps_count_and_page_as_separate_subqueries() -> None:
    f = parse_filter({"min_effective_date": "2010-01-01", "limit": 5, "offset": 10})
    count, page = compile_count(f, TODAY), compile_search(f, TODAY)
    body = page.cypher[:page.cypher.index("\nRETURN c.file_id")]
    assert compile_page_head(f, TODAY).cypher == body
    q = compile_page(f, TODAY)
    assert q.cypher == (f"CALL () {{\n{_indented(count.cypher)}\n}}\nCALL () {{\n{_indented(body)}\n"
                        f"{PAGE_ROWS}\n}}\nRETURN total_count, contracts")
    assert q.params == {"min_effective_date": date(2010, 1, 1), "window": 15, "offset": 10, "limit": 5,
                        "as_of": TODAY}  # the status column reads it


def test_the_empty_filter_counts_from_the_count_store() -> None:
    q = compile_page(parse_filter({}), TODAY)
    assert q.cypher.startswith("CALL () {\n  MATCH (c:Contract)\n  RETURN count(c) AS total_count\n}\n")


def test_party_filters_seek_once_sort_in_that_pass_and_slice_the_page() -> None:
    q = compile_page(parse_filter({"parties": ["acme"], "sort_by": "total_amount", "sort_order": "asc",
                                   "limit": 3}), TODAY)
    assert q.cypher == ("MATCH (c:Contract)\nWHERE c.party_text CONTAINS $party_0\n"
                        + _shared_tail("CASE WHEN c.currency = $currency THEN c.total_amount END", "ASC"))
    assert q.params == {"party_0": "acme", "offset": 0, "limit": 3, "currency": "USD", "as_of": TODAY}


def test_full_text_walks_once_too() -> None:
    q = compile_page(parse_filter({"text": "software license"}), TODAY)
    assert q.cypher == ("CALL db.index.fulltext.queryNodes('contract_text', $text) YIELD node AS c\n"
                        + _shared_tail("c.effective_date", "DESC"))


def test_a_notice_or_renewal_window_computes_its_dates_once_and_pages_the_collected_matches() -> None:
    # Without the shared shape the count and the page would each compute every candidate's dates.
    for window in ({"max_notice_by": "2021-12-31"}, {"min_next_renewal": "2021-07-01"}):
        f = parse_filter({**window, "as_of": "2021-06-30", "limit": 5})
        q = compile_page(f, TODAY)
        match = compile_count(f, TODAY).cypher.removesuffix("\nRETURN count(c) AS total_count")
        assert q.cypher == f"{match}\n" + _shared_tail("c.effective_date", "DESC")
        assert q.params["as_of"] == date(2021, 6, 30) and q.params["limit"] == 5


@pytest.mark.parametrize(("spec", "shared"), [
    ({}, False),
    ({"min_effective_date": "2010-01-01"}, False),  # the default sort key: index order, index count
    ({"min_end_date": "2015-01-01", "sort_by": "end_date"}, False),
    ({"min_amount": 1, "sort_by": "total_amount"}, False),
    ({"monetary_value": {"value": 1, "operator": ">"}, "sort_by": "total_amount"}, False),
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
    assert ("WITH collect(c) AS matched" in compile_page(f, TODAY).cypher) is shared
