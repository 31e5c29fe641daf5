"""Read the parties and their roles from the preamble's party list.

With defined aliases ("X, a Delaware corporation ("Licensor"), and Y ("Licensee")"), each party is
the text before its alias parenthetical, cut at its first descriptor (", a Delaware corporation",
"having its principal place of business", "located at"...). Without aliases (cover titles such as
"AGREEMENT between A and B"), the list is split on "and" / ";". The alias becomes the role when it
names one (Licensor, Distributor...), otherwise the role is "Party".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.names import legal_form_pattern, written_form_lookbehind
from ingest.rules.preamble import ALIAS, Preamble

_QUOTED = re.compile(r"\"([^\"]{1,60})\"")
_NOT_PARTY_ALIAS = re.compile(
    r"^(?:this\s+)?(?:agreement|amendment|effective\s+date|execution\s+date|parties|party|contract|"
    r"[\w\s]*\bdate|addendum|memorandum|services?|territory|products?|program)$",
    re.IGNORECASE,
)
_LEAD = re.compile(r"(?:[\s,;:.\-\u25cf\u2022\u00b7*]|(?:by|BY|By)\s+(?:and|AND)\s+(?:between|among|BETWEEN|AMONG)\b|"
                   r"and\b|AND\b|And\b|between\b|BETWEEN\b|\(\w{1,3}\)|\d\.|&)+")
# Where a new name can start inside a chunk: after "and" / ";" that follow the previous party's descriptors.
_NAME_START = re.compile(r"(?:[,;]\s*and\b,?\s+|;\s*|\band\b,?\s+(?=(?:the\s+)?[A-Z0-9]))")
_SUFFIX_OR_DOMAIN = re.compile(rf"\b{legal_form_pattern()}\b\.?|\.com\b", re.IGNORECASE)
_VERBISH = re.compile(r"\b(?:shall|will|is|are|may|agrees?|means|hereby|provided|including|such|which|"
                      r"that|this|these|its|their|his|her|be|been|has|have|to|from|under|party|parties)\b")
# Clause words no party name holds: an upper-case clause ("... INCLUDING THE LIMITED WARRANTY AND DISCLAIMER AND
# LIMITATIONS OF LIABILITY ... INCORPORATED BY REFERENCE IN ...") split on "AND" must not give parties.
_CLAUSE_WORDS = re.compile(r"\b(?:disclaimers?|warrant(?:y|ies)|liabilit(?:y|ies)|limitations?|incorporated\s+by|"
                           r"by\s+reference|conditions|provisions|herein|hereof|thereof|therein|hereunder|thereunder|"
                           r"affirmed|confidential\s+treatment)\b", re.IGNORECASE)
_DESCRIPTOR = re.compile(
    r",?\s+(?:a|an)\s+(?!/)"
    r"|,\s*(?:located|having|with|whose|organized|incorporated|duly|each|its|doing\s+business|d/b/a|"
    r"represented|acting|on\s+behalf|as\b|of\b|formerly|f/k/a|which|that|established|registered|at\b|c/o|"
    r"whose|residing|together|hereinafter|\d)"
    r"|\s+(?:having|located|with\s+(?:its|offices|an?\s+(?:office|address|place))|whose|organized|"
    r"incorporated|hereinafter|herein|residing|registered|existing|as\s+(?:an?\s+)?[A-Z][a-z]|of\s+\d+|at\s+\d+|"
    r"c/o|on\s+behalf|\(hereinafter|\(herein|\(the\s*$)\b"
    r"|\s*\((?!(?:[A-Z]{2,4}|[A-Z][a-z]+)\)\s*[A-Z])"
    r"|,\s*(?:[A-Z][a-z]+\s+){1,2}(?:corporation|company|limited|partnership)\b|,\s*(?:an?\s+)?[Ii]ndividual\b"
    r"|,\s*being\b|,\s+(?:[A-Z][a-z]+\s+)?\d+\b|,\s*P\.?\s?O\.?\s+Box|\s+and\s+its\b"
    rf"|{written_form_lookbehind()}\s+of\s+(?=[A-Z0-9])"
    # A block-layout preamble runs the address on after the name: "Xencor, Inc. 111 W. Lemon Ave.",
    # "... International GmbH Binger Straße 173". A legal form followed by a number within four words.
    rf"|{written_form_lookbehind()}\s+(?=(?:[^\s\d,;()]+\s+){{0,3}}\d)"
)
_ROLE_WORDS = {
    "licensor", "licensee", "distributor", "supplier", "customer", "franchisor", "franchisee", "consultant",
    "client", "sponsor", "promoter", "vendor", "buyer", "seller", "purchaser", "developer", "manufacturer",
    "reseller", "agent", "principal", "provider", "contractor", "endorser", "lender", "borrower",
    "transporter", "shipper", "owner", "operator", "servicer", "depositor", "issuer", "trust", "adviser",
    "advisor", "administrator", "employee", "employer", "talent", "affiliate", "network", "publisher",
    "partner", "company", "investor", "manager", "producer", "marketer", "subscriber", "member",
    "service provider", "marketing affiliate", "recipient", "discloser", "celebrity", "athlete",
    "party a", "party b", "party c", "licensors", "licensees", "professional", "bank", "corporation",
    "school", "university", "institution", "collaborator", "representative", "carrier", "user",
}


@dataclass(frozen=True)
class PartyHit:
    """A party found in `Doc.flat`: name span [start, end), alias, role."""

    name: str
    role: str
    alias: str | None
    start: int
    end: int


def clean_name(chunk: str) -> tuple[str, int, int]:
    """The party name inside `chunk` and its [start, end) offsets within the chunk."""
    lead = _LEAD.match(chunk)
    start = lead.end() if lead else 0
    if chunk[start:start + 1].islower() or _DESCRIPTOR.match(chunk, max(0, start - 2)):
        starts = [m.end() for m in _NAME_START.finditer(chunk, start)]
        start = starts[-1] if starts else start
        lead = _LEAD.match(chunk, start)
        start = lead.end() if lead else start
    cut = _DESCRIPTOR.search(chunk, start + 2)
    end = cut.start() if cut else len(chunk)
    name = chunk[start:end].strip(" ,;:")
    if re.match(r"the\s+[A-Z0-9]", name):
        name, start = name[4:].lstrip(), start + 4
    return name, start, start + len(chunk[start:end].rstrip(" ,;:"))


def _role(alias: str | None) -> str:
    if alias and alias.strip().lower() in _ROLE_WORDS:
        return alias.strip()
    return "Party"


def _plausible(name: str) -> bool:
    """Whether text reads like a party's name rather than clause prose or a descriptor."""
    letters = sum(ch.isalpha() for ch in name)
    words = name.split()
    if letters < 2 or len(words) > 12 or name.lower().strip(". ") in _ROLE_WORDS | {"the", "and", "each", "both"}:
        return False
    if re.match(r"(?:an?|the)\s", name) or (name[0].islower() and not _SUFFIX_OR_DOMAIN.search(name)):
        return False
    if _CLAUSE_WORDS.search(name) or (name.isupper() and _VERBISH.search(name.lower())):
        return False
    return not _VERBISH.search(name)


