"""Batched, idempotent import of prepared contracts into the graph.

Each batch is one write transaction: a contract's old parties, clauses and governing law links are
replaced, never duplicated, so loading the same file twice leaves identical node and relationship counts,
and a failure leaves the batch unwritten.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from neo4j import Driver, ManagedTransaction

from graph.db import write_tx
from graph.prepare import Prepared, PreparedContract, merged_spellings, prepare
from graph.schema import CONTRACT_COUNT, PARTY_COUNTRIES, ensure_schema

log = logging.getLogger(__name__)
# Measured on 2 cores (docs/PERFORMANCE.md): 5,000 contracts per transaction loads about 1.5-3x faster than
# 1,000 (fewer commits, each index and log flush amortised over more rows); memory stays well under the heap.
BATCH_SIZE = 5000

CLEAR_CONTRACT_LINKS = """
UNWIND $ids AS id
MATCH (c:Contract {file_id: id})
OPTIONAL MATCH (c)-[:HAS_CLAUSE]->(cl:Clause)
DETACH DELETE cl
WITH DISTINCT c
OPTIONAL MATCH (c)<-[r:PARTY_TO]-(:Party)
DELETE r
WITH DISTINCT c
OPTIONAL MATCH (c)-[g:GOVERNED_BY]->(:Jurisdiction)
DELETE g
"""
MERGE_CONTRACTS = """
UNWIND $rows AS row
MERGE (c:Contract {file_id: row.file_id})
SET c += row
"""
MERGE_PARTIES = """
UNWIND $rows AS row
MERGE (p:Party {key: row.key})
ON CREATE SET p.name = row.name
WITH p, row, reduce(acc = coalesce(p.aliases, []), a IN row.aliases |
     CASE WHEN a IN acc THEN acc ELSE acc + a END) AS aliases
WITH p, aliases, [n IN aliases + [p.name] | toLower(n)] AS names
SET p.aliases = aliases,
    p.search_names = names,
    p.search_text = reduce(s = '', n IN names | s + '\\n' + n)
"""
LINK_PARTIES = """
UNWIND $rows AS row
MATCH (p:Party {key: row.key})
MATCH (c:Contract {file_id: row.file_id})
MERGE (p)-[:PARTY_TO {role: row.role}]->(c)
"""
MERGE_LOCATIONS = """
UNWIND $rows AS row
MERGE (l:Location {key: row.key})
SET l.address = row.address, l.city = row.city, l.state = row.state, l.country = row.country
WITH l, row
MATCH (p:Party {key: row.party})
MERGE (p)-[r:LOCATED_AT]->(l)
// Which contracts stated this location, so removing a contract can remove what only it added.
SET r.file_ids = CASE WHEN row.file_id IN coalesce(r.file_ids, []) THEN r.file_ids
                      ELSE coalesce(r.file_ids, []) + row.file_id END
