"""Committing one contract (an upload) in one write transaction, and removing one.

The commit reuses the importer's statements, so an uploaded contract has exactly the shape of a loaded one.
Party resolution lets a reviewer say "same as existing party X": the link then goes to X, and the extracted
spelling is added to X's aliases. The document's text is stored for the document layer. Either everything
is written or, on any error, nothing is. The same file (SHA-256) is never committed twice: a uniqueness
constraint (graph.store.schema) refuses it inside the write transaction, also when two commits race.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from neo4j import Driver, ManagedTransaction
from neo4j.exceptions import ConstraintError

from core.errors import DatabaseError, IngestError
from graph.server.db import read, write_tx
from graph.store import families, load, organisations
from graph.store.fingerprint import fingerprint_fields
from graph.store.pending import this_run
from graph.store.prepare import prepare
from graph.store.schema import ensure_schema

log = logging.getLogger(__name__)

FIND_BY_SHA = "MATCH (c:Contract {file_sha256: $sha256}) RETURN c.file_id AS file_id LIMIT 1"
FIND_BY_ID = "MATCH (c:Contract {file_id: $file_id}) RETURN c.file_sha256 AS sha256 LIMIT 1"
# A committed contract's node is created, not merged: a commit racing another one for the same file_id then
# fails on the file_id constraint instead of silently merging into (and overwriting) the other's contract.
CLAIM_FILE_ID = "CREATE (:Contract {file_id: $file_id})"
SET_PROVENANCE = """
MATCH (c:Contract {file_id: $file_id})
SET c.file_sha256 = $sha256, c.file_name = $file_name, c.page_count = $page_count,
    c.extraction_engine = $engine, c.ingested_at = datetime(), c.added_aliases = $added_aliases
"""
EXISTING_ALIASES = "MATCH (p:Party) WHERE p.key IN $keys RETURN p.key AS key, p.aliases AS aliases"
ADDED_ALIASES = "MATCH (c:Contract {file_id: $file_id}) RETURN coalesce(c.added_aliases, []) AS added"
# Entries are "party key<TAB>alias": the spellings this contract taught existing parties.
REMOVE_ADDED_ALIASES = """
UNWIND $added AS entry
WITH split(entry, '\t') AS kv
MATCH (p:Party {key: kv[0]})
SET p.aliases = [a IN p.aliases WHERE a <> kv[1]]
WITH p, [n IN p.aliases + [p.name] | toLower(n)] AS names
SET p.search_names = names, p.search_text = reduce(s = '', n IN names | s + '\n' + n)
"""
# Also marks the upload half-written by this run (graph.store.pending) in the same transaction; the layer clears it.
MERGE_DOCUMENT = """
MATCH (c:Contract {file_id: $file_id})
SET c.upload_incomplete = $pending, c.upload_owner = $owner, c.upload_since = datetime()
MERGE (c)-[:HAS_DOCUMENT]->(d:Document {file_id: $file_id})
SET d.text = $text, d.page_offsets = $page_offsets, d.page_count = size($page_offsets), d.source = $source,
    d.fingerprint = $fingerprint, d.fingerprint_bands = $fingerprint_bands
