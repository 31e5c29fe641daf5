"""The reference design's query shape, written for our graph model, for side-by-side timing.

The reference design ("Agentic GraphRAG for Commercial Contracts") answers every question with one
statement: `MATCH (c:Contract)`, each filter as a WHERE predicate (relationship filters as `EXISTS {}`
subqueries), `WITH c ORDER BY ...`, then `collect(c)` of every match to return the count and five
examples; aggregations append to a `WITH` that projects parties and countries for every match. The
filters here mean exactly what `ContractFilter` means (the run fails when counts differ); only the shape
is theirs. Full-text questions use the same Lucene call as ours (the reference used vector similarity).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from graph.query import renewal_cypher, status_cypher
from graph.query.compiler import AMOUNT_METRICS, FULLTEXT_INDEX, METRICS, ORDER_KEYS, SORT_KEYS, lucene_query
from graph.query.conditions import CURRENCY_TEST
from graph.query.filters import ContractFilter

EXAMPLE = """{summary: el.summary, contract_type: el.contract_type, contract_scope: el.scope,
   file_id: el.file_id, effective_date: el.effective_date, end_date: el.end_date,
   monetary_value: el.total_amount, currency: el.currency,
   parties: [(el)<-[r:PARTY_TO]-(party) | {name: party.name, role: r.role}],
   countries: COLLECT { MATCH (el)<-[:PARTY_TO]-()-[:LOCATED_AT]->()-[:IN_COUNTRY]->(k) RETURN DISTINCT k.code }}"""
PROJECTION = """WITH c, c.summary AS summary, c.contract_type AS contract_type, c.scope AS contract_scope,
     c.effective_date AS effective_date, c.end_date AS end_date,
     [(c)<-[r:PARTY_TO]-(party) | {name: party.name, role: r.role, role_only: party.role_only}] AS parties,
     c.end_date >= date() AS active, c.total_amount AS monetary_value, c.file_id AS contract_id,
     COLLECT { MATCH (c)<-[:PARTY_TO]-()-[:LOCATED_AT]->()-[:IN_COUNTRY]->(k) RETURN DISTINCT k.code } AS countries
