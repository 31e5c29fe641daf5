"""A first load of more records than fit in memory at once (a million contracts), read in batches.

`prepare_stream` makes two passes over a re-readable source of record batches: entity_keys over every
record's party names, then graph.store.prepare.Preparer batch by batch, which gathers the parties, the
cleaning report, the stored facts per party (FactsTally) and the contract property types, and spools each
batch's prepared contracts to a file (pickles, one after another). `Streamed.batches` reads them back for the
writes: `load_stream` through the loader's own batch writes (graph.store.load), or
graph.store.bulk_csv.write_batches_csv for `neo4j-admin database import`. Memory then holds the parties and
their facts and one batch of contracts, never every record; the graph is the one `load_records` writes from
the whole list (tests/unit/test_stream.py: the same prepared contracts and the same CSV files).
"""

from __future__ import annotations

import logging
import pickle
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from neo4j import Driver

from core.errors import DatabaseError
from graph.server.db import read, write_tx
from graph.store import organisations
from graph.store.bulk_csv import contract_columns, property_types
from graph.store.load import (
    BATCH_SIZE,
    FactsTally,
    FreshFacts,
    LoadSummary,
    _groups,
    _recover_bulk,
    write_batches,
)
from graph.store.load_statements import COUNT_NODES
from graph.store.prepare import Prepared, PreparedContract, Preparer, entity_keys, merged_spellings
from graph.store.sample import sample_text
from graph.store.schema import ensure_constraints, ensure_schema

log = logging.getLogger(__name__)
# Called once per pass: the record batches from the start, in the same order every time.
RecordBatches = Callable[[], Iterable[list[dict[str, Any]]]]


@dataclass
class Streamed:
    """Prepared records on disk: `prepared` holds the parties and report of all of them (no contracts)."""

    prepared: Prepared
    facts: FreshFacts
    types: dict[str, set[str]]
    spool: Path
    contracts: int
    clauses: int
    groups: list[str] | None = field(default=None, repr=False)

    def batches(self, size: int = BATCH_SIZE) -> Iterator[list[PreparedContract]]:
        """The prepared contracts in load order, `size` at a time (whatever batches the source had)."""
        pending: list[PreparedContract] = []
        with self.spool.open("rb") as f:
            while True:
                try:
                    pending.extend(pickle.load(f))
                except EOFError:
                    break
                while len(pending) >= size:
                    yield pending[:size]
                    del pending[:size]
        if pending:
            yield pending

    def columns(self) -> dict[str, str]:
        """contract_columns of every contract."""
        return contract_columns(self.prepared, self.types)

    def org_keys(self) -> list[str]:
        """The organisation keys to group (bulk_csv.organisation_keys of the whole load); computed once (every
        party's entity: minutes at 2M parties)."""
        if self.groups is None:
            self.groups = sorted(_groups(self.prepared, self.facts.contract_count))
        return self.groups

    def summary(self) -> LoadSummary:
        return LoadSummary(contracts=self.contracts, parties=len(self.prepared.parties), clauses=self.clauses,
                           merged_parties=merged_spellings(self.prepared), organisations=len(self.org_keys()),
                           warnings=list(self.prepared.report.warnings), fixes=dict(self.prepared.report.fixes))


def prepare_stream(source: RecordBatches, spool: Path, *, source_name: str = "sample",
                   texts: Callable[[str], str | None] = sample_text) -> Streamed:
    """Prepare every record of `source` as prepare(all records) would, spooling the contracts to `spool`."""
    preparer = Preparer(entity_keys(record for batch in source() for record in batch), source_name, texts)
    tally = FactsTally()
    types: dict[str, set[str]] = {}
    contracts = clauses = 0
    spool.parent.mkdir(parents=True, exist_ok=True)
    with spool.open("wb") as f:
        for records in source():
            prepared = preparer.add(records)
            tally.add(prepared)
            property_types(prepared, types)
            contracts += len(prepared)
            clauses += sum(len(c.clauses) for c in prepared)
            pickle.dump(prepared, f, protocol=pickle.HIGHEST_PROTOCOL)
    whole = Prepared([], preparer.parties, preparer.report)
    return Streamed(whole, tally.facts(whole.parties), types, spool, contracts, clauses)


def load_stream(driver: Driver, streamed: Streamed, *, batch_size: int = BATCH_SIZE,
                progress: Callable[[int], None] | None = None, database: str | None = None) -> LoadSummary:
    """load_records' first load (an empty database) of streamed records: the same batch writes, then every
    index and the organisation groups. A load that stops part way is tidied up as load_records does."""
    if read(driver, COUNT_NODES, database=database)[0]["nodes"] != 0:
        raise DatabaseError("load_stream writes a first load: the database must be empty.")
    ensure_constraints(driver, database=database)
    try:
        write_batches(driver, streamed.batches(batch_size), streamed.prepared, streamed.facts, progress, database)
    except BaseException:
        _recover_bulk(driver, database)
        raise
    ensure_schema(driver, database=database, backfill=False)
    org_keys = streamed.org_keys()
    write_tx(driver, lambda tx: organisations.rebuild(tx, org_keys), database=database)
    summary = streamed.summary()
    log.info(summary.line())
    return summary
