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
  A range on the amount when sorting by amount reads them once too: the range index hands them over in key
  order, so there is no sort, and the currency test runs once instead of in both subqueries.
  The matches are sorted by the key alone, and file_id orders only the contracts that share a key with the
  page's first or last contract (docs/PERFORMANCE.md, fix 26).
- **separate**: the count and the page stay two subqueries, because each can use an index on its own: the
  count seeks a range index or reads the count store, the page reads contracts in sort-key order and stops
  after `offset + limit` matches (a date range on the sort key itself, dense conditions, no condition).
  Collecting every match costs more there (measured at 100k in docs/PERFORMANCE.md: all contracts 5 -> 160 ms).
  When the filter implies the sort key (implies_key), the page does not look for contracts without it.
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


def implies_key(f: ContractFilter) -> bool:
    """Whether every contract the filter matches has the sort key (in the filter's currency, for amounts):
    a range on the key, or for the end date `has_end_date`. An amount bound compares in one currency only."""
    ranged = any(getattr(f, n) is not None for n in RANGES.get(f.sort_by, ()))
    return ranged or (f.sort_by == "end_date" and f.has_end_date is True)


def _separate(f: ContractFilter, today: date | None) -> CompiledQuery:
    count, page = compile_count(f, today), compile_page_head(f, today, keyed_only=implies_key(f))
    cypher = "\n".join(["CALL () {", indent(count.cypher), "}", "CALL () {", indent(page.cypher),
                        f"  RETURN collect({CONTRACT_MAP}) AS contracts", "}", "RETURN total_count, contracts"])
    return CompiledQuery(cypher, {**count.params, **page.params, "as_of": f.as_of or today or date.today()})


# Ties of a sort key: contracts with equal keys are ordered by file_id. Equal keys lie side by side in the
# sorted list, so a page's edge groups are found by looking at the neighbours of its first and last key: up to
# PROBE of them, all of them only when that many share the key (nulls, which sort last, need no look).
PROBE = 64


def _edge_stop() -> str:
    """The index after the last contract that shares the page's last key (`last`, at `hi - 1`). `keys` holds
    the keys that are not null (collect skips nulls), which sort first: the i-th contract's key is keys[i]."""
    ahead = f"size([k IN keys[hi..hi + {PROBE}] WHERE k = last])"
    rest = "size([k IN keys[hi..] WHERE k = last])"
    return (f"CASE WHEN last IS NULL THEN size(matched) WHEN hi + {PROBE} <= size(keys) AND keys[hi + {PROBE} - 1] "
            f"= last THEN hi + {rest} ELSE hi + {ahead} END")


def _shared(f: ContractFilter, today: date | None) -> CompiledQuery:
    match = compile_match(f, today)
    implied = implies_key(f)  # then the key is the property itself, which a range index hands over in order
    key = SORT_KEYS[f.sort_by] if implied else ORDER_KEYS.get(f.sort_by, SORT_KEYS[f.sort_by])
    direction = "DESC" if f.sort_order == "desc" else "ASC"
    # Ascending order puts nulls last by itself; descending, they need putting there, unless there are none.
    nulls = "key IS NULL, " if direction == "DESC" and not implied else ""
    cypher = "\n".join([
        # The sort key read once per match and sorted alone (as the reference shape does); file_id orders only
        # the contracts that share a key with the page's first or last contract.
        match.cypher, f"WITH c, {key} AS key ORDER BY {nulls}key {direction}",
        "WITH collect(c) AS matched, collect(key) AS keys",
        "WITH matched, keys, $offset AS lo, CASE WHEN $offset + $limit < size(matched) THEN $offset + $limit "
        "ELSE size(matched) END AS hi",
        "WITH matched, keys, lo, hi, keys[lo] AS first, keys[hi - 1] AS last",
        "WITH matched, keys, lo, hi, CASE WHEN first IS NULL THEN size(keys) "
        "ELSE lo - size([k IN keys[..lo] WHERE k = first]) END AS start,",
        f"     {_edge_stop()} AS stop",
        # The page's maps in the RETURN, not in a CALL: there the planner would read the sort key inside a
        # status or renewal condition's property map, one read per property instead of one per map.
        "RETURN size(matched) AS total_count, [c IN COLLECT {",
        "  UNWIND CASE WHEN lo < hi THEN range(start, stop - 1) ELSE [] END AS i",
        f"  WITH matched[i] AS c, keys[i] AS key ORDER BY {nulls}key {direction}, c.file_id ASC",
        "  RETURN c",
        f"}}[lo - start..hi - start] | {CONTRACT_MAP}] AS contracts",
    ])
    return CompiledQuery(cypher, {**match.params, "offset": f.offset, "limit": f.limit, **order_params(f),
                                  "as_of": f.as_of or today or date.today()})


def one_pass(f: ContractFilter) -> bool:
    """Whether the count and the page read the matches once (shared) rather than in two subqueries."""
    if match_anchor(f) in ("party", "text") or any(getattr(f, n) is not None for n in WINDOW_BOUNDS):
        return True
    ranged = {key for key, names in RANGES.items() if any(getattr(f, n) is not None for n in names)}
    if f.sort_by in ranged:
        # The range index hands the matches over in key order: one pass needs no sort. An amount range also
        # tests every candidate's currency, which the count and the page would each do (a currency with few
        # amounts in range: both read all of them); a date range alone counts from the index.
        return f.sort_by == "total_amount"
    seekable = bool(ranged) or any(getattr(f, n) for n in SEEKABLE)
    return bool(ranged) or (seekable and any(_set(getattr(f, n)) for n in RESIDUAL))


def _set(value: object) -> bool:
    """A filter field is set: not None and not an empty list (False is a value)."""
    return value is not None and value != [] and value != ()


def compile_page(f: ContractFilter, today: date | None = None) -> CompiledQuery:
    """One row: `total_count` and `contracts`, the page's contracts as maps of CONTRACT_FIELDS (an empty
    list when the page is empty)."""
    return _shared(f, today) if one_pass(f) else _separate(f, today)
