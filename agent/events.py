"""What one question's run produces, shared by the agent loop (agent.runner), the exact-mode runner
(agent.exact), the CLI, the Chat page and the evaluation: tool traces, streamed events and the finished answer.

No LangChain or LangGraph here: the exact (offline) path imports this without the LLM stack (issue 31,
start-up latency of `python -m agent ask`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from agent.tool_support import DATABASE_ERROR, FIX_HINT

STEP_LIMIT_MESSAGE = ("I stopped after {steps} rounds of tool calls without reaching an answer. Please ask a "
                      "narrower question (for example one contract type, party or period), or ask me to "
                      "continue from what I found so far.")


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


@dataclass
class AgentAnswer:
    """A finished question: the answer text (or the error) and the tool calls made."""

    text: str
    traces: list[ToolTrace]
    error: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)
