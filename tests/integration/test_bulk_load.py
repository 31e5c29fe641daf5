"""A first load into an empty database takes the bulk path (indexes built at the end, stored facts computed
from the records); loading again takes the incremental path. Both must write exactly the same graph.

Runs on a SEPARATE throwaway Neo4j (own home under .data/, free port): the shared test server is never empty.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from neo4j import Driver

from graph.server.db import build_driver, read, write
from graph.store import load
from graph.store.load import FreshFacts, load_records
from graph.store.prepare import prepare
from graph.store.schema import CONSTRAINTS, FULLTEXT_INDEXES, RANGE_INDEXES, TEXT_INDEXES
from tests.integration.test_stored_facts import stale
from tests.integration.throwaway import throwaway_server

NODES = "MATCH (n) RETURN labels(n) AS labels, properties(n) AS props"
RELS = """MATCH (a)-[r]->(b)
RETURN type(r) AS type, properties(r) AS props, coalesce(a.file_id, a.key, a.code) AS source,
       coalesce(b.file_id, b.key, b.code) AS target"""
INDEX_NAMES = "SHOW INDEXES YIELD name, state RETURN name, state"


def dump(driver: Driver) -> tuple[list[str], list[str]]:
    """Every node and relationship with all its properties, in a stable order."""
    return (sorted(repr(sorted((k, repr(v)) for k, v in row.items())) for row in read(driver, NODES)),
            sorted(repr(sorted((k, repr(v)) for k, v in row.items())) for row in read(driver, RELS)))


@pytest.fixture(scope="module")
def empty_db() -> Iterator[Driver]:
    with throwaway_server("neo4j-bulk-", tx_timeout="60s") as (_, settings), build_driver(settings) as drv:
        yield drv


def test_bulk_and_incremental_loads_write_the_same_graph(empty_db: Driver,
                                                          sample_records: list[dict[str, Any]]) -> None:
    assert read(empty_db, "MATCH (n) RETURN count(n) AS n") == [{"n": 0}]
    load_records(empty_db, sample_records, batch_size=200)
    bulk = dump(empty_db)
    assert len(bulk[0]) > 3000 and stale(empty_db) == []
    # Every index exists and is online once the bulk load returns.
    states = {row["name"]: row["state"] for row in read(empty_db, INDEX_NAMES)}
    expected = len(CONSTRAINTS) + len(RANGE_INDEXES) + len(TEXT_INDEXES) + len(FULLTEXT_INDEXES)
    assert len(states) >= expected and set(states.values()) == {"ONLINE"}
    load_records(empty_db, sample_records, batch_size=200)
    assert dump(empty_db) == bulk
    assert stale(empty_db) == []


def _two_sharing_a_party(records: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any], str]:
    """Two sample records that name the same party, and its key."""
    seen: dict[str, dict[str, Any]] = {}
    for record, contract in zip(records, prepare(records).contracts, strict=True):
        for link in contract.parties:
            if link["key"] in seen:
                return seen[link["key"]], record, link["key"]
            seen[link["key"]] = record
    raise AssertionError("no two sample contracts share a party")


def test_a_bulk_load_that_stops_part_way_keeps_the_facts_of_what_it_wrote(
        empty_db: Driver, sample_records: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch) -> None:
    write(empty_db, "MATCH (n) DETACH DELETE n")
    first, second, key = _two_sharing_a_party(sample_records)
    # The bulk rows carry counts over every record: 2 for the shared party, one more than gets written.
    assert FreshFacts.of(prepare([first, second])).contract_count[key] == 2
    calls: list[bool] = []
    real = load.write_batch

    def second_batch_fails(tx: Any, rows: dict[str, Any], fresh: bool = False) -> None:
        calls.append(fresh)
        if len(calls) == 2:
            raise RuntimeError("injected failure")
        real(tx, rows, fresh)

    monkeypatch.setattr(load, "write_batch", second_batch_fails)
    with pytest.raises(RuntimeError, match="injected failure"):
        load_records(empty_db, [first, second], batch_size=1)
    assert calls == [True, True]
    assert read(empty_db, "MATCH (c:Contract) RETURN collect(c.file_id) AS ids") == [{"ids": [first["file_id"]]}]
    assert read(empty_db, "MATCH (p:Party {key: $key}) RETURN p.contract_count AS n", {"key": key}) == [{"n": 1}]
    assert stale(empty_db) == []
    assert set(row["state"] for row in read(empty_db, INDEX_NAMES)) == {"ONLINE"}
