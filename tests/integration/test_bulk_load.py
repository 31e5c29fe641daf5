"""A first load into an empty database takes the bulk path (indexes built at the end, stored facts computed
from the records); loading again takes the incremental path. Both must write exactly the same graph.

Runs on a SEPARATE throwaway Neo4j (own home under .data/, free port): the shared test server is never empty.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from neo4j import Driver

from graph.db import build_driver, read
from graph.load import load_records
from graph.schema import CONSTRAINTS, FULLTEXT_INDEXES, RANGE_INDEXES, TEXT_INDEXES
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
