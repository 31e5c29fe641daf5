"""Merge per-chunk extractions of one contract into one, deterministically.

Each `Part` is what the model read (the chunk's text) and what it returned. The rules, applied in
chunk order so the same inputs always give the same contract:

* summary, contract scope, duration: the first part that states one (the opening part holds the
  preamble and recitals, later parts only fragments).
* contract type: the most frequent type other than "Other" (ties: the earliest); "Other" only if
  nothing else was named.
* parties: de-duplicated by legal entity (`party_identity`: case, punctuation, a leading "the" and the
  spelling of the legal form ignored; different legal forms kept apart, as the graph's party key does; a
  name without a legal form joins the one legal entity of its name, when the parts name exactly one),
  first spelling and role kept, a missing location filled from a later duplicate. A "party" whose name
  is only another party's role ("Licensee") is a defined term, dropped.
* effective date: the earliest date that appears in the text of the part that reported it (evidence);
  without any evidenced date, the earliest reported. End date: the latest evidenced one not before
  the effective date (then the latest such reported).
* total amount: the largest reported (a part that sees one instalment under-reports the total).
* governing law: the most frequent jurisdiction (ties: the earliest).
* clauses: the union, dropping a clause whose type matches an earlier one and whose summary is
  nearly the same (rapidfuzz token_set_ratio >= 90: the overlap makes two parts see one clause).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TypeVar

from rapidfuzz import fuzz
from rapidfuzz.utils import default_process

from core.names import compact_name, entity_parts, norm_party
from ingest.rules.dates import find_dates
from ingest.rules.text import Doc
from ingest.schema import Clause, ContractDraft, Location, Organization

CLAUSE_DUPLICATE_SCORE = 90
T = TypeVar("T")


@dataclass(frozen=True)
class Part:
    """One chunk's extraction and the text it was extracted from."""

    draft: ContractDraft
    text: str


def party_identity(name: str) -> str:
    """The key two spellings of one legal entity share ("Acme, Inc." and "ACME Incorporated" -> "acme|inc";
    "Acme Corporation" -> "acme|corp"; "Acme", which states no legal form, -> "acme")."""
    base = compact_name(norm_party(name)) or compact_name(name)
    forms = entity_parts(name)[1]
    return f"{base}|{''.join(forms)}" if forms else base


def _identities(names: list[str]) -> dict[str, str]:
    """Each name's identity; a name without a legal form takes the one legal entity of its base, if unique."""
    found = {name: party_identity(name) for name in names}
    formed: dict[str, set[str]] = {}
    for identity in found.values():
        if "|" in identity:
            formed.setdefault(identity.split("|")[0], set()).add(identity)
    return {name: next(iter(formed[i])) if len(formed.get(i, ())) == 1 else i for name, i in found.items()}


def dates_in(text: str) -> set[str]:
    """Every calendar date written in `text`, as ISO strings."""
    return {hit.value.isoformat() for hit in find_dates(Doc([text]).flat) if isinstance(hit.value, date)}


def _first(values: Sequence[T | None]) -> T | None:
    return next((v for v in values if v not in (None, "")), None)


def _contract_type(parts: Sequence[Part]) -> str | None:
    named = [p.draft.contract_type for p in parts if p.draft.contract_type]
    specific = [t for t in named if t != "Other"] or named
    if not specific:
        return None
    counts = Counter(specific)
    return max(specific, key=lambda t: (counts[t], -specific.index(t)))


def _parties(parts: Sequence[Part]) -> list[Organization]:
    merged: dict[str, Organization] = {}
    found = [p for part in parts for p in part.draft.parties]
    identities = _identities([p.name for p in found])
    for party in found:
        key = identities[party.name]
        known = merged.get(key)
        if known is None:
            merged[key] = party
        elif known.location is None and party.location is not None:
            merged[key] = known.model_copy(update={"location": party.location})
    roles = {compact_name(p.role) for p in merged.values()}
    real = [p for p in merged.values() if compact_name(p.name) not in roles]
    return real or list(merged.values())


def _evidenced(parts: Sequence[Part], pick: Callable[[ContractDraft], str | None]) -> tuple[list[str], list[str]]:
    """(values found in their part's text, all values) for one date field."""
    found, reported = [], []
    for part in parts:
        value = pick(part.draft)
        if value:
            reported.append(value)
            if value in dates_in(part.text):
                found.append(value)
    return found, reported


def _dates(parts: Sequence[Part]) -> tuple[str | None, str | None]:
    found, reported = _evidenced(parts, lambda d: d.effective_date)
    effective = min(found or reported, default=None)
    found, reported = _evidenced(parts, lambda d: d.end_date)
    found, reported = ([v for v in values if not effective or v >= effective] for values in (found, reported))
    return effective, max(found or reported, default=None)


def _governing_law(parts: Sequence[Part]) -> Location | None:
    laws = [p.draft.governing_law for p in parts if p.draft.governing_law and p.draft.governing_law.country]
    if not laws:
        return None
    keys = [(law.country, law.state) for law in laws]
    counts = Counter(keys)
    best = max(keys, key=lambda k: (counts[k], -keys.index(k)))
    return laws[keys.index(best)]


def _clauses(parts: Sequence[Part]) -> list[Clause]:
    kept: list[Clause] = []
    for clause in (c for part in parts for c in part.draft.clauses):
        duplicate = any(k.clause_type == clause.clause_type
                        and fuzz.token_set_ratio(k.summary, clause.summary, processor=default_process)
                        >= CLAUSE_DUPLICATE_SCORE
                        for k in kept)
        if not duplicate:
            kept.append(clause)
    return kept


def merge_parts(parts: Sequence[Part]) -> ContractDraft:
    """One contract from the chunks' extractions (rules in the module docstring); a single part is kept as is."""
    if not parts:
        raise ValueError("nothing to merge")
    if len(parts) == 1:
        return parts[0].draft
    drafts = [p.draft for p in parts]
    effective, end = _dates(parts)
    amounts = [d.total_amount for d in drafts if d.total_amount is not None]
    return ContractDraft(
        summary=_first([d.summary for d in drafts]),
        contract_type=_contract_type(parts),
        parties=_parties(parts),
        effective_date=effective,
        end_date=end,
        duration=_first([d.duration for d in drafts]),
        contract_scope=_first([d.contract_scope for d in drafts]),
        total_amount=max(amounts) if amounts else None,
        governing_law=_governing_law(parts),
        clauses=_clauses(parts),
    )
