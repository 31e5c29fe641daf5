"""Entity resolution suggestions: which existing parties an extracted party may be.

For each extracted party, every existing party's name and aliases are compared with it:

* exact: the graph's party key (`core.names.party_key`: one per legal entity) of the extracted name equals
  the party's key or one of its aliases' keys, or the name states no legal form and the graph holds exactly
  one legal entity of that name (the importer's rule, graph.store.prepare). Exact matches are accepted
  automatically (`python -m ingest --yes`) and cannot be made a "new party". Another legal form of the same
  name ("Acme LLC" for "Acme Inc.") is another entity: at most a fuzzy candidate.
* fuzzy: rapidfuzz `token_set_ratio` of the normalised names (`ingest.merge.party_identity` spelling:
  case, punctuation, "the" and legal suffixes ignored) at least `cutoff`.

Candidates are ranked by exactness, score, then same country as the extracted party's location (the
tie-breaker), then plain `ratio` (closer spelling), then how many contracts the party has. The
reviewer picks "same as X" (the commit links to X and keeps the extracted spelling as an alias) or
"new party".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from neo4j import Driver
from rapidfuzz import fuzz

from core.names import legal_form, norm_party, organisation_key, party_key
from graph.reads.repository import all_party_names, parties_by_key
from ingest.schema import Organization

DEFAULT_CUTOFF = 85.0
DEFAULT_LIMIT = 3


@dataclass(frozen=True)
class Candidate:
    """An existing party an extracted party may be."""

    key: str
    name: str
    score: float
    exact: bool
    same_country: bool
    countries: tuple[str, ...] = ()
    contract_count: int = 0
    matched: str = ""  # the name or alias that matched

    def describe(self) -> str:
        """"ACME INC. (acmeinc; US; 3 contracts; exact)" for selectors and prompts."""
        where = ", ".join(self.countries) or "no country"
        how = "exact name match" if self.exact else f"similarity {self.score:.0f}"
        count = f"{self.contract_count} contract{'' if self.contract_count == 1 else 's'}"
        return f"{self.name} ({where}; {count}; {how})"


@dataclass(frozen=True)
class PartySuggestion:
    """The extracted party and its candidates, best first."""

    name: str
    country: str | None
    candidates: list[Candidate] = field(default_factory=list)

    @property
    def exact(self) -> Candidate | None:
        """The candidate with the same merge key, if any."""
        return next((c for c in self.candidates if c.exact), None)


def _normalised(name: str) -> str:
    return norm_party(name) or name.lower()


def formed_entities(rows: list[dict[str, Any]]) -> dict[str, set[str]]:
    """Organisation key -> the keys of the parties whose name states a legal form."""
    found: dict[str, set[str]] = {}
    for row in rows:
        if legal_form(row["name"]) is not None:
            found.setdefault(organisation_key(row["name"]), set()).add(row["key"])
    return found


def only_entity(name: str, formed: dict[str, set[str]]) -> str | None:
    """The key of the one party stating a legal form whose name is `name`'s, when `name` states none."""
    keys = formed.get(organisation_key(name), set()) if legal_form(name) is None else set()
    return next(iter(keys)) if len(keys) == 1 else None


def _score_party(name: str, row: dict[str, Any], same: str | None = None) -> tuple[float, bool, float, str]:
    """(token_set score, exact, ratio, matched spelling) of one existing party against `name`; `same` is the
    key `name` is the only legal entity of (only_entity)."""
    key, target = party_key(name), _normalised(name)
    best = (0.0, False, 0.0, "")
    for spelling in {row["name"], *(row["aliases"] or [])}:
        exact = key == row["key"] or key == party_key(spelling) or row["key"] == same
        other = _normalised(spelling)
        score = 100.0 if exact else fuzz.token_set_ratio(target, other)
        candidate = (score, exact, fuzz.ratio(target, other), spelling)
        best = max(best, candidate, key=lambda c: (c[1], c[0], c[2]))
    return best


def _rank(party: Organization, rows: list[dict[str, Any]], cutoff: float, limit: int,
          details: dict[str, dict[str, Any]], same: str | None = None) -> list[Candidate]:
    country = party.location.country if party.location else None
    scored = []
    for row in rows:
        score, exact, ratio, matched = _score_party(party.name, row, same)
        if exact or score >= cutoff:
            info = details.get(row["key"], {})
            countries = tuple(info.get("countries") or ())
            scored.append((Candidate(row["key"], row["name"], score, exact, bool(country and country in countries),
                                     countries, int(info.get("contract_count") or 0), matched), ratio))
    scored.sort(key=lambda sc: (not sc[0].exact, -sc[0].score, not sc[0].same_country, -sc[1],
                                -sc[0].contract_count, sc[0].key))
    return [candidate for candidate, _ in scored[:limit]]


def _prefilter(parties: list[Organization], rows: list[dict[str, Any]], cutoff: float,
               same: dict[str, str | None]) -> set[str]:
    """Keys of parties that pass the cutoff for some extracted party (their details are read next)."""
    keys = {key for key in same.values() if key}
    for party in parties:
        keys |= {row["key"] for row in rows if _score_party(party.name, row)[0] >= cutoff}
    return keys


def suggest_parties(driver: Driver, parties: list[Organization], *, cutoff: float = DEFAULT_CUTOFF,
                    limit: int = DEFAULT_LIMIT, database: str | None = None) -> list[PartySuggestion]:
    """Candidates among the graph's parties for each extracted party, in the extracted order."""
    if not parties:
        return []
    rows = all_party_names(driver, database)
    formed = formed_entities(rows)
    same = {p.name: only_entity(p.name, formed) for p in parties}
    details = parties_by_key(driver, sorted(_prefilter(parties, rows, cutoff, same)), database)
    candidates_rows = [row for row in rows if row["key"] in details]
    return [PartySuggestion(p.name, p.location.country if p.location else None,
                            _rank(p, candidates_rows, cutoff, limit, details, same[p.name])) for p in parties]


def auto_same_as(suggestions: list[PartySuggestion]) -> dict[str, str | None]:
    """Unattended decisions: exact-key matches only; every other party is new."""
    return {s.name: (s.exact.key if s.exact else None) for s in suggestions}
