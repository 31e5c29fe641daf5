"""Role words are not parties, against the loaded sample: "Which party has the most contracts?" (the party
group-by) is answered from named parties only, equal to an independent count over the JSON; role-only names
are contract-local placeholders; legal-suffix variants are one party."""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict

from graph.query.filters import parse_filter
from graph.reads.repository import search_contracts
from graph.reads.subgraph import party_network
from graph.server.db import read

# Independent of graph.store.party_roles: the role names the sample uses, and the legal forms its variants differ by.
ROLE_NAMES = {"franchisee", "affiliate", "affiliates", "customer", "developer", "distributor", "franchise owner",
              "licensee", "member", "professional golfer", "seller", "supplier", "company", "party", "you"}
FORMS = {"inc", "incorporated", "corp", "corporation", "co", "company", "llc", "ltd", "limited", "sas", "sa",
         "bv", "spa", "ab", "plc", "lp", "kgaa", "gmbh", "ag"}


def _norm(name: str) -> str:
    words = re.findall(r"[a-z0-9]+", unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower())
    joined = re.sub(r"\b(l) (l) (c)$|\b(s) (a) (s)$", lambda m: "".join(g for g in m.groups() if g), " ".join(words))
    words = joined.split()
    while len(words) > 1 and words[-1] in FORMS:
        words.pop()
    return "".join(words)


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
    assert {_norm(g["key"]) for g in leaders} == names == {"premiernutrition", "verticalnet"}
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
    rows = read(driver, "MATCH (p:Party {key: 'ingrammicro'}) RETURN p.aliases AS aliases, p.contract_count AS n")
    with_ingram = {r["file_id"] for r in sample_records for p in r["parties"] if _norm(p["name"]) == "ingrammicro"}
    assert [(sorted(row["aliases"]), row["n"]) for row in rows] == [(["INGRAM MICRO INC.", "Ingram Micro"], 3)]
    assert len(with_ingram) == 3


def test_party_network_leaves_role_placeholders_out(driver):
    key = read(driver, "MATCH (p:Party {role_only: true})-[:PARTY_TO]->(:Contract)<-[:PARTY_TO]-(o:Party) "
                       "WHERE o.role_only IS NULL RETURN o.key AS key ORDER BY key LIMIT 1")[0]["key"]
    network = party_network(driver, key, depth=2)
    assert len(network.nodes) >= 1 and f"Party:{key}" in network.nodes
    assert not [node_id for node_id in network.nodes if "@" in node_id]  # role keys are "<role>@<file_id>"
