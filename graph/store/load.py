"""Batched, idempotent import of prepared contracts into the graph.

Each batch is one write transaction: a contract's old parties, clauses and governing law links are replaced,
never duplicated, so loading the same file twice leaves identical node and relationship counts, and a failure
leaves the batch unwritten (earlier batches stay; loading again completes the import).

A first load into an empty database is a bulk import: the secondary indexes are built once at the end instead
of being updated by every batch, and the stored facts (party contract counts, contract party countries and
party names) are computed from the prepared records instead of re-read from the graph after each batch. Those
facts count every record, so a bulk load that stops part way recomputes them from what it wrote
(docs/PERFORMANCE.md gives the numbers).
"""

from __future__ import annotations

import logging
from collections import Counter, defaultdict
from collections.abc import Callable, Container, Iterable, Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from neo4j import Driver, ManagedTransaction

from core.errors import ContractGraphError
from graph.server.db import read, write_tx
from graph.store import organisations
from graph.store.load_statements import (
    ALL_PARTY_KEYS,
    CLEAR_CONTRACT_LINKS,
    COUNT_NODES,
    CREATE_CLAUSES,
    LINK_JURISDICTIONS,
    LINK_PARTIES,
    LINK_PLACES,
    LINKED_PARTY_KEYS,
    MERGE_CONTRACTS,
    MERGE_JURISDICTIONS,
    MERGE_PARTIES,
    MERGE_PLACES,
    REFRESH_CONTRACT_PARTY_FACTS,
    REFRESH_PARTY_COUNTS,
)
from graph.store.party_roles import prune_orphans
from graph.store.prepare import Prepared, PreparedContract, PreparedParty, merged_spellings, prepare
from graph.store.schema import ensure_constraints, ensure_schema

log = logging.getLogger(__name__)
T = TypeVar("T")
# Measured on 2 cores (docs/PERFORMANCE.md): 5,000 contracts per transaction loads about 1.5-3x faster than
# 1,000 (fewer commits, each index and log flush amortised over more rows); memory stays well under the heap.
BATCH_SIZE = 5000
STEPS = ((MERGE_CONTRACTS, "contracts"), (MERGE_PARTIES, "parties"), (LINK_PARTIES, "links"),
         (MERGE_PLACES, "places"), (LINK_PLACES, "located"), (MERGE_JURISDICTIONS, "jurisdictions"),
         (LINK_JURISDICTIONS, "laws"), (CREATE_CLAUSES, "clauses"))


@dataclass
class LoadSummary:
    """What a load wrote and what cleaning changed."""

    contracts: int = 0
    parties: int = 0
    clauses: int = 0
    merged_parties: int = 0
    organisations: int = 0
    warnings: list[str] = field(default_factory=list)
    fixes: dict[str, int] = field(default_factory=dict)

    def line(self) -> str:
        fixes = ", ".join(f"{k}={v}" for k, v in sorted(self.fixes.items())) or "none"
        return (f"Loaded {self.contracts} contracts, {self.parties} parties "
                f"({self.merged_parties} merged from several spellings; {self.organisations} organisations group "
                f"legal forms of one name), {self.clauses} clauses; "
                f"{len(self.warnings)} warnings; cleaned: {fixes}")


@dataclass(frozen=True)
class FreshFacts:
    """The stored facts of a load into an empty database, where the prepared records are the whole graph:
    each party's number of contracts, countries (a location's key includes its country) and search names."""

    contract_count: dict[str, int]
    countries: dict[str, set[str]]
    search_text: dict[str, str]

    @classmethod
    def of(cls, prepared: Prepared) -> FreshFacts:
        tally = FactsTally()
        tally.add(prepared.contracts)
        return tally.facts(prepared.parties)

    def party_countries(self, c: PreparedContract) -> list[str]:
        return sorted(set().union(*(self.countries.get(link["key"], set()) for link in c.parties)))

    def party_names(self, c: PreparedContract, prepared: Prepared) -> list[str]:
        """graph.store.schema.PARTY_NAMES: the names of the contract's parties, in key order."""
        return [prepared.parties[k].name for k in sorted({link["key"] for link in c.parties})]

    def party_text(self, c: PreparedContract) -> str:
        """graph.store.schema.PARTY_TEXT: the search names of the contract's parties, in key order."""
        return "".join(self.search_text[k] for k in sorted({link["key"] for link in c.parties}))


