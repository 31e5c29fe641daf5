"""What the parser made of a question (`ParsedQuestion`): the filter and tool to run, or a clarifying question
or a refusal, with what was understood and ignored. Re-exported by agent.question.parser."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from core.errors import FilterValidationError
from graph.query.filters import ContractFilter, parse_filter


@dataclass
class ParsedQuestion:
    """What the parser made of a question. Exactly one of: a tool to run, `clarify`, `refusal`."""

    question: str
    filter: ContractFilter | None = None
    tool: str | None = None  # contract_search | contract_details | clause_search | text_search | saved_view
    # clause_search: what to look for; text_search: the query (words, "phrases"); saved_view: the view's name
    topic: str | None = None
    understood: list[tuple[str, str]] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    clarify: str | None = None
    candidates: list[str] = field(default_factory=list)
    refusal: str | None = None
    partial: dict[str, Any] = field(default_factory=dict)  # what was understood when refusing (for the Explorer)
    whole_set_metric: bool = False
    follow_up: bool = False
    overview: bool = False  # count, types, top parties and date range of the filtered set
    today: date | None = None  # the reference date (the default `as_of`), which the answer states

    def tool_args(self) -> dict[str, Any]:
        """The arguments of the first tool call (what the LLM path would send)."""
        scope = self.filter.describe() if self.filter is not None else {}
        if self.tool == "clause_search":
            return {"question": self.topic or self.question, **scope}
        if self.tool == "text_search":
            return {"query": self.topic or "", **scope}
        if self.tool == "saved_view":
            return {"name": self.topic} if self.topic else {}
        return scope

    def partial_filter(self) -> dict[str, Any] | None:
        """What was understood of a refused question, as a valid filter (for an Explorer link), if any."""
        if not self.partial or self.filter is not None:
            return None
        try:
            return parse_filter(self.partial).describe() or None
        except FilterValidationError:
            return None

    def to_json(self) -> dict[str, Any]:
        return {"tool": self.tool, "args": self.tool_args() if self.tool else None, "partial": self.partial_filter(),
                "understood": [{"phrase": p, "meaning": m} for p, m in self.understood],
                "ignored": self.ignored, "clarify": self.clarify, "candidates": self.candidates,
                "refusal": self.refusal, "follow_up": self.follow_up}
