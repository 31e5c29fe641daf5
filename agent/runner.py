"""Running one question through the agent as a stream of events the UI, the CLI and the evaluation share.

`stream_turn` yields `Token`s as the model writes, `ToolStarted` / `ToolFinished` around every tool call
(with the parsed result: total_count, Cypher, filter) and finally one `Answer` or `Failure`. Errors the user
can meet (LLM down, rate limit, database down) become a `Failure` with a readable message; the caller's
conversation goes on. A question longer than `core.untrusted.MAX_QUESTION_CHARS` is a `Failure` before any
model call; every text an event carries is cleaned (`core.untrusted.clean_text`). The events themselves are
in `agent.events` (re-exported here), which the exact-mode runner (`agent.exact`) shares without LangGraph.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from typing import Any

from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage, HumanMessage, ToolMessage
from langgraph.errors import GraphRecursionError
from langgraph.graph.state import CompiledStateGraph

from agent.context import Context
from agent.events import (  # re-exported: callers import the events from here
    AgentAnswer,
    Answer,
    Event,
    Failure,
    Token,
    ToolFinished,
    ToolStarted,
    ToolTrace,
)
from core.errors import ContractGraphError
from core.untrusted import clean_text, question_problem

log = logging.getLogger(__name__)


def to_messages(history: Sequence[dict[str, Any]]) -> list[BaseMessage]:
    """Earlier turns ({role, content}) as chat messages; failed or empty turns are left out. An answer keeps
    the arguments of its last contract_search as metadata (`contract_filter`, never sent to an LLM), so the
    offline model can refine that filter in a follow-up."""
    messages: list[BaseMessage] = []
    for turn in history:
        content = clean_text(str(turn.get("content") or ""))
        if not content or turn.get("error"):
            continue
        if turn.get("role") == "user":
            messages.append(HumanMessage(content))
            continue
        searches = [t.args for t in turn.get("tools") or [] if getattr(t, "name", "") == "contract_search"]
        meta = {"contract_filter": searches[-1]} if searches else {}
        messages.append(AIMessage(content, response_metadata=meta))
    return messages


class _Turn:
    """Bookkeeping while one question streams: traces by call id, text streamed since the last tool."""

    def __init__(self) -> None:
        self.traces: dict[str, ToolTrace] = {}
        self.streamed = ""
        self.final: AIMessage | None = None

    def on_message(self, chunk: Any, meta: dict[str, Any]) -> Iterator[Event]:
        if meta.get("langgraph_node") != "assistant" or not isinstance(chunk, AIMessage | AIMessageChunk):
            return
        if text := clean_text(chunk.text):
            self.streamed += text
            yield Token(text)

    def on_update(self, update: dict[str, Any]) -> Iterator[Event]:
        for node_update in update.values():
            for msg in (node_update or {}).get("messages", []):
                if isinstance(msg, AIMessage):
                    self.final = msg
                    for call in msg.tool_calls:
                        trace = ToolTrace(call.get("id") or "", call["name"], dict(call.get("args") or {}))
                        self.traces[trace.id] = trace
                        self.streamed = ""
                        yield ToolStarted(trace)
                elif isinstance(msg, ToolMessage):
                    trace = self.traces.get(msg.tool_call_id) or ToolTrace(msg.tool_call_id, msg.name or "?", {})
                    trace.content, trace.error, trace.done = clean_text(str(msg.content)), msg.status == "error", True
                    self.traces[trace.id] = trace
                    yield ToolFinished(trace)

    def finish(self) -> Iterator[Event]:
        text = self.final.text if self.final is not None and not self.final.tool_calls else ""
        if text and not self.streamed.strip():
            yield Token(text)
        meta = dict(self.final.response_metadata) if self.final is not None else {}
        yield Answer(text or self.streamed, list(self.traces.values()), meta)


def stream_turn(agent: CompiledStateGraph, ctx: Context, question: str,
                history: Sequence[dict[str, Any]] = ()) -> Iterator[Event]:
    """Run one question (after `history`) and yield events as they happen; never raises a domain error."""
    turn = _Turn()
    if problem := question_problem(question):
        yield Failure(problem)
        return
    inputs = {"messages": [*to_messages(history), HumanMessage(clean_text(question))]}
    config = {"recursion_limit": 2 * ctx.settings.max_steps + 6}
    try:
        for mode, data in agent.stream(inputs, config=config, context=ctx, stream_mode=["messages", "updates"]):
            if mode == "messages":
                yield from turn.on_message(*data)
            else:
                yield from turn.on_update(data)
    except ContractGraphError as e:
        log.warning("agent run failed: %s", e)
        yield Failure(clean_text(str(e)), list(turn.traces.values()))
        return
    except GraphRecursionError as e:
        log.warning("agent run hit the recursion limit: %s", e)
        yield Failure("The assistant took too many steps; please ask a narrower question.",
                      list(turn.traces.values()))
        return
    yield from turn.finish()


def ask(agent: CompiledStateGraph, ctx: Context, question: str,
        history: Sequence[dict[str, Any]] = ()) -> AgentAnswer:
    """Run one question to the end (CLI, evaluation)."""
    for event in stream_turn(agent, ctx, question, history):
        if isinstance(event, Answer):
            return AgentAnswer(event.text, event.traces, meta=event.meta)
        if isinstance(event, Failure):
            return AgentAnswer("", event.traces, event.message)
    return AgentAnswer("", [], "The agent ended without an answer.")
