"""Helpers every agent tool shares: reading the runtime context, compact JSON, and tool error messages."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from langgraph.prebuilt import ToolRuntime
from langgraph.prebuilt.tool_node import ToolInvocationError

from agent.context import Context
from core.errors import ConfigError, ContractGraphError, DatabaseError, DatabaseUnavailable

MAX_EXAMPLES = 5
# Database failures (down, timed out, rejected at run time) are marked so `agent ask` can exit non-zero.
DATABASE_ERROR = "Error: database: "
FIX_HINT = "Fix the arguments and call the tool again, or tell the user what is not possible."


def context_of(runtime: ToolRuntime) -> Context:
    """The run's `Context` (driver, settings, today); a clear error when the caller forgot to pass it."""
    ctx = getattr(runtime, "context", None)
    if not isinstance(ctx, Context):
        raise ConfigError("The agent was run without its Context (pass context=Context.create(driver)).")
    return ctx


def _plain(value: Any) -> Any:
    if isinstance(value, float):
        return round(value, 2)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, date):
        return value.isoformat()
    return value


def to_json(data: dict[str, Any]) -> str:
    """Compact JSON for the model: floats to cents, dates and Neo4j temporal values as ISO strings."""
    return json.dumps(_plain(data), ensure_ascii=False, default=str, separators=(",", ":"))


def compact_contract(row: dict[str, Any]) -> dict[str, Any]:
    """One listed contract: identity, type, dates, amount, parties (name and role), governing law."""
    law = row.get("governing_law") or {}
    out = {
        "file_id": row["file_id"], "contract_type": row.get("contract_type"),
        "effective_date": row.get("effective_date"), "end_date": row.get("end_date"),
        "total_amount": row.get("total_amount"),
        "parties": [f"{p['name']} ({p['role']})" if p.get("role") else p["name"] for p in row.get("parties") or []],
        "governing_law": law.get("name"),
    }
    if "score" in row:
        out["score"] = row["score"]
    return {k: v for k, v in out.items() if v not in (None, [])}


def _error_line(err: Any) -> str:
    where = ".".join(str(p) for p in err.get("loc", ()))
    return f"{where}: {str(err.get('msg')).removeprefix('Value error, ')}"


def handle_tool_error(e: Exception) -> str:
    """ToolNode's error handler: domain and argument errors become a message the model can act on.

    Anything else is a bug and is raised again (ToolNode re-raises what its handler raises).
    """
    if isinstance(e, ToolInvocationError):
        details = "; ".join(_error_line(err) for err in (e.filtered_errors or []))
        return f"Error: invalid arguments for {e.tool_name}: {details or e.message}. {FIX_HINT}"
    if isinstance(e, DatabaseError | DatabaseUnavailable):
        return f"{DATABASE_ERROR}{e} {FIX_HINT}"
    if isinstance(e, ContractGraphError):
        return f"Error: {e} {FIX_HINT}"
    raise e
