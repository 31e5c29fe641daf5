"""Legal entities and organisations on the loaded sample (issue 29 item 4), against an independent computation
from contract_data.json: a Party is one legal entity, an Organisation groups the legal forms of one name, and
the `organisations` filter returns exactly the contracts of an organisation's members.

The entity rule is re-implemented here from its definition (docs/DATA.md#legal-entities-and-organisations), not
imported from core.names; only the role and placeholder rules (another feature) are reused from the loader."""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from typing import Any

import pytest

from graph.query.filters import parse_filter
from graph.reads.repository import search_contracts
from graph.server.db import read
from graph.store.clean import is_placeholder
from graph.store.party_roles import is_role_name

# Legal forms as they end a name in the sample, each with the one spelling its written-out twin shares.
FORMS = {"inc": "inc", "incorporated": "inc", "corp": "corp", "corporation": "corp", "co": "co", "company": "co",
         "ltd": "ltd", "limited": "ltd", "llc": "llc", "lcc": "llc", "lc": "lc", "lp": "lp", "llp": "llp",
         "plc": "plc", "sa": "sa", "sas": "sas", "sarl": "sarl", "ag": "ag", "gmbh": "gmbh", "kg": "kg",
         "kgaa": "kgaa", "bv": "bv", "nv": "nv", "spa": "spa", "srl": "srl", "sl": "sl", "pte": "pte", "pty": "pty",
         "pvt": "pvt", "kk": "kk", "ab": "ab", "as": "as", "asa": "asa", "oy": "oy", "se": "se", "na": "na",
         "lllp": "lllp", "pllc": "pllc"}
SPELLED = {"l l c": "llc", "l p": "lp", "s a s": "sas", "s a": "sa", "n a": "na", "b v": "bv", "n v": "nv",
           "s p a": "spa", "l l p": "llp", "p l c": "plc", "a g": "ag"}


def entity(name: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(base words, legal forms) of a name, by the documented rule."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower().replace("'", "")
    text = " " + " ".join(re.findall(r"[a-z0-9]+", text)) + " "
    for spelled, form in sorted(SPELLED.items(), key=lambda kv: -len(kv[0])):
        text = re.sub(rf"(?<= ){spelled}(?= )", form, text)
    words = text.split()
    if len(words) > 1 and words[0] == "the":
        words = words[1:]
    forms: list[str] = []
    while len(words) > 1 and words[-1] in FORMS:
        forms.insert(0, FORMS[words.pop()])
    return tuple(words), tuple(forms)


def expected(records: list[dict[str, Any]]) -> tuple[dict[str, set[str]], dict[tuple[str, ...], set[str]]]:
    """Entities (as 'base|forms') with their contracts, and organisations (base) with their member entities."""
    names = [(r["file_id"], " ".join(str(p.get("name") or "").split())) for r in records for p in r["parties"]]
    names = [(f, n) for f, n in names if not is_placeholder(n) and not is_role_name(n)]
    formed: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for _, n in names:
        base, forms = entity(n)
        if forms:
            formed[base].add("|".join([" ".join(base), *forms]))
    contracts: dict[str, set[str]] = defaultdict(set)
    for file_id, n in names:
        base, forms = entity(n)
        key = "|".join([" ".join(base), *forms])
        if not forms and len(formed[base]) == 1:  # a bare name: the only legal entity of its name
            key = next(iter(formed[base]))
        contracts[key].add(file_id)
    orgs: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for key in contracts:
        orgs[tuple(key.split("|")[0].split())].add(key)
    return contracts, {base: keys for base, keys in orgs.items() if len(keys) > 1}


@pytest.fixture(scope="module")
def truth(sample_records):
    return expected(sample_records)


def test_party_and_organisation_counts_equal_the_independent_computation(driver, truth):
    contracts, orgs = truth
    role_only = read(driver, "MATCH (p:Party) WHERE p.role_only RETURN count(p) AS n")[0]["n"]
    parties = read(driver, "MATCH (p:Party) RETURN count(p) AS n")[0]["n"]
    organisations = read(driver, "MATCH (o:Organisation) RETURN count(o) AS n")[0]["n"]
    assert (parties - role_only, organisations) == (len(contracts), len(orgs)) == (1099, 8)
    rows = read(driver, "MATCH (o:Organisation)<-[:MEMBER_OF {basis: 'name'}]-(p:Party) "
                        "RETURN o.key AS org, o.member_count AS n, collect(p.name) AS names")
    assert {tuple(r["org"].split()): len(r["names"]) for r in rows} == {b: len(k) for b, k in orgs.items()}
    assert all(r["n"] == len(r["names"]) for r in rows)


def test_the_issue_examples_are_two_entities_of_one_organisation(driver):
    rows = read(driver, "MATCH (o:Organisation)<-[:MEMBER_OF]-(p:Party) WHERE o.key IN $keys "
                        "RETURN o.name AS org, p.key AS key, p.legal_form AS form, p.contract_count AS n "
                        "ORDER BY org, key", {"keys": ["reynolds consumer products", "premier nutrition"]})
    assert [tuple(r.values()) for r in rows] == [
        ("Premier Nutrition", "premiernutritioncollc", "Co., LLC", 1),
        ("Premier Nutrition", "premiernutritioncorp", "Corp.", 4),
        ("Reynolds Consumer Products", "reynoldsconsumerproductsinc", "Inc.", 1),
        ("Reynolds Consumer Products", "reynoldsconsumerproductsllc", "LLC", 1),
    ]


def _ids(driver, spec: dict[str, Any]) -> set[str]:
    result = search_contracts(driver, parse_filter({**spec, "limit": 500}))
    assert result.total_count == len(result.contracts)
    return {c["file_id"] for c in result.contracts}


def test_an_organisation_filter_returns_exactly_its_members_contracts(driver, truth):
    contracts, orgs = truth
    for base, members in orgs.items():
        wanted = set().union(*(contracts[m] for m in members))
        assert _ids(driver, {"organisations": [" ".join(base)]}) == wanted, base
    inc = contracts["reynolds consumer products|inc"]
    llc = contracts["reynolds consumer products|llc"]
    assert inc != llc
    # An entity's full name: the party filter matches that entity, the organisation filter all of its members.
    assert _ids(driver, {"parties": ["Reynolds Consumer Products Inc."]}) == inc
    assert _ids(driver, {"organisations": ["Reynolds Consumer Products Inc."]}) == inc | llc
    # A fragment in the party filter matches every entity containing it, as it always did.
    assert _ids(driver, {"parties": ["reynolds consumer"]}) == inc | llc


def test_a_party_in_no_organisation_is_its_own(driver, truth):
    contracts, _ = truth
    assert _ids(driver, {"organisations": ["Ingram Micro"]}) == contracts["ingram micro|inc"]
    assert len(contracts["ingram micro|inc"]) == 3
