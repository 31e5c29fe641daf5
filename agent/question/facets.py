"""Contract types, clause types (extracted and CUAD), status (active / expired / open-ended), governing law
(country, US state, Canadian province) and the parties' country."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from agent.question.lexicon import (
    CLAUSE_PATTERNS,
    CONTRACT_WORD,
    COUNTRY_ADJECTIVES,
    COUNTRY_NAMES,
    COUNTRY_RE,
    CUAD_PATTERNS,
    STATE_CODES,
    SUBDIVISION_RE,
    SUBDIVISIONS,
    TYPE_PATTERNS,
)
from agent.question.scan import Scan

CLAUSE_WORDS = re.compile(r"\b(?:clauses?|provisions?|terms?|language|sections?|covenants?|obligations?|"
                          r"restrictions?|rights?)\b")
CONTRACT_TAIL = re.compile(rf"^(?:{CONTRACT_WORD})$")
ACTIVE = re.compile(r"\b(?:currently |still |presently )?(?:active|in force|in effect|unexpired|not yet expired|"
                    r"not expired|ongoing|live|running|current|valid)\b")
EXPIRED = re.compile(r"\b(?:already )?(?:expired|inactive|lapsed|no longer (?:active|in force|in effect|running)|"
                     r"ended|past their end date)\b")
NO_END = re.compile(r"\b(?:(?:with |that have |having )?(?:no|without an?|without|lacking an?|missing an?) "
                    r"(?:end|expiry|expiration|termination) dates?|open[- ]ended|perpetual(?! renew)|"
                    r"indefinite(?: term| duration)?|no fixed (?:term|end)|never expire|do not expire|"
                    r"don't expire|no expiry|(?:do|does) not (?:have|specify|state|set|give) an? (?:end|expiry|"
                    r"expiration) dates?|(?:don't|doesn't) (?:have|specify|state|set|give) an? (?:end|expiry|"
                    r"expiration) dates?)\b")
# The status on the as-of date (graph.query.status, docs/FILTERS.md#status), not a comparison of end dates.
IN_FORCE_MEANING = "in force on the as-of date (started, and its current term covers that day)"
EXPIRED_MEANING = "expired on the as-of date (its last term ended before that day and it does not renew itself)"
HAS_END = re.compile(r"\b(?:(?:with|having|have|has|that have) )?(?:an?|known|fixed|set) "
                     r"(?:known |fixed )?(?:end|expiry|expiration) dates?\b")
CODES = "|".join(c.lower() for c in sorted(STATE_CODES))
PLACE = rf"(?P<place>{SUBDIVISION_RE}|{COUNTRY_RE}|{CODES})"
LAW = re.compile(
    rf"\b(?:(?:governed|controlled|construed) (?:by|under)|subject to|under|governing law(?: of| is| in)?|"
    rf"choice of law(?: of| is)?|jurisdiction(?: of| is| in)?|laws? of)(?: the)?(?: laws? of)?(?: the)?"
    rf"(?: (?:state|province|commonwealth) of)? {PLACE}(?: (?:governing )?laws?)?\b"
    rf"|\b{PLACE.replace('place', 'place2')} (?:choice of |governing )?(?:laws?|jurisdiction)\b")
LOCATED = re.compile(r"\b(?:based|located|headquartered|incorporated|domiciled|registered)(?: in)?$")
PARTY_WORDS = re.compile(r"^(?:an?|the|with|party|parties|company|companies|counterpart(?:y|ies)|firms?|"
                         r"entit(?:y|ies)|businesses|suppliers?|vendors?|customers?|partners?|based|located|"
                         r"headquartered|incorporated|from|in|involving|involve|has|have|one|some|any)$")
PARTY_NOUN = re.compile(r"^(?:party|parties|compan(?:y|ies)|counterpart(?:y|ies)|firms?|entit(?:y|ies)|businesses|"
                        r"suppliers?|vendors?|customers?|partners?|corporations?|licensors?|licensees?|"
                        r"distributors?|manufacturers?|subsidiar(?:y|ies)|groups?|organi[sz]ations?|people|"
                        r"individuals?|persons?|signator(?:y|ies))$")
STATE_PLACE = re.compile(rf"\b(?:the )?(?:state of )?(?P<place>{SUBDIVISION_RE})\b")
COUNTRY_PLACE = re.compile(rf"\b(?P<place>{COUNTRY_RE})\b")


@dataclass
class Facets:
    fields: dict[str, Any] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def _consume_tail(scan: Scan, end: int, pattern: re.Pattern[str]) -> int:
    while end < len(scan.words) and not scan.used[end] and pattern.match(scan.words[end]):
        end += 1
    return end


def extract_types(scan: Scan, out: Facets) -> None:
    found: list[str] = []
    for pattern, value in TYPE_PATTERNS:
        for span in list(scan.spans(pattern)):
            end = _consume_tail(scan, span.end, CONTRACT_TAIL)
            scan.use((span.start, end), f"type {value}")
            found.append(value)
    if found:
        out.fields["contract_types"] = list(dict.fromkeys(found))


def extract_clauses(scan: Scan, out: Facets, cuad_only: bool = False) -> None:
    """CUAD categories (cuad_only=True, run before the types) or the sample's extracted clause types."""
    key = "text_clause_types" if cuad_only else "clause_types"
    label = "clause in the text (found band)" if cuad_only else "clause"
    found: list[str] = list(out.fields.get(key, []))
    for pattern, value in CUAD_PATTERNS if cuad_only else CLAUSE_PATTERNS:
        for span in list(scan.spans(pattern)):
            end = span.end
            while end < len(scan.words) and not scan.used[end] and CLAUSE_WORDS.fullmatch(scan.words[end]):
                end += 1
            scan.use((span.start, end), f"{label}: {value}")
            found.append(value)
    if found:
        out.fields[key] = list(dict.fromkeys(found))