WITH l, row WHERE row.country IS NOT NULL
MERGE (k:Country {code: row.country})
MERGE (l)-[:IN_COUNTRY]->(k)
"""
MERGE_JURISDICTIONS = """
UNWIND $rows AS row
MERGE (j:Jurisdiction {key: row.key})
SET j.country = row.country, j.state = row.state, j.name = row.name
MERGE (k:Country {code: row.country})
MERGE (j)-[:IN_COUNTRY]->(k)
WITH j, row
MATCH (c:Contract {file_id: row.file_id})
MERGE (c)-[:GOVERNED_BY]->(j)
"""
CREATE_CLAUSES = """
UNWIND $rows AS row
MATCH (c:Contract {file_id: row.file_id})
CREATE (c)-[:HAS_CLAUSE]->(:Clause {key: row.key, type: row.type, summary: row.summary})
"""

# Facts stored for speed (graph.compiler reads them instead of walking), recomputed from the graph whenever
# a write could change them: a party's number of contracts, a contract's party countries.
LINKED_PARTY_KEYS = """
UNWIND $ids AS id
MATCH (:Contract {file_id: id})<-[:PARTY_TO]-(p:Party)
RETURN collect(DISTINCT p.key) AS keys
"""
REFRESH_PARTY_COUNTS = """
UNWIND $keys AS key
MATCH (p:Party {key: key})
SET p.contract_count = """ + CONTRACT_COUNT
# A party's new location changes the countries of all its contracts, not only this batch's.
REFRESH_PARTY_COUNTRIES = """
CALL () {
  UNWIND $keys AS key
  MATCH (:Party {key: key})-[:PARTY_TO]->(c:Contract)
  RETURN c
  UNION
  UNWIND $ids AS id
  MATCH (c:Contract {file_id: id})
  RETURN c
}
SET c.party_countries = """ + PARTY_COUNTRIES


def refresh_stored_facts(tx: ManagedTransaction, party_keys: list[str], ids: list[str]) -> None:
    """Recompute the stored facts that parties `party_keys` and contracts `ids` feed."""
    tx.run(REFRESH_PARTY_COUNTS, keys=party_keys).consume()
    tx.run(REFRESH_PARTY_COUNTRIES, keys=party_keys, ids=ids).consume()


@dataclass
class LoadSummary:
    """What a load wrote and what cleaning changed."""

    contracts: int = 0
    parties: int = 0
    clauses: int = 0
    merged_parties: int = 0
    warnings: list[str] = field(default_factory=list)
    fixes: dict[str, int] = field(default_factory=dict)

    def line(self) -> str:
        fixes = ", ".join(f"{k}={v}" for k, v in sorted(self.fixes.items())) or "none"
        return (f"Loaded {self.contracts} contracts, {self.parties} parties "
                f"({self.merged_parties} merged from several spellings), {self.clauses} clauses; "
                f"{len(self.warnings)} warnings; cleaned: {fixes}")


def batch_rows(batch: list[PreparedContract], prepared: Prepared) -> dict[str, list[dict[str, Any]]]:
    keys = {link["key"] for c in batch for link in c.parties}
    return {
        "ids": [c.file_id for c in batch],
        "contracts": [c.props for c in batch],
        "parties": [{"key": k, "name": prepared.parties[k].name, "aliases": prepared.parties[k].aliases}
                    for k in sorted(keys)],
        "links": [{**link, "file_id": c.file_id} for c in batch for link in c.parties],
        "locations": [{**loc, "file_id": c.file_id} for c in batch for loc in c.locations],
        "laws": [{**c.governing_law, "file_id": c.file_id} for c in batch if c.governing_law],
        "clauses": [{**cl, "file_id": c.file_id} for c in batch for cl in c.clauses],
    }


def write_batch(tx: ManagedTransaction, rows: dict[str, list[dict[str, Any]]]) -> None:
    previous = tx.run(LINKED_PARTY_KEYS, ids=rows["ids"]).single(strict=True)["keys"]
    tx.run(CLEAR_CONTRACT_LINKS, ids=rows["ids"]).consume()
    for statement, key in ((MERGE_CONTRACTS, "contracts"), (MERGE_PARTIES, "parties"),
                           (LINK_PARTIES, "links"), (MERGE_LOCATIONS, "locations"),
                           (MERGE_JURISDICTIONS, "laws"), (CREATE_CLAUSES, "clauses")):
        if rows[key]:
            tx.run(statement, rows=rows[key]).consume()
    keys = sorted({row["key"] for row in rows["parties"]} | set(previous))
    refresh_stored_facts(tx, keys, rows["ids"])


def chunks(items: list[PreparedContract], size: int) -> Iterable[list[PreparedContract]]:
    for start in range(0, len(items), size):
        yield items[start:start + size]


def load_prepared(driver: Driver, prepared: Prepared, *, batch_size: int = BATCH_SIZE,
                  progress: Callable[[int], None] | None = None, database: str | None = None) -> LoadSummary:
    """Write prepared contracts in batches, one transaction per batch."""
    for batch in chunks(prepared.contracts, batch_size):
        rows = batch_rows(batch, prepared)
        write_tx(driver, lambda tx, rows=rows: write_batch(tx, rows), database=database)
        if progress:
            progress(len(batch))
    return LoadSummary(
        contracts=len(prepared.contracts),
        parties=len(prepared.parties),
        clauses=sum(len(c.clauses) for c in prepared.contracts),
        merged_parties=merged_spellings(prepared),
        warnings=list(prepared.report.warnings),
        fixes=dict(prepared.report.fixes),
    )


def load_records(driver: Driver, records: list[dict[str, Any]], *, source: str = "sample",
                 batch_size: int = BATCH_SIZE, progress: Callable[[int], None] | None = None,
                 database: str | None = None) -> LoadSummary:
    """Ensure the schema, clean the records and load them."""
    ensure_schema(driver, database=database)
    prepared = prepare(records, source=source)
    summary = load_prepared(driver, prepared, batch_size=batch_size, progress=progress, database=database)
    log.info(summary.line())
    return summary