"""
# A scan's pages read by OCR (1-based) and Tesseract's mean word confidence on each (0-100), kept with the text.
SET_OCR = """
MATCH (:Contract {file_id: $file_id})-[:HAS_DOCUMENT]->(d:Document {file_id: $file_id})
SET d.ocr_pages = $ocr_pages, d.ocr_confidence = $ocr_confidence
"""
# A batch import committed what it could read: the reasons a reviewer must look at this contract (review queue).
SET_NEEDS_REVIEW = """
MATCH (c:Contract {file_id: $file_id})
SET c.needs_review = true, c.review_reasons = $review_reasons
"""
DELETE_CONTRACT = """
MATCH (c:Contract {file_id: $file_id})
OPTIONAL MATCH (c)-[:HAS_CLAUSE]->(cl:Clause)
OPTIONAL MATCH (c)-[:HAS_DOCUMENT]->(d:Document)
OPTIONAL MATCH (d)-[:HAS_SECTION|HAS_SUBSECTION|HAS_FOOTNOTE|HAS_TERM|HAS_TERM_EVIDENCE*1..8]->(part)
WITH c, collect(DISTINCT cl) + collect(DISTINCT d) + collect(DISTINCT part) AS owned
FOREACH (n IN owned | DETACH DELETE n)
DETACH DELETE c
// A clause type exists while some section has it (graph.documents.load): drop those only this contract had.
WITH count(*) AS deleted
OPTIONAL MATCH (t:ClauseType) WHERE NOT (t)<-[:IS_CLAUSE_OF_TYPE]-()
DELETE t
"""
# A replaced contract's renewal decisions (keyed by file_id, linked to the contract node the replace deleted) are
# linked to the new node; clause decisions are keyed by file_id alone and need nothing.
RELINK_DECISIONS = """
MATCH (c:Contract {file_id: $file_id}), (d:RenewalDecision {file_id: $file_id})
MERGE (c)-[:HAS_RENEWAL_DECISION]->(d)
"""
# A deleted contract's reviewer decisions go with it (a `replace` keeps them: it runs DELETE_CONTRACT only).
DELETE_DECISIONS = """
MATCH (d:RenewalDecision {file_id: $file_id})
OPTIONAL MATCH (d)-[:WAS]->(h:RenewalDecisionChange)
DETACH DELETE d, h
WITH count(*) AS renewal
MATCH (d:ClauseDecision {file_id: $file_id}) DETACH DELETE d
WITH count(*) AS clause
MATCH (h:ClauseDecisionChange {file_id: $file_id}) DELETE h
"""
PARTY_KEYS_OF = "MATCH (p:Party)-[:PARTY_TO]->(:Contract {file_id: $file_id}) RETURN DISTINCT p.key AS key"
UNLINK_LOCATIONS = """
MATCH (p:Party)-[r:LOCATED_AT]->(l:Location)
WHERE p.key IN $keys AND $file_id IN r.file_ids
SET r.file_ids = [x IN r.file_ids WHERE x <> $file_id]
WITH r, l WHERE size(r.file_ids) = 0
DELETE r
WITH DISTINCT l WHERE NOT EXISTS { ()-[:LOCATED_AT]->(l) }
DETACH DELETE l
"""
DELETE_ORPHAN_PARTIES = """
MATCH (p:Party) WHERE NOT (p)-[:PARTY_TO]->() AND p.key IN $keys
DETACH DELETE p
"""
# A jurisdiction no contract is governed by any more, and a country nothing is in, go with the last contract
# that named them: an upload governed by a state the sample has no contract of (US-NE) left its Jurisdiction
# behind when it was deleted or replaced. Both labels hold a few dozen nodes; the load creates neither alone.
DELETE_ORPHAN_PLACES = """
CALL () { MATCH (j:Jurisdiction) WHERE NOT ()-[:GOVERNED_BY]->(j) DETACH DELETE j }
CALL () { MATCH (k:Country) WHERE NOT (k)--() DELETE k }
"""


class DuplicateFile(IngestError):
    """The exact same file (same SHA-256) is already in the graph, as `file_id`."""

    def __init__(self, file_id: str) -> None:
        super().__init__(f"This file is already in the graph as '{file_id}'.")
        self.file_id = file_id


@dataclass(frozen=True)
class CommitRequest:
    """Everything the reviewer confirmed for one contract."""

    record: dict[str, Any]                 # seed-format record (ingest.schema.to_seed_record)
    sha256: str
    file_name: str
    pages: list[str]
    engine: str                            # e.g. "rules" or "llm:gpt-4.1-mini"
    same_as: dict[str, str | None] | None = None  # extracted party name -> existing Party key (None: new)
    ocr: dict[int, float] = field(default_factory=dict)  # page read by OCR (1-based) -> its confidence
    review_reasons: tuple[str, ...] = ()  # non-empty: committed flagged "needs review" (batch import)


def file_id_taken(driver: Driver, file_id: str, database: str | None = None) -> bool:
    """True when a contract already uses this file_id."""
    return bool(read(driver, FIND_BY_ID, {"file_id": file_id}, database))


def find_by_sha(driver: Driver, sha256: str, database: str | None = None) -> str | None:
    """file_id of the contract already committed from this exact file, if any."""
    rows = read(driver, FIND_BY_SHA, {"sha256": sha256}, database)
    return rows[0]["file_id"] if rows else None


def _resolve_parties(prepared_names: dict[str, str], same_as: dict[str, str | None]) -> dict[str, str]:
    """Map each prepared party key to the key it should be linked as (an existing party or itself)."""
    return {key: same_as.get(name) or key for key, name in prepared_names.items()}


def _added_aliases(driver: Driver, parties: list[dict[str, Any]], database: str | None) -> list[str]:
    """Spellings this commit adds to parties that already exist, so deleting the contract can take them back."""
    existing = {row["key"]: set(row["aliases"] or []) for row in
                read(driver, EXISTING_ALIASES, {"keys": [p["key"] for p in parties]}, database)}
    return sorted(f"{p['key']}\t{alias}" for p in parties if p["key"] in existing
                  for alias in p["aliases"] if alias not in existing[p["key"]])


def _rows(request: CommitRequest) -> tuple[dict[str, list[dict[str, Any]]], dict[str, Any]]:
    prepared = prepare([request.record], source="upload", texts=lambda _: "\n".join(request.pages))
    if not prepared.contracts:
        raise IngestError("The extracted contract has no file_id; nothing was written.")
    contract = prepared.contracts[0]
    names = {key: party.name for key, party in prepared.parties.items()}
    mapping = _resolve_parties(names, request.same_as or {})
    rows = load.batch_rows([contract], prepared)
    for row in rows["parties"]:
        if mapping[row["key"]] != row["key"]:  # "same as" an existing party: its entity facts stay its own
            row.update(key=mapping[row["key"]], org_key=None, org_name=None, legal_form=None)
    for row in rows["links"]:
        row["key"] = mapping[row["key"]]
    for row in rows["located"]:
        row["party"] = mapping[row["party"]]
    text, offsets = join_pages(request.pages)
    extra = {"file_id": contract.file_id, "sha256": request.sha256, "file_name": request.file_name,
             "page_count": len(request.pages), "engine": request.engine, "text": text,
             "page_offsets": offsets, "source": "upload", "pending": "commit", "owner": this_run(),
             **fingerprint_fields(text.replace("\f", "\n")),
             "ocr_pages": sorted(request.ocr), "ocr_confidence": [request.ocr[p] for p in sorted(request.ocr)],
             "review_reasons": list(request.review_reasons)}
    return rows, extra


def join_pages(pages: list[str]) -> tuple[str, list[int]]:
    """One text with a form feed between pages, and where each page starts (for page provenance)."""
    offsets, position = [], 0
    for page in pages:
        offsets.append(position)
        position += len(page) + 1
    return "\f".join(pages), offsets


def _commit(tx: ManagedTransaction, rows: dict[str, list[dict[str, Any]]], extra: dict[str, Any]) -> None:
    tx.run(CLAIM_FILE_ID, file_id=extra["file_id"]).consume()
    load.write_batch(tx, rows)
    tx.run(SET_PROVENANCE, extra).consume()
    tx.run(MERGE_DOCUMENT, extra).consume()
    if extra["ocr_pages"]:
        tx.run(SET_OCR, extra).consume()
    if extra["review_reasons"]:
        tx.run(SET_NEEDS_REVIEW, extra).consume()


def commit_contract(driver: Driver, request: CommitRequest, database: str | None = None) -> str:
    """Write one reviewed contract atomically; returns its file_id. Refuses a file committed before."""
    existing = find_by_sha(driver, request.sha256, database)
    if existing:
        raise DuplicateFile(existing)
    rows, extra = _rows(request)
    clash = read(driver, FIND_BY_ID, {"file_id": extra["file_id"]}, database)
    if clash and clash[0]["sha256"] == request.sha256:
        raise DuplicateFile(str(extra["file_id"]))
    if clash:
        raise IngestError(f"A different contract already uses the file_id '{extra['file_id']}'.")
    ensure_schema(driver, database, backfill=False)
    extra["added_aliases"] = _added_aliases(driver, rows["parties"], database)
    try:
        write_tx(driver, lambda tx: _commit(tx, rows, extra), database)
    except DatabaseError as e:
        _raise_if_duplicate(driver, e, request.sha256, database)
        if isinstance(e.__cause__, ConstraintError) and "file_id" in str(e.__cause__):
            raise IngestError(f"Another contract took the file_id '{extra['file_id']}' while this one was being "
                              "committed; nothing was written. Ingest the file again.") from e
        raise
    log.info("Committed %s (%s, %d pages)", extra["file_id"], request.engine, len(request.pages))
    return str(extra["file_id"])


def _raise_if_duplicate(driver: Driver, error: DatabaseError, sha256: str, database: str | None) -> None:
    """DuplicateFile when the commit was refused by a constraint (file_sha256, or file_id for the same file
    name) because another commit of the same bytes won a race the checks before the transaction could not see."""
    if not isinstance(error.__cause__, ConstraintError):
        return
    winner = find_by_sha(driver, sha256, database)
    if winner:
        raise DuplicateFile(winner) from error


def delete_contract(driver: Driver, file_id: str, database: str | None = None) -> None:
    """Remove a contract with its clauses and document layer, its renewal and clause decisions, the aliases it
    added to existing parties, and parties left with no contract."""
    keys = [row["key"] for row in read(driver, PARTY_KEYS_OF, {"file_id": file_id}, database)]
    rows = read(driver, ADDED_ALIASES, {"file_id": file_id}, database)
    added = rows[0]["added"] if rows else []

    def work(tx: ManagedTransaction) -> None:
        org_keys = organisations.org_keys_of(tx, keys)  # before the parties only this contract had are gone
        tx.run(REMOVE_ADDED_ALIASES, added=added).consume()
        families.detach_members(tx, file_id)
        tx.run(DELETE_CONTRACT, file_id=file_id).consume()
        tx.run(DELETE_DECISIONS, file_id=file_id).consume()
        tx.run(UNLINK_LOCATIONS, keys=keys, file_id=file_id).consume()
        tx.run(DELETE_ORPHAN_PARTIES, keys=keys).consume()
        tx.run(DELETE_ORPHAN_PLACES).consume()
        load.refresh_stored_facts(tx, keys, [])
        organisations.rebuild(tx, org_keys)
        families.drop_unlinked(tx)  # its placeholder parent, and the amended end it gave its parent

    write_tx(driver, work, database)
