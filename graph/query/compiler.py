"""The one compiler: `ContractFilter` -> `(cypher, params)`, as pure functions.

Values only ever travel as `$param`s; property names, operators, sort keys, group keys and metrics come
from the whitelists below, never from input. The dashboard, the CLI and the agent's tools all call these
functions, so every count they show comes from the same Cypher.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from core.vocab import escape_lucene
from graph.query import renewal_cypher, status_cypher
from graph.query.conditions import (
    CURRENCY_TEST,
    ORGANISATION_HEAD,
    Condition,
    ParameterStore,
    party_conditions,
    property_conditions,
    related_conditions,
)
from graph.query.filters import ContractFilter

SORT_KEYS: dict[str, str] = {
    "effective_date": "c.effective_date", "end_date": "c.end_date",
    "total_amount": "c.total_amount", "party_count": "c.party_count",
}
# Amounts are ranked only within the filter's currency (default USD): a contract whose amount is in another
# currency counts as having no sort key, so it goes last with them (file_id order), never beside dollars.
KEYED = {"total_amount": f"c.total_amount IS NOT NULL AND {CURRENCY_TEST}"}
UNKEYED = {"total_amount": "(c.total_amount IS NULL OR coalesce(c.currency <> $currency, true))"}
ORDER_KEYS = {"total_amount": "CASE WHEN c.currency = $currency THEN c.total_amount END"}


def key_test(f: ContractFilter, present: bool = True) -> str:
    """The condition that `c` has the filter's sort key (in the filter's currency, for amounts), or lacks it."""
    key = SORT_KEYS[f.sort_by]
    return (KEYED if present else UNKEYED).get(f.sort_by, f"{key} IS {'NOT ' if present else ''}NULL")


# group_by -> (expansion MATCH or "", key expression)
GROUP_KEYS: dict[str, tuple[str, str]] = {
    "contract_type": ("", "c.contract_type"),
    "effective_year": ("", "c.effective_date.year"),
    "effective_month": ("", "substring(toString(c.effective_date), 0, 7)"),
    "end_year": ("", "c.end_date.year"),
    "party": ("MATCH (c)<-[:PARTY_TO]-(g:Party) WHERE g.role_only IS NULL", "g.name"),
    # Stored on the contract (graph.store.prepare, graph.store.load keep them in step with the graph): no walk
    # per contract.
    "party_country": ("UNWIND c.party_countries AS g", "g"),
    "governing_law_country": ("", "c.governing_law_country"),
    "clause_type": ("UNWIND c.clause_types AS g", "g"),
    # Found by the classifier or confirmed by a reviewer, less those a reviewer rejected (conditions.
    # text_category_test, per category): each contract's categories once.
    "text_clause_type": ("CALL (c) { MATCH (s:Section {file_id: c.file_id})-[r:IS_CLAUSE_OF_TYPE]->(t:ClauseType) "
                         "WHERE r.band = 'found' RETURN t.name AS g UNION MATCH (d:ClauseDecision {file_id: "
                         "c.file_id, verdict: 'confirmed'}) RETURN d.category AS g }\nWITH c, g WHERE NOT EXISTS "
                         "{ MATCH (:ClauseDecision {file_id: c.file_id, category: g, verdict: 'rejected'}) }", "g"),
    **{name: ("", key) for name, key in renewal_cypher.GROUP_KEYS.items()},
    "status": ("", status_cypher.STATUS),
    "currency": ("", "c.currency"),
}
AS_OF_KEYS = renewal_cypher.AS_OF_KEYS | {"status"}  # group keys that read $as_of
# Group keys read from one indexed property, null exactly when it is. Counting every contract by one of them, the
# head tests that the property exists, so the planner reads the keys from its range index instead of every
# contract from the store (a no-op for the answer; 1M synthetic: by type 370 -> 100 ms, by effective year 320 ->
# 115). Not with a filter: the head seeks another index, or reads the store anyway, and the test only cost 1-3 ms
# at 100k (docs/PERFORMANCE.md fix 34).
# The same for a metric whose values one composite index of graph.store.schema holds with the key: (amount,
# currency), (end date, duration). 1M: sum per currency 335 -> 48 ms p50, average duration by end year 696 -> 121.
# A metric skips a contract without its property and a group left with none is dropped, so testing that the
# property exists changes no answer either (the duration in COVERED; the amount is always tested, AMOUNT_METRICS).
# Only where an index covers the pair: a key test the index cannot use gave the planner a worse choice (1M: max
# amount by law country 444 -> 537 ms p50).
KEY_PROPERTIES = {"contract_type": "c.contract_type", "effective_year": "c.effective_date",
                  "effective_month": "c.effective_date", "end_year": "c.end_date",
                  "governing_law_country": "c.governing_law_country", "currency": "c.currency",
                  "renewal_type": "c.renewal_type"}
METRICS: dict[str, str] = {
    "count": "count(c)",
    "sum_amount": "CASE WHEN count(c.total_amount) = 0 THEN null ELSE sum(c.total_amount) END",
    "avg_amount": "avg(c.total_amount)",
    "min_amount": "min(c.total_amount)",
    "max_amount": "max(c.total_amount)",
    "avg_duration_days": "avg(c.duration_days)",
}
# A metric over the amount reads only contracts in the filter's currency (default USD), unless it is grouped by
# currency: one figure per currency, never a sum across them. It skips contracts without an amount, and a
# group left with no amount is dropped (`WHERE value IS NOT NULL`), so reading only contracts that have an
# amount gives the same groups: through the total_amount index, a fifth of the contracts of the synthetic
# portfolio (docs/PERFORMANCE.md).
AMOUNT_METRICS = frozenset({"sum_amount", "avg_amount", "min_amount", "max_amount"})
# Group keys that one (total_amount, currency, key) index of graph.store.schema holds beside the amount: an amount
# metric over the whole portfolio by one of them reads the index alone (1M synthetic, warm, p50: min amount by type
# 382 -> 100 ms, average by party country 588 -> 181; fix 38). A list is indexed whole (party countries), then unwound.
AMOUNT_KEY_PROPERTIES = {**{key: KEY_PROPERTIES[key] for key in ("contract_type", "effective_year", "effective_month",
                                                                  "governing_law_country")},
                         "party_country": "c.party_countries"}
# The (group key, metric) pairs whose whole-portfolio values one index holds, and the existence tests that let the
# planner read them from it (KEY_PROPERTIES, the duration, AMOUNT_KEY_PROPERTIES).
COVERED = {
    **{(key, "count"): (prop,) for key, prop in KEY_PROPERTIES.items()},
    ("end_year", "avg_duration_days"): (KEY_PROPERTIES["end_year"], "c.duration_days"),
    **{("currency", metric): (KEY_PROPERTIES["currency"],) for metric in AMOUNT_METRICS},
    **{(key, metric): (prop,) for key, prop in AMOUNT_KEY_PROPERTIES.items() for metric in AMOUNT_METRICS},
}
# Parties by number of contracts over the whole portfolio, from each party's stored count (graph.store.load).
# Equal to grouping contracts by party name: a party's merge key is derived from its name, so no two
# party nodes share a name. Role-only placeholders ("Franchisee", graph.store.party_roles) name nobody: left out.
TOP_PARTIES = """MATCH (g:Party)
WHERE g.contract_count > 0 AND g.name IS NOT NULL AND g.role_only IS NULL
RETURN g.name AS key, g.contract_count AS value
ORDER BY value {direction}, key ASC
LIMIT $agg_limit"""
FULLTEXT_INDEX = "contract_text"
LABEL_SCAN = "MATCH (c:Contract)"  # the head of a filter with no condition on related nodes
WITHIN = "c.file_id IN $within"
# A result row's columns, by name: the page statement (graph.query.paging) returns them as one map per contract.
# The row's status is computed from these facts in Python (graph.query.status.row_fields, the same state as the
# filter's Cypher): the status expression in the map doubled the page statement's planning time for a new filter.
CONTRACT_FIELDS: tuple[tuple[str, str], ...] = (
    ("file_id", "c.file_id"), ("title", "coalesce(c.title, c.file_id)"), ("contract_type", "c.contract_type"),
    ("effective_date", "toString(c.effective_date)"), ("end_date", "toString(c.end_date)"),
    ("total_amount", "c.total_amount"), ("currency", "c.currency"), ("currency_source", "c.currency_source"),
    ("duration", "c.duration"), ("summary", "c.summary"), ("end_date_source", "c.end_date_source"),
    ("end_date_extracted", "toString(c.end_date_extracted)"), ("end_date_text", "toString(c.end_date_text)"),
    ("renewal_type", "c.renewal_type"), ("renewal_months", "c.renewal_months"), ("renewal_days", "c.renewal_days"),
    ("notice_months", "c.notice_months"), ("notice_days", "c.notice_days"),
    ("parties", """[(c)<-[r:PARTY_TO]-(p:Party) | {name: p.name, role: r.role,
         countries: COLLECT { MATCH (p)-[:LOCATED_AT]->(:Location)-[:IN_COUNTRY]->(k:Country)
                              RETURN DISTINCT k.code ORDER BY k.code }}]"""),
    ("governing_law", "[(c)-[:GOVERNED_BY]->(j:Jurisdiction) | {country: j.country, state: j.state, name: j.name}][0]"),
)
CONTRACT_COLUMNS = ",\n       ".join(f"{expr} AS {name}" for name, expr in CONTRACT_FIELDS)
CONTRACT_MAP = "{" + ",\n   ".join(f"{name}: {expr}" for name, expr in CONTRACT_FIELDS) + "}"
CONTRACT_ROW = "RETURN " + CONTRACT_COLUMNS


@dataclass(frozen=True)
class CompiledQuery:
    """A Cypher statement and its parameters."""

    cypher: str
    params: dict[str, Any] = field(default_factory=dict)


def lucene_query(text: str) -> str:
    """Every word required; Lucene syntax escaped and lowercased so input cannot form operators."""
    words = [w.lower() for w in text.split() if any(ch.isalnum() for ch in w)]
    return " AND ".join(escape_lucene(w) for w in words)


def match_anchor(f: ContractFilter) -> str:
    """Where matching starts: the full-text index, the TEXT index of the contracts' party names, the TEXT indexes
    of the first organisation fragment (ORGANISATION_HEAD), or every contract (the planner then picks a range
    index, or a label's token lookup: a party country, a clause type)."""
    if f.text:
        return "text"
    if f.parties:
        return "party"
    if f.organisations:
        return "organisation"
    return "label"


def indent(cypher: str) -> str:
    """Every line two spaces deeper, for a statement nested in a subquery."""
    return "\n".join("  " + line for line in cypher.splitlines())


def _where(conditions: list[str]) -> str:
    return "\nWHERE " + "\n  AND ".join(conditions) if conditions else ""


def _head_params(f: ContractFilter, anchor: str, conditions: list[Condition]) -> dict[str, Any]:
    store = ParameterStore.of(conditions)
    if anchor == "text":
        store.add("text", lucene_query(f.text or ""))
    return store.params


def compile_match(f: ContractFilter, today: date | None = None, extra: str | None = None,
                  tail: str | None = None, within: list[str] | None = None) -> CompiledQuery:
    """The shared head binding `c`: an anchor (label scan, full-text index, or a related node found
    through an index) and the filter's conditions. `extra` is one more condition on `c`'s properties;
    `tail` is a clause that ends the head (compile_search's ORDER BY ... LIMIT); `within` keeps only the
    contracts with these file_ids (the agent's semantic hits), through the file_id uniqueness index."""
    anchor = match_anchor(f)
    if anchor == "organisation" and tail:
        # A page reads contracts in sort-key order and stops after offset + limit matches. Behind the
        # organisation's union the planner cannot use index order, so pages test each contract instead.
        anchor = "label"
    own = party_conditions(f) + property_conditions(f, today or date.today(), ordered=tail is not None)
    if anchor == "organisation":  # the first fragment is the head: its test leaves the WHERE, its parameter stays
        own = [Condition("", c.param, c.value) if c.param == "organisation_0" else c for c in own]
    related = related_conditions(f)
    if within is not None:
        own = [*own, Condition(WITHIN, "within", within)]
    params = _head_params(f, anchor, own + related)
    own_where = [c.cypher for c in own if c.cypher] + ([extra] if extra else [])  # "": a parameter only
    related_where = [c.cypher for c in related]
    head = (f"CALL db.index.fulltext.queryNodes('{FULLTEXT_INDEX}', $text) YIELD node AS c" if anchor == "text"
            else ORGANISATION_HEAD if anchor == "organisation" else LABEL_SCAN)
    return CompiledQuery(head + _where(own_where + related_where) + (f"\n{tail}" if tail else ""), params)


def compile_count(f: ContractFilter, today: date | None = None, within: list[str] | None = None) -> CompiledQuery:
    """Exact number of matching contracts (never capped by `limit`)."""
    match = compile_match(f, today, within=within)
    return CompiledQuery(match.cypher + "\nRETURN count(c) AS total_count", match.params)


def compile_page_head(f: ContractFilter, today: date | None = None, keyed_only: bool = False) -> CompiledQuery:
    """The contracts of one page, bound to `c` in page order (compile_search adds the columns).

    Contracts lacking the sort key go last in both directions; file_id makes paging deterministic. The
    first subquery takes the `offset + limit` best contracts that have the key, so a range index can hand
    them over in order and stop early; contracts without the key are only read when that is not enough.
    Both lists are collected in page order (the keyed first: nulls last in both directions), so the page is a
    slice of the two. It is sliced, not unwound and sorted again: a sort keeps every unwound row, and each row
    still held both lists, so a page at offset 3,000 needed 2 x 3,000 rows x 3,000 nodes and ran out of
    transaction memory at 10,000 contracts (docs/PERFORMANCE.md, fixes 29 and 31).
    `keyed_only`: the filter's own conditions imply the key (graph.query.paging.implies_key), so no contract
    without it can match and the page is the first subquery's alone.
    """
    key = SORT_KEYS[f.sort_by]
    direction = "DESC" if f.sort_order == "desc" else "ASC"
    if keyed_only:
        tail = f"WITH c ORDER BY {key} {direction}, c.file_id ASC SKIP $offset LIMIT $limit"
        page = compile_match(f, today, tail=tail)
        return CompiledQuery(page.cypher, {**page.params, "offset": f.offset, "limit": f.limit, **order_params(f)})
    with_key = compile_match(f, today, extra=key_test(f), tail=f"WITH c ORDER BY {key} {direction}, c.file_id ASC "
                             "LIMIT $window")
    without_key = compile_match(f, today, extra=key_test(f, False), tail="WITH c ORDER BY c.file_id ASC LIMIT $window")
    enough = compile_match(f, today, extra=key_test(f), tail="WITH c LIMIT $window")
    cypher = "\n".join([
        # How many contracts with the key the window holds, counted before either list is collected: a
        # subquery's rows keep every value of the row it runs for, so a sort of the contracts without the key
        # run after `keyed` was collected held that list in each of its rows (fix 31).
        "CALL () {", indent(enough.cypher), "  RETURN count(c) AS found", "}",
        "CALL (found) {",
        # An UNWIND of zero rows, not a WHERE the planner would push below the index seek: no read at all
        # when the keyed contracts already fill the window.
        "  UNWIND CASE WHEN found < $window THEN [true] ELSE [] END AS needed",
        indent(without_key.cypher), "  RETURN collect(c) AS unkeyed", "}",
        "CALL () {", indent(with_key.cypher), "  RETURN collect(c) AS keyed", "}",
        "UNWIND (keyed + unkeyed)[$offset..$offset + $limit] AS c",
    ])
    return CompiledQuery(cypher, {**with_key.params, "window": f.offset + f.limit, "offset": f.offset,
                                  "limit": f.limit, **order_params(f)})


def order_params(f: ContractFilter) -> dict[str, Any]:
    """The parameters the page's key condition reads: the currency amounts are ranked in, when sorting by
    amount."""
    return {"currency": f.amount_currency()} if f.sort_by in ORDER_KEYS else {}


def compile_search(f: ContractFilter, today: date | None = None) -> CompiledQuery:
    """One page of matching contracts with parties, countries and governing law."""
    head = compile_page_head(f, today)
    return CompiledQuery(f"{head.cypher}\n{CONTRACT_ROW}", {**head.params, "as_of": f.as_of or today or date.today()})


def compile_aggregation(f: ContractFilter, today: date | None = None,
                        within: list[str] | None = None) -> CompiledQuery | None:
    """Grouped metric over the matching contracts, or None when `group_by` is not set."""
    if f.group_by is None:
        return None
    in_currency = f.metric in AMOUNT_METRICS and f.group_by != "currency" and not f.compares_amounts()
    needed = ["c.total_amount IS NOT NULL" if f.metric in AMOUNT_METRICS else "",
              CURRENCY_TEST if in_currency else "",
              renewal_cypher.HAS_NOTICE if f.group_by == "notice_month" else ""]  # a key needs a notice period
    if (f.group_by, f.metric) in COVERED and compile_match(f, today, within=within).cypher == LABEL_SCAN:
        # The whole portfolio: the key (and the duration) exist, so one (composite) index hands over every value.
        needed += [f"{prop} IS NOT NULL" for prop in COVERED[f.group_by, f.metric]]
    match = compile_match(f, today, extra=" AND ".join(x for x in needed if x) or None, within=within)
    expansion, key = GROUP_KEYS[f.group_by]
    direction = "DESC" if f.agg_order == "desc" else "ASC"
    # Figures in different currencies are not ranked against each other: per currency, in code order.
    order = "key ASC" if f.group_by == "currency" and f.metric in AMOUNT_METRICS else f"value {direction}, key ASC"
    if (f.group_by, f.metric, match.cypher) == ("party", "count", LABEL_SCAN):
        return CompiledQuery(TOP_PARTIES.format(direction=direction), {"agg_limit": f.agg_limit})
    lines = [match.cypher]
    if expansion:
        lines.append(expansion)
    # The head yields each contract once, and stored lists hold distinct values: only a MATCH can repeat one.
    distinct = "DISTINCT " if expansion.startswith("MATCH") else ""
    lines += [
        f"WITH {distinct}c, {key} AS key",
        "WHERE key IS NOT NULL",
        f"WITH key, {METRICS[f.metric]} AS value",
        "WHERE value IS NOT NULL",
        f"RETURN key, value\nORDER BY {order}\nLIMIT $agg_limit",
    ]
    params = {**match.params, "agg_limit": f.agg_limit}
    if in_currency:
        params["currency"] = f.amount_currency()
    if f.group_by in AS_OF_KEYS:
        params["as_of"] = f.as_of or today or date.today()
    return CompiledQuery("\n".join(lines), params)


def compile_projection(f: ContractFilter, today: date | None = None,
                       within: list[str] | None = None) -> CompiledQuery:
    """The filter's head ending in `WITH c`, for appending an aggregation written elsewhere (the agent)."""
    match = compile_match(f, today, within=within)
    return CompiledQuery(match.cypher + "\nWITH c", match.params)
