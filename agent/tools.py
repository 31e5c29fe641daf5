"""The agent's tools as LangChain tools: argument schemas (what the model sees), descriptions, and wrappers that
read the run's `Context` and call the implementations (agent/search_impl.py, agent/text_impl.py,
agent/clause_impl.py, which hold what each tool does and returns). Every contract count goes through the same
ContractFilter compiler as the dashboard.

`TOOLS` is the list the agent binds; other packages extend the assistant by appending to it (e.g. a later
`clause_search`). A tool returns JSON text and reports bad input or database trouble as an error message the
model can act on.
"""

from __future__ import annotations

from typing import Annotated, Any

from langchain_core.tools import BaseTool, InjectedToolArg, StructuredTool
from langgraph.prebuilt import ToolRuntime
from pydantic import BaseModel, ConfigDict, Field

from agent import search_impl
from agent.clause_tool import clause_search_tool
from agent.cypher_tool import cypher_aggregation
from agent.search_impl import (  # noqa: F401  (re-exported: tests and callers import them from here)
    FILTER_FIELDS,
    MAX_PARTIES,
    RENEWAL_FIELDS,
    add_deadlines,
    quoted_details,
    search_payload,
)
from agent.semantic import FULLTEXT_HITS, VECTOR_HITS
from agent.text_impl import run_text_search
from agent.tool_support import context_of
from agent.view_tool import saved_view_tool
from graph.query.filters import ContractFilter
from graph.reads.repository import PartyQuery
from graph.retrieval.text_search import QUERY_MAX


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


class TextSearchArgs(ContractFilter):
    """The words or phrase to find in the contracts' text, and ContractFilter fields that narrow the contracts."""

    query: str = Field(min_length=1, max_length=QUERY_MAX,
                       description='Words and "double-quoted phrases" that must all occur in one section of a '
                                   'contract\'s text, e.g. \'"most favored nation"\' or \'audit records\'.')
    runtime: Annotated[Any, InjectedToolArg] = Field(None, exclude=True)


def _contract_search(runtime: ToolRuntime, summary_search: str | None = None, **fields: Any) -> str:
    return search_impl.contract_search(context_of(runtime), summary_search, **fields)


def _party_search(runtime: ToolRuntime, name: str | None = None, country: str | None = None,
                  limit: int = MAX_PARTIES, offset: int = 0) -> str:
    return search_impl.party_search(context_of(runtime), name, country, limit, offset)


def _contract_details(runtime: ToolRuntime, file_id: str) -> str:
    return search_impl.contract_details(context_of(runtime), file_id)


def _text_search(runtime: ToolRuntime, query: str, **fields: Any) -> str:
    return run_text_search(context_of(runtime), query, **fields)


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
text_search = StructuredTool.from_function(
    func=_text_search, name="text_search", args_schema=TextSearchArgs,
    description="Full-text search of the contracts' own text (the Explorer's 'Search the contracts' text'): "
                "for 'which / how many contracts mention X'. Every word and quoted phrase must be in one "
                "section; case and word endings are ignored. Returns total_count (contracts whose text "
                "matches), sections_total, the contracts with the most matching sections (title, section, "
                "snippet) and the Cypher. Scope it with any contract_search filter field. Say 'contracts whose "
                "text mentions ...' in the answer: it counts words in the text, not clause types.")

TOOLS: list[BaseTool] = [contract_search, party_search, contract_details, cypher_aggregation]
TOOLS.append(clause_search_tool)
TOOLS.append(text_search)
TOOLS.append(saved_view_tool)
