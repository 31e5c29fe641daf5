"""The one compiler: `ContractFilter` -> `(cypher, params)`, as pure functions.

Values only ever travel as `$param`s; property names, operators, sort keys, group keys and metrics come
from the whitelists below, never from input. The dashboard, the CLI and the agent's tools all call these
functions, so every count they show comes from the same Cypher.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from graph.filters import ContractFilter

OPERATORS: dict[str, str] = {"=": "=", ">": ">", "<": "<", ">=": ">=", "<=": "<="}
SORT_KEYS: dict[str, str] = {
    "effective_date": "c.effective_date", "end_date": "c.end_date",
    "total_amount": "c.total_amount", "party_count": "c.party_count",
}
# group_by -> (expansion MATCH or "", key expression)
GROUP_KEYS: dict[str, tuple[str, str]] = {
    "contract_type": ("", "c.contract_type"),
    "effective_year": ("", "c.effective_date.year"),
    "effective_month": ("", "substring(toString(c.effective_date), 0, 7)"),
    "end_year": ("", "c.end_date.year"),
    "party": ("MATCH (c)<-[:PARTY_TO]-(g:Party)", "g.name"),
    "party_country": ("MATCH (c)<-[:PARTY_TO]-(:Party)-[:LOCATED_AT]->(:Location)-[:IN_COUNTRY]->(g:Country)",
                      "g.code"),
    "governing_law_country": ("MATCH (c)-[:GOVERNED_BY]->(g:Jurisdiction)", "g.country"),
    "clause_type": ("MATCH (c)-[:HAS_CLAUSE]->(g:Clause)", "g.type"),
}
METRICS: dict[str, str] = {
    "count": "count(c)",
    "sum_amount": "CASE WHEN count(c.total_amount) = 0 THEN null ELSE sum(c.total_amount) END",
    "avg_amount": "avg(c.total_amount)",
    "min_amount": "min(c.total_amount)",
    "max_amount": "max(c.total_amount)",
    "avg_duration_days": "avg(c.duration_days)",
}
FULLTEXT_INDEX = "contract_text"
LUCENE_SPECIAL = re.compile(r'([+\-&|!(){}\[\]^"~*?:\\/])')
CONTRACT_ROW = """RETURN c.file_id AS file_id, c.contract_type AS contract_type,
       toString(c.effective_date) AS effective_date, toString(c.end_date) AS end_date,
       c.total_amount AS total_amount, c.duration AS duration, c.summary AS summary,
       [(c)<-[r:PARTY_TO]-(p:Party) | {name: p.name, role: r.role,
         countries: COLLECT { MATCH (p)-[:LOCATED_AT]->(:Location)-[:IN_COUNTRY]->(k:Country)
                              RETURN DISTINCT k.code ORDER BY k.code }}] AS parties,
       [(c)-[:GOVERNED_BY]->(j:Jurisdiction) | {country: j.country, state: j.state, name: j.name}][0]
         AS governing_law"""


@dataclass(frozen=True)
class CompiledQuery:
    """A Cypher statement and its parameters."""

    cypher: str
    params: dict[str, Any] = field(default_factory=dict)


def lucene_query(text: str) -> str:
    """Every word required; Lucene syntax escaped and lowercased so input cannot form operators."""
    words = [w.lower() for w in text.split() if any(ch.isalnum() for ch in w)]
    return " AND ".join(LUCENE_SPECIAL.sub(r"\\\1", w) for w in words)


def _date_conditions(f: ContractFilter) -> list[tuple[str, str, Any]]:
    bounds = (("min_effective_date", "c.effective_date >= "), ("max_effective_date", "c.effective_date <= "),
              ("min_end_date", "c.end_date >= "), ("max_end_date", "c.end_date <= "))
    return [(name, f"{expr}${name}", getattr(f, name)) for name, expr in bounds if getattr(f, name)]


def _amount_conditions(f: ContractFilter) -> list[tuple[str, str, Any]]:
    found = []
    if f.min_amount is not None:
        found.append(("min_amount", "c.total_amount >= $min_amount", f.min_amount))
    if f.max_amount is not None:
        found.append(("max_amount", "c.total_amount <= $max_amount", f.max_amount))
    if f.monetary_value is not None:
        op = OPERATORS[f.monetary_value.operator]
        found.append(("monetary_value", f"c.total_amount {op} $monetary_value", f.monetary_value.value))
    return found


def _party_conditions(f: ContractFilter) -> list[tuple[str, str, Any]]:
    found = [(f"party_{i}", "EXISTS { MATCH (c)<-[:PARTY_TO]-(p:Party) "
              f"WHERE any(name IN p.search_names WHERE name CONTAINS $party_{i}) }}", name.lower())
             for i, name in enumerate(f.parties)]
    if f.party_country:
        found.append(("party_country", "EXISTS { MATCH (c)<-[:PARTY_TO]-(:Party)-[:LOCATED_AT]->(:Location)"
                      "-[:IN_COUNTRY]->(:Country {code: $party_country}) }", f.party_country))
    return found


def _law_conditions(f: ContractFilter) -> tuple[list[str], dict[str, Any]]:
    parts, params = [], {}
    for name in ("governing_law_country", "governing_law_state"):
        value = getattr(f, name)
        if value:
            prop = "country" if name.endswith("country") else "state"
            parts.append(f"j.{prop} = ${name}")
            params[name] = value
    if not parts:
        return [], {}
    return [f"EXISTS {{ MATCH (c)-[:GOVERNED_BY]->(j:Jurisdiction) WHERE {' AND '.join(parts)} }}"], params


def _other_conditions(f: ContractFilter, today: date) -> list[tuple[str, str, Any]]:
    found: list[tuple[str, str, Any]] = []
    if f.contract_types:
        found.append(("contract_types", "c.contract_type IN $contract_types", list(f.contract_types)))
    if f.active is not None:
        op = ">=" if f.active else "<"
        found.append(("as_of", f"c.end_date {op} $as_of", f.as_of or today))
    found += [(f"clause_type_{i}", "EXISTS { MATCH (c)-[:HAS_CLAUSE]->(cl:Clause) "
               f"WHERE cl.type = $clause_type_{i} }}", ctype) for i, ctype in enumerate(f.clause_types)]
    return found


def compile_match(f: ContractFilter, today: date | None = None) -> CompiledQuery:
    """The shared head: the anchor (label scan or full-text index) and the WHERE clause binding `c`."""
    today = today or date.today()
    conditions = (_date_conditions(f) + _party_conditions(f) + _amount_conditions(f)
                  + _other_conditions(f, today))
    params = {name: value for name, _, value in conditions}
    where = [expr for _, expr, _ in conditions]
    law_where, law_params = _law_conditions(f)
    where += law_where
    if f.has_end_date is not None:
        where.append(f"c.end_date IS {'NOT ' if f.has_end_date else ''}NULL")
    params.update(law_params)
    query = lucene_query(f.text) if f.text else ""
    if query:
        head = f"CALL db.index.fulltext.queryNodes('{FULLTEXT_INDEX}', $text) YIELD node AS c"
        params["text"] = query
    else:
        head = "MATCH (c:Contract)"
    cypher = head + ("\nWHERE " + "\n  AND ".join(where) if where else "")
    return CompiledQuery(cypher, params)


def compile_count(f: ContractFilter, today: date | None = None) -> CompiledQuery:
    """Exact number of matching contracts (never capped by `limit`)."""
    match = compile_match(f, today)
    return CompiledQuery(match.cypher + "\nRETURN count(c) AS total_count", match.params)


def compile_search(f: ContractFilter, today: date | None = None) -> CompiledQuery:
    """One page of matching contracts with parties, countries and governing law."""
    match = compile_match(f, today)
    key = SORT_KEYS[f.sort_by]
    direction = "DESC" if f.sort_order == "desc" else "ASC"
    # Contracts lacking the sort key go last in both directions; file_id makes paging deterministic.
    order = f"ORDER BY {key} IS NULL, {key} {direction}, c.file_id ASC"
    cypher = f"{match.cypher}\nWITH c\n{order}\nSKIP $offset LIMIT $limit\n{CONTRACT_ROW}"
    return CompiledQuery(cypher, {**match.params, "offset": f.offset, "limit": f.limit})


def compile_aggregation(f: ContractFilter, today: date | None = None) -> CompiledQuery | None:
    """Grouped metric over the matching contracts, or None when `group_by` is not set."""
    if f.group_by is None:
        return None
    match = compile_match(f, today)
    expansion, key = GROUP_KEYS[f.group_by]
    direction = "DESC" if f.agg_order == "desc" else "ASC"
    lines = [match.cypher]
    if expansion:
        lines.append(expansion)
    lines += [
        f"WITH DISTINCT c, {key} AS key",
        "WHERE key IS NOT NULL",
        f"WITH key, {METRICS[f.metric]} AS value",
        "WHERE value IS NOT NULL",
        f"RETURN key, value\nORDER BY value {direction}, key ASC\nLIMIT $agg_limit",
    ]
    return CompiledQuery("\n".join(lines), {**match.params, "agg_limit": f.agg_limit})


def compile_projection(f: ContractFilter, today: date | None = None) -> CompiledQuery:
    """The filter's head ending in `WITH c`, for appending an aggregation written elsewhere (the agent)."""
    match = compile_match(f, today)
    return CompiledQuery(match.cypher + "\nWITH c", match.params)
