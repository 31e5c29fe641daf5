"""Exact Cypher of the count-and-page statement in both of its shapes."""

from __future__ import annotations

from datetime import date

from graph.query.compiler import CONTRACT_COLUMNS, compile_count, compile_page_head, compile_search
from graph.query.filters import parse_filter
from graph.query.paging import compile_page

TODAY = date(2024, 6, 30)


def _indented(cypher: str) -> str:
    return "\n".join("  " + line for line in cypher.splitlines())


def test_contract_properties_only_keep_count_and_page_as_separate_subqueries() -> None:
    f = parse_filter({"min_effective_date": "2010-01-01", "limit": 5, "offset": 10})
    count, page = compile_count(f, TODAY), compile_search(f, TODAY)
    body = page.cypher[:page.cypher.index("\nRETURN c.file_id")]
    assert compile_page_head(f, TODAY).cypher == body
    q = compile_page(f, TODAY)
    assert q.cypher == (f"CALL () {{\n{_indented(count.cypher)}\n}}\nOPTIONAL CALL () {{\n{_indented(body)}\n"
                        f"  RETURN c\n}}\nRETURN total_count, {CONTRACT_COLUMNS}")
    assert q.params == {"min_effective_date": date(2010, 1, 1), "window": 15, "offset": 10, "limit": 5,
                        "as_of": TODAY}  # the status column reads it


def test_the_empty_filter_counts_from_the_count_store() -> None:
    q = compile_page(parse_filter({}), TODAY)
    assert q.cypher.startswith("CALL () {\n  MATCH (c:Contract)\n  RETURN count(c) AS total_count\n}\n")


def test_party_filters_seek_once_and_page_the_collected_matches() -> None:
    q = compile_page(parse_filter({"parties": ["acme"], "sort_by": "total_amount", "sort_order": "asc",
                                   "limit": 3}), TODAY)
    assert q.cypher == (
        "MATCH (c:Contract)\nWHERE c.party_text CONTAINS $party_0\nWITH collect(c) AS matched\n"
        "OPTIONAL CALL (matched) {\n  UNWIND matched AS c\n"
        "  WITH c ORDER BY CASE WHEN c.currency = $currency THEN c.total_amount END IS NULL, "
        "CASE WHEN c.currency = $currency THEN c.total_amount END ASC, c.file_id ASC\n"
        "  SKIP $offset LIMIT $limit\n  RETURN c\n}\n"
        f"RETURN size(matched) AS total_count, {CONTRACT_COLUMNS}")
    assert q.params == {"party_0": "acme", "offset": 0, "limit": 3, "currency": "USD", "as_of": TODAY}


def test_full_text_walks_once_too() -> None:
    q = compile_page(parse_filter({"text": "software license"}), TODAY)
    assert q.cypher.startswith("CALL db.index.fulltext.queryNodes('contract_text', $text) YIELD node AS c\n"
                               "WITH collect(c) AS matched\n")


def test_a_notice_or_renewal_window_computes_its_dates_once_and_pages_the_collected_matches() -> None:
    # Without the shared shape the count and the page would each compute every candidate's dates.
    for window in ({"max_notice_by": "2021-12-31"}, {"min_next_renewal": "2021-07-01"}):
        f = parse_filter({**window, "as_of": "2021-06-30", "limit": 5})
        q = compile_page(f, TODAY)
        match = compile_count(f, TODAY).cypher.removesuffix("\nRETURN count(c) AS total_count")
        assert q.cypher == (
            f"{match}\nWITH collect(c) AS matched\nOPTIONAL CALL (matched) {{\n  UNWIND matched AS c\n"
            "  WITH c ORDER BY c.effective_date IS NULL, c.effective_date DESC, c.file_id ASC\n"
            "  SKIP $offset LIMIT $limit\n  RETURN c\n}\n"
            f"RETURN size(matched) AS total_count, {CONTRACT_COLUMNS}")
        assert q.params["as_of"] == date(2021, 6, 30) and q.params["limit"] == 5
