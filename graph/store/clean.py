"""Cleaning of seed-format contract records on their way into the graph.

The sample's known defects are fixed here and every fix is reported: glued contract types split using the
file name, placeholder parties dropped, spellings of one legal entity merged
(graph.store.prepare; every spelling kept as an alias), countries normalised to ISO alpha-2, states to their codes,
invalid dates nulled with a warning. Pure functions: no database, no I/O.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from core.names import compact_name
from core.vocab import CONTRACT_TYPES, US_STATES, canonical, normalize_country, normalize_subdivision

MIN_YEAR, MAX_YEAR = 1950, 2200
GLUED_TYPES: dict[str, tuple[tuple[str, str], ...]] = {
    "affiliate agreementdevelopment": (
        ("co-branding", "Co-Branding"), ("affiliate", "Affiliate"), ("agency", "Agency"),
        ("development", "Development"),
    ),
    "non compete/solicitoutsourcing": (("non-compet", "Non-Compete"), ("non compet", "Non-Compete")),
}
GLUED_FALLBACK = {"affiliate agreementdevelopment": "Other", "non compete/solicitoutsourcing": "Outsourcing"}
TYPE_SYNONYMS = {"license agreement": "License", "non compete": "Non-Compete", "co branding": "Co-Branding"}
PLACEHOLDER_NAMES = {"", "n/a", "na", "none", "unknown", "tbd", "you", "party", "company"}
DURATION_RE = re.compile(r"^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?$")


def is_placeholder(name: str | None) -> bool:
    """Bracketed blanks (`[•]`, `[*]`, `[Agent Name]`, a template's `<<enter Company Name>>`), bare punctuation
    and generic pronouns."""
    text = (name or "").strip()
    if (text.startswith("[") and text.endswith("]")) or (text.startswith("<") and text.endswith(">")):
        return True
    return not compact_name(text) or text.lower() in PLACEHOLDER_NAMES


def parse_date(value: Any) -> date | None:
    """A real calendar date within a plausible range, else None."""
    if not isinstance(value, str):
        return None
    try:
        parsed = date.fromisoformat(value.strip()[:10])
    except ValueError:
        return None
    return parsed if MIN_YEAR <= parsed.year <= MAX_YEAR else None


def duration_days(duration: str | None) -> int | None:
    """Approximate length in days of an ISO 8601 date duration (365-day years, 30-day months)."""
    match = DURATION_RE.match(duration or "")
    if not match or not any(match.groups()):
        return None
    years, months, weeks, days = (int(g) if g else 0 for g in match.groups())
    return years * 365 + months * 30 + weeks * 7 + days


@dataclass
class CleanReport:
    """What cleaning changed, for the load summary."""

    warnings: list[str] = field(default_factory=list)
    fixes: Counter[str] = field(default_factory=Counter)

    def fix(self, kind: str, message: str | None = None) -> None:
        self.fixes[kind] += 1
        if message:
            self.warnings.append(message)


def clean_contract_type(raw: str | None, file_id: str, report: CleanReport) -> str:
    """Resolve glued and synonym types into the controlled vocabulary."""
    text = (raw or "").strip()
    folded = text.casefold()
    if folded in GLUED_TYPES:
        name = file_id.casefold()
        resolved = next((t for hint, t in GLUED_TYPES[folded] if hint in name), GLUED_FALLBACK[folded])
        report.fix("glued_contract_type", f"{file_id}: contract type '{text}' resolved to '{resolved}'")
        return resolved
    if folded in TYPE_SYNONYMS:
        report.fix("contract_type_synonym")
        return TYPE_SYNONYMS[folded]
    found = canonical(text, CONTRACT_TYPES)
    if found:
        return found
    report.fix("unknown_contract_type", f"{file_id}: unknown contract type '{text}' stored as 'Other'")
    return "Other"


def clean_date(value: Any, field_name: str, file_id: str, report: CleanReport) -> date | None:
    if value in (None, ""):
        return None
    parsed = parse_date(value)
    if parsed is None:
        report.fix("invalid_date", f"{file_id}: {field_name} '{value}' is not a valid date; stored as null")
    return parsed


def clean_location(loc: dict[str, Any] | None, context: str, report: CleanReport) -> dict[str, Any] | None:
    """Normalise a location; None when nothing usable is left."""
    if not loc:
        return None
    raw_country = loc.get("country")
    country = normalize_country(raw_country)
    state_raw = loc.get("state")
    if country is None and isinstance(state_raw, str) and state_raw.strip().upper() in US_STATES:
        country = "US" if raw_country in (None, "") else None
    if raw_country and country is None:
        report.fix("invalid_country", f"{context}: country '{raw_country}' is not ISO 3166; dropped")
    elif raw_country and country != raw_country:
        report.fix("country_normalised")
    state = normalize_subdivision(country, state_raw if isinstance(state_raw, str) else None)
    if state and "*" in state:
        state = None
    cleaned = {
        "address": (loc.get("address") or None),
        "city": (loc.get("city") or None),
        "state": state,
        "country": country,
    }
    return cleaned if any(cleaned.values()) else None


def clean_amount(value: Any, file_id: str, report: CleanReport) -> float | None:
    if value in (None, ""):
        return None
    try:
        amount = float(value)
    except (TypeError, ValueError):
        amount = -1.0
    if amount < 0 or amount != amount:
        report.fix("invalid_amount", f"{file_id}: total_amount '{value}' is not a non-negative number")
        return None
    return amount


def clean_duration(value: Any, file_id: str, report: CleanReport) -> str | None:
    if value in (None, ""):
        return None
    text = str(value).strip().upper()
    if duration_days(text) is None:
        report.fix("invalid_duration", f"{file_id}: duration '{value}' is not ISO 8601; stored as null")
        return None
    return text
