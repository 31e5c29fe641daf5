"""Party names that are only a role, and legal-suffix variants of one name.

The seed extraction sometimes used the contract's defined role as the party's name ("Franchisee" is one
party of six unrelated franchise agreements). Such a name identifies nobody, so it becomes a
*contract-local placeholder*: its key carries the contract's file_id (never merged across contracts), the
Party node is flagged `role_only` (left out of party rankings and networks) and the cleaning report counts it.
`resolve_role_name` reads the real name from a contract's preamble ("Acme Inc. ("Franchisee")") where the
text is available.

Names that differ only by a trailing legal form, case or punctuation ("Ingram Micro" / "INGRAM MICRO INC.")
share a `merge_key` and are merged into one party with every spelling kept as an alias.
"""

from __future__ import annotations

import re

from neo4j import Driver

from core.names import name_words
from graph.server.db import write

# Words a role-only name is made of: role nouns, their plurals, and the modifiers seen with them ("Master
# Franchisee", "Service Provider", "Franchise Owner").
ROLE_NOUNS = frozenset("""
franchisee franchisor licensee licensor sublicensee distributor supplier customer client consultant contractor
subcontractor manufacturer purchaser buyer seller vendor provider reseller agent employee employer executive
sponsor partner investor lender borrower landlord tenant lessor lessee member bank trustee guarantor subscriber
owner developer operator shipper transporter affiliate endorser publisher recipient servicer adviser advisor
issuer shareholder stockholder carrier promoter marketer licencee licencor contributor participant
company corporation party counterparty principal representative talent athlete golfer professional
""".split())
ROLE_MODIFIERS = frozenset("the a an master area sub service services content franchise general limited "
                           "exclusive authorized non prime joint".split())



def is_role_name(name: str | None) -> bool:
    """True when every word is a role word ("Franchisee", "the Licensee", "Master Franchisee", "Customers")."""
    words = name_words(name or "")
    nouns = [w for w in words if w not in ROLE_MODIFIERS]
    return bool(nouns) and all(w in ROLE_NOUNS or (w.endswith("s") and w[:-1] in ROLE_NOUNS) for w in nouns)


def role_key(name: str, file_id: str) -> str:
    """The contract-local key of a role-only party: never equal to another contract's."""
    return f"{''.join(name_words(name)) or 'party'}@{file_id}"


_DEFINED_AS = (r"""\(\s*(?:the\s+|each\s+a\s+|hereinafter(?:\s+(?:called|referred\s+to\s+as))?\s+(?:the\s+)?)?"""
               r"""["“”']{role}["“”']""")
MAX_NAME_WORDS = 8
_NAME_BEFORE = re.compile(r"([A-Z0-9][\w.,&'’\- ]{1,120})$")


def resolve_role_name(role: str, text: str, window: int = 6000) -> str | None:
    """The name defined as `role` in the text's preamble: 'Acme Inc., a Delaware corporation ("Franchisee")'."""
    pattern = re.compile(_DEFINED_AS.format(role=re.escape(role.strip())), re.IGNORECASE)
    head = text[:window]
    for match in pattern.finditer(head):
        before = head[max(0, match.start() - 200):match.start()]
        before = re.split(r"(?i)\b(?:between|and|by|with|among)\s+|[;:\n]", before)[-1]
        before = re.split(r",\s*(?:an?\s|whose\s|having\s|with\s|located\s|organized\s)", before)[0]
        found = _NAME_BEFORE.search(before.strip(" ,"))
        name = " ".join(found.group(1).split()).strip(" ,") if found else ""
        # A name, not a sentence run into the parenthesis ("... YOU ARE BINDING THE ENTITY ("Customer")").
        if name and not is_role_name(name) and len(name.split()) <= MAX_NAME_WORDS and "you" not in name_words(name):
            return name
    return None


# Parties left without any contract (after a reload re-keyed them) and locations left without a party.
PRUNE_ORPHAN_PARTIES = """
MATCH (p:Party) WHERE NOT (p)-[:PARTY_TO]->()
DETACH DELETE p
"""
PRUNE_ORPHAN_LOCATIONS = """
MATCH (l:Location) WHERE NOT ()-[:LOCATED_AT]->(l)
DETACH DELETE l
"""


def prune_orphans(driver: Driver, database: str | None = None) -> None:
    """Remove parties no contract links to any more, then locations no party is at."""
    write(driver, PRUNE_ORPHAN_PARTIES, {}, database)
    write(driver, PRUNE_ORPHAN_LOCATIONS, {}, database)
