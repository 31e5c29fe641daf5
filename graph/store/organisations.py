"""Organisations: the legal entities that share a name across legal forms, grouped (issue 29 item 4).

A Party is one legal entity (core.names.party_key). Parties whose names differ only by the legal form
("Reynolds Consumer Products Inc." and "REYNOLDS CONSUMER PRODUCTS LLC") share `Party.org_key`
(core.names.organisation_key). Where at least two parties with contracts share one, an `Organisation` groups
them: `(:Party)-[:MEMBER_OF {basis: 'name'}]->(:Organisation {key, name, member_count, contract_count})`.
That is the only basis today: the seed data states no parent or affiliate (docs/DATA.md says what was checked),
and a shared name is said on the relationship, so a stated relation can join later with its own basis.

The grouping is rebuilt from the graph for the organisation keys a write touched, after the write's parties
and links are in place, so loads, an upload's commit and a contract's deletion keep it current the same way.
Each member carries `org_text`: the organisation's key (accents folded: "varde partners") and lower-cased name,
and the lower-cased names and aliases of every member, newline-separated; the `organisations` filter reads it
(graph.query.conditions).
"""

from __future__ import annotations

from collections.abc import Container, Mapping

from neo4j import ManagedTransaction

# The organisation keys of these parties (read before a deletion removes the parties).
ORG_KEYS_OF = """
UNWIND $keys AS key
MATCH (p:Party {key: key}) WHERE p.org_key IS NOT NULL
RETURN collect(DISTINCT p.org_key) AS org_keys
"""
CLEAR = """
UNWIND $org_keys AS ok
CALL (ok) { MATCH (p:Party {org_key: ok}) REMOVE p.org_text }
CALL (ok) { MATCH (o:Organisation {key: ok}) DETACH DELETE o }
"""
# The name: the base name of the member with most contracts, preferring one not written all in capitals.
BUILD = """
UNWIND $org_keys AS ok
MATCH (p:Party {org_key: ok}) WHERE p.role_only IS NULL AND (p)-[:PARTY_TO]->()
WITH ok, collect(p) AS members WHERE size(members) > 1
CREATE (o:Organisation {key: ok, member_count: size(members)})
WITH o, members
CALL (o, members) { UNWIND members AS p CREATE (p)-[:MEMBER_OF {basis: 'name'}]->(o) }
SET o.name = COLLECT { UNWIND members AS m
                       RETURN m.org_name ORDER BY m.org_name = toUpper(m.org_name), m.contract_count DESC, m.key
                       LIMIT 1 }[0],
    o.contract_count = COUNT { MATCH (o)<-[:MEMBER_OF]-(:Party)-[:PARTY_TO]->(c:Contract) RETURN DISTINCT c }
WITH o, members, reduce(s = '\\n' + o.key + '\\n' + toLower(o.name), m IN members |
                        reduce(t = s, n IN coalesce(m.search_names, []) | t + '\\n' + n)) AS text
UNWIND members AS m
SET m.org_text = text
"""


def org_keys_of(tx: ManagedTransaction, party_keys: list[str]) -> list[str]:
    """The organisation keys of these parties."""
    return list(tx.run(ORG_KEYS_OF, keys=party_keys).single(strict=True)["org_keys"])


def rebuild(tx: ManagedTransaction, org_keys: list[str]) -> None:
    """Regroup the parties of these organisation keys from the graph (idempotent)."""
    if org_keys:
        tx.run(CLEAR, org_keys=org_keys).consume()
        tx.run(BUILD, org_keys=org_keys).consume()


def rebuild_for_parties(tx: ManagedTransaction, party_keys: list[str]) -> None:
    """Regroup the organisations of these parties (after their links were written)."""
    rebuild(tx, org_keys_of(tx, party_keys))


def organisation_groups(parties: Mapping[str, Mapping[str, str | None]],
                        linked: Container[str]) -> dict[str, list[str]]:
    """The organisations a set of prepared parties forms, as BUILD forms them: org_key -> member keys (at least
    two, with contracts, not role-only). `parties`: key -> PreparedParty.entity (read one key at a time, so a
    lazy mapping keeps a million parties' entities out of memory)."""
    groups: dict[str, list[str]] = {}
    for key in sorted(parties):
        entity = parties[key]
        if entity["org_key"] and key in linked:
            groups.setdefault(str(entity["org_key"]), []).append(key)
    return {org: keys for org, keys in groups.items() if len(keys) > 1}
