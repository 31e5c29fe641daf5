"""The `saved_view` tool: agent.view_impl's saved views for the assistant, as a LangChain tool."""

from __future__ import annotations

from typing import Annotated, Any

from langchain_core.tools import InjectedToolArg, StructuredTool
from langgraph.prebuilt import ToolRuntime
from pydantic import BaseModel, ConfigDict, Field

from agent.tool_support import context_of
from agent.view_impl import run_saved_view
from graph.store.saved_views import VIEW_NAME_MAX


class SavedViewArgs(BaseModel):
    """A saved view's name, or none to list them."""

    model_config = ConfigDict(extra="forbid")
    name: str | None = Field(None, max_length=VIEW_NAME_MAX,
                             description="The view's name as saved (case and repeated spaces do not matter). "
                                         "Leave it out to list the saved views.")
    runtime: Annotated[Any, InjectedToolArg] = Field(None, exclude=True)


def _saved_view(runtime: ToolRuntime, name: str | None = None) -> str:
    return run_saved_view(context_of(runtime), name)


saved_view_tool = StructuredTool.from_function(
    func=_saved_view, name="saved_view", args_schema=SavedViewArgs,
    description="The team's saved Explorer views (a named filter with its as-of date rule). Without a name: the "
                "list of views with their filters. With a name: the view's exact total_count, example contracts "
                "and Cypher, as contract_search returns them for the view's filter, on the view's as-of date. "
                "For 'how many contracts are in my <name> view' or 'what views do we have'.")
