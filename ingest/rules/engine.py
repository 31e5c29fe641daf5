"""Run every rule over a contract's pages and assemble a `ContractDraft` with per-field evidence."""

from __future__ import annotations

import logging
from datetime import date

# Submodules imported by name, not `from ingest.rules import ...`: that reads the package, whose __init__ imports
# this module (an import cycle).
import ingest.rules.filing as filing
import ingest.rules.law as law
import ingest.rules.parties as parties
import ingest.rules.preamble as preamble
import ingest.rules.term as term
import ingest.rules.title as title
from ingest.rules.model import FieldEvidence, RulesResult
from ingest.rules.text import Doc, squash
from ingest.schema import ContractDraft, Location, Organization

log = logging.getLogger(__name__)


def _field(doc: Doc, value: object, confidence: float, start: int, end: int) -> FieldEvidence:
    return FieldEvidence(value=value, confidence=confidence, evidence=doc.span(start, end))


def _dates(doc: Doc, pre: preamble.Preamble | None, fields: dict[str, FieldEvidence]) -> None:
    found = term.agreement_date(doc.flat, pre)
    if found:
        fields["agreement_date"] = _field(doc, found[0].value, found[1], found[0].start, found[0].end)
    found = term.effective_date(doc.flat, pre)
    if found:
        fields["effective_date"] = _field(doc, found[0].value, found[1], found[0].start, found[0].end)
    elif "agreement_date" in fields and term.effective_from_signing(doc.flat):
        made = fields["agreement_date"]
        fields["effective_date"] = FieldEvidence(made.value, 0.5, made.evidence)


def _term(doc: Doc, fields: dict[str, FieldEvidence]) -> None:
    length = term.term_length(doc.flat)
    if length:
        (amount, unit), start, end = length
        fields["duration"] = _field(doc, f"P{amount}{unit}", 0.7, start, end)
    explicit = term.explicit_expiration(doc.flat)
    start_field = fields.get("effective_date") or fields.get("agreement_date")
    if explicit:
        fields["expiration_date"] = _field(doc, explicit.value, 0.75, explicit.start, explicit.end)
    elif length and start_field:
        (amount, unit), start, end = length
        end_date = term.add_term(start_field.value, amount, unit)
        fields["expiration_date"] = _field(doc, end_date, 0.6, start, end)
    elif (forever := term.perpetual(doc.flat)) is not None:
        fields["expiration_date"] = _field(doc, "perpetual", 0.5, forever.start(), forever.end())
    for name, finder in (("renewal_term", term.renewal), ("notice_period", term.notice_period)):
        hit = finder(doc.flat)
        if hit:
            fields[name] = _field(doc, hit[0], 0.6, hit[1], hit[2])


def _parties(doc: Doc, pre: preamble.Preamble | None, fields: dict[str, FieldEvidence]) -> None:
    lettered = parties.parties_by_letter(doc.flat)
    hits = lettered if len(lettered) >= 2 else parties.find_parties(doc.flat, pre) if pre else []
    if hits:
        value = [Organization(name=squash(h.name), role=h.role) for h in hits]
        confidence = 0.85 if lettered or (pre and pre.has_aliases) else 0.6
        fields["parties"] = _field(doc, value, confidence, hits[0].start, hits[-1].end)


def _law(doc: Doc, fields: dict[str, FieldEvidence]) -> None:
    hit = law.find_governing_law(doc.flat)
    if hit:
        country, state = hit.jurisdiction
        fields["governing_law"] = _field(doc, Location(country=country, state=state), hit.confidence,
                                         hit.start, hit.end)


def _title(doc: Doc, pre: preamble.Preamble | None, fields: dict[str, FieldEvidence]) -> None:
    found = title.find_title(doc.flat, pre)
    if found:
        fields["document_name"] = _field(doc, squash(found[0]), found[3], found[1], found[2])


def _iso(value: object) -> str | None:
    return value.isoformat() if isinstance(value, date) else None


def _draft(fields: dict[str, FieldEvidence]) -> ContractDraft:
    def get(name: str) -> object:
        return fields[name].value if name in fields else None

    effective = _iso(get("effective_date")) or _iso(get("agreement_date"))
    end = _iso(get("expiration_date"))
    if effective and end and end < effective:
        log.info("dropping expiration %s before effective date %s", end, effective)
        fields.pop("expiration_date")
        end = None
    return ContractDraft(parties=get("parties") or [], effective_date=effective, end_date=end,
                         duration=get("duration"), governing_law=get("governing_law"))


def extract_rules(pages: list[str], file_id: str) -> RulesResult:
    """Extract what deterministic rules can find in a contract's pages (offline, no model)."""
    doc = Doc(filing.mask(pages))  # cover text, footers, notices, page numbers: never a field (offsets kept)
    pre = preamble.find_preamble(doc.flat)
    fields: dict[str, FieldEvidence] = {}
    _title(doc, pre, fields)
    _parties(doc, pre, fields)
    _dates(doc, pre, fields)
    _term(doc, fields)
    _law(doc, fields)
    return RulesResult(file_id=file_id, contract=_draft(fields), fields=fields)
