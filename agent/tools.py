"""The agent's tools. Every contract count goes through the same ContractFilter compiler as the dashboard.

`TOOLS` is the list the agent binds; other packages extend the assistant by appending to it (e.g. a later
`clause_search`). A tool reads the Neo4j driver from the run's `Context` (`runtime.context`), returns JSON
text, and reports bad input or database trouble as an error message the model can act on.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from langchain_core.tools import BaseTool, InjectedToolArg, StructuredTool
from langgraph.prebuilt import ToolRuntime
from pydantic import BaseModel, ConfigDict, Field

from agent.clause_tool import clause_search_tool
from agent.cypher_tool import cypher_aggregation
from agent.semantic import FULLTEXT_HITS, VECTOR_HITS, semantic_search
from agent.tool_output import quote
from agent.tool_support import MAX_EXAMPLES, compact_contract, context_of, to_json
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


class ContractSearchArgs(ContractFilter):
    """Exactly the ContractFilter fields (names, descriptions, validation) plus `summary_search`."""

    summary_search: str | None = Field(
        None, max_length=500,
        description="Free-text description of what the contracts are about (e.g. 'software reseller in "
                    "Europe'). Ranks contracts by their summary: with the vector index the "
                    f"{VECTOR_HITS} nearest, else the full-text index (any word, best {FULLTEXT_HITS}). "
                    "total_count then counts only the filter's matches among those hits. Prefer the "
                    "structured fields; use this for topics they cannot express.")
    runtime: Annotated[Any, InjectedToolArg] = Field(None, exclude=True)


class PartySearchArgs(PartyQuery):
    """PartyQuery (name fragment, country, paging) as the model sees it."""

    runtime: Annotated[Any, InjectedToolArg] = Field(None, exclude=True)


class ContractDetailsArgs(BaseModel):
    """One contract by its file_id."""

    model_config = ConfigDict(extra="forbid")
    file_id: str = Field(max_length=300, description="The contract's file_id exactly as tools return it.")
    runtime: Annotated[Any, InjectedToolArg] = Field(None, exclude=True)


FILTER_FIELDS = tuple(ContractFilter.model_fields)


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


def _contract_search(runtime: ToolRuntime, summary_search: str | None = None, **fields: Any) -> str:
    ctx = context_of(runtime)
    f = parse_filter({k: v for k, v in fields.items() if k in FILTER_FIELDS})
    page = f.model_copy(update={"limit": min(f.limit, MAX_EXAMPLES)})
    if summary_search:
        found = semantic_search(ctx, page, summary_search)
        return to_json(search_payload(found.result, f, found.method))
    result = search_contracts(ctx.driver, page, today=ctx.today, database=ctx.database)
    payload = search_payload(result, f)
    if any(getattr(f, name) for name in RENEWAL_FIELDS):
        add_deadlines(ctx, payload["contracts"], f.as_of or ctx.today)
    return to_json(payload)


RENEWAL_FIELDS = (*WINDOW_BOUNDS, "renewal_types")


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


def _party_search(runtime: ToolRuntime, name: str | None = None, country: str | None = None,
                  limit: int = MAX_PARTIES, offset: int = 0) -> str:
    ctx = context_of(runtime)
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


def _contract_details(runtime: ToolRuntime, file_id: str) -> str:
    ctx = context_of(runtime)
    try:
        return to_json(quoted_details(repository.contract_details(ctx.driver, file_id.strip(), ctx.database)))
    except NotFound as e:
        words = [w for w in file_id.replace("_", " ").replace("-", " ").split() if len(w) > 3]
        similar = find_contract_ids(ctx.driver, words[0], limit=5, database=ctx.database) if words else []
        hint = f" Similar file_ids: {', '.join(similar)}." if similar else " Use contract_search to find it."
        raise NotFound(f"{e}{hint}") from e


contract_search = StructuredTool.from_function(
    func=_contract_search, name="contract_search", args_schema=ContractSearchArgs,
    description="Find and count contracts with the same filter as the dashboard's Explorer. All given fields "
                "must hold. Returns the exact total_count, at most 5 example contracts, aggregation rows when "
                "group_by is set (metric per group: count, sum/avg/min/max amount, avg duration), the filter "
                "and the Cypher that ran. For 'how many', 'which', 'per type/year/party/country' questions. "
                "The status on a date is active/status with as_of ('in force on 2012-07-01': active=true, "
                "as_of=2012-07-01), not an effective or end date.")
party_search = StructuredTool.from_function(
    func=_party_search, name="party_search", args_schema=PartySearchArgs,
    description="Find parties (companies, people) by name fragment and/or country, with how many contracts "
                "each is party to, most contracts first. Typo-tolerant: when no name contains the fragment, "
                "returns the closest spellings. Use it to learn how a company is spelled before filtering "
                "contract_search by `parties`.")
contract_details = StructuredTool.from_function(
    func=_contract_details, name="contract_details", args_schema=ContractDetailsArgs,
    description="One contract in full: type, dates, duration, amount, summary, scope, parties with roles and "
                "locations, governing law and clauses (type and summary).")

TOOLS: list[BaseTool] = [contract_search, party_search, contract_details, cypher_aggregation]
TOOLS.append(clause_search_tool)
