"""Per-field confidence and evidence for the review form, for either engine.

The review form shows the fields of `ContractDraft` (`REVIEW_FIELDS`). The rules engine reports its own
evidence under its own field names; `rules_evidence` maps them. A language model reports no spans, so
`llm_evidence` looks each value up in the document: a value written in the text gets that span and
confidence `FOUND`; one that cannot be found gets `NOT_FOUND` (the reviewer should check it); prose the
model wrote itself (summary, scope, clause summaries) gets `WRITTEN` and no span. These confidences are
a heuristic about verifiability, not a probability from the model.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from core.names import norm_party
from core.vocab import COUNTRY_LABELS, SUBDIVISIONS
from ingest.rules import law, preamble, term, title
from ingest.rules.dates import find_dates
from ingest.rules.model import Evidence, FieldEvidence, RulesResult
from ingest.rules.text import Doc
from ingest.schema import ContractDraft, Location

REVIEW_FIELDS: tuple[str, ...] = (
    "summary", "contract_type", "parties", "effective_date", "end_date", "duration", "contract_scope",
    "total_amount", "governing_law", "clauses",
)
LOW_CONFIDENCE = 0.6  # fields below this are highlighted for review
FOUND, PARTLY_FOUND, WRITTEN, NOT_FOUND = 0.85, 0.7, 0.6, 0.3
_RULES_NAMES = {"parties": ("parties",), "effective_date": ("effective_date", "agreement_date"),
                "end_date": ("expiration_date",), "duration": ("duration",), "governing_law": ("governing_law",)}
# How a governing-law clause names a country: its label, except "the laws of England" for GB.
_LAW_NAMES = {**COUNTRY_LABELS, "GB": "England"}


def missing_fields(draft: ContractDraft) -> list[str]:
    """Review fields the draft leaves empty, in form order."""
    return [name for name in REVIEW_FIELDS if getattr(draft, name) in (None, "", [])]


def rules_evidence(result: RulesResult) -> dict[str, FieldEvidence]:
    """The rules engine's evidence under the review form's field names (only for fields the draft holds)."""
    out: dict[str, FieldEvidence] = {}
    for field, sources in _RULES_NAMES.items():
        found = next((result.fields[s] for s in sources if s in result.fields), None)
        if found is not None and getattr(result.contract, field) not in (None, []):
            out[field] = found
    return out


def _words_pattern(text: str) -> re.Pattern[str] | None:
    words = re.findall(r"[A-Za-z0-9&]+", text)
    return re.compile(r"\b" + r"\W+".join(map(re.escape, words)) + r"\b", re.IGNORECASE) if words else None


def find_name(doc: Doc, name: str) -> tuple[Evidence | None, float]:
    """Where a party name is written: the full name, else without its legal suffix."""
    for candidate, confidence in ((name, FOUND), (norm_party(name), PARTLY_FOUND)):
        pattern = _words_pattern(candidate)
        hit = pattern.search(doc.flat) if pattern else None
        if hit:
            return doc.span(hit.start(), hit.end()), confidence
    return None, NOT_FOUND


def _date(doc: Doc, value: str, dates: list[Any]) -> FieldEvidence:
    hit = next((h for h in dates if isinstance(h.value, date) and h.value.isoformat() == value), None)
    return FieldEvidence(value, FOUND, doc.span(hit.start, hit.end)) if hit else FieldEvidence(value, NOT_FOUND, None)


def _parties(doc: Doc, draft: ContractDraft) -> FieldEvidence:
    spans = [find_name(doc, p.name) for p in draft.parties]
    first = next((span for span, _ in spans if span is not None), None)
    return FieldEvidence(draft.parties, min(c for _, c in spans), first)


def _law(doc: Doc, value: Location) -> FieldEvidence:
    hit = law.find_governing_law(doc.flat)
    if hit and hit.jurisdiction == (value.country, value.state):
        return FieldEvidence(value, FOUND, doc.span(hit.start, hit.end))
    name = SUBDIVISIONS.get(value.country or "", {}).get(value.state or "") or value.state \
        or _LAW_NAMES.get(value.country or "", value.country or "")
    pattern = re.compile(r"\blaws?\s+of\s+(?:the\s+)?(?:(?:State|Commonwealth|Province)\s+of\s+)?"
                         + re.escape(name), re.IGNORECASE) if name else None
    found = pattern.search(doc.flat) if pattern else None
    return FieldEvidence(value, FOUND, doc.span(found.start(), found.end())) if found else \
        FieldEvidence(value, NOT_FOUND, None)


def _amount(doc: Doc, value: float) -> FieldEvidence:
    for text in (f"{value:,.2f}", f"{value:,.0f}", f"{value:.0f}"):
        at = doc.flat.find(text)
        if at >= 0 and (value == int(value) or "." in text):
            return FieldEvidence(value, FOUND, doc.span(at, at + len(text)))
    return FieldEvidence(value, NOT_FOUND, None)


def _duration(doc: Doc, value: str) -> FieldEvidence:
    found = term.term_length(doc.flat)
    if found and f"P{found[0][0]}{found[0][1]}" == value:
        return FieldEvidence(value, FOUND, doc.span(found[1], found[2]))
    return FieldEvidence(value, NOT_FOUND, None)


def _contract_type(doc: Doc, value: str) -> FieldEvidence:
    found = title.find_title(doc.flat, preamble.find_preamble(doc.flat))
    if found is None:
        return FieldEvidence(value, WRITTEN, None)
    named = value.lower().split()[0] in found[0].lower()
    return FieldEvidence(value, FOUND if named else WRITTEN - 0.1, doc.span(found[1], found[2]))


def llm_evidence(draft: ContractDraft, pages: list[str]) -> dict[str, FieldEvidence]:
    """Evidence for each filled field of a model's extraction, looked up in the document's text."""
    doc = Doc(pages)
    dates = find_dates(doc.flat) if draft.effective_date or draft.end_date else []
    out: dict[str, FieldEvidence] = {}
    for field in ("summary", "contract_scope", "clauses"):
        if getattr(draft, field):
            out[field] = FieldEvidence(getattr(draft, field), WRITTEN, None)
    if draft.contract_type:
        out["contract_type"] = _contract_type(doc, draft.contract_type)
    if draft.parties:
        out["parties"] = _parties(doc, draft)
    for field in ("effective_date", "end_date"):
        if getattr(draft, field):
            out[field] = _date(doc, getattr(draft, field), dates)
    if draft.duration:
        out["duration"] = _duration(doc, draft.duration)
    if draft.total_amount is not None:
        out["total_amount"] = _amount(doc, draft.total_amount)
    if draft.governing_law and draft.governing_law.country:
        out["governing_law"] = _law(doc, draft.governing_law)
    return out


def review_reasons(draft: ContractDraft) -> list[str]:
    """Why a draft cannot be committed as it stands (no party, no contract type): a batch import commits it
    flagged "needs review" with these reasons, the Upload page's review asks for them."""
    return [reason for reason, missing in (("no party found", not draft.parties),
                                           ("no contract type found", not draft.contract_type)) if missing]
