"""The `clause_search` tool as the agent binds it: argument schema, description and the LangChain wrapper around
`agent.clause_impl.run_clause_search` (what the search does and returns is documented there).
"""

from __future__ import annotations

from typing import Annotated, Any

from langchain_core.tools import InjectedToolArg, StructuredTool
from langgraph.prebuilt import ToolRuntime
from pydantic import Field

from agent.clause_impl import (  # noqa: F401  (re-exported for callers of the tool module)
    MAX_HITS,
    clause_payload,
    quoted_item,
    run_clause_search,
    verdict,
)
from agent.tool_support import context_of
from graph.query.filters import ContractFilter


class ClauseSearchArgs(ContractFilter):
    """The question, an optional file_id, and ContractFilter fields that narrow which contracts are searched."""

    question: str = Field(min_length=2, max_length=500,
                          description="What to look for in the contract texts, e.g. 'termination for breach "
                                      "cure period' or 'who owns improvements'.")
    file_id: str | None = Field(None, max_length=300,
                                description="Search only this contract (its file_id exactly as tools return it).")
    hits: int = Field(5, ge=1, le=MAX_HITS, description="How many best-matching sections to start from.")
    runtime: Annotated[Any, InjectedToolArg] = Field(None, exclude=True)


def _clause_search(runtime: ToolRuntime, question: str, file_id: str | None = None, hits: int = 5,
                   **fields: Any) -> str:
    return run_clause_search(context_of(runtime), question, file_id, hits, **fields)


clause_search_tool = StructuredTool.from_function(
    func=_clause_search, name="clause_search", args_schema=ClauseSearchArgs,
    description="Read what contracts SAY: finds the sections of contract texts that answer a question, and "
                "follows them recursively: sections they reference ('subject to Section 7.4'), definitions of "
                "the defined terms they use, footnotes they cite. Each result has its file_id, section number, "
                "text, a `cite` string and the path by which it was reached. Scope it with file_id (one "
                "contract) or any contract_search filter field. Cite the section numbers in your answer.")
