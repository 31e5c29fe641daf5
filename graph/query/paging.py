"""The compiler's count-and-page statement: the exact total and one page of contracts in one round trip.

`graph.reads.repository.search_contracts` used to send `compile_count` and then `compile_search`: two round
trips, and for a filter that starts from party names or the full-text index two passes over the same
matches. Here one statement does both, in one of two shapes:

- Matching starts from party names or the full-text index (a TEXT or full-text index seek, measured
  faster this way at 100k): the seek runs once, its matches are collected,
  the total is their number and the page is the best `offset + limit` of them (a Top, not a full sort).
- Otherwise the count and the page stay separate subqueries, because each can use an index on its own: the
  count seeks a range index (or walks from a rare country), the page reads contracts in
  sort-key order and stops after `offset + limit` matches. Collecting every match instead costs more
  there (measured at 100k in docs/PERFORMANCE.md: date ranges 5.5 -> 28 ms, all contracts 5 -> 160 ms).
  Except with a notice-deadline or next-renewal window: no index orders those matches, so the count and
  the page would each compute every candidate's dates; computed once and collected, the matches are few
  (the window admits only contracts with a rolling term or a notice period; docs/PERFORMANCE.md, fix 20).

`OPTIONAL CALL` keeps one row (with a null contract) when the page is empty, so the total always arrives.
"""

from __future__ import annotations

from datetime import date

from graph.query.compiler import (
    CONTRACT_COLUMNS,
    CompiledQuery,
    compile_count,
    compile_match,
    compile_page_head,
    indent,
    match_anchor,
    order_params,
    page_order,
)
from graph.query.filters import ContractFilter
from graph.query.renewal_cypher import WINDOW_BOUNDS


def _separate(f: ContractFilter, today: date | None) -> CompiledQuery:
    count, page = compile_count(f, today), compile_page_head(f, today)
    cypher = "\n".join(["CALL () {", indent(count.cypher), "}", "OPTIONAL CALL () {", indent(page.cypher),
                        "  RETURN c", "}", f"RETURN total_count, {CONTRACT_COLUMNS}"])
    return CompiledQuery(cypher, {**count.params, **page.params, "as_of": f.as_of or today or date.today()})


def _shared(f: ContractFilter, today: date | None) -> CompiledQuery:
    match = compile_match(f, today)
    cypher = "\n".join([
        match.cypher, "WITH collect(c) AS matched", "OPTIONAL CALL (matched) {", "  UNWIND matched AS c",
        f"  WITH c {page_order(f)}", "  SKIP $offset LIMIT $limit",
        "  RETURN c", "}", f"RETURN size(matched) AS total_count, {CONTRACT_COLUMNS}",
    ])
    return CompiledQuery(cypher, {**match.params, "offset": f.offset, "limit": f.limit, **order_params(f),
                                  "as_of": f.as_of or today or date.today()})


def compile_page(f: ContractFilter, today: date | None = None) -> CompiledQuery:
    """Every row is one contract of the page plus `total_count`; an empty page is one row whose
    `file_id` is null."""
    shared = match_anchor(f) in ("party", "text") or any(getattr(f, n) is not None for n in WINDOW_BOUNDS)
    return _shared(f, today) if shared else _separate(f, today)
