"""The lead of a clause answer about a few named contracts: whether each has the asked CUAD category, as every
filter and count would say (agent.clause_tool's `verdicts`): a reviewer's decision with its provenance, else the
classifier's band, its probability and the cited section; or that no section is in either band."""

from __future__ import annotations

from typing import Any

from agent.question.answer import contract_link
from agent.tool_output import unquote

SAYS = {"found": "yes", "confirmed": "yes", "possible": "possibly", "rejected": "no", "none": "no"}


def _line(v: dict[str, Any]) -> str:
    category, status = v["category"], v["status"]
    cite = f"{v['cite']} {unquote(v.get('section_title')) or ''}".strip() if v.get("cite") else ""
    head = f"- {contract_link(str(v['file_id']))}: **{SAYS.get(status, status)}**"
    if v.get("decision"):
        note = f" (“{unquote(v['note'])}”)" if v.get("note") else ""
        said = f"; the classifier: {v['band']} band, probability {v['probability']:.2f}, {cite}" if v.get("band") \
            else ""
        return f"{head}, {category} {unquote(v['decision'])}{note}{said}."
    if status == "none":
        return f"{head}: no section is in the found or possible band of {category}."
    band = "found band (counted)" if status == "found" else "possible band only (not counted as having it)"
    return f"{head}: {cite} is in the {band} of {category}, probability {v['probability']:.2f}."


def verdict_lines(payload: dict[str, Any]) -> list[str]:
    """'Does it have ...': one line per contract, or nothing when the tool gave no verdicts."""
    verdicts = payload.get("verdicts") or []
    if not verdicts:
        return []
    return [f"Does it have {verdicts[0]['category']} in its text (the clause classifier's bands; a reviewer's "
            "decision wins)?", *(_line(v) for v in verdicts), ""]
