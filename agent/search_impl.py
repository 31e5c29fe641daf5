"""What the contract tools do, given the run's `Context`: contract_search, party_search and contract_details
(their LangChain wrappers, argument schemas and descriptions are in agent/tools.py). Every contract count goes
through the same ContractFilter compiler as the dashboard.

Free of LangChain and LangGraph: the exact-mode runner (agent.exact) calls these directly, so an offline
`python -m agent ask` does not import the LLM stack, and gets the very JSON the agent's tools return.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from agent.context import Context
from agent.semantic import semantic_search
from agent.tool_output import quote
from agent.tool_support import MAX_EXAMPLES, compact_contract, to_json
from core.errors import FilterValidationError, NotFound
from graph.query.filters import ContractFilter, parse_filter
from graph.query.renewal_cypher import WINDOW_BOUNDS
from graph.reads import repository
from graph.reads.renewals import contract_terms
from graph.reads.repository import (
    PartyQuery,
    SearchResult,
    find_contract_ids,
    fuzzy_parties,
    json_params,
    search_contracts,
    search_parties,
)

MAX_PARTIES = 10
FUZZY = "fuzzy (no name contains the fragment; closest spellings)"
BULKY_PARAMS = ("hit_ids", "hit_scores", "embedding")
FILTER_FIELDS = tuple(ContractFilter.model_fields)
RENEWAL_FIELDS = (*WINDOW_BOUNDS, "renewal_types")


def _params(result: SearchResult) -> list[dict[str, Any]]:
    out = []
    for q in result.queries:
        params = json_params(q.params)
        for key in BULKY_PARAMS:
            if key in params:
                params[key] = f"<{len(params[key])} values from the index search>"
        out.append(params)
    return out


def search_payload(result: SearchResult, f: ContractFilter, method: str | None = None) -> dict[str, Any]:
    """What contract_search returns: the exact count, a few examples, the aggregation and the Cypher."""
    payload: dict[str, Any] = {
        "total_count": result.total_count,
        "contracts": [compact_contract(row) for row in result.contracts[:MAX_EXAMPLES]],
    }
    if len(result.contracts) < result.total_count:
        payload["note"] = (f"Listed {len(payload['contracts'])} example(s) of {result.total_count} matching "
                           "contracts; total_count is exact.")
    if result.aggregation is not None:
        payload["aggregation"] = {"group_by": f.group_by, "metric": f.metric, "rows": result.aggregation}
        if f.metric.endswith("_amount") and f.group_by != "currency":  # each row also names its currency
            payload["aggregation"]["currency"] = f.amount_currency()
    if method:
        payload["search"] = method
    payload["filter"] = f.describe()
    payload["cypher"] = [q.cypher for q in result.queries]
    payload["params"] = _params(result)
    return payload


def contract_search(ctx: Context, summary_search: str | None = None, **fields: Any) -> str:
    """contract_search's JSON for these arguments."""
    f = parse_filter({k: v for k, v in fields.items() if k in FILTER_FIELDS})
    if summary_search:
        page = f.model_copy(update={"limit": min(f.limit, MAX_EXAMPLES)})
        found = semantic_search(ctx, page, summary_search)
        return to_json(search_payload(found.result, f, found.method))
    return to_json(filter_payload(ctx, f))


def filter_payload(ctx: Context, f: ContractFilter) -> dict[str, Any]:
    """The count, examples (at most MAX_EXAMPLES), aggregation and Cypher of one filter, as contract_search
    returns them (with each example's renewal deadlines when the filter asks about renewals)."""
    page = f.model_copy(update={"limit": min(f.limit, MAX_EXAMPLES)})
    result = search_contracts(ctx.driver, page, today=ctx.today, database=ctx.database)
    payload = search_payload(result, f)
    if any(getattr(f, name) for name in RENEWAL_FIELDS):
        add_deadlines(ctx, payload["contracts"], f.as_of or ctx.today)
    return payload


def add_deadlines(ctx: Any, contracts: list[dict[str, Any]], as_of: date) -> None:
    """A renewal question's listed contracts with their next notice deadline and renewal (the dates the answer
    is about), as of the filter's date."""
    for c in contracts:
        row = contract_terms(ctx.driver, c["file_id"], as_of, ctx.database)
        if row is None:
            continue
        d = row.deadlines
        c.update({k: v.isoformat() for k, v in (("notice_by", d.next_notice_by), ("next_renewal", d.next_renewal),
                                                ("term_ends", d.notice_term_end or d.term_end)) if v is not None})


def party_search(ctx: Context, name: str | None = None, country: str | None = None,
                 limit: int = MAX_PARTIES, offset: int = 0) -> str:
    """party_search's JSON: substring matches, else the closest spellings."""
    if not name and not country:
        raise FilterValidationError("party_search needs a name fragment or a country.", field="name")
    query = PartyQuery(name=name, country=country, limit=min(limit, MAX_PARTIES), offset=offset)
    found = search_parties(ctx.driver, query, ctx.database)
    match = "substring"
    if found["total_count"] == 0 and name:
        rows = [r for r in fuzzy_parties(ctx.driver, name, limit=query.limit, database=ctx.database)
                if not query.country or query.country in (r.get("countries") or [])]
        found, match = {"total_count": len(rows), "parties": rows}, FUZZY
    parties = [{"name": p["name"], "aliases": [a for a in p.get("aliases") or [] if a != p["name"]][:5],
                "contract_count": p["contract_count"], "countries": p.get("countries") or []}
               for p in found["parties"]]
    return to_json({"total_count": found["total_count"], "match": match, "parties": parties,
                    "query": query.model_dump(exclude_defaults=True)})


def quoted_details(details: dict[str, Any]) -> dict[str, Any]:
    """contract_details with the contract's own prose (summary, scope, clause summaries) marked as quoted data."""
    clauses = [{**c, "summary": quote(c.get("summary"))} for c in details.get("clauses") or []]
    return {**details, "summary": quote(details.get("summary")), "scope": quote(details.get("scope")),
            "currency_evidence": quote(details.get("currency_evidence")), "clauses": clauses}


def contract_details(ctx: Context, file_id: str) -> str:
    """contract_details' JSON: one contract in full, or NotFound with similar file_ids."""
    try:
        return to_json(quoted_details(repository.contract_details(ctx.driver, file_id.strip(), ctx.database)))
    except NotFound as e:
        words = [w for w in file_id.replace("_", " ").replace("-", " ").split() if len(w) > 3]
        similar = find_contract_ids(ctx.driver, words[0], limit=5, database=ctx.database) if words else []
        hint = f" Similar file_ids: {', '.join(similar)}." if similar else " Use contract_search to find it."
        raise NotFound(f"{e}{hint}") from e
