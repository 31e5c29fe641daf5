"""Stored content fingerprints and the reads/writes behind duplicate recognition.

Every Document with text carries `fingerprint` (graph.fingerprint MinHash values), written when texts are
loaded (`graph.document_load`), at an upload's commit, and by `backfill_fingerprints` for databases loaded
before fingerprints existed. Recognising an upload compares its fingerprint with every stored one, and, for
contracts that have no text (loaded from JSON only), its title/parties/date with theirs (`ingest.duplicates`).
Linking an upload to the contract it duplicates records the file on that contract instead of adding one.
"""

from __future__ import annotations

import logging
from typing import Any

from neo4j import Driver

from graph.db import read, write
from graph.fingerprint import fingerprint
from graph.write import MERGE_DOCUMENT, join_pages

log = logging.getLogger(__name__)
BACKFILL_BATCH = 50

STORED_FINGERPRINTS = """
MATCH (c:Contract)-[:HAS_DOCUMENT]->(d:Document)
WHERE d.fingerprint IS NOT NULL
RETURN c.file_id AS file_id, d.fingerprint AS fingerprint
"""
# Contracts known from their metadata only: what the title/parties/date comparison reads.
CONTRACTS_WITHOUT_TEXT = """
MATCH (c:Contract)
WHERE NOT EXISTS { (c)-[:HAS_DOCUMENT]->(:Document) }
RETURN c.file_id AS file_id, c.summary AS summary, c.effective_date AS effective_date,
       c.contract_type AS contract_type, [(p:Party)-[:PARTY_TO]->(c) | p.name] AS parties
"""
MISSING_FINGERPRINTS = """
MATCH (d:Document)
WHERE d.fingerprint IS NULL AND d.text IS NOT NULL
RETURN d.file_id AS file_id LIMIT $limit
"""
DOCUMENT_TEXTS = "UNWIND $ids AS id MATCH (d:Document {file_id: id}) RETURN d.file_id AS file_id, d.text AS text"
SET_FINGERPRINTS = """
UNWIND $rows AS row
MATCH (d:Document {file_id: row.file_id})
SET d.fingerprint = row.fingerprint
"""
# A duplicate upload linked to its existing contract: the first file becomes the contract's file (so the
# byte hash recognises it next time); later ones are listed.
LINK_UPLOAD = """
MATCH (c:Contract {file_id: $file_id})
SET c.linked_files = coalesce(c.linked_files, []) + [$file_name],
    c.linked_sha256 = coalesce(c.linked_sha256, []) + [$sha256],
    c.file_sha256 = coalesce(c.file_sha256, $sha256),
    c.file_name = coalesce(c.file_name, $file_name)
RETURN c.file_id AS file_id
"""
UNLINK_UPLOAD = """
MATCH (c:Contract {file_id: $file_id})
SET c.linked_files = [f IN coalesce(c.linked_files, []) WHERE f <> $file_name],
    c.linked_sha256 = [s IN coalesce(c.linked_sha256, []) WHERE s <> $sha256]
FOREACH (_ IN CASE WHEN c.file_sha256 = $sha256 THEN [1] ELSE [] END |
  REMOVE c.file_sha256, c.file_name)
FOREACH (_ IN CASE WHEN size(c.linked_files) = 0 THEN [1] ELSE [] END | REMOVE c.linked_files, c.linked_sha256)
"""


def stored_fingerprints(driver: Driver, database: str | None = None) -> list[dict[str, Any]]:
    """(file_id, fingerprint) of every contract whose document has one."""
    return read(driver, STORED_FINGERPRINTS, {}, database)


def contracts_without_text(driver: Driver, database: str | None = None) -> list[dict[str, Any]]:
    """Metadata (summary, effective date, type, party names) of contracts that have no document text."""
    return read(driver, CONTRACTS_WITHOUT_TEXT, {}, database)


def backfill_fingerprints(driver: Driver, database: str | None = None, batch: int = BACKFILL_BATCH) -> int:
    """Compute and store the fingerprint of every Document with text that has none; returns how many."""
    done = 0
    while True:
        ids = [r["file_id"] for r in read(driver, MISSING_FINGERPRINTS, {"limit": batch}, database)]
        if not ids:
            break
        rows = [{"file_id": r["file_id"], "fingerprint": fingerprint((r["text"] or "").replace("\f", "\n")) or []}
                for r in read(driver, DOCUMENT_TEXTS, {"ids": ids}, database)]
        write(driver, SET_FINGERPRINTS, {"rows": rows}, database)
        done += len(rows)
    if done:
        log.info("stored %d document fingerprints", done)
    return done


def link_upload(driver: Driver, file_id: str, sha256: str, file_name: str, database: str | None = None) -> None:
    """Record an uploaded file as another copy of the existing contract `file_id` (no new contract)."""
    write(driver, LINK_UPLOAD, {"file_id": file_id, "sha256": sha256, "file_name": file_name}, database)


def unlink_upload(driver: Driver, file_id: str, sha256: str, file_name: str, database: str | None = None) -> None:
    """Undo `link_upload` (tests and an analyst's correction)."""
    write(driver, UNLINK_UPLOAD, {"file_id": file_id, "sha256": sha256, "file_name": file_name}, database)


def attach_document(driver: Driver, file_id: str, pages: list[str], database: str | None = None) -> None:
    """Give a text-less contract the linked upload's text as its Document (its layer is built after)."""
    text, offsets = join_pages(pages)
    write(driver, MERGE_DOCUMENT, {"file_id": file_id, "text": text, "page_offsets": offsets, "source": "upload",
                                   "fingerprint": fingerprint(text.replace("\f", "\n"))}, database)
