"""The offline assistant's reply to a saved-view question (agent.question.views), from the saved_view tool's JSON
(agent.view_tool): the view's exact count on its own as-of rule with a few of its contracts, or the list of the
team's views. View names and authors are user-typed: they arrive quoted as data and are shown in quotes."""

from __future__ import annotations

from typing import Any

from agent.question.answer import aggregation_text, chip_line, listing, plural
from agent.question.parsed import ParsedQuestion
from agent.tool_output import unquote
from core.errors import FilterValidationError
from graph.query.filters import ContractFilter, parse_filter

SHOWN_VIEWS = 10


def _name(entry: dict[str, Any]) -> str:
    return f"'{unquote(entry.get('name')) or ''}'"


def _filter(payload: dict[str, Any]) -> ContractFilter | None:
    try:
        return parse_filter(payload.get("filter") or {})
    except FilterValidationError:
        return None


def view_answer(parsed: ParsedQuestion, payload: dict[str, Any]) -> str:
    """The count (or grouped figures) of the view named in the question, or the list of views."""
    if "views" in payload:
        return list_answer(parsed, payload)
    view = payload.get("view") or {}
    total = int(payload.get("total_count") or 0)
    f = _filter(payload)
    head = f"The saved view {_name(view)} ({view.get('as_of')}; {unquote(view.get('saved'))})"
    if f is not None and f.group_by:
        body = head + ":\n\n" + aggregation_text(f, payload)
    else:
        body = f"{head} holds **{plural(total)}**." + ("\n\n" + listing(payload) if total else "")
    return "\n\n".join(p for p in (body, chip_line(f)) if p)


def list_answer(parsed: ParsedQuestion, payload: dict[str, Any]) -> str:
    """The team's saved views with their as-of rules; when the question named a view there is not, says so."""
    views = payload.get("views") or []
    lines = [f"- {_name(v)}, {v.get('as_of')}" + (f" (cannot be opened: {v['cannot_open']})"
                                                    if v.get("cannot_open") else "") for v in views[:SHOWN_VIEWS]]
    if parsed.ignored:
        head = ("No saved view is named in your question (I looked for: "
                + ", ".join(f"'{word}'" for word in parsed.ignored) + "). ")
    else:
        head = ""
    if not views:
        return head + "The team has no saved views yet: save one from the Explorer's filter."
    more = f" (the first {SHOWN_VIEWS})" if len(views) > SHOWN_VIEWS else ""
    return (head + f"The team's saved views{more}, each run on its own as-of date:\n" + "\n".join(lines)
            + "\n\nAsk, for example, \"how many contracts are in the " + _name(views[0]).strip("'")
            + " view?\", or open one from the sidebar.")
