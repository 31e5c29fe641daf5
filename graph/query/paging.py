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
    CONTRACT_MAP,
    ORDER_KEYS,
    SORT_KEYS,
    CompiledQuery,
    compile_count,
    compile_match,
    compile_page_head,
    indent,
    match_anchor,
    order_params,
)
from graph.query.filters import ContractFilter
from graph.query.renewal_cypher import WINDOW_BOUNDS

# Conditions a range index can seek, by the sort key they would also order (None: no sort key).
RANGES: dict[str, tuple[str, ...]] = {
    "effective_date": ("min_effective_date", "max_effective_date"),
    "end_date": ("min_end_date", "max_end_date"),
    "total_amount": ("min_amount", "max_amount", "monetary_value"),
}
# Conditions no index answers: every candidate's properties are read to test them.
RESIDUAL = ("has_end_date", "active", "status", "end_date_disagrees")
SEEKABLE = ("contract_types", "governing_law_country", "governing_law_state")


def _separate(f: ContractFilter, today: date | None) -> CompiledQuery:
    count, page = compile_count(f, today), compile_page_head(f, today)
    cypher = "\n".join(["CALL () {", indent(count.cypher), "}", "CALL () {", indent(page.cypher),
                        f"  RETURN collect({CONTRACT_MAP}) AS contracts", "}", "RETURN total_count, contracts"])
    return CompiledQuery(cypher, {**count.params, **page.params, "as_of": f.as_of or today or date.today()})


def _shared(f: ContractFilter, today: date | None) -> CompiledQuery:
    match = compile_match(f, today)
    key = ORDER_KEYS.get(f.sort_by, SORT_KEYS[f.sort_by])
    direction = "DESC" if f.sort_order == "desc" else "ASC"
    cypher = "\n".join([
        # Each sort property read once per match, in the pass that finds them; the slice is the page.
        match.cypher, f"WITH c, {key} AS key, c.file_id AS file_id",
        f"ORDER BY key IS NULL, key {direction}, file_id ASC", "WITH collect(c) AS matched", "CALL (matched) {",
        "  UNWIND matched[$offset..$offset + $limit] AS c", f"  RETURN collect({CONTRACT_MAP}) AS contracts", "}",
        "RETURN size(matched) AS total_count, contracts",
    ])
    return CompiledQuery(cypher, {**match.params, "offset": f.offset, "limit": f.limit, **order_params(f),
                                  "as_of": f.as_of or today or date.today()})


def one_pass(f: ContractFilter) -> bool:
    """Whether the count and the page read the matches once (shared) rather than in two subqueries."""
    if match_anchor(f) in ("party", "text") or any(getattr(f, n) is not None for n in WINDOW_BOUNDS):
        return True
    ranged = {key for key, names in RANGES.items() if any(getattr(f, n) is not None for n in names)}
    if f.sort_by in ranged:
        return False  # the range index hands the page over in order and the count is an index count
    seekable = bool(ranged) or any(getattr(f, n) for n in SEEKABLE)
    return bool(ranged) or (seekable and any(_set(getattr(f, n)) for n in RESIDUAL))


def _set(value: object) -> bool:
    """A filter field is set: not None and not an empty list (False is a value)."""
    return value is not None and value != [] and value != ()


def compile_page(f: ContractFilter, today: date | None = None) -> CompiledQuery:
    """One row: `total_count` and `contracts`, the page's contracts as maps of CONTRACT_FIELDS (an empty
    list when the page is empty)."""
    return _shared(f, today) if one_pass(f) else _separate(f, today)