@dataclass
class FactsTally:
    """FreshFacts gathered batch by batch, for records read in parts (graph.store.stream)."""

    count: Counter[str] = field(default_factory=Counter)
    countries: defaultdict[str, set[str]] = field(default_factory=lambda: defaultdict(set))

    def add(self, contracts: Iterable[PreparedContract]) -> None:
        for c in contracts:
            self.count.update({link["key"] for link in c.parties})
            for loc in c.locations:
                if loc.get("country"):
                    self.countries[loc["party"]].add(loc["country"])

    def facts(self, parties: dict[str, PreparedParty]) -> FreshFacts:
        """The facts once every contract is added. A new party's search names, as MERGE_PARTIES writes them:
        its aliases then its name, lower-cased."""
        text = {k: "".join("\n" + n.lower() for n in [*p.aliases, p.name]) for k, p in parties.items()}
        return FreshFacts(self.count, self.countries, text)


def _places(batch: list[PreparedContract]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Distinct locations, and distinct (party, location) pairs with the contracts that stated them."""
    places: dict[str, dict[str, Any]] = {}
    located: dict[tuple[str, str], dict[str, Any]] = {}
    for c in batch:
        for loc in c.locations:
            places[loc["key"]] = {k: v for k, v in loc.items() if k != "party"}
            pair = located.setdefault((loc["party"], loc["key"]),
                                      {"party": loc["party"], "key": loc["key"], "file_ids": []})
            if c.file_id not in pair["file_ids"]:
                pair["file_ids"].append(c.file_id)
    return list(places.values()), list(located.values())


def batch_rows(batch: list[PreparedContract], prepared: Prepared,
               facts: FreshFacts | None = None) -> dict[str, list[dict[str, Any]]]:
    keys = {link["key"] for c in batch for link in c.parties}
    places, located = _places(batch)
    rows = {
        "ids": [c.file_id for c in batch],
        "contracts": [c.props if facts is None else
                      {**c.props, "party_countries": facts.party_countries(c), "party_text": facts.party_text(c),
                       "party_names": facts.party_names(c, prepared)}
                      for c in batch],
        "parties": party_rows(sorted(keys), prepared, facts),
        "links": [{**link, "file_id": c.file_id} for c in batch for link in c.parties],
        "places": places,
        "located": located,
        "jurisdictions": list({c.governing_law["key"]: c.governing_law for c in batch if c.governing_law}.values()),
        "laws": [{"key": c.governing_law["key"], "file_id": c.file_id} for c in batch if c.governing_law],
        "clauses": [{**cl, "file_id": c.file_id} for c in batch for cl in c.clauses],
    }
    return rows


def party_rows(keys: list[str], prepared: Prepared, facts: FreshFacts | None = None) -> list[dict[str, Any]]:
    """MERGE_PARTIES rows of parties `keys`; with their contract count on a first load."""
    rows = [{"key": k, "name": prepared.parties[k].name, "aliases": prepared.parties[k].aliases,
             "role_only": prepared.parties[k].role_only or None, **prepared.parties[k].entity} for k in keys]
    if facts is not None:
        for row in rows:
            row["contract_count"] = facts.contract_count[row["key"]]
    return rows


def refresh_stored_facts(tx: ManagedTransaction, party_keys: list[str], ids: list[str]) -> None:
    """Recompute, from the graph, the stored facts that parties `party_keys` and contracts `ids` feed."""
    tx.run(REFRESH_PARTY_COUNTS, keys=party_keys).consume()
    tx.run(REFRESH_CONTRACT_PARTY_FACTS, keys=party_keys, ids=ids).consume()


def write_batch(tx: ManagedTransaction, rows: dict[str, list[dict[str, Any]]], fresh: bool = False) -> None:
    """Write one batch. `fresh` only for a load into an empty database whose rows carry their stored facts
    (FreshFacts): its contracts are new, so there are no old links to clear and nothing to recompute."""
    previous: list[str] = []
    if not fresh:
        previous = tx.run(LINKED_PARTY_KEYS, ids=rows["ids"]).single(strict=True)["keys"]
        tx.run(CLEAR_CONTRACT_LINKS, ids=rows["ids"]).consume()
    for statement, key in STEPS:
        if rows[key]:
            tx.run(statement, rows=rows[key]).consume()
    if not fresh:  # a fresh load groups organisations once, at the end (load_records)
        keys = sorted({row["key"] for row in rows["parties"]} | set(previous))
        refresh_stored_facts(tx, keys, rows["ids"])
        organisations.rebuild_for_parties(tx, keys)


def chunks(items: list[T], size: int) -> Iterable[list[T]]:
    for start in range(0, len(items), size):
        yield items[start:start + size]


def rows_ahead(batches: Iterable[list[PreparedContract]], prepared: Prepared,
               facts: FreshFacts | None) -> Iterator[dict[str, list[dict[str, Any]]]]:
    """Each batch's rows. The next batch's rows are built in a thread while the caller writes this one:
    Python's share of a load (about 6 s of 80 at 100k contracts) then runs beside Neo4j's."""
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="batch-rows") as pool:
        pending: Future[dict[str, list[dict[str, Any]]]] | None = None
        for batch in batches:
            upcoming = pool.submit(batch_rows, batch, prepared, facts)
            if pending:
                yield pending.result()
            pending = upcoming
        if pending:
            yield pending.result()


def load_prepared(driver: Driver, prepared: Prepared, *, batch_size: int = BATCH_SIZE,
                  progress: Callable[[int], None] | None = None, database: str | None = None,
                  facts: FreshFacts | None = None) -> LoadSummary:
    """Write prepared contracts in batches, one transaction per batch."""
    write_batches(driver, chunks(prepared.contracts, batch_size), prepared, facts, progress, database)
    return LoadSummary(
        contracts=len(prepared.contracts),
        parties=len(prepared.parties),
        clauses=sum(len(c.clauses) for c in prepared.contracts),
        merged_parties=merged_spellings(prepared),
        organisations=len(_groups(prepared)),
        warnings=list(prepared.report.warnings),
        fixes=dict(prepared.report.fixes),
    )


def write_batches(driver: Driver, batches: Iterable[list[PreparedContract]], prepared: Prepared,
                  facts: FreshFacts | None, progress: Callable[[int], None] | None = None,
                  database: str | None = None) -> None:
    """One write transaction per batch; `facts` only into an empty database (write_batch's `fresh`)."""
    for rows in rows_ahead(batches, prepared, facts):
        write_tx(driver, lambda tx, rows=rows: write_batch(tx, rows, fresh=facts is not None), database=database)
        if progress:
            progress(len(rows["ids"]))


def _groups(prepared: Prepared, linked: Container[str] | None = None) -> dict[str, list[str]]:
    """The organisation groups of the parties `linked` to a contract (by default read from the contracts)."""
    if linked is None:
        linked = {link["key"] for c in prepared.contracts for link in c.parties}
    return organisations.organisation_groups(Entities(prepared.parties), linked)


class Entities(Mapping[str, dict[str, str | None]]):
    """key -> PreparedParty.entity, computed when read."""

    def __init__(self, parties: dict[str, PreparedParty]) -> None:
        self.parties = parties

    def __getitem__(self, key: str) -> dict[str, str | None]:
        return self.parties[key].entity

    def __iter__(self) -> Iterator[str]:
        return iter(self.parties)

    def __len__(self) -> int:
        return len(self.parties)


def refresh_all_stored_facts(driver: Driver, database: str | None = None, batch_size: int = BATCH_SIZE) -> None:
    """Recompute every party's stored facts, and those of its contracts, from the graph."""
    keys = [row["key"] for row in read(driver, ALL_PARTY_KEYS, database=database)]
    for part in chunks(keys, batch_size):
        write_tx(driver, lambda tx, part=part: refresh_stored_facts(tx, part, []), database=database)


def _recover_bulk(driver: Driver, database: str | None) -> None:
    """After a bulk load stopped part way: facts from what was written, and the full schema. The load's
    own error is what the caller sees; if the database cannot do this either, the next load will."""
    try:
        refresh_all_stored_facts(driver, database)
        ensure_schema(driver, database=database)
    except ContractGraphError as e:
        log.error("The interrupted load could not be tidied up (%s); load again to complete it.", e)


def load_records(driver: Driver, records: list[dict[str, Any]], *, source: str = "sample",
                 batch_size: int = BATCH_SIZE, progress: Callable[[int], None] | None = None,
                 database: str | None = None) -> LoadSummary:
    """Clean the records and load them; the schema is complete when this returns, even after a failure."""
    empty = read(driver, COUNT_NODES, database=database)[0]["nodes"] == 0
    (ensure_constraints if empty else ensure_schema)(driver, database=database)
    try:
        prepared = prepare(records, source=source)
        summary = load_prepared(driver, prepared, batch_size=batch_size, progress=progress, database=database,
                                facts=FreshFacts.of(prepared) if empty else None)
    except BaseException:
        if empty:
            _recover_bulk(driver, database)
        raise
    if empty:
        # The rows carried every fact and search text: no backfill; organisations grouped once org_key is indexed.
        ensure_schema(driver, database=database, backfill=False)
        write_tx(driver, lambda tx: organisations.rebuild(tx, sorted(_groups(prepared))), database=database)
    else:  # a reload may re-key parties (cleaning rules changed): drop what no contract links to any more
        prune_orphans(driver, database)
    log.info(summary.line())
    return summary
