"""`cypher_aggregation`: the reference design's partial text2cypher, made safe.

The model writes only the tail of a query. It is appended to the compiled filter's projection (`... WITH c`),
so the contracts it aggregates are exactly the filter's, and the whole statement runs through
`graph.readonly.guard.run_read_only`: lexical check (no write clauses, no procedures but index lookups, one
statement), EXPLAIN must report a read-only plan made only of allowed operators (no LOAD CSV, no SHOW), then
a READ transaction with a timeout clamped to (0, MAX_TIMEOUT_S], a watchdog and a row cap.
Any rejection or failure comes back to the model as an error message, never as an exception.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from langchain_core.tools import InjectedToolArg, StructuredTool
from langgraph.prebuilt import ToolRuntime
from pydantic import BaseModel, ConfigDict, Field

from agent.prompts import GRAPH_SCHEMA
from agent.tool_support import context_of, to_json
from core.errors import UnsafeQueryError
from core.json_finite import finite, non_finite_note
from graph.query.compiler import compile_projection
from graph.query.filters import ContractFilter, parse_filter
from graph.readonly.guard import clamp_timeout, run_read_only
from graph.reads.repository import count_contracts, json_params

MAX_TAIL = 4000
RETURN = re.compile(r"\bRETURN\b", re.IGNORECASE)

CYPHER_DESCRIPTION = f"""Cypher that continues after `WITH c`, where `c` is bound to each contract matching \
`filter` (one row per contract). It must end in RETURN with named columns, e.g.
  RETURN c.contract_type AS type, avg(c.duration_days) AS avg_days ORDER BY avg_days DESC
  MATCH (c)<-[:PARTY_TO]-(p:Party) WITH p, count(c) AS n WHERE n > 3 RETURN p.name AS party, n ORDER BY n DESC
  RETURN c.effective_date.year AS year, count(c) AS contracts ORDER BY year
Read-only: no CREATE/MERGE/SET/DELETE/REMOVE/LOAD CSV/CALL of procedures; one statement; no parameters.
Not allowed either, since the server cannot stop them: regular expressions (=~; use CONTAINS/STARTS WITH),
reduce() (use UNWIND with sum/collect), a list comprehension or any()/all() inside another, range() beyond
10,000 elements.
{GRAPH_SCHEMA}"""


class CypherAggregationArgs(BaseModel):
    """A filter selecting the contracts, and the Cypher tail aggregating them."""

    model_config = ConfigDict(extra="forbid")
    filter: ContractFilter = Field(
        default_factory=ContractFilter,
        description="Which contracts `c` ranges over: the same fields as contract_search (sort, limit and "
                    "group_by are ignored). Empty means all contracts.")
    cypher: str = Field(max_length=MAX_TAIL, description=CYPHER_DESCRIPTION)
    runtime: Annotated[Any, InjectedToolArg] = Field(None, exclude=True)


def build_statement(f: ContractFilter, tail: str, today: Any) -> tuple[str, dict[str, Any]]:
    """The full statement: the filter's projection ending in `WITH c`, then the model's tail."""
    tail = tail.strip().rstrip(";").strip()
    if not RETURN.search(tail):
        raise UnsafeQueryError("The Cypher must end with a RETURN clause naming its columns.")
    projection = compile_projection(f, today)
    return f"{projection.cypher}\n{tail}", projection.params


def _cypher_aggregation(runtime: ToolRuntime, cypher: str, filter: ContractFilter | None = None) -> str:
    ctx = context_of(runtime)
    f = parse_filter(filter)
    statement, params = build_statement(f, cypher, ctx.today)
    result = run_read_only(ctx.driver, statement, params, timeout=clamp_timeout(ctx.settings.query_timeout_s),
                           row_cap=ctx.settings.row_cap, database=ctx.database)
    total = count_contracts(ctx.driver, f, ctx.today, ctx.database)
    rows, non_finite = finite(result.rows, "rows")
    payload: dict[str, Any] = {"rows": rows, "row_count": len(rows), "truncated": result.truncated,
               "contracts_in_filter": total, "filter": f.describe(), "cypher": [statement],
               "params": [json_params(params)]}
    notes = [non_finite_note(non_finite)] if non_finite else []
    if result.truncated:
        notes.append(f"Only the first {ctx.settings.row_cap} rows are shown; aggregate further or add LIMIT.")
    if notes:
        payload["note"] = " ".join(notes)
    return to_json(payload)


cypher_aggregation = StructuredTool.from_function(
    func=_cypher_aggregation, name="cypher_aggregation", args_schema=CypherAggregationArgs,
    description="Aggregations contract_search's group_by/metric cannot express (e.g. several metrics at once, "
                "counts over parties or clauses with conditions, distributions, top-N with thresholds). You "
                "write only the Cypher after `WITH c`; it runs read-only over the contracts matching `filter`. "
                "Returns rows, contracts_in_filter and the full Cypher. Errors explain what to fix.")
