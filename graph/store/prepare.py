"""Turns raw seed-format records into cleaned, merged rows ready for the batched graph writes.

A Party is one legal entity (docs/DATA.md#legal-entities-and-organisations): spellings that share
`core.names.party_key` (case, punctuation, a leading "the" and the spelling of the legal form ignored) become one
party whose display name is the most frequent spelling that states a legal form (first seen wins ties) and whose
aliases are all spellings. A name that states no legal form ("Ingram Micro") is the one legal entity of that
name in the batch when there is exactly one ("INGRAM MICRO INC."); with several it stays a party of its own.
Different legal forms of one name stay apart and share an `org_key` (graph.store.organisations groups them).
Role-only names stay contract-local (graph.store.party_roles).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from core.currency_reader import read_currency
from core.names import base_name, legal_form, organisation_key, party_key
from core.text_safety import one_line_name
from core.vocab import SUBDIVISIONS
from graph.store.clean import (
    CleanReport,
    clean_amount,
    clean_contract_type,
    clean_date,
    clean_duration,
    clean_location,
    duration_days,
    is_placeholder,
)
from graph.store.party_roles import is_role_name, role_key
from graph.store.sample import sample_text
from graph.store.titles import file_title


@dataclass
class PreparedParty:
    key: str
    # A Counter keeps its keys in first-seen order, which settles ties between equally frequent spellings.
    spellings: Counter[str] = field(default_factory=Counter)
    role_only: bool = False  # a contract-local placeholder named by a role ("Franchisee"): graph.store.party_roles

    def add(self, spelling: str) -> None:
        self.spellings[spelling] += 1

    @property
    def name(self) -> str:
        """The most frequent spelling that states a legal form (any spelling when none does); the first seen
        wins ties."""
        return max(self.spellings, key=lambda s: (legal_form(s) is not None, self.spellings[s]))

    @property
    def entity(self) -> dict[str, str | None]:
        """The legal entity's organisation key, base name and legal form (none for a role-only placeholder)."""
        if self.role_only:
            return {"org_key": None, "org_name": None, "legal_form": None}
        name = self.name
        return {"org_key": organisation_key(name), "org_name": base_name(name), "legal_form": legal_form(name)}

    @property
    def aliases(self) -> list[str]:
        return sorted(self.spellings)


@dataclass
class PreparedContract:
    file_id: str
    props: dict[str, Any]
    parties: list[dict[str, str]]
    locations: list[dict[str, Any]]
    governing_law: dict[str, Any] | None
    clauses: list[dict[str, str]]


@dataclass
class Prepared:
    contracts: list[PreparedContract]
    parties: dict[str, PreparedParty]
    report: CleanReport


def location_key(loc: dict[str, Any]) -> str:
    parts = (loc.get("country"), loc.get("state"), loc.get("city"), loc.get("address"))
    return "|".join((p or "").strip().lower() for p in parts)


def jurisdiction(loc: dict[str, Any] | None) -> dict[str, Any] | None:
    """Governing law as a jurisdiction row keyed `US-DE` (or `GB` when no state is known)."""
    if not loc or not loc.get("country"):
        return None
    country, state = loc["country"], loc.get("state")
    key = f"{country}-{state}" if state else country
    state_name = SUBDIVISIONS.get(country, {}).get(state or "", state)
    name = f"{state_name}, {country}" if state else country
    return {"key": key, "country": country, "state": state, "name": name}


def _contract_props(raw: dict[str, Any], file_id: str, report: CleanReport, source: str) -> dict[str, Any]:
    effective = clean_date(raw.get("effective_date"), "effective_date", file_id, report)
    end = clean_date(raw.get("end_date"), "end_date", file_id, report)
    if effective and end and end < effective:
        report.fix("end_before_effective", f"{file_id}: end_date {end} is before effective_date {effective}")
    duration = clean_duration(raw.get("duration"), file_id, report)
    return {
        "file_id": file_id,
        "summary": raw.get("summary") or None,
        "contract_type": clean_contract_type(raw.get("contract_type"), file_id, report),
        "effective_date": effective,
        "end_date": end,
        "duration": duration,
        "duration_days": duration_days(duration),
        "scope": raw.get("contract_scope") or raw.get("scope") or None,
        "total_amount": clean_amount(raw.get("total_amount"), file_id, report),
        "source": source,
        "file_title": file_title(file_id),
    }


def currency_props(props: dict[str, Any], text: str | None) -> dict[str, Any]:
    """`currency` (ISO 4217) of `total_amount`, how it was found and the sentence (core.currency_reader):
    the contract's own text first, then its summary and scope. All None when there is no amount."""
    reading = read_currency(props["total_amount"], [("text", text), ("summary", props["summary"]),
                                                    ("scope", props["scope"])])
    if reading is None:
        return dict.fromkeys(("currency", "currency_source", "currency_evidence", "currency_evidence_in"))
    return {"currency": reading.currency, "currency_source": reading.source, "currency_evidence": reading.evidence,
            "currency_evidence_in": reading.where}


def _clean_name(value: Any) -> str:
    """A party name on one line of visible characters, single-spaced."""
    return " ".join(one_line_name(str(value or "")).split())


