"""The compiler's count-and-page statement: the exact total and one page of contracts in one round trip.

`graph.reads.repository.search_contracts` used to send `compile_count` and then `compile_search`: two round
trips, and for a filter that starts from party names or the full-text index two passes over the same
matches. Here one statement does both, and returns one row: `total_count` and `contracts`, the page's
contracts as maps (CONTRACT_FIELDS; an empty list for an empty page), in one of two shapes:

- **one pass**: the matches are found once and their number is the total. Taken when matching starts from
  party names, an organisation or the full-text index, with a notice-deadline or next-renewal window (no index
  orders those matches; docs/PERFORMANCE.md, fix 20), with a range on a property other than the sort key, and with a
  condition no index answers (no end date, a status) beside one an index seeks (a contract type, a law):
  there both subqueries of the separate shape would test every candidate (docs/PERFORMANCE.md, fix 26).
  The page is walked from the sort key's range index (`_walk`, docs/PERFORMANCE.md, fix 28): the matches are
  collected without reading their keys, and the index's entries are read in key order until the page's
  contracts are among them, so no match's key is read from the store and nothing is sorted but the page;
  every match is sorted by its key only when the walk does not find the page soon enough. A range on the
  amount when sorting by amount (`_shared`) reads the matches in key order from that range's own index, so
  there is no sort, and the currency test runs once instead of in both subqueries.
- **separate**: the count and the page stay two subqueries, because each can use an index on its own: the
  count seeks a range index or reads the count store, the page reads contracts in sort-key order and stops
  after `offset + limit` matches (a date range on the sort key itself, dense conditions, no condition).
  Collecting every match costs more there (measured at 100k in docs/PERFORMANCE.md: all contracts 5 -> 160 ms).
  When the filter implies the sort key (implies_key), the page does not look for contracts without it.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from graph.query.compiler import (
    CONTRACT_MAP,
    ORDER_KEYS,
    SORT_KEYS,
    CompiledQuery,
    compile_count,
    compile_match,
    compile_page_head,
    indent,
    key_test,
    match_anchor,
    order_params,
)
from graph.query.conditions import CURRENCY_TEST
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
    return (f"CASE WHEN last IS NULL THEN size(ordered) WHEN hi + {PROBE} <= size(keys) AND keys[hi + {PROBE} - 1] "
            f"= last THEN hi + {rest} ELSE hi + {ahead} END")


def _sorted(key: str, nulls: str, direction: str) -> list[str]:
    """From a stream of matches `c`: all of them sorted by the key alone (read once per match, as the reference
    shape does) as `ordered`, and the page's bounds; file_id orders only the contracts that share a key with
    the page's first or last contract (`_sorted_page`)."""
    return [
        f"WITH c, {key} AS key ORDER BY {nulls}key {direction}",
        "WITH collect(c) AS ordered, collect(key) AS keys",
        "WITH ordered, keys, $offset AS lo, CASE WHEN $offset + $limit < size(ordered) THEN $offset + $limit "
        "ELSE size(ordered) END AS hi",
        "WITH ordered, keys, lo, hi, keys[lo] AS first, keys[hi - 1] AS last",
        "WITH ordered, keys, lo, hi, CASE WHEN first IS NULL THEN size(keys) "
        "ELSE lo - size([k IN keys[..lo] WHERE k = first]) END AS start,",
        f"     {_edge_stop()} AS stop",
    ]


def _sorted_page(nulls: str, direction: str) -> str:
    """The page of `_sorted`'s contracts, a list of nodes."""
    return "\n".join([
        "COLLECT {", "  UNWIND CASE WHEN lo < hi THEN range(start, stop - 1) ELSE [] END AS i",
        f"  WITH ordered[i] AS c, keys[i] AS key ORDER BY {nulls}key {direction}, c.file_id ASC",
        "  RETURN c", "}[lo - start..hi - start]"])


def _params(f: ContractFilter, today: date | None, params: dict[str, Any]) -> dict[str, Any]:
    """The statement's parameters: the filter's, the page's and those of the page's maps."""
    as_of = f.as_of or today or date.today()
    return {**params, "offset": f.offset, "limit": f.limit, **order_params(f), "as_of": as_of}


def _shared(f: ContractFilter, today: date | None) -> CompiledQuery:
    """One pass sorted by the key alone. Taken when the filter implies the key: a range index hands the matches
    over in key order, so there is no sort."""
    match = compile_match(f, today)
    key, direction = SORT_KEYS[f.sort_by], "DESC" if f.sort_order == "desc" else "ASC"
    cypher = "\n".join([
        match.cypher, *_sorted(key, "", direction),
        # The page's maps in the RETURN, not in a CALL: there the planner would read the sort key inside a
        # status or renewal condition's property map, one read per property instead of one per map.
        f"RETURN size(ordered) AS total_count, [c IN {_sorted_page('', direction)} | {CONTRACT_MAP}] AS contracts",
    ])
    return CompiledQuery(cypher, _params(f, today, match.params))


