"""Committing one contract: atomic, searchable through the compiler, party resolution keeps aliases,
duplicates refused, and deleting it restores the graph exactly."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from core.errors import IngestError
from graph.reads.repository import contract_details, graph_counts, search_contracts, search_parties
from graph.server.db import read, write
from graph.store.clause_decisions import record_decision, withdraw_decision
from graph.store.renewal_decisions import save_decision
from graph.store.replace import replace_contract
from graph.store.write import CommitRequest, commit_contract, delete_contract, find_by_sha

RECORD = {
    "file_id": "TEST-UPLOAD-ACME-SUPPLY", "summary": "Supply of widgets", "contract_type": "Supply",
    "effective_date": "2024-03-01", "end_date": "2027-02-28", "duration": "P3Y", "contract_scope": "Widgets",
    "total_amount": 2_500_000.0,
    "parties": [
        {"name": "Pelican Delivers, Inc", "role": "Buyer", "location": {"country": "US", "state": "WA"}},
        {"name": "Zyxwv Widgets GmbH", "role": "Supplier", "location": {"country": "DE", "city": "Berlin"}},
    ],
    "governing_law": {"country": "US", "state": "Delaware"},
    "clauses": [{"clause_type": "Audit Rights", "summary": "Buyer may audit."}],
}


ALIASES = "MATCH (p:Party) RETURN p.key AS key, p.aliases AS aliases, p.search_names AS names ORDER BY key"


@pytest.fixture
def committed(driver):
    before = graph_counts(driver)
    aliases_before = read(driver, ALIASES)
    request = CommitRequest(record=RECORD, sha256="ab" * 32, file_name="acme supply.pdf",
                            pages=["Page one text", "Page two text"], engine="rules",
                            same_as={"Pelican Delivers, Inc": "pelicandeliversinc"})
    file_id = commit_contract(driver, request)
    yield request, file_id
    delete_contract(driver, file_id)
    assert graph_counts(driver) == before
    assert read(driver, ALIASES) == aliases_before


def test_commit_is_found_by_the_compiler(driver, committed) -> None:
    request, file_id = committed
    assert file_id == RECORD["file_id"]
    assert find_by_sha(driver, request.sha256) == file_id
    result = search_contracts(driver, {"parties": ["zyxwv"], "governing_law_state": "DE",
                                       "monetary_value": {"value": 1_000_000, "operator": ">"}})
    assert [c["file_id"] for c in result.contracts] == [file_id]
    assert search_contracts(driver, {}).total_count == 511
    details = contract_details(driver, file_id)
    assert {p["name"] for p in details["parties"]} == {"PELICAN DELIVERS INC.", "Zyxwv Widgets GmbH"}
    assert details["effective_date"] == "2024-03-01" and details["clauses"][0]["type"] == "Audit Rights"


def test_same_as_links_existing_party_and_keeps_alias(driver, committed) -> None:
    found = search_parties(driver, {"name": "pelican"})
    assert found["total_count"] == 1
    party = found["parties"][0]
    assert party["contract_count"] == 3
    assert "Pelican Delivers, Inc" in party["aliases"]


def test_same_file_twice_is_refused(driver, committed) -> None:
    request, _ = committed
    before = graph_counts(driver)
    with pytest.raises(IngestError, match="already in the graph"):
        commit_contract(driver, request)
    assert graph_counts(driver) == before


def test_failed_commit_writes_nothing(driver) -> None:
    before = graph_counts(driver)
    broken = {**RECORD, "file_id": "TEST-BROKEN", "clauses": [{"clause_type": "X", "summary": {"not": "a string"}}]}
    request = CommitRequest(record=broken, sha256="cd" * 32, file_name="x.pdf", pages=["x"], engine="rules")
    with pytest.raises(Exception):  # noqa: B017 - the driver's type error; what matters is the state after
        commit_contract(driver, request)
    assert graph_counts(driver) == before
    assert find_by_sha(driver, "cd" * 32) is None


DECISIONS = ("MATCH (d) WHERE d:RenewalDecision OR d:RenewalDecisionChange OR d:ClauseDecision "
             "OR d:ClauseDecisionChange RETURN labels(d)[0] AS kind, d.file_id AS file_id ORDER BY kind, file_id")


def test_deleting_a_contract_deletes_its_decisions_and_no_other(driver, committed) -> None:
    """A deleted contract's renewal and clause decisions went with it (they were left behind as orphans); another
    contract's decision stays. The fixture then checks the graph's counts equal those before the commit."""
    _, file_id = committed
    other = read(driver, "MATCH (c:Contract) WHERE c.file_id <> $f RETURN c.file_id AS f ORDER BY f LIMIT 1",
                 {"f": file_id})[0]["f"]
    assert read(driver, DECISIONS) == []
    save_decision(driver, file_id, date(2027, 1, 29), "renew", owner="Ann", note=None, decided_by="Rev")
    save_decision(driver, file_id, date(2027, 1, 29), "terminate", owner="Ann", note=None, decided_by="Rev")
    record_decision(driver, file_id, "Audit Rights", "rejected", "Rev")
    record_decision(driver, file_id, "Audit Rights", "confirmed", "Rev")  # the rejection is kept as a change
    withdraw_decision(driver, file_id, "Insurance", "Rev")  # none: nothing kept
    record_decision(driver, other, "Audit Rights", "rejected", "Rev")
    record_decision(driver, other, "Audit Rights", "confirmed", "Rev")
    # the renewal decision and the one it replaced; per contract a clause decision and the one it replaced
    assert len(read(driver, DECISIONS)) == 6
    try:
        delete_contract(driver, file_id)
        assert read(driver, DECISIONS) == [{"kind": "ClauseDecision", "file_id": other},
                                           {"kind": "ClauseDecisionChange", "file_id": other}]
        assert read(driver, "MATCH (c:Contract {file_id: $f}) RETURN c", {"f": file_id}) == []
    finally:
        write(driver, "MATCH (d) WHERE (d:ClauseDecision OR d:ClauseDecisionChange) AND d.file_id = $f DELETE d",
              {"f": other})


LINKED = "MATCH (:Contract {file_id: $f})-[:HAS_RENEWAL_DECISION]->(d:RenewalDecision) RETURN d.decision AS d"


def test_replacing_a_contract_keeps_its_renewal_decision_linked(driver, committed) -> None:
    """The replace deletes the contract node and writes a new one: the decision (keyed by file_id) was left
    unlinked, so the schedule and the pages no longer showed it."""
    request, file_id = committed
    save_decision(driver, file_id, date(2027, 1, 29), "renew", owner="Ann", note=None, decided_by="Rev")
    assert read(driver, LINKED, {"f": file_id}) == [{"d": "renew"}]
    again = replace(request, record={**request.record, "summary": "Supply of widgets, amended"})
    assert replace_contract(driver, file_id, again) == file_id
    assert read(driver, LINKED, {"f": file_id}) == [{"d": "renew"}]
    assert contract_details(driver, file_id)["summary"] == "Supply of widgets, amended"