def _prepare_parties(raw: dict[str, Any], file_id: str, parties: dict[str, PreparedParty],
                     report: CleanReport, keys: dict[str, str]) -> tuple[list[dict[str, str]], list[dict[str, Any]]]:
    links: dict[tuple[str, str], dict[str, str]] = {}
    locations: list[dict[str, Any]] = []
    for entry in raw.get("parties") or []:
        name = _clean_name(entry.get("name"))
        if is_placeholder(name):
            report.fix("placeholder_party", f"{file_id}: placeholder party '{name}' dropped")
            continue
        if is_role_name(name):
            key = role_key(name, file_id)
            report.fix("role_only_party", f"{file_id}: party '{name}' is only a role; kept for this contract only")
            parties.setdefault(key, PreparedParty(key, role_only=True)).add(name)
        else:
            key = keys.get(party_key(name)) or party_key(name)
            parties.setdefault(key, PreparedParty(key)).add(name)
        role = " ".join(str(entry.get("role") or "party").split()).lower()
        links[(key, role)] = {"key": key, "role": role}
        loc = clean_location(entry.get("location"), f"{file_id} party '{name}'", report)
        if loc:
            locations.append({"party": key, "key": location_key(loc), **loc})
    return list(links.values()), locations


def _prepare_clauses(raw: dict[str, Any], file_id: str) -> list[dict[str, str]]:
    clauses = []
    for index, clause in enumerate(raw.get("clauses") or []):
        ctype = " ".join(str(clause.get("clause_type") or "").split())
        if ctype:
            clauses.append({"key": f"{file_id}#{index}", "type": ctype, "summary": clause.get("summary") or ""})
    return clauses


def _names(raw: dict[str, Any]) -> list[str]:
    return [_clean_name(e.get("name")) for e in raw.get("parties") or []]


def entity_keys(records: Iterable[dict[str, Any]]) -> dict[str, str]:
    """party_key -> the key its party is loaded as: a name that states no legal form goes to the one legal
    entity of its name in the batch, when there is exactly one; every other key is its own."""
    formed: dict[str, set[str]] = {}
    bare: dict[str, str] = {}
    for raw in records:
        for name in _names(raw):
            if is_placeholder(name) or is_role_name(name):
                continue
            key = party_key(name)
            if legal_form(name) is None:
                bare[key] = organisation_key(name)
            else:
                formed.setdefault(organisation_key(name), set()).add(key)
    return {key: next(iter(formed[org])) for key, org in bare.items() if len(formed.get(org, ())) == 1}


class Preparer:
    """prepare in parts: `add` the records batch by batch, in order; the parties and the report gather over
    all of them. `keys` is entity_keys of every record (a first pass over them all)."""

    def __init__(self, keys: dict[str, str], source: str = "sample",
                 texts: Callable[[str], str | None] = sample_text) -> None:
        self.keys, self.source, self.texts = keys, source, texts
        self.report = CleanReport()
        self.parties: dict[str, PreparedParty] = {}
        self.seen: set[str] = set()

    def add(self, records: Iterable[dict[str, Any]]) -> list[PreparedContract]:
        """The prepared contracts of `records` (a duplicate of an earlier batch's file_id is skipped too)."""
        contracts: list[PreparedContract] = []
        report = self.report
        for raw in records:
            file_id = one_line_name(str(raw.get("file_id") or ""))
            if not file_id:
                report.fix("missing_file_id", "a record without file_id was skipped")
                continue
            if file_id in self.seen:
                report.fix("duplicate_file_id", f"{file_id}: duplicate record skipped")
                continue
            self.seen.add(file_id)
            contracts.append(self._contract(raw, file_id))
        return contracts

    def _contract(self, raw: dict[str, Any], file_id: str) -> PreparedContract:
        links, locations = _prepare_parties(raw, file_id, self.parties, self.report, self.keys)
        law = clean_location(raw.get("governing_law"), f"{file_id} governing law", self.report)
        props = _contract_props(raw, file_id, self.report, self.source)
        props |= currency_props(props, self.texts(file_id) if props["total_amount"] is not None else None)
        props["party_count"] = len({link["key"] for link in links})
        clauses = _prepare_clauses(raw, file_id)
        # Stored on the contract so a clause filter reads one property instead of walking its clauses.
        props["clause_types"] = sorted({clause["type"] for clause in clauses})
        law_row = jurisdiction(law)
        props["governing_law_country"] = law_row["country"] if law_row else None
        props["governing_law_state"] = law_row["state"] if law_row else None
        return PreparedContract(file_id, props, links, locations, law_row, clauses)


def prepare(records: list[dict[str, Any]], source: str = "sample",
            texts: Callable[[str], str | None] = sample_text) -> Prepared:
    """Clean and merge a batch of seed-format records. `texts` gives a contract's own text by file_id (the
    CUAD texts by default; an upload passes its pages): the currency of its amount is read from it."""
    preparer = Preparer(entity_keys(records), source, texts)
    contracts = preparer.add(records)
    return Prepared(contracts, preparer.parties, preparer.report)


def merged_spellings(prepared: Prepared) -> int:
    """How many parties were merged from more than one spelling."""
    return sum(1 for p in prepared.parties.values() if len(p.spellings) > 1)
