"""Exact mode without the agent loop: one question answered by the offline planner (agent.offline_plan) calling
the tool implementations directly, with the same tool calls, JSON results, trace and answer text as
`OfflineChatModel` inside the LangGraph loop (tests/integration/test_exact_runner.py compares the two).

This is what an offline `python -m agent ask` runs: it needs neither LangGraph nor LangChain (nor the OpenAI
client), which took most of the command's start-up time (issue 31; docs/PERFORMANCE.md). The Chat page keeps
the loop, which streams and carries a conversation; this runner answers one question, with the Explorer filter
in focus if the context has one.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from agent import search_impl
from agent.clause_impl import run_clause_search
from agent.context import Context
from agent.events import STEP_LIMIT_MESSAGE, AgentAnswer, ToolTrace
from agent.offline_plan import OfflinePlanner, Result
from agent.text_impl import run_text_search
from agent.tool_support import handle_tool_error
from agent.view_impl import run_saved_view
from core.errors import ContractGraphError
from core.untrusted import clean_data, clean_text, question_problem
from graph.query.filters import parse_filter

log = logging.getLogger(__name__)
# The tools the planner calls, by the names the agent binds them under (agent/tools.py).
EXACT_TOOLS: dict[str, Callable[..., str]] = {
    "contract_search": search_impl.contract_search, "contract_details": search_impl.contract_details,
    "clause_search": run_clause_search, "text_search": run_text_search, "saved_view": run_saved_view,
}


def _run_tool(ctx: Context, trace: ToolTrace) -> None:
    """Run one call and fill its trace as the agent's ToolNode would (an error as the model would read it)."""
    try:
        trace.content = clean_text(EXACT_TOOLS[trace.name](ctx, **trace.args))
    except ContractGraphError as e:
        trace.content, trace.error = clean_text(handle_tool_error(e)), True
    trace.done = True


def _result(trace: ToolTrace) -> Result:
    return trace.name, trace.args, (trace.content if trace.error else trace.data)


def ask_exact(ctx: Context, question: str, planner: OfflinePlanner | None = None) -> AgentAnswer:
    """Answer one question in exact mode (no LLM): the parse, the planner's tool calls, the composed answer."""
    if problem := question_problem(question):
        return AgentAnswer("", [], problem)
    planner = planner or OfflinePlanner()
    question = clean_text(question)
    focus = parse_filter(ctx.focus.describe()) if ctx.focus is not None else None  # as the system prompt has it
    parsed = planner.parse(question, ctx.today, None, focus, planner.directory(ctx.driver, ctx.database),
                           planner.view_names(ctx.driver, ctx.database, question))
    traces: list[ToolTrace] = []
    step = 0
    while True:
        reply = planner.reply(parsed, [_result(t) for t in traces], step)
        if not reply.calls:
            return AgentAnswer(clean_text(reply.text), traces, meta=clean_data(reply.meta))
        if step >= ctx.settings.max_steps:
            return AgentAnswer(STEP_LIMIT_MESSAGE.format(steps=step), traces)
        made = [ToolTrace(f"offline_{step}_{i}", name, clean_data(args)) for i, (name, args) in enumerate(reply.calls)]
        for trace in made:
            _run_tool(ctx, trace)
        traces += made
        step += 1

