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
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Sequence
from datetime import date
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langgraph.runtime import get_runtime
from pydantic import PrivateAttr

from agent.question import ParsedQuestion, PartyDirectory, answer_contract, parse_question
from agent.question import answer as compose
from core.errors import ContractGraphError, FilterValidationError
from core.llm import build_chat_model
from core.reply_model import ReplyChatModel
from core.settings import AgentSettings
from graph.query.filter_url import LISTING_FIELDS
from graph.query.filters import ContractFilter, parse_filter
from graph.reads.repository import party_directory

log = logging.getLogger(__name__)
TODAY = re.compile(r"Today is (\d{4}-\d{2}-\d{2})")
FOCUS = re.compile(r"looking at the Explorer with this filter: (\{.*\})")
FILTER_META = "contract_filter"
PARSE_META = "offline_parse"  # the parse (understood, ignored, refusal) on the final answer's metadata
DIRECTORY_TTL_S = 60.0
COUNT_ONLY = {"limit": 0}


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


def _results(since: Sequence[BaseMessage]) -> list[tuple[str, dict[str, Any], dict[str, Any] | str]]:
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
    """Parser-driven tool calls and deterministic answers; see the module docstring."""

    model_name: str = "offline-parser"
    party_rows: list[dict[str, Any]] | None = None  # fixed party names (tests); else read through the Context
    _cache: dict[tuple[int, str | None], tuple[float, PartyDirectory]] = PrivateAttr(default_factory=dict)

    @property
    def _llm_type(self) -> str:
        return "offline-question-parser"


    def directory(self) -> PartyDirectory | None:
        if self.party_rows is not None:
            key = (0, "fixed")
            if key not in self._cache:
                self._cache[key] = (float("inf"), PartyDirectory.build(self.party_rows))
            return self._cache[key][1]
        try:
            ctx = get_runtime().context
        except (RuntimeError, KeyError):
            return None
        driver, database = getattr(ctx, "driver", None), getattr(ctx, "database", None)
        if driver is None:
            return None
        key = (id(driver), database)
        cached = self._cache.get(key)
        if cached is None or time.monotonic() - cached[0] > DIRECTORY_TTL_S:
            try:
                cached = (time.monotonic(), PartyDirectory.build(party_directory(driver, database)))
            except ContractGraphError as e:
                log.warning("party names unavailable for the offline parser: %s", e)
                return None
            self._cache[key] = cached
        return cached[1]

    def parse(self, messages: Sequence[BaseMessage]) -> ParsedQuestion:
        question, earlier, _ = _turn(messages)
        previous, focus = previous_filter(earlier), _focus(messages)
        # Next to an Explorer filter, every question is about its contracts (until the conversation has a
        # filter of its own, which then carries the focus in it).
        parsed = parse_question(question, _today(messages), previous=previous or focus, directory=self.directory(),
                                always_refine=previous is None and focus is not None)
        if focus is not None and previous is not None and not parsed.follow_up:
            # A new question (not a follow-up of the last one) is still about the filter in focus: the panel
            # says so, so the answer must not count over every contract.
            parsed = parse_question(question, _today(messages), previous=focus, directory=self.directory(),
                                    always_refine=True)
        return parsed

    def reply(self, messages: Sequence[BaseMessage]) -> AIMessage:
        parsed = self.parse(messages)
        _, _, since = _turn(messages)
        results = _results(since)
        step = sum(isinstance(m, AIMessage) for m in since)
        meta: dict[str, Any] = {PARSE_META: parsed.to_json()}
        if parsed.refusal or parsed.clarify or parsed.filter is None or parsed.tool is None:
            return AIMessage(self._decline(parsed), response_metadata=meta)
        errors = [r for _, _, r in results if isinstance(r, str)]
        if errors:
            return AIMessage("A tool reported a problem, so I have no exact answer: " + errors[0][:400],
                             response_metadata=meta)
        calls = self._next_calls(parsed, results, step)
        if calls:
            return AIMessage("", tool_calls=[{"name": n, "args": a, "id": f"offline_{step}_{i}", "type": "tool_call"}
                                             for i, (n, a) in enumerate(calls)])
        return AIMessage(self._answer(parsed, results), response_metadata=meta)

    def _decline(self, parsed: ParsedQuestion) -> str:
        if parsed.clarify:
            return compose.clarify_answer(parsed)
        try:
            partial = parse_filter(parsed.partial) if parsed.partial else None
        except FilterValidationError:
            partial = None
        return compose.refusal_answer(parsed, partial)

    def _next_calls(self, parsed: ParsedQuestion, results: list[Any], step: int) -> list[tuple[str, dict[str, Any]]]:
        f = parsed.filter
        assert f is not None
        if step == 0:
            if parsed.tool == "clause_search":
                return [("clause_search", parsed.tool_args())]
            if parsed.overview:
                base = {k: v for k, v in f.describe().items() if k not in LISTING_FIELDS}
                return [("contract_search", {**base, "group_by": "contract_type", "limit": 0}),
                        ("contract_search", {**base, "group_by": "party", "agg_limit": 5, "limit": 0}),
                        ("contract_search", {**base, "sort_order": "asc", "limit": 1}),
                        ("contract_search", base)]
            calls = []
            if parsed.whole_set_metric and f.metric == "avg_amount" and f.group_by == "contract_type" \
                    and len(f.contract_types) != 1:
                # An exact overall average from the groups: the summed amounts over the number of contracts
                # with an amount. The parsed search goes last: follow-ups refine the last contract_search.
                base = f.describe()
                calls.append(("contract_search", {**base, "metric": "sum_amount"}))
                plain = {k: v for k, v in base.items() if k not in ("group_by", "metric")}
                plain["min_amount"] = max(float(plain.get("min_amount") or 0.0), 0.0)
                calls.append(("contract_search", {**plain, **COUNT_ONLY}))
            return [*calls, ("contract_search", f.describe())]
        if parsed.tool == "contract_details" and step == 1:
            found = results[0][2]
            if int(found.get("total_count") or 0) == 1 and found.get("contracts"):
                return [("contract_details", {"file_id": found["contracts"][0]["file_id"]})]
        return []

    def _answer(self, parsed: ParsedQuestion, results: list[Any]) -> str:
        payloads = [r for _, _, r in results]
        if parsed.tool == "clause_search":
            return answer_contract.clause_answer(parsed, payloads[0])
        if parsed.tool == "contract_details":
            if len(payloads) > 1:
                return answer_contract.details_answer(parsed, payloads[-1])
            return answer_contract.pick_contract_answer(parsed, payloads[0])
        if parsed.overview:
            return compose.overview_answer(parsed, payloads)
        return compose.search_answer(parsed, payloads)

