"""Helpers every agent tool shares: reading the runtime context, compact JSON (clean, capped: agent/tool_output.py),
and tool error messages. Free of LangGraph and LangChain, so the exact-mode runner (agent.exact) uses it too."""

from __future__ import annotations

import sys
from datetime import date
from typing import Any

from agent.context import Context
from agent.tool_output import encode, fit_payload
from core.errors import ConfigError, ContractGraphError, DatabaseError, DatabaseUnavailable
from core.untrusted import clean_text

MAX_EXAMPLES = 5
# Database failures (down, timed out, rejected at run time) are marked so `agent ask` can exit non-zero.
DATABASE_ERROR = "Error: database: "
MAX_ERROR_CHARS = 2000  # an error message the model reads (a database error can quote the whole statement)
FIX_HINT = "Fix the arguments and call the tool again, or tell the user what is not possible."


def context_of(runtime: Any) -> Context:
    """The run's `Context` (driver, settings, today); a clear error when the caller forgot to pass it."""
    ctx = getattr(runtime, "context", None)
    if not isinstance(ctx, Context):
        raise ConfigError("The agent was run without its Context (pass context=Context.create(driver)).")
    return ctx


def _plain(value: Any) -> Any:
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, float):
        return round(value, 2)
    if isinstance(value, dict):
        return {clean_text(k) if isinstance(k, str) else k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, date):
        return value.isoformat()
    return value


def to_json(data: dict[str, Any]) -> str:
    """Compact JSON for the model: floats to cents, dates and Neo4j temporal values as ISO strings, every string
    cleaned (core.untrusted) and the whole within the tool-message cap (agent.tool_output.fit_payload)."""
    return encode(fit_payload(_plain(data)))


def compact_contract(row: dict[str, Any]) -> dict[str, Any]:
    """One listed contract: identity, type, dates, amount, parties (name and role), governing law."""
    law = row.get("governing_law") or {}
    out = {
        "file_id": row["file_id"], "title": row.get("title"), "contract_type": row.get("contract_type"),
        "effective_date": row.get("effective_date"), "end_date": row.get("end_date"),
        "total_amount": row.get("total_amount"), "currency": row.get("currency"),
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
    # LangGraph's argument error can only come from its ToolNode, so it is looked up only when LangGraph is
    # loaded: the exact-mode runner (agent.exact) reports tool errors through here without importing it.
    tool_node = sys.modules.get("langgraph.prebuilt.tool_node")
    if tool_node is not None and isinstance(e, tool_node.ToolInvocationError):
        details = "; ".join(_error_line(err) for err in (e.filtered_errors or []))
        return f"Error: invalid arguments for {e.tool_name}: {_clip(details or e.message)}. {FIX_HINT}"
    if isinstance(e, DatabaseError | DatabaseUnavailable):
        return f"{DATABASE_ERROR}{_clip(str(e))} {FIX_HINT}"
    if isinstance(e, ContractGraphError):
        return f"Error: {_clip(str(e))} {FIX_HINT}"
    raise e


def _clip(message: str) -> str:
    """An error message, cleaned and at most MAX_ERROR_CHARS long."""
    message = clean_text(message)
    return message if len(message) <= MAX_ERROR_CHARS else f"{message[:MAX_ERROR_CHARS]} [clipped]"
