"""The organisations filter starts from two TEXT indexes (graph.query.conditions.ORGANISATION_HEAD: the contracts'
party names, the members' organisation text) instead of walking every contract's parties. Both give the same
contracts: checked against the walk itself, on the loaded sample, for fragments that hit a member's own names,
another member's names only, an organisation's name, an alias, common words and nothing."""

from __future__ import annotations

import pytest
from neo4j import Driver

from graph.query.conditions import ORGANISATION_TEST
from graph.query.filters import parse_filter
from graph.reads.repository import iter_contracts, search_contracts
from graph.server.db import read

pytestmark = pytest.mark.integration

WALK = "MATCH (c:Contract) WHERE " + ORGANISATION_TEST.format(param="fragment") + " RETURN c.file_id AS id"
COMMON = ["inc", "pharma", "bank", "corp", "llc", "ltd", "zzqqxx", "a"]


def _fragments(driver: Driver) -> list[str]:
    """Every organisation's key and name, one alias of a member, and the common words."""
    rows = read(driver, "MATCH (o:Organisation) RETURN o.key AS key, toLower(o.name) AS name ORDER BY o.key")
    aliases = read(driver, "MATCH (p:Party)-[:MEMBER_OF]->() WHERE size(p.aliases) > 0 "
                           "RETURN toLower(p.aliases[0]) AS alias ORDER BY p.key LIMIT 5")
    members = read(driver, "MATCH (p:Party)-[:MEMBER_OF]->() RETURN toLower(p.name) AS name ORDER BY p.key")
    assert len(rows) >= 5 and aliases  # the sample has 8 organisations, and members with aliases
    return ([r["key"] for r in rows] + [r["name"] for r in rows] + [m["name"] for m in members]
            + [a["alias"] for a in aliases] + COMMON)


def test_the_indexed_start_finds_what_the_walk_finds(driver: Driver) -> None:
    hits = through_members = 0
    for fragment in _fragments(driver):
        walked = {r["id"] for r in read(driver, WALK, {"fragment": " ".join(fragment.split())})}
        own = {r["id"] for r in read(driver, "MATCH (c:Contract) WHERE c.party_text CONTAINS $fragment "
                                             "RETURN c.file_id AS id", {"fragment": " ".join(fragment.split())})}
        through_members += bool(walked - own)  # found only through another member of the organisation
        f = parse_filter({"organisations": [fragment], "limit": 0})
        assert search_contracts(driver, f).total_count == len(walked), fragment
        assert {r["file_id"] for r in iter_contracts(driver, f)} == walked, fragment
        hits += bool(walked)
    assert hits > 20  # most fragments match something: the comparison is not between empty sets
    assert through_members >= 3  # a member's full name finds the other members' contracts


def test_an_organisation_beside_other_conditions(driver: Driver) -> None:
    rows = read(driver, WALK + " , c.contract_type AS t", {"fragment": "inc"})
    walked = {r["id"] for r in rows if r["t"] == "License"}
    f = parse_filter({"organisations": ["inc"], "contract_types": ["License"], "limit": 0})
    assert search_contracts(driver, f).total_count == len(walked) > 0