"""
# The metrics and sort keys are the compiler's own (METRICS, SORT_KEYS); only the grouping shape is theirs.
GROUPS = {
    "contract_type": "WITH c, contract_type AS key",
    "effective_year": "WITH c, effective_date.year AS key",
    "effective_month": "WITH c, substring(toString(effective_date), 0, 7) AS key",
    "end_year": "WITH c, end_date.year AS key",
    # Role-only placeholders ("Franchisee") name nobody and are left out of party groups, as in ours.
    "party": "UNWIND parties AS party WITH c, party WHERE party.role_only IS NULL WITH DISTINCT c, party.name AS key",
    "party_country": "UNWIND countries AS key WITH DISTINCT c, key",
    "governing_law_country": "MATCH (c)-[:GOVERNED_BY]->(law) WITH DISTINCT c, law.country AS key",
    "clause_type": "MATCH (c)-[:HAS_CLAUSE]->(clause) WITH DISTINCT c, clause.type AS key",
    "currency": "WITH c, c.currency AS key",
    # The reference design has no renewal facts: its shape with our expressions (graph.query.renewal_cypher).
    **{name: f"WITH c, {key} AS key" for name, key in renewal_cypher.GROUP_KEYS.items()},
}


def _scalar_filters(f: ContractFilter, today: date) -> tuple[list[str], dict[str, Any]]:
    where: list[str] = []
    params: dict[str, Any] = {}
    for name, expr in (("min_effective_date", "c.effective_date >= date($min_effective_date)"),
                       ("max_effective_date", "c.effective_date <= date($max_effective_date)"),
                       ("min_end_date", "c.end_date >= date($min_end_date)"),
                       ("max_end_date", "c.end_date <= date($max_end_date)"),
                       ("min_amount", "c.total_amount >= $min_amount"),
                       ("max_amount", "c.total_amount <= $max_amount")):
        value = getattr(f, name)
        if value is not None:
            where.append(expr)
            params[name] = value.isoformat() if isinstance(value, date) else value
    if f.monetary_value is not None:
        where.append(f"c.total_amount {f.monetary_value.operator} $total_value")
        params["total_value"] = f.monetary_value.value
    # Amounts compare, sort and aggregate in one currency (the reference design had none): the compiler's test.
    if f.compares_amounts():
        where.append(CURRENCY_TEST)
    if f.compares_amounts() or f.sort_by in ORDER_KEYS or f.metric in AMOUNT_METRICS:
        params["currency"] = f.amount_currency()
    if f.contract_types:
        where.append("c.contract_type IN $contract_types")
        params["contract_types"] = list(f.contract_types)
    if f.has_end_date is not None:
        where.append(f"c.end_date IS {'NOT ' if f.has_end_date else ''}NULL")
    # The status on as_of is the compiler's own expression (graph.query.status_cypher): the reference design
    # had `end_date >= date()`, which is not what `active` means, and the run fails when counts differ.
    if f.active is not None:
        where.append(status_cypher.ACTIVE if f.active else status_cypher.INACTIVE)
        params["as_of"] = f.as_of or today
    if f.status:
        where.append(status_cypher.STATUS_IN)
        params.update(status=list(f.status), as_of=f.as_of or today)
    if f.end_date_disagrees is not None:
        where.append(status_cypher.END_DATE_DISAGREES if f.end_date_disagrees else status_cypher.END_DATE_AGREES)
    bounds = {n: getattr(f, n) for n in renewal_cypher.WINDOW_BOUNDS}
    for expr, values in renewal_cypher.renewal_conditions(f.renewal_types, bounds, f.as_of or today):
        where.append(expr)
        params.update(values)
    if f.group_by in renewal_cypher.AS_OF_KEYS:
        params["as_of"] = f.as_of or today
    return where, params


def _graph_filters(f: ContractFilter) -> tuple[list[str], dict[str, Any]]:
    where: list[str] = []
    params: dict[str, Any] = {}
    law = []
    if f.governing_law_country:
        law.append("toLower(law.country) = $governing_law_country")
        params["governing_law_country"] = f.governing_law_country.lower()
    if f.governing_law_state:
        law.append("law.state = $governing_law_state")
        params["governing_law_state"] = f.governing_law_state
    if law:
        where.append(f"EXISTS {{ MATCH (c)-[:GOVERNED_BY]->(law) WHERE {' AND '.join(law)} }}")
    for i, name in enumerate(f.parties):
        where.append(f"EXISTS {{ MATCH (c)<-[:PARTY_TO]-(party) "
                     f"WHERE any(n IN party.search_names WHERE n CONTAINS $party_{i}) }}")
        params[f"party_{i}"] = name.lower()
    # An organisation fragment, walked: a member of an organisation whose name or members' names contain it.
    for i, name in enumerate(f.organisations):
        where.append(f"EXISTS {{ MATCH (c)<-[:PARTY_TO]-(party) WHERE "
                     f"(NOT (party)-[:MEMBER_OF]->() AND any(n IN party.search_names WHERE n CONTAINS $org_{i})) "
                     f"OR EXISTS {{ MATCH (party)-[:MEMBER_OF]->(o) WHERE o.key CONTAINS $org_{i} "
                     f"OR toLower(o.name) CONTAINS $org_{i} "
                     f"OR EXISTS {{ MATCH (o)<-[:MEMBER_OF]-(m) WHERE any(n IN m.search_names "
                     f"WHERE n CONTAINS $org_{i}) }} }} }}")
        params[f"org_{i}"] = name.lower()
    if f.party_country:
        where.append("EXISTS { MATCH (c)<-[:PARTY_TO]-()-[:LOCATED_AT]->()-[:IN_COUNTRY]->(country) "
                     "WHERE country.code = $party_country }")
        params["party_country"] = f.party_country
    for i, ctype in enumerate(f.clause_types):
        where.append(f"EXISTS {{ MATCH (c)-[:HAS_CLAUSE]->(clause) WHERE clause.type = $clause_type_{i} }}")
        params[f"clause_type_{i}"] = ctype
    return where, params


def _head(f: ContractFilter, today: date, extra: tuple[str, ...] = ()) -> tuple[str, dict[str, Any]]:
    scalar, params = _scalar_filters(f, today)
    scalar += [x for x in extra if x not in scalar]
    graph, graph_params = _graph_filters(f)
    params.update(graph_params)
    head = "MATCH (c:Contract) "
    if f.text:
        head = f"CALL db.index.fulltext.queryNodes('{FULLTEXT_INDEX}', $text) YIELD node AS c "
        params["text"] = lucene_query(f.text)
    where = scalar + graph
    return head + (f"WHERE {' AND '.join(where)} " if where else ""), params


def reference_search(f: ContractFilter, today: date | None = None) -> tuple[str, dict[str, Any]]:
    """Count and a page of examples, reference shape: sort every match, collect them all, slice."""
    head, params = _head(f, today or date.today())
    key = ORDER_KEYS.get(f.sort_by, SORT_KEYS[f.sort_by])
    cypher = (head + f"WITH c ORDER BY {key} {'DESC' if f.sort_order == 'desc' else 'ASC'}\n"
              "WITH collect(c) AS nodes\n"
              "RETURN {total_count_of_contracts: size(nodes),\n"
              f"        example_values: [el IN nodes[$offset..$offset + $limit] | {EXAMPLE}]}} AS output")
    return cypher, {**params, "offset": f.offset, "limit": f.limit}


def reference_aggregation(f: ContractFilter, today: date | None = None) -> tuple[str, dict[str, Any]]:
    """Grouped metric, reference shape: project every match's parties and countries, then aggregate."""
    if f.group_by is None:
        raise ValueError("reference_aggregation needs group_by")
    # An amount metric by any other key than currency reads the filter's currency only, as the compiler does.
    in_currency = f.metric in AMOUNT_METRICS and f.group_by != "currency"
    head, params = _head(f, today or date.today(), (CURRENCY_TEST,) if in_currency else ())
    direction = "DESC" if f.agg_order == "desc" else "ASC"
    order = "key ASC" if f.group_by == "currency" and f.metric in AMOUNT_METRICS else f"value {direction}, key ASC"
    cypher = (head + "WITH c ORDER BY c.effective_date DESC\n" + PROJECTION + GROUPS[f.group_by] + "\n"
              f"WHERE key IS NOT NULL\nWITH key, {METRICS[f.metric]} AS value\nWHERE value IS NOT NULL\n"
              f"RETURN key, value ORDER BY {order} LIMIT $agg_limit")
    return cypher, {**params, "agg_limit": f.agg_limit}
