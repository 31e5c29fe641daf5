"""Role words are not parties, against the loaded sample: "Which party has the most contracts?" (the party
group-by) is answered from named parties only, equal to an independent count over the JSON; role-only names
are contract-local placeholders; spellings of one legal entity are one party (tests/integration/
test_organisations.py has the entity rule's own checks)."""

from __future__ import annotations

from collections import defaultdict

from graph.query.filters import parse_filter
from graph.reads.repository import search_contracts
from graph.reads.subgraph import party_network
from graph.server.db import read
from tests.integration.test_organisations import entity

# Independent of graph.store.party_roles: the role names the sample uses, and the legal forms its variants differ by.
ROLE_NAMES = {"franchisee", "affiliate", "affiliates", "customer", "developer", "distributor", "franchise owner",
              "licensee", "member", "professional golfer", "seller", "supplier", "company", "party", "you"}


def _norm(name: str) -> str:
    """One legal entity: base name and legal forms (a bare name is resolved by the loader's documented rule only
    where it matters below)."""
    base, forms = entity(name)
    return "|".join([" ".join(base), *forms])


def _expected_top(records) -> tuple[int, set[str]]:
    contracts = defaultdict(set)
    for r in records:
        for p in r.get("parties") or []:
            name = " ".join(str(p.get("name") or "").split())
            if name.lower().removeprefix("the ") in ROLE_NAMES or name.startswith("[") or name in ("N/A", ""):
                continue
            contracts[_norm(name)].add(r["file_id"])
    top = max(len(v) for v in contracts.values())
    return top, {k for k, v in contracts.items() if len(v) == top}


def test_the_party_with_most_contracts_is_a_named_party(driver, sample_records):
    result = search_contracts(driver, parse_filter({"group_by": "party", "agg_limit": 10, "limit": 0}))
    top, names = _expected_top(sample_records)
    leaders = [g for g in result.aggregation if g["value"] == result.aggregation[0]["value"]]
    assert result.aggregation[0]["value"] == top == 5
    # Premier Nutrition led with 5 while its Corporation and its Company, LLC were one party; now 4 and 1.
    assert {_norm(g["key"]) for g in leaders} == names == {"verticalnet|inc"}
    assert not any(g["key"].lower() in ROLE_NAMES for g in result.aggregation)


def test_role_only_parties_are_contract_local(driver, sample_records):
    rows = read(driver, "MATCH (p:Party) WHERE p.role_only RETURN p.key AS key, p.name AS name, "
                        "p.contract_count AS n ORDER BY key")
    expected = sorted((r["file_id"], " ".join(p["name"].split())) for r in sample_records for p in r["parties"]
                      if " ".join(p["name"].split()).lower() in ROLE_NAMES - {"company", "party", "you"})
    assert len(rows) == len(expected) == 17
    assert sorted((row["key"].split("@", 1)[1], row["name"]) for row in rows) == expected
    assert {row["n"] for row in rows} == {1}
    franchisee = [row for row in rows if row["name"].lower() == "franchisee"]
    assert len(franchisee) == 6  # six contracts, six placeholders: no party links them


def test_suffix_variants_are_one_party_with_both_spellings(driver, sample_records):
    rows = read(driver, "MATCH (p:Party {key: 'ingrammicroinc'}) RETURN p.aliases AS aliases, p.contract_count AS n")
    with_ingram = {r["file_id"] for r in sample_records for p in r["parties"]
                   if _norm(p["name"]) in ("ingram micro|inc", "ingram micro")}
    assert [(sorted(row["aliases"]), row["n"]) for row in rows] == [(["INGRAM MICRO INC.", "Ingram Micro"], 3)]
    assert len(with_ingram) == 3


def test_party_network_leaves_role_placeholders_out(driver):
    key = read(driver, "MATCH (p:Party {role_only: true})-[:PARTY_TO]->(:Contract)<-[:PARTY_TO]-(o:Party) "
                       "WHERE o.role_only IS NULL RETURN o.key AS key ORDER BY key LIMIT 1")[0]["key"]
    network = party_network(driver, key, depth=2)
    assert len(network.nodes) >= 1 and f"Party:{key}" in network.nodes
    assert not [node_id for node_id in network.nodes if "@" in node_id]  # role keys are "<role>@<file_id>"