# The walk of the sort key's index (`_walk`) reads at most this many entries, more for a deep page; a page whose
# matches are not found among them falls back to sorting every match.
WALK_MIN = 12000
WALK_PER_ROW = 40
# A bound below every value of the key's type: the walk's range starts there, or (null) reads nothing.
LOWEST = {"effective_date": "date({year: -999999999})", "end_date": "date({year: -999999999})",
          "total_amount": "-1.0 / 0.0", "party_count": "-1.0 / 0.0"}


def _walk(f: ContractFilter, today: date | None) -> CompiledQuery:
    """The matches collected without reading their sort key (the count is their number); the page's first
    `offset + limit` found by walking the sort key's range index in order, testing each entry against the
    collected matches (a hashed `IN`), so the key is read from the index for a few hundred entries instead of
    from the store for every match, and nothing is sorted but the page. Ties with the page's last key are
    fetched from the index by equality, so file_id orders them exactly. When the walk does not find the page
    within `$walk` entries (few matches, matches far down the key order, a page reaching the contracts
    without the key), every match is sorted as `_shared` sorts them."""
    match = compile_match(f, today)
    key, direction = SORT_KEYS[f.sort_by], "DESC" if f.sort_order == "desc" else "ASC"
    order_key = ORDER_KEYS.get(f.sort_by, key)  # amounts in another currency count as missing
    keyed = key_test(f)
    nulls = "key IS NULL, " if direction == "DESC" else ""  # ascending order puts nulls last by itself
    # The guard is the range's bound: a WHERE or UNWIND on `matched` would walk the whole index or lose its order.
    # Were the matches spread evenly over the key order, the page would lie within (offset + limit) * contracts /
    # matches entries: walk when that is at most half the walk and at most twice the matches (an index entry
    # costs less than a match's key read and its share of the sort, measured about a third).
    likely = ("size(matched) * $walk >= 2 * ($offset + $limit) * contracts "
              "AND 2 * size(matched) * size(matched) >= ($offset + $limit) * contracts")
    walked = " AND ".join([f"{key} >= CASE WHEN {likely} THEN {LOWEST[f.sort_by]} END",
                           *([CURRENCY_TEST] if f.sort_by in ORDER_KEYS else [])])
    cypher = "\n".join([
        "CALL () {", indent(match.cypher), "  RETURN collect(c) AS matched", "}",
        "CALL () { MATCH (c:Contract) RETURN count(c) AS contracts }",  # from the count store
        # The index hands entries over in key order: Limit, not Sort, and the walk stops at the page's end.
        "CALL (matched, contracts) {",
        f"  MATCH (c:Contract) USING INDEX c:Contract({key.removeprefix('c.')}) WHERE {walked}",
        f"  WITH c ORDER BY {key} {direction} LIMIT $walk",
        "  WITH c WHERE c IN matched",
        f"  WITH c, {key} AS key ORDER BY key {direction} LIMIT $offset + $limit",
        "  RETURN collect(c) AS found, collect(key) AS found_keys",
        "}",
        "WITH matched, found, found_keys[$offset + $limit - 1] AS edge, found_keys",
        "CALL (matched, edge) {",
        "  UNWIND CASE WHEN edge IS NULL THEN [] ELSE [edge] END AS k",
        f"  MATCH (c:Contract) WHERE {key} = k AND {keyed} AND c IN matched",
        "  RETURN collect(c) AS ties",
        "}",
        "CALL (matched, edge) {",
        "  UNWIND CASE WHEN edge IS NULL THEN matched ELSE [] END AS c",
        indent("\n".join(_sorted(order_key, nulls, direction))),
        f"  RETURN {_sorted_page(nulls, direction)} AS sorted",
        "}",
        "RETURN size(matched) AS total_count, [c IN CASE WHEN edge IS NULL THEN sorted ELSE COLLECT {",
        "  UNWIND [i IN range(0, size(found) - 1) WHERE found_keys[i] <> edge | found[i]] + ties AS c",
        f"  WITH c ORDER BY {key} {direction}, c.file_id ASC",
        "  RETURN c",
        f"}}[$offset..$offset + $limit] END | {CONTRACT_MAP}] AS contracts",
    ])
    walk = max(WALK_MIN, WALK_PER_ROW * (f.offset + f.limit))
    return CompiledQuery(cypher, _params(f, today, {**match.params, "walk": walk}))


def one_pass(f: ContractFilter) -> bool:
    """Whether the count and the page read the matches once (shared) rather than in two subqueries."""
    if match_anchor(f) in ("party", "text", "organisation") or any(getattr(f, n) is not None for n in WINDOW_BOUNDS):
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
    if not one_pass(f):
        return _separate(f, today)
    return _shared(f, today) if implies_key(f) else _walk(f, today)
