"""Renewal decisions on the real server: the exact nodes before and after a save, a second save replacing the
first, hostile and invalid values writing nothing, a fresh driver reading them back, the schedule and the
.ics carrying them, a server restart keeping them, and a clear error when the database is down."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import icalendar
import pytest
from neo4j import Driver

from components.renewals.export import schedule_csv, schedule_ics
from core.errors import DatabaseUnavailable, FilterValidationError, NotFound
from graph.query.filters import ContractFilter
from graph.reads.renewals import contract_terms, renewal_schedule
from graph.server import process as server
from graph.server.config import Neo4jSettings
from graph.server.db import build_driver, read, write
from graph.store.load import load_records
from graph.store.renewal_decisions import NOTE_MAX, decision_history, save_decision
from tests.integration.throwaway import throwaway_server

pytestmark = pytest.mark.integration

AS_OF = date(2012, 1, 1)
YEAR = ContractFilter(as_of=AS_OF, min_notice_by=AS_OF, max_notice_by=AS_OF + timedelta(days=365), limit=0)
STORED = """MATCH (c:Contract {file_id: $file_id})-[r:HAS_RENEWAL_DECISION]->(d:RenewalDecision)
RETURN d {.*} AS d, count(r) AS links ORDER BY d.deadline"""
ALL = "MATCH (d:RenewalDecision) RETURN count(d) AS n"
DROP = "MATCH (d:RenewalDecision {file_id: $file_id}) OPTIONAL MATCH (d)-[:WAS]->(h) DETACH DELETE d, h"


@pytest.fixture
def due(driver: Driver) -> Iterator[tuple[str, date]]:
    """A contract with a notice deadline in 2012 and no decision; its decisions are removed afterwards."""
    row = renewal_schedule(driver, YEAR)[0]
    write(driver, DROP, {"file_id": row.file_id})
    assert row.deadlines.next_notice_by is not None
    yield row.file_id, row.deadlines.next_notice_by
    write(driver, DROP, {"file_id": row.file_id})


def stored(driver: Driver, file_id: str) -> list[dict]:
    return read(driver, STORED, {"file_id": file_id})


def test_save_writes_one_node_and_a_second_save_replaces_it(driver, due):
    file_id, deadline = due
    before_all = read(driver, ALL)[0]["n"]
    assert stored(driver, file_id) == []
    start = datetime.now(UTC) - timedelta(seconds=5)
    saved = save_decision(driver, file_id, deadline, "renegotiate", owner="  Ana\tLopez ", note="Ask for 5%.\r\nCall.",
                          decided_by="Reviewer\u202e One")
    rows = stored(driver, file_id)
    assert len(rows) == 1 and rows[0]["links"] == 1
    d = rows[0]["d"]
    stamp = d.pop("decided_at").to_native()
    assert d == {"file_id": file_id, "deadline": deadline, "owner": "Ana Lopez", "decision": "renegotiate",
                 "note": "Ask for 5%.\nCall.", "decided_by": "Reviewer One"}
    assert start <= stamp <= datetime.now(UTC) + timedelta(seconds=5)
    assert saved.decision == "renegotiate" and saved.deadline == deadline and saved.owner == "Ana Lopez"
    save_decision(driver, file_id, deadline, "renew", owner="", note=None, decided_by="Second")
    again = stored(driver, file_id)
    assert len(again) == 1
    assert {k: again[0]["d"].get(k) for k in ("decision", "owner", "note", "decided_by")} == {
        "decision": "renew", "owner": None, "note": None, "decided_by": "Second"}
    assert read(driver, ALL)[0]["n"] == before_all + 1


@pytest.mark.parametrize(("decision", "owner", "note", "name", "words"), [
    ("cancel", "A", "", "R", "decision"),
    ("renew'}) DETACH DELETE (c) //", "A", "", "R", "decision"),
    ("renew", "A", "", None, "Your name"),
    ("renew", "A", "", " \n\t", "Your name"),
    ("renew", "x" * 81, "", "R", "owner"),
    ("renew", "A", "n" * (NOTE_MAX + 1), "R", "note"),
])
def test_invalid_values_write_nothing(driver, due, decision, owner, note, name, words):
    file_id, deadline = due
    before = read(driver, ALL)[0]["n"]
    with pytest.raises(FilterValidationError, match=words):
        save_decision(driver, file_id, deadline, decision, owner=owner, note=note, decided_by=name)
    assert read(driver, ALL)[0]["n"] == before and stored(driver, file_id) == []


def test_unknown_contract_is_not_found_and_writes_nothing(driver):
    before = read(driver, ALL)[0]["n"]
    with pytest.raises(NotFound):
        save_decision(driver, "no such contract ') RETURN 1 //", AS_OF, "renew", owner=None, note=None,
                      decided_by="R")
    assert read(driver, ALL)[0]["n"] == before


def test_a_new_driver_reads_it_back_with_the_schedule_and_the_exports(driver, due):
    file_id, deadline = due
    save_decision(driver, file_id, deadline, "terminate", owner="Legal; Ops", note="Send notice, by courier",
                  decided_by="R")
    save_decision(driver, file_id, deadline - timedelta(days=365), "renew", owner="Old", note=None, decided_by="R")
    fresh = build_driver(Neo4jSettings.load())
    try:
        row = next(r for r in renewal_schedule(fresh, YEAR) if r.file_id == file_id)
        terms = contract_terms(fresh, file_id, AS_OF)
    finally:
        fresh.close()
    assert set(row.decisions) == {deadline, deadline - timedelta(days=365)}
    assert row.decision is not None and (row.decision.decision, row.decision.owner) == ("terminate", "Legal; Ops")
    assert terms is not None and terms.decision == row.decision
    event = next(e for e in icalendar.Calendar.from_ical(schedule_ics([row], remind_days=14)).walk("VEVENT"))
    description = str(event.get("DESCRIPTION"))
    assert "Owner: Legal; Ops. Decision: terminate (R). Note: Send notice, by courier" in description
    alarm = next(iter(event.walk("VALARM")))
    assert alarm.decoded("TRIGGER") == timedelta(days=-14) and str(alarm.get("ACTION")) == "DISPLAY"
    assert "VALARM" not in schedule_ics([row], remind_days=0)
    csv_text = schedule_csv([row]).decode()
    assert "Legal; Ops" in csv_text and "terminate" in csv_text


def test_database_down_is_a_clear_error():
    down = build_driver(replace(Neo4jSettings.load(), uri="bolt://127.0.0.1:9"))
    try:
        with pytest.raises(DatabaseUnavailable, match="not reachable"):
            save_decision(down, "x", AS_OF, "renew", owner=None, note=None, decided_by="R")
    finally:
        down.close()


def test_a_decision_survives_a_server_restart(sample_records):
    """On a separate server (the shared one keeps running): write, stop and start the server, read."""
    record = sample_records[0]
    with throwaway_server("neo4j-decisions-") as (srv, settings):
        drv = build_driver(settings)
        try:
            load_records(drv, [record])
            save_decision(drv, record["file_id"], AS_OF, "renew", owner="Ana", note="n", decided_by="R")
        finally:
            drv.close()
        server.stop(srv)
        server.start(srv)
        drv = build_driver(settings)
        try:
            [row] = read(drv, STORED, {"file_id": record["file_id"]})
        finally:
            drv.close()
    assert row["links"] == 1
    assert {k: row["d"][k] for k in ("deadline", "decision", "owner", "note", "decided_by")} == {
        "deadline": AS_OF, "decision": "renew", "owner": "Ana", "note": "n", "decided_by": "R"}


HISTORY = """MATCH (:RenewalDecision {file_id: $file_id})-[:WAS]->(h:RenewalDecisionChange)
RETURN h {.*} AS h ORDER BY h.decided_at"""


def test_a_changed_decision_keeps_what_it_replaced_and_an_unchanged_save_adds_nothing(driver, due):
    file_id, deadline = due
    first = save_decision(driver, file_id, deadline, "renegotiate", owner="Ana", note="Ask for 5%.", decided_by="One")
    save_decision(driver, file_id, deadline, "renegotiate", owner="Ana", note="Ask for 5%.", decided_by="Two")
    assert read(driver, HISTORY, {"file_id": file_id}) == []  # saved again unchanged: no history
    assert decision_history(driver, file_id, deadline) == []
    second = save_decision(driver, file_id, deadline, "terminate", owner="Ana", note="Ask for 5%.", decided_by="Three")
    [kept] = read(driver, HISTORY, {"file_id": file_id})
    h = kept["h"]
    replaced_at = h.pop("replaced_at").to_native()
    assert h.pop("decided_at").to_native() <= replaced_at <= second.decided_at + timedelta(seconds=1)
    # the replaced decision as it was: the second save (by Two, unchanged) is the one that was replaced
    assert h == {"file_id": file_id, "deadline": deadline, "owner": "Ana", "decision": "renegotiate",
                 "note": "Ask for 5%.", "decided_by": "Two"}
    save_decision(driver, file_id, deadline, "terminate", owner="Bo", note=None, decided_by="Four")
    earlier = decision_history(driver, file_id, deadline)
    assert [(d.decision, d.owner, d.decided_by) for d in earlier] == [("terminate", "Ana", "Three"),
                                                                     ("renegotiate", "Ana", "Two")]
    assert first.decision == "renegotiate" and stored(driver, file_id)[0]["d"]["decided_by"] == "Four"
