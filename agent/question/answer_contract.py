"""Replies to contract-level questions: one contract's details (the asked detail first), the sections that
answer 'what does ... say about ...' (quoted, not summarised), and which contract was meant."""

from __future__ import annotations

import re
from typing import Any

from agent.question.answer import SHOWN_CONTRACTS, chip_line, contract_link, listing, money, notes, plural
from agent.question.answer_clause import verdict_lines
from agent.question.parser import ParsedQuestion
from agent.tool_output import unquote


def value_text(details: dict[str, Any]) -> str:
    """The amount in its currency, saying when the currency was assumed ('$5,000 (USD assumed: the text
    names no currency)')."""
    text = money(details["total_amount"], details.get("currency"))
    if details.get("currency_source") == "assumed":
        text += f" ({details.get('currency')} assumed: the text names no currency)"
    return text


def _lead(question: str, details: dict[str, Any]) -> str:
    """The detail the question asked for, first ('What is the governing law of ...' -> the law)."""
    text = question.lower()
    law = (details.get("governing_law") or {}).get("name")
    amount = details.get("total_amount")
    leads = [
        (r"governing law|jurisdiction|which law", f"The governing law is **{law}**." if law else
         "The contract's governing law is not known."),
        (r"who (?:are|were) the parties|parties to|who signed|counterpart", "The parties are **"
         + "; ".join(str(p.get("name")) for p in details.get("parties") or []) + "**."),
        (r"expir|end date|\bend\b|\bends\b|terminat", f"It ends on **{details['end_date']}**."
         if details.get("end_date") else "It has **no end date**."),
        (r"signed|effective|start|dated", f"It was signed (effective) on **{details['effective_date']}**."
         if details.get("effective_date") else "Its effective date is not known."),
        (r"worth|value|amount|how much", f"Its value is **{value_text(details)}**." if amount is not None
         else "Its value is not known."),
        (r"how long|duration|\bterm\b", f"Its duration is **{details['duration']}**." if details.get("duration")
         else "Its duration is not known."),
    ]
    return next((line for pattern, line in leads if re.search(pattern, text)), "")


def details_answer(parsed: ParsedQuestion, details: dict[str, Any]) -> str:
    law = details.get("governing_law") or {}
    parties = details.get("parties") or []
    lead = _lead(parsed.question, details)
    lines = [f"{contract_link(str(details.get('file_id')))} ({details.get('contract_type') or 'type unknown'}):",
             f"- Signed (effective): {details.get('effective_date') or 'unknown'}; ends: "
             f"{details.get('end_date') or 'no end date'}; duration: {details.get('duration') or 'unknown'}",
             f"- Value: {value_text(details) if details.get('total_amount') is not None else 'unknown'}",
             f"- Governing law: {law.get('name') or 'unknown'}",
             "- Parties: " + "; ".join(f"{p.get('name')} ({p.get('role') or 'party'})" for p in parties)]
    if details.get("summary"):
        lines.append(f"- Summary: {unquote(details['summary'])}")
    clauses = details.get("clauses") or []
    if clauses:
        lines.append("- Clauses: " + ", ".join(sorted({str(c.get('type')) for c in clauses})))
    body = "\n".join(lines)
    return "\n\n".join(part for part in (lead, body, notes(parsed)) if part)


def pick_contract_answer(parsed: ParsedQuestion, payload: dict[str, Any]) -> str:
    """The subject matched no contract or several: say so (several: list them and ask which one)."""
    total = int(payload.get("total_count") or 0)
    if total == 0:
        return (f"No contract matches {chip_line(parsed.filter).removeprefix('Filter: ')}, so I can't answer "
                "about it.\n\n" + notes(parsed))
    return (f"{plural(total)} match {chip_line(parsed.filter).removeprefix('Filter: ')}. Which one do you mean?"
            "\n\n" + listing(payload) + "\n\nAsk again naming its type, year or file_id.")


def clause_answer(parsed: ParsedQuestion, payload: dict[str, Any]) -> str:
    items = payload.get("results") or []
    if not items:
        return str(payload.get("note") or "No section matched.") + "\n\n" + notes(parsed)
    lines = [f"The sections that best match '{parsed.topic}' ({payload.get('scope')}; search: "
             f"{payload.get('search')}). I quote them rather than summarise (no language model):"]
    if payload.get("caveat"):
        lines.insert(0, f"**Caution:** {payload['caveat']}\n")
    lines[:0] = verdict_lines(payload)  # 'does the X agreement have ...': the answer first, the sections after
    for item in items[:SHOWN_CONTRACTS]:
        text = " ".join(str(unquote(item.get("text")) or "").split())
        cite = item.get("cite") or item.get("section") or ""
        quoted = text[:400] + ("…" if len(text) > 400 else "")
        lines.append(f"- {contract_link(str(item.get('file_id')))} {cite}: “{quoted}”")
    return "\n".join(lines) + "\n\n" + notes(parsed)
