"""The reply to 'which / how many contracts mention X': the text_search tool's exact counts, read as what they
are (contracts whose text mentions X: every word and quoted phrase in one section, the Explorer's full-text
search), then the contracts with the most matching sections, each with a snippet of its best section."""

from __future__ import annotations

from typing import Any

from agent.question.answer import SHOWN_CONTRACTS, chip_line, contract_link, notes, plural
from agent.question.parser import ParsedQuestion
from agent.tool_output import unquote

SNIPPET_CHARS = 300


def _line(c: dict[str, Any]) -> str:
    name = f"**{c['title']}** ({contract_link(c['file_id'])})" if c.get("title") else contract_link(c["file_id"])
    where = ", ".join(str(p) for p in (c.get("section"), f"page {c['page']}" if c.get("page") else "") if p)
    text = " ".join(str(unquote(c.get("snippet")) or "").split())
    text = text[:SNIPPET_CHARS] + ("…" if len(text) > SNIPPET_CHARS else "")
    head = f"- {name}: {plural(int(c.get('sections_with_hits') or 0), 'matching section')}"
    return head + (f"; {where}" if where else "") + (f": “{text}”" if text else "")


def text_answer(parsed: ParsedQuestion, payload: dict[str, Any]) -> str:
    total = int(payload.get("total_count") or 0)
    sections = int(payload.get("sections_total") or 0)
    reading = str(payload.get("reading") or "contracts whose text mentions it")
    scope = "" if parsed.filter is None or not parsed.filter.describe() else " in this filter"
    count = f"**{plural(total)}**" if total else "**no contract**"
    body = (f"I read this as {reading}{scope}: {count}"
            + (f" ({plural(sections, 'matching section')})." if total else "."))
    parts = [body, f"How it matches: {payload.get('matching')}; the same search as the Explorer's "
                   "'Search the contracts' text'."]
    contracts = payload.get("contracts") or []
    if contracts:
        head = "The contracts with the most matching sections:" if total > len(contracts) else "The contracts:"
        parts.append(head + "\n" + "\n".join(_line(c) for c in contracts[:SHOWN_CONTRACTS]))
    parts += [chip_line(parsed.filter), notes(parsed)]
    return "\n\n".join(p for p in parts if p)
