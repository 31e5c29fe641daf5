"""A scripted chat model (LLM_PROVIDER=scripted): replays AI messages, tool calls included, from a JSON file.

It is a langchain-core `BaseChatModel`, so the agent, the UI and the evaluation harness run unchanged with
it; tests inject it through the same settings the app reads (LLM_PROVIDER + LLM_SCRIPT).

Script format (JSON)::

    {"turns": [
      {"match": "supply",                      # optional regex on the user's question (case-insensitive)
       "system_match": "Explorer",             # optional regex the system prompt must contain
       "steps": [                              # one entry per model call within that question
         {"content": "", "tool_calls": [{"name": "contract_search", "args": {"contract_types": ["Supply"]}}]},
         "There are {{total_count}} supply contracts."     # a plain string is a final answer
       ]},
      {"steps": ["Fallback answer."]}
    ]}

The reply is chosen from the conversation, not from hidden state, so one model object serves any number of
sessions: the turn is the first whose `match` finds the latest question and whose `system_match` finds the
system prompt (else the turns without either, in order of the question's position); the step is the
number of AI messages since that question (the last step repeats). `{{key}}` in content is replaced by
that top-level value of the latest tool result (JSON).
A step may instead be `{"error": "timeout" | "auth" | "rate_limit" | "connection" | "bad_request"}`,
raising the OpenAI client's own exception, or carry `invalid_tool_calls` (a malformed call).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
import openai
from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
)
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from core.errors import ConfigError
from core.json_file import read_json_file
from core.reply_model import ReplyChatModel

PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")
ERRORS = ("timeout", "auth", "rate_limit", "connection", "bad_request")


class ScriptStep(BaseModel):
    """One model reply: text, tool calls, a malformed call, or an error to raise."""

    model_config = ConfigDict(extra="forbid")
    content: str = ""
    tool_calls: list[dict[str, Any]] = Field(default_factory=list)
    invalid_tool_calls: list[dict[str, Any]] = Field(default_factory=list)
    error: str | None = None


class ScriptTurn(BaseModel):
    """The replies to one user question."""

    model_config = ConfigDict(extra="forbid")
    match: str | None = None
    system_match: str | None = None
    steps: list[ScriptStep] = Field(min_length=1)


def _step(raw: Any) -> Any:
    return {"content": raw} if isinstance(raw, str) else raw


def parse_script(data: Any) -> list[ScriptTurn]:
    """Validate a script (dict with `turns`, or a bare list of turns; a turn may be a list or a string)."""
    turns = data.get("turns") if isinstance(data, dict) else data
    if not isinstance(turns, list) or not turns:
        raise ConfigError("An LLM script needs a non-empty list of turns.")
    normalised = []
    for turn in turns:
        if isinstance(turn, str | list):
            turn = {"steps": turn if isinstance(turn, list) else [turn]}
        if isinstance(turn, dict) and isinstance(turn.get("steps"), list):
            turn = {**turn, "steps": [_step(s) for s in turn["steps"]]}
        normalised.append(turn)
    try:
        parsed = [ScriptTurn.model_validate(t) for t in normalised]
    except ValidationError as e:
        raise ConfigError(f"Invalid LLM script: {e.errors()[0]['loc']}: {e.errors()[0]['msg']}") from e
    bad = [s.error for t in parsed for s in t.steps if s.error and s.error not in ERRORS]
    if bad:
        raise ConfigError(f"Invalid LLM script: error '{bad[0]}' is not one of {', '.join(ERRORS)}.")
    return parsed


def load_script(path: Path) -> list[ScriptTurn]:
    return parse_script(read_json_file(path, "LLM_SCRIPT", ConfigError))


def openai_error(kind: str) -> openai.OpenAIError:
    """The exception the real OpenAI client raises for `kind` (so error handling is tested for real)."""
    request = httpx.Request("POST", "https://scripted.invalid/v1/chat/completions")
    if kind == "timeout":
        return openai.APITimeoutError(request=request)
    if kind == "connection":
        return openai.APIConnectionError(request=request)
    status, cls = {"auth": (401, openai.AuthenticationError), "rate_limit": (429, openai.RateLimitError),
                   "bad_request": (400, openai.BadRequestError)}[kind]
    response = httpx.Response(status, request=request, json={"error": {"message": f"scripted {kind}"}})
    return cls(f"Error code: {status} - scripted {kind}", response=response, body=None)


def _last_question(messages: Sequence[BaseMessage]) -> tuple[str, int, int]:
    """The latest human text, its position among human messages, and AI messages since it."""
    humans = [i for i, m in enumerate(messages) if isinstance(m, HumanMessage)]
    if not humans:
        return "", 0, sum(isinstance(m, AIMessage) for m in messages)
    last = humans[-1]
    since = sum(isinstance(m, AIMessage) for m in messages[last + 1:])
    return str(messages[last].text), len(humans) - 1, since


def _fill(content: str, messages: Sequence[BaseMessage]) -> str:
    if "{{" not in content:
        return content
    tools = [m for m in messages if isinstance(m, ToolMessage)]
    try:
        values = json.loads(str(tools[-1].content)) if tools else {}
    except json.JSONDecodeError:
        values = {}
    values = values if isinstance(values, dict) else {}
    return PLACEHOLDER.sub(lambda m: str(values.get(m.group(1), m.group(0))), content)


class ScriptedChatModel(ReplyChatModel):
    """Replays a script; see the module docstring for the format and how a reply is chosen."""

    turns: list[ScriptTurn]
    model_name: str = "scripted"

    @property
    def _llm_type(self) -> str:
        return "scripted-chat-model"


    def choose(self, messages: Sequence[BaseMessage]) -> ScriptStep:
        question, position, step = _last_question(messages)
        system = " ".join(str(m.text) for m in messages if isinstance(m, SystemMessage))
        matched = [t for t in self.turns if (t.match or t.system_match)
                   and (not t.match or re.search(t.match, question, re.IGNORECASE))
                   and (not t.system_match or re.search(t.system_match, system, re.IGNORECASE))]
        if matched:
            turn = matched[0]
        else:
            rest = [t for t in self.turns if not (t.match or t.system_match)] or self.turns
            turn = rest[position % len(rest)]
        return turn.steps[min(step, len(turn.steps) - 1)]

    def reply(self, messages: Sequence[BaseMessage]) -> AIMessage:
        step = self.choose(messages)
        if step.error:
            raise openai_error(step.error)
        _, _, index = _last_question(messages)
        calls = [{"name": c["name"], "args": c.get("args", {}), "id": c.get("id") or f"call_{index}_{i}",
                  "type": "tool_call"} for i, c in enumerate(step.tool_calls)]
        invalid = [{"name": c.get("name"), "args": str(c.get("args") or "not json"),
                    "id": c.get("id") or f"bad_{index}_{i}", "error": c.get("error", "malformed arguments"),
                    "type": "invalid_tool_call"}
                   for i, c in enumerate(step.invalid_tool_calls)]
        return AIMessage(content=_fill(step.content, messages), tool_calls=calls, invalid_tool_calls=invalid)

