"""The compiler's count-and-page statement: the exact total and one page of contracts in one round trip.

`graph.reads.repository.search_contracts` used to send `compile_count` and then `compile_search`: two round
trips, and for a filter that starts from party names or the full-text index two passes over the same
matches. Here one statement does both, and returns one row: `total_count` and `contracts`, the page's
contracts as maps (CONTRACT_FIELDS; an empty list for an empty page), in one of two shapes:

- **shared** (one pass): the matches are found once, sorted in that pass (each sort property read once per
  match) and collected; the total is their number and the page is a slice. Taken when matching starts from
  party names or the full-text index, with a notice-deadline or next-renewal window (no index orders those
  matches; docs/PERFORMANCE.md, fix 20), with a range on a property other than the sort key, and with a
  condition no index answers (no end date, a status) beside one an index seeks (a contract type, a law):
  there both subqueries of the separate shape would test every candidate (docs/PERFORMANCE.md, fix 26).
- **separate**: the count and the page stay two subqueries, because each can use an index on its own: the
  count seeks a range index or reads the count store, the page reads contracts in sort-key order and stops
  after `offset + limit` matches (a range on the sort key itself, dense conditions, no condition). Collecting
  every match costs more there (measured at 100k in docs/PERFORMANCE.md: all contracts 5 -> 160 ms).
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

# The filter fields that bound each sort key: a range index seeks them, in that key's order.
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
