"""An upload's commit and a deletion keep legal entities and organisations consistent with a load: a spelling
of an entity in the graph lands on its node (same key), another legal form of a known name joins the
organisation, two forms of a new name form one, and deleting the contract restores the organisations exactly."""

from __future__ import annotations

import pytest

from graph.reads.repository import graph_counts, search_contracts
from graph.server.db import read
from graph.store.write import CommitRequest, commit_contract, delete_contract

RECORD = {
    "file_id": "TEST-UPLOAD-ENTITIES", "summary": "Supply of foil", "contract_type": "Supply",
    "effective_date": "2024-03-01",
    "parties": [
        {"name": "Reynolds Consumer Products Incorporated", "role": "Buyer"},  # the Inc. already in the graph
        {"name": "ADAPTIMMUNE, INC.", "role": "Licensee"},  # a third legal form of Adaptimmune
        {"name": "Qwzx Foil GmbH", "role": "Supplier"},  # a new name in two legal forms
        {"name": "Qwzx Foil LLC", "role": "Agent"},
    ],
}
ORGS = ("MATCH (o:Organisation)<-[m:MEMBER_OF]-(p:Party) WITH o, collect(p.key + ':' + m.basis) AS members "
        "RETURN o.key AS key, o.name AS name, o.member_count AS n, o.contract_count AS contracts, members "
        "ORDER BY key")


def _orgs(driver) -> dict[str, tuple]:
    return {r["key"]: (r["name"], r["n"], r["contracts"], sorted(r["members"])) for r in read(driver, ORGS)}


@pytest.fixture
def committed(driver):
    before, orgs_before = graph_counts(driver), _orgs(driver)
    request = CommitRequest(record=RECORD, sha256="cd" * 32, file_name="entities.pdf", pages=["text"],
                            engine="rules")
    file_id = commit_contract(driver, request)
    yield file_id, orgs_before
    delete_contract(driver, file_id)
    assert graph_counts(driver) == before
    assert _orgs(driver) == orgs_before


def test_the_commit_links_and_groups_by_legal_entity(driver, committed):
    file_id, before = committed
    keys = sorted(r["key"] for r in read(driver, "MATCH (p:Party)-[:PARTY_TO]->(:Contract {file_id: $f}) "
                                                 "RETURN p.key AS key", {"f": file_id}))
    assert keys == ["adaptimmuneinc", "qwzxfoilgmbh", "qwzxfoilllc", "reynoldsconsumerproductsinc"]
    after = _orgs(driver)
    assert after["reynolds consumer products"][1:3] == (2, before["reynolds consumer products"][2] + 1)
    assert after["adaptimmune"][1] == 3 and "adaptimmuneinc:name" in after["adaptimmune"][3]
    assert after["qwzx foil"] == ("Qwzx Foil", 2, 1, ["qwzxfoilgmbh:name", "qwzxfoilllc:name"])
    assert set(after) - set(before) == {"qwzx foil"}
    # The organisation filter finds the new contract through any member, the party filter only through its own.
    for spec in ({"organisations": ["qwzx foil"]}, {"organisations": ["Adaptimmune Limited"]},
                 {"organisations": ["REYNOLDS CONSUMER PRODUCTS LLC"]},
                 {"parties": ["reynolds consumer products inc"]}):
        assert file_id in {c["file_id"] for c in search_contracts(driver, {**spec, "limit": 500}).contracts}, spec
    assert not search_contracts(driver, {"parties": ["reynolds consumer products llc"],
                                         "min_effective_date": "2024-01-01"}).total_count
