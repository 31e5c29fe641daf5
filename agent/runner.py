"""Running one question through the agent as a stream of events the UI, the CLI and the evaluation share.

`stream_turn` yields `Token`s as the model writes, `ToolStarted` / `ToolFinished` around every tool call
(with the parsed result: total_count, Cypher, filter) and finally one `Answer` or `Failure`. Errors the user
can meet (LLM down, rate limit, database down) become a `Failure` with a readable message; the caller's
conversation goes on. A question longer than `core.untrusted.MAX_QUESTION_CHARS` is a `Failure` before any
model call; every text an event carries is cleaned (`core.untrusted.clean_text`).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage, HumanMessage, ToolMessage
from langgraph.errors import GraphRecursionError
from langgraph.graph.state import CompiledStateGraph

from agent.context import Context
from agent.tool_support import DATABASE_ERROR, FIX_HINT
from core.errors import ContractGraphError
from core.untrusted import clean_text, question_problem

log = logging.getLogger(__name__)


@dataclass
class ToolTrace:
    """One tool call: what the model asked for and what came back."""

    id: str
    name: str
    args: dict[str, Any]
    content: str = ""
    error: bool = False
    done: bool = False

    @property
    def data(self) -> dict[str, Any]:
        try:
            value = json.loads(self.content) if self.content and not self.error else {}
        except json.JSONDecodeError:
            return {}
        return value if isinstance(value, dict) else {}

    @property
    def total_count(self) -> int | None:
        value = self.data.get("total_count")
        return value if isinstance(value, int) else None

    @property
    def cypher(self) -> list[str]:
        return [str(c) for c in self.data.get("cypher") or []]

    @property
    def filter(self) -> dict[str, Any] | None:
        """The ContractFilter (describe() form) the tool ran, when the Explorer can show the same set."""
        value = self.data.get("filter")
        if not isinstance(value, dict) or self.args.get("summary_search"):
            return None
        return value

    @property
    def database_failed(self) -> bool:
        """The tool failed because of the database (unreachable, timed out, error at run time)."""
        return self.error and self.content.startswith(DATABASE_ERROR)

    def outcome(self) -> str:
        """A few words on the result: the count, the row count or the error."""
        if not self.done:
            return "running"
        if self.error:
            return self.content.removeprefix("Error: ").split(FIX_HINT)[0].rstrip(" .")[:300]
        if self.total_count is not None:
            return f"total_count={self.total_count}"
        if "row_count" in self.data:
            return f"rows={self.data['row_count']}"
        return "ok"

    def summary(self) -> str:
        """One line for traces: name, compact arguments, outcome."""
        args = json.dumps(self.args, ensure_ascii=False, separators=(",", ":"), default=str)
        return f"{self.name}({args}) -> {self.outcome()}"


@dataclass
class Token:
    text: str


@dataclass
class ToolStarted:
    trace: ToolTrace


@dataclass
class ToolFinished:
    trace: ToolTrace


@dataclass
class Answer:
    text: str
    traces: list[ToolTrace] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)  # the final message's response_metadata


@dataclass
class Failure:
    message: str
    traces: list[ToolTrace] = field(default_factory=list)


Event = Token | ToolStarted | ToolFinished | Answer | Failure


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


@dataclass
class AgentAnswer:
    """A finished question: the answer text (or the error) and the tool calls made."""

    text: str
    traces: list[ToolTrace]
    error: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)


def ask(agent: CompiledStateGraph, ctx: Context, question: str,
        history: Sequence[dict[str, Any]] = ()) -> AgentAnswer:
    """Run one question to the end (CLI, evaluation)."""
    for event in stream_turn(agent, ctx, question, history):
        if isinstance(event, Answer):
            return AgentAnswer(event.text, event.traces, meta=event.meta)
        if isinstance(event, Failure):
            return AgentAnswer("", event.traces, event.message)
    return AgentAnswer("", [], "The agent ended without an answer.")
