"""The saved_view tool's implementation (agent.view_tool wraps it for the agent; agent.exact calls it without
LangChain): the team's saved Explorer views (graph.store.saved_views). Without a name it lists them; with one it
runs the view's filter on the view's as-of rule through contract_search's compiler, so "how many contracts are
in the 'Q1 renewals' view?" gets the number the Explorer shows when the view is opened. View names and who saved
them are typed by users: they are quoted as data (agent.tool_output).
"""

from __future__ import annotations

from typing import Any

from agent.context import Context
from agent.search_impl import filter_payload
from agent.tool_output import quote
from agent.tool_support import to_json
from core.errors import ContractGraphError, NotFound
from graph.store.saved_views import SavedView, find_view, list_views

VIEWS_NAMED = 20  # how many names an unknown name's error lists


def _about(view: SavedView) -> dict[str, Any]:
    """The view's name, as-of rule and who saved it, user-typed text quoted."""
    return {"name": quote(view.name), "as_of": view.rule_label(), "saved": quote(view.provenance())}


def _listed(view: SavedView) -> dict[str, Any]:
    entry = _about(view)
    if view.problem:
        entry["cannot_open"] = view.problem
    else:
        entry["filter"] = view.contract_filter().describe()
    return entry


def run_saved_view(ctx: Context, name: str | None = None) -> str:
    """The list of saved views, or one view's count, examples and Cypher (contract_search's payload) with the view
    named beside them. NotFound names the views there are; a view whose filter this version cannot read is
    refused with the reason."""
    if name is None or not name.strip():
        views = list_views(ctx.driver, database=ctx.database)
        return to_json({"views": [_listed(v) for v in views], "total": len(views)})
    view = find_view(ctx.driver, name, database=ctx.database)
    if view is None:
        known = [v.name for v in list_views(ctx.driver, limit=VIEWS_NAMED, database=ctx.database)]
        raise NotFound(f"No saved view is named {quote(name)}. Saved views: "
                       f"{', '.join(quote(k) or '' for k in known) if known else 'none'}.")
    if view.problem:
        raise ContractGraphError(f"The saved view {quote(view.name)} cannot be opened: {view.problem}.")
    payload = filter_payload(ctx, view.contract_filter())
    return to_json({"view": _about(view), **payload})
