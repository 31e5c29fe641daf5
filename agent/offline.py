"""The offline chat model (LLM_PROVIDER=offline, and the assistant's default when no LLM is configured): the
exact question parser (`agent.question`) behind the SAME tools as the LLM path.

It is a langchain-core `BaseChatModel` like `core.scripted`: given the conversation it emits the tool call(s)
the parse implies (contract_search with the parsed ContractFilter, then contract_details / clause_search for
contract-level questions), and once the tool results are in, it writes the answer deterministically from
them. So the tool trace, the Cypher, the Explorer link and the counts are those of the LLM path.

What it reads from the conversation (never from hidden state): the reference date ('Today is ...' in the
system prompt), the Explorer filter in focus (system prompt), the previous filter for follow-ups (the last
contract_search of earlier turns, or the `contract_filter` an earlier answer carries in its metadata), and
the party names through the run's Context (graph.reads.repository.party_directory, cached briefly per driver).
The decisions themselves (which calls, which answer) are `agent.offline_plan.OfflinePlanner`'s, which
`agent.exact` also drives without the agent loop.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from datetime import date
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langgraph.runtime import get_runtime
from pydantic import PrivateAttr

from agent.offline_plan import FILTER_META, PARSE_META, OfflinePlanner, Result  # noqa: F401  (re-exported)
from agent.question import ParsedQuestion, PartyDirectory
from core.errors import FilterValidationError
from core.llm import build_chat_model
from core.reply_model import ReplyChatModel
from core.settings import AgentSettings
from graph.query.filters import ContractFilter, parse_filter

TODAY = re.compile(r"Today is (\d{4}-\d{2}-\d{2})")
FOCUS = re.compile(r"looking at the Explorer with this filter: (\{.*\})")


def assistant_model(settings: AgentSettings) -> BaseChatModel:
    """The assistant's chat model: the offline one for LLM_PROVIDER=offline, else the configured LLM (the
    general factory, which ingestion and the evaluation judge use too, never returns the offline model)."""
    return OfflineChatModel() if settings.provider == "offline" else build_chat_model(settings)


def _turn(messages: Sequence[BaseMessage]) -> tuple[str, list[BaseMessage], list[BaseMessage]]:
    """The latest question, the messages before it, and the AI/tool messages since it."""
    humans = [i for i, m in enumerate(messages) if isinstance(m, HumanMessage)]
    if not humans:
        return "", list(messages), []
    last = humans[-1]
    return str(messages[last].text), list(messages[:last]), list(messages[last + 1:])


def _today(messages: Sequence[BaseMessage]) -> date:
    for m in messages:
        if isinstance(m, SystemMessage) and (found := TODAY.search(str(m.text))):
            return date.fromisoformat(found.group(1))
    return date.today()


def _focus(messages: Sequence[BaseMessage]) -> ContractFilter | None:
    for m in messages:
        if isinstance(m, SystemMessage) and (found := FOCUS.search(str(m.text))):
            try:
                return parse_filter(json.loads(found.group(1)))
            except (json.JSONDecodeError, FilterValidationError):
                return None
    return None


def previous_filter(earlier: Sequence[BaseMessage]) -> ContractFilter | None:
    """The filter of the last contract_search before this question (a tool call or an answer's metadata)."""
    for m in reversed(earlier):
        if not isinstance(m, AIMessage):
            continue
        searches = [c["args"] for c in m.tool_calls if c["name"] == "contract_search"]
        found = searches[-1] if searches else m.response_metadata.get(FILTER_META)
        if isinstance(found, dict):
            try:
                return parse_filter({k: v for k, v in found.items() if k in ContractFilter.model_fields})
            except FilterValidationError:
                return None
    return None


def _results(since: Sequence[BaseMessage]) -> list[Result]:
    """(tool name, args, parsed JSON or the error text) for every tool call answered in this turn."""
    calls = {c["id"]: (c["name"], c["args"]) for m in since if isinstance(m, AIMessage) for c in m.tool_calls}
    out = []
    for m in since:
        if isinstance(m, ToolMessage) and m.tool_call_id in calls:
            name, args = calls[m.tool_call_id]
            try:
                value = json.loads(str(m.content)) if m.status != "error" else str(m.content)
            except json.JSONDecodeError:
                value = str(m.content)
            out.append((name, args, value if isinstance(value, dict | str) else str(value)))
    return out


class OfflineChatModel(ReplyChatModel):
    """The planner's tool calls and answers as chat messages; see the module docstring."""

    model_name: str = "offline-parser"
    party_rows: list[dict[str, Any]] | None = None  # fixed party names (tests); else read through the Context
    _planner: OfflinePlanner | None = PrivateAttr(default=None)

    @property
    def _llm_type(self) -> str:
        return "offline-question-parser"

    @property
    def planner(self) -> OfflinePlanner:
        if self._planner is None:
            self._planner = OfflinePlanner(self.party_rows)
        return self._planner

    @staticmethod
    def _database() -> tuple[Any, str | None]:
        """The run's driver and database (None, None outside an agent run)."""
        try:
            ctx = get_runtime().context
        except (RuntimeError, KeyError):
            return None, None
        return getattr(ctx, "driver", None), getattr(ctx, "database", None)

    def directory(self) -> PartyDirectory | None:
        if self.party_rows is not None:
            return self.planner.directory(None, None)
        return self.planner.directory(*self._database())

    def parse(self, messages: Sequence[BaseMessage]) -> ParsedQuestion:
        question, earlier, _ = _turn(messages)
        return self.planner.parse(question, _today(messages), previous_filter(earlier), _focus(messages),
                                  self.directory(), self.planner.view_names(*self._database(), question))

    def reply(self, messages: Sequence[BaseMessage]) -> AIMessage:
        parsed = self.parse(messages)
        _, _, since = _turn(messages)
        step = sum(isinstance(m, AIMessage) for m in since)
        planned = self.planner.reply(parsed, _results(since), step)
        if planned.calls:
            return AIMessage("", tool_calls=[{"name": n, "args": a, "id": f"offline_{step}_{i}", "type": "tool_call"}
                                             for i, (n, a) in enumerate(planned.calls)])
        return AIMessage(planned.text, response_metadata=planned.meta)