def extract_status(scan: Scan, out: Facets) -> None:
    for pattern, name, value, meaning in ((NO_END, "has_end_date", False, "no end date (open-ended)"),
                                          (HAS_END, "has_end_date", True, "has an end date"),
                                          (EXPIRED, "active", False, EXPIRED_MEANING),
                                          (ACTIVE, "active", True, IN_FORCE_MEANING)):
        for span in list(scan.spans(pattern)):
            if name in out.fields and out.fields[name] != value:
                out.problems.append("both active and expired")
            out.fields[name] = value
            scan.use(span, meaning)


def _place(scan: Scan, text: str, start: int) -> tuple[str, str] | None:
    """('state' | 'country', code) for a place name; 'us' only when typed as 'US'."""
    if text == "us" and scan.original[start] != "US":
        return None
    if text in SUBDIVISIONS:
        return "state", SUBDIVISIONS[text]
    if text.upper() in STATE_CODES and scan.original[start].isupper():
        return "state", text.upper()
    if text in COUNTRY_NAMES:
        return "country", COUNTRY_NAMES[text]
    return None


def extract_law(scan: Scan, out: Facets) -> None:
    laws: set[tuple[str, str]] = set()
    for span in list(scan.spans(LAW)):
        group = "place" if span.match.group("place") else "place2"
        place_text, offset = span.group(group), span.match.start(group)
        start = scan.starts.index(offset) if offset in scan.starts else span.start
        found = _place(scan, place_text, start)
        if found is None:
            continue
        laws.add(found)
        kind, code = found
        out.fields["governing_law_state" if kind == "state" else "governing_law_country"] = code
        scan.use(span, f"governing law {'state' if kind == 'state' else 'country'} {code}")
    for span in list(scan.spans(STATE_PLACE)):
        if LOCATED.search(" ".join(scan.before(span.start, 2))):
            out.problems.append(f"a party's state ('{scan.phrase(span.start, span.end)}') is not a filter; "
                                "only its country is")
            scan.use(span)
            continue
        code = SUBDIVISIONS[span.group("place")]
        laws.add(("state", code))
        out.fields["governing_law_state"] = code
        scan.use(span, f"governing law state {code}")
    if len(laws) > 1:
        out.problems.append("several governing laws at once (a filter holds one)")


def extract_party_country(scan: Scan, out: Facets) -> None:
    codes: list[str] = []
    for span in list(scan.spans(COUNTRY_PLACE)):
        found = _place(scan, span.group("place"), span.start)
        if found is None or found[0] != "country":
            continue
        start, end = span.start, span.end
        if span.group("place") in COUNTRY_ADJECTIVES and not (
                end < len(scan.words) and PARTY_NOUN.match(scan.words[end])):
            out.problems.append(f"'{scan.phrase(span.start, span.end)}' alone may be a language or a nationality; "
                                f"say e.g. '{scan.phrase(span.start, span.end)} parties' or '{found[1]} law'")
            scan.use(span)
            continue
        while start > 0 and not scan.used[start - 1] and PARTY_WORDS.match(scan.words[start - 1]) \
                and scan.words[start - 1] not in ("with", "involving", "involve", "has", "have"):
            start -= 1
        end = _consume_tail(scan, end, PARTY_WORDS)
        codes.append(found[1])
        scan.use((start, end), f"a party located in {found[1]}")
    if codes:
        out.fields["party_country"] = codes[0]
    if len(set(codes)) > 1:
        out.problems.append("parties in several countries at once (a filter holds one country)")
