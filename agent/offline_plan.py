"""The exact (offline) assistant's decisions, free of any chat-message format: parse the question, say which
tool calls it needs, and once their results are in, write the answer. Two drivers share it:

- `agent.offline.OfflineChatModel`, a LangChain chat model inside the agent loop (the Chat page, the tests
  that drive the loop), which reads the inputs below from the conversation's messages;
- `agent.exact.ask_exact`, which runs the same calls on the same tool implementations without LangGraph or
  LangChain (an offline `python -m agent ask`: issue 31, start-up latency).

Inputs: the question, the reference date, the Explorer filter in focus, the previous question's filter (for
follow-ups) and the party names (graph.reads.repository.party_directory, cached briefly per driver).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from agent.question import ParsedQuestion, PartyDirectory, answer_contract, answer_text, answer_view, parse_question
from agent.question import answer as compose
from agent.question.views import read_view_question, says_view, view_parse
from core.errors import ContractGraphError, FilterValidationError
from graph.query.filter_url import LISTING_FIELDS
from graph.query.filters import ContractFilter, parse_filter
from graph.reads.repository import party_directory
from graph.store.saved_views import list_views

log = logging.getLogger(__name__)
FILTER_META = "contract_filter"
PARSE_META = "offline_parse"  # the parse (understood, ignored, refusal) on the final answer's metadata
DIRECTORY_TTL_S = 60.0
COUNT_ONLY = {"limit": 0}
Result = tuple[str, dict[str, Any], dict[str, Any] | str]  # tool name, arguments, parsed JSON or the error text


@dataclass
class Reply:
    """The next step: tool calls to make (name, arguments), or the final text with the parse as metadata."""

    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    text: str = ""
    meta: dict[str, Any] = field(default_factory=dict)


class OfflinePlanner:
    """Parser-driven tool calls and deterministic answers; see the module docstring."""

    def __init__(self, party_rows: list[dict[str, Any]] | None = None) -> None:
        self.party_rows = party_rows  # fixed party names (tests); else read from the database
        self._cache: dict[tuple[int, str | None], tuple[float, PartyDirectory]] = {}

    def directory(self, driver: Any, database: str | None) -> PartyDirectory | None:
        """The party names the parser matches, rebuilt at most once a minute per driver and database."""
        if self.party_rows is not None:
            key = (0, "fixed")
            if key not in self._cache:
                self._cache[key] = (float("inf"), PartyDirectory.build(self.party_rows))
            return self._cache[key][1]
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

    @staticmethod
    def view_names(driver: Any, database: str | None, question: str) -> list[str]:
        """The saved views' names the parser matches, read for each question that says "view" (a view saved a
        moment ago is asked about at once; the list is short and its read is one index lookup); none else."""
        if driver is None or not says_view(question):
            return []
        try:
            return [view.name for view in list_views(driver, database=database)]
        except ContractGraphError as e:
            log.warning("saved views unavailable for the offline parser: %s", e)
            return []

    @staticmethod
    def parse(question: str, today: date, previous: ContractFilter | None, focus: ContractFilter | None,
              directory: PartyDirectory | None, views: Sequence[str] = ()) -> ParsedQuestion:
        if (view := read_view_question(question, views)) is not None:
            return view_parse(question, view, today)  # a view carries its own filter and date: no focus
        # Next to an Explorer filter, every question is about its contracts (until the conversation has a
        # filter of its own, which then carries the focus in it).
        parsed = parse_question(question, today, previous=previous or focus, directory=directory,
                                always_refine=previous is None and focus is not None)
        if focus is not None and previous is not None and not parsed.follow_up:
            # A new question (not a follow-up of the last one) is still about the filter in focus: the panel
            # says so, so the answer must not count over every contract.
            parsed = parse_question(question, today, previous=focus, directory=directory, always_refine=True)
        return parsed

    def reply(self, parsed: ParsedQuestion, results: list[Result], step: int) -> Reply:
        """What to do after `step` rounds of tool calls whose results are `results`."""
        meta: dict[str, Any] = {PARSE_META: parsed.to_json()}
        if parsed.refusal or parsed.clarify or parsed.tool is None or (parsed.filter is None
                                                                       and parsed.tool != "saved_view"):
            return Reply(text=self._decline(parsed), meta=meta)
        errors = [r for _, _, r in results if isinstance(r, str)]
        if errors:
            return Reply(text="A tool reported a problem, so I have no exact answer: " + errors[0][:400], meta=meta)
        if parsed.tool == "saved_view":
            if step == 0:
                return Reply(calls=[("saved_view", parsed.tool_args())])
            payload = results[0][2]
            assert isinstance(payload, dict)
            return Reply(text=answer_view.view_answer(parsed, payload), meta=meta)
        calls = self._next_calls(parsed, results, step)
        if calls:
            return Reply(calls=calls)
        return Reply(text=self._answer(parsed, results), meta=meta)

    @staticmethod
    def _decline(parsed: ParsedQuestion) -> str:
        if parsed.clarify:
            return compose.clarify_answer(parsed)
        try:
            partial = parse_filter(parsed.partial) if parsed.partial else None
        except FilterValidationError:
            partial = None
        return compose.refusal_answer(parsed, partial)

    @staticmethod
    def _next_calls(parsed: ParsedQuestion, results: list[Result], step: int) -> list[tuple[str, dict[str, Any]]]:
        f = parsed.filter
        assert f is not None
        if step == 0:
            if parsed.tool in ("clause_search", "text_search"):
                return [(parsed.tool, parsed.tool_args())]
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
            assert isinstance(found, dict)
            if int(found.get("total_count") or 0) == 1 and found.get("contracts"):
                return [("contract_details", {"file_id": found["contracts"][0]["file_id"]})]
        return []

    @staticmethod
    def _answer(parsed: ParsedQuestion, results: list[Result]) -> str:
        payloads: list[Any] = [r for _, _, r in results]
        if parsed.tool == "clause_search":
            return answer_contract.clause_answer(parsed, payloads[0])
        if parsed.tool == "text_search":
            return answer_text.text_answer(parsed, payloads[0])
        if parsed.tool == "contract_details":
            if len(payloads) > 1:
                return answer_contract.details_answer(parsed, payloads[-1])
            return answer_contract.pick_contract_answer(parsed, payloads[0])
        if parsed.overview:
            return compose.overview_answer(parsed, payloads)
        return compose.search_answer(parsed, payloads)