def _party_alias(parenthetical: str) -> str | None:
    """The alias a parenthetical defines, or None when it defines something else ("Agreement")."""
    quoted = _QUOTED.search(parenthetical)
    if not quoted:
        return None
    alias = quoted.group(1).strip(" ,.")
    return None if _NOT_PARTY_ALIAS.match(alias) else alias


def parties_with_aliases(flat: str, pre: Preamble) -> list[PartyHit]:
    """Parties defined as `Name ... ("Alias")` in the list, in order of appearance."""
    hits: list[PartyHit] = []
    cursor = pre.list_start
    for match in ALIAS.finditer(flat, pre.list_start, pre.list_end):
        alias = _party_alias(match.group())
        chunk = flat[cursor:match.start()]
        cursor = match.end()
        if alias is None and "herein" not in match.group():
            continue
        name, s, e = clean_name(chunk)
        if _plausible(name) and not _already(hits, name):
            start = match.start() - len(chunk) + s
            hits.append(PartyHit(name, _role(alias), alias, start, start + (e - s)))
    tail = _tail_party(flat, cursor, pre.list_end)
    if hits and tail and not _already(hits, tail.name):
        hits.append(tail)
    return hits


def _tail_party(flat: str, start: int, end: int) -> PartyHit | None:
    """A last party named after the final alias without one of its own ("..., and Y Corp 780 Main St")."""
    match = re.match(r"[\s,;]*and\b,?\s*(?=(?:the\s+)?[A-Z0-9])", flat[start:end])
    if not match:
        return None
    chunk = flat[start + match.end():end]
    chunk = re.split(r"(?<!\bInc)(?<!\bCo)(?<!\bLtd)(?<!\bCorp)(?<![A-Z])\.\s+(?=[A-Z])", chunk)[0]
    name, s, _ = clean_name(chunk)
    name = re.split(r"\s+\d", name)[0].strip(" ,")
    if not _plausible(name):
        return None
    offset = start + match.end() + s
    return PartyHit(name, "Party", None, offset, offset + len(name))


def _already(hits: list[PartyHit], name: str) -> bool:
    lowered = name.lower()
    return any(lowered == h.name.lower() or lowered == (h.alias or "").lower() for h in hits)


def parties_without_aliases(flat: str, pre: Preamble) -> list[PartyHit]:
    """Parties of an alias-free list ("between A and B"), split on "and", ";" and "AND:"."""
    text = flat[pre.list_start:pre.list_end]
    hits: list[PartyHit] = []
    for piece in re.finditer(r"(?:(?!\s+(?:and|AND|And)\s+|;).)+", text):
        name, s, e = clean_name(piece.group())
        if _plausible(name) and not _already(hits, name):
            start = pre.list_start + piece.start() + s
            hits.append(PartyHit(name, "Party", None, start, start + (e - s)))
    return hits[:6]


_PARTY_LETTER = re.compile(
    r"\bParty\s+(?P<letter>[A-D])\s*(?:\([^()]{0,30}\))?\s*:\s*(?P<name>[^:]{3,150}?)\s*"
    r"(?=(?:Legal\s+|Registered\s+|Business\s+|Mailing\s+)?(?:Address|Representative|Domicile|Contact|Tel|"
    r"Postal|Zip|Residence|ID)\b)")


def parties_by_letter(flat: str, limit: int = 8_000) -> list[PartyHit]:
    """Parties of Chinese-style contracts laid out as "Party A: <name> Address: ...", "Party B: ..."."""
    hits: list[PartyHit] = []
    for match in _PARTY_LETTER.finditer(flat, 0, min(len(flat), limit)):
        name = match["name"].strip(" ,;")
        if _plausible(name) and not _already(hits, name) and len(hits) < 4:
            hits.append(PartyHit(name, f"Party {match['letter']}", f"Party {match['letter']}",
                                 match.start("name"), match.start("name") + len(name)))
    return hits


def find_parties(flat: str, pre: Preamble) -> list[PartyHit]:
    """The parties named in the preamble's list."""
    if pre.has_aliases:
        found = parties_with_aliases(flat, pre)
        if found:
            return found
    return parties_without_aliases(flat, pre)
