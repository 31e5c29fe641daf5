"""The LLM judge: scores one answer 0 or 1 against a reference with an answer-satisfaction rubric."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage, SystemMessage

from core.llm import llm_errors
from core.settings import AgentSettings

JUDGE_SYSTEM = """You grade the answers of an assistant that answers questions about a portfolio of \
commercial contracts. Compare the ASSISTANT ANSWER with the REFERENCE ANSWER, which is correct and was \
computed from the data.

Rubric (answer satisfaction):
- Score 1 only if the answer is correct and complete: it answers every part of the question and agrees \
with every fact in the reference.
- Every count in the reference must appear with exactly the same value; a different count scores 0, \
whatever else the answer says.
- Amounts, averages and durations must match the reference when rounded to the reference's precision \
(formatting such as $, thousands separators or "million" may differ). Dates must be the same day; a year \
must be the same year.
- Named items the question asks for (contract file_ids, parties, contract types, countries) must be \
present; a file_id may be quoted exactly or unambiguously.
- Extra correct detail is fine. Hedged, contradictory, partial or "I could not find" answers score 0.

Reply with one JSON object and nothing else: {"score": 0 or 1, "reason": "<one short sentence>"}"""

JUDGE_HUMAN = "QUESTION:\n{question}\n\nREFERENCE ANSWER:\n{reference}\n\nASSISTANT ANSWER:\n{answer}"
JSON_OBJECT = re.compile(r"\{.*\}", re.DOTALL)


@dataclass(frozen=True)
class Verdict:
    """The judge's score (0 or 1) and its one-sentence reason."""

    score: int
    reason: str


def parse_verdict(text: str) -> Verdict:
    """Read the judge's JSON; anything unreadable scores 0 with the reason saying why."""
    found = JSON_OBJECT.search(text or "")
    if not found:
        return Verdict(0, f"judge reply had no JSON: {text[:200]!r}")
    try:
        data = json.loads(found.group(0))
    except json.JSONDecodeError:
        return Verdict(0, f"judge reply was not valid JSON: {text[:200]!r}")
    score = data.get("score") if isinstance(data, dict) else None
    if score not in (0, 1, "0", "1") or isinstance(score, bool):
        return Verdict(0, f"judge score must be 0 or 1, got {score!r}")
    return Verdict(int(score), str(data.get("reason") or "").strip()[:500])


def judge(model: BaseChatModel, question: str, reference: str, answer: str,
          settings: AgentSettings | None = None) -> Verdict:
    """Score one answer. An empty answer scores 0 without asking the model."""
    if not answer.strip():
        return Verdict(0, "no answer")
    messages = [SystemMessage(JUDGE_SYSTEM),
                HumanMessage(JUDGE_HUMAN.format(question=question, reference=reference, answer=answer))]
    with llm_errors(settings):
        reply = model.invoke(messages)
    return parse_verdict(str(reply.text))
