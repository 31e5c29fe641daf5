"""Stored content fingerprints and the reads/writes behind duplicate recognition.

Every Document with text carries `fingerprint` (graph.store.fingerprint MinHash values) and its LSH
`fingerprint_bands`, written when texts are loaded (`graph.documents.load`), at an upload's commit, and by
`backfill_fingerprints` for databases loaded before either existed. Recognising an upload compares its
fingerprint with the stored ones that share a band key with it (the full-text index on the keys finds them:
a few rows instead of every document's 128 values, which at 100k documents is 12.8M integers per upload),
and, for contracts that have no text (loaded from JSON only) and the upload's effective date, its
parties with theirs (`ingest.duplicates`).
Linking an upload to the contract it duplicates records the file on that contract instead of adding one.
"""

from __future__ import annotations

import logging
from typing import Any

from neo4j import Driver

from graph.server.db import read, write
from graph.store.fingerprint import band_keys, fingerprint_fields
from graph.store.pending import this_run
from graph.store.schema import AWAIT_INDEXES, FINGERPRINT_BANDS_FULLTEXT, FINGERPRINT_BANDS_INDEX
from graph.store.write import MERGE_DOCUMENT, join_pages

log = logging.getLogger(__name__)
BACKFILL_BATCH = 50
BANDS_BATCH = 1000  # band keys come from the stored values: cheap rows, larger batches
# A duplicate (J >= 0.82) shares ~15 of the 32 keys; an unrelated contract rarely one. The candidates with the
# most shared keys come first, so a few dozen hold any true duplicate.
CANDIDATES = 50

# The documents sharing at least one band key with $bands (space-separated whole keys: the index's
# whitespace analyzer makes each one term, and terms are OR-ed), most shared keys first.
CANDIDATE_FINGERPRINTS = f"""
CALL db.index.fulltext.queryNodes('{FINGERPRINT_BANDS_INDEX}', $bands, {{limit: $limit}}) YIELD node, score
MATCH (c:Contract)-[:HAS_DOCUMENT]->(node)
WHERE node.fingerprint IS NOT NULL
RETURN c.file_id AS file_id, node.fingerprint AS fingerprint
"""
BANDS_INDEX_STATE = "SHOW FULLTEXT INDEXES YIELD name, state WHERE name = $name RETURN state"
# Contracts known from their metadata only that an upload may be (ingest.duplicates): those dated within the
# upload's date windows (a range-index seek per window) and those of the existing parties its parties were
# matched to; at most $limit (a party of hundreds of contracts must not make the check read them all).
CONTRACTS_WITHOUT_TEXT = """
CALL () {
  UNWIND $windows AS w
  MATCH (c:Contract) WHERE date(w.lo) <= c.effective_date <= date(w.hi)
  RETURN c
  UNION
  UNWIND $keys AS key
  MATCH (:Party {key: key})-[:PARTY_TO]->(c:Contract)
  RETURN c
}
WITH c WHERE NOT EXISTS { (c)-[:HAS_DOCUMENT]->(:Document) }
RETURN c.file_id AS file_id, coalesce(c.title, c.file_title) AS title, c.effective_date AS effective_date,
       c.contract_type AS contract_type, [(p:Party)-[:PARTY_TO]->(c) | p.name] AS parties
ORDER BY file_id LIMIT $limit
"""
MISSING_FINGERPRINTS = """
MATCH (d:Document)
WHERE d.fingerprint IS NULL AND d.text IS NOT NULL
RETURN d.file_id AS file_id LIMIT $limit
"""
# Fingerprints stored before band keys existed: the keys come from the stored values (no text re-read).
MISSING_BANDS = """
MATCH (d:Document)
WHERE d.fingerprint IS NOT NULL AND d.fingerprint_bands IS NULL
RETURN d.file_id AS file_id, d.fingerprint AS fingerprint LIMIT $limit
"""
DOCUMENT_TEXTS = "UNWIND $ids AS id MATCH (d:Document {file_id: id}) RETURN d.file_id AS file_id, d.text AS text"
SET_FINGERPRINTS = """
UNWIND $rows AS row
MATCH (d:Document {file_id: row.file_id})
SET d.fingerprint = row.fingerprint, d.fingerprint_bands = row.fingerprint_bands
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


def candidate_fingerprints(driver: Driver, values: list[int] | None, limit: int = CANDIDATES,
                           database: str | None = None) -> list[dict[str, Any]]:
    """(file_id, fingerprint) of the stored documents that share a band key with `values`."""
    bands = band_keys(values)
    if not bands:
        return []
    return read(driver, CANDIDATE_FINGERPRINTS, {"bands": " ".join(bands), "limit": limit}, database)


def ensure_band_keys(driver: Driver, database: str | None = None) -> bool:
    """A database from before band keys, not yet through a load (which creates the index and fills the keys):
    do both now, once, so an upload's check finds its duplicates. True when it had to."""
    if read(driver, BANDS_INDEX_STATE, {"name": FINGERPRINT_BANDS_INDEX}, database):
        return False
    write(driver, FINGERPRINT_BANDS_FULLTEXT, database=database)
    backfill_fingerprints(driver, database)
    write(driver, AWAIT_INDEXES, database=database)
    return True


def contracts_without_text(driver: Driver, windows: list[tuple[str, str]], party_keys: list[str],
                           database: str | None = None, limit: int = 500) -> list[dict[str, Any]]:
    """Metadata (title, effective date, type, party names) of the contracts without a document text whose
    effective date lies in one of `windows` (ISO first and last day) or that one of `party_keys` is party to."""
    params = {"windows": [{"lo": lo, "hi": hi} for lo, hi in windows], "keys": party_keys, "limit": limit}
    return read(driver, CONTRACTS_WITHOUT_TEXT, params, database)


def backfill_fingerprints(driver: Driver, database: str | None = None, batch: int = BACKFILL_BATCH) -> int:
    """Compute and store the fingerprint (and band keys) of every Document with text that has none, then the
    band keys of fingerprints stored without them; returns how many documents were written."""
    done = 0
    while ids := [r["file_id"] for r in read(driver, MISSING_FINGERPRINTS, {"limit": batch}, database)]:
        rows = [{"file_id": r["file_id"], **_fields((r["text"] or "").replace("\f", "\n"))}
                for r in read(driver, DOCUMENT_TEXTS, {"ids": ids}, database)]
        write(driver, SET_FINGERPRINTS, {"rows": rows}, database)
        done += len(rows)
    while found := read(driver, MISSING_BANDS, {"limit": BANDS_BATCH}, database):
        rows = [{"file_id": r["file_id"], "fingerprint": r["fingerprint"],
                 "fingerprint_bands": band_keys(r["fingerprint"]) or []} for r in found]
        write(driver, SET_FINGERPRINTS, {"rows": rows}, database)
        done += len(rows)
    if done:
        log.info("stored the fingerprints or band keys of %d documents", done)
    return done


def _fields(text: str) -> dict[str, Any]:
    """A text's fingerprint fields; an empty list, not null, for a text without words, so it is not read
    again as missing."""
    fields = fingerprint_fields(text)
    return {"fingerprint": fields["fingerprint"] or [], "fingerprint_bands": fields["fingerprint_bands"] or []}


def link_upload(driver: Driver, file_id: str, sha256: str, file_name: str, database: str | None = None) -> None:
    """Record an uploaded file as another copy of the existing contract `file_id` (no new contract)."""
    write(driver, LINK_UPLOAD, {"file_id": file_id, "sha256": sha256, "file_name": file_name}, database)


def unlink_upload(driver: Driver, file_id: str, sha256: str, file_name: str, database: str | None = None) -> None:
    """Undo `link_upload` (tests and an analyst's correction)."""
    write(driver, UNLINK_UPLOAD, {"file_id": file_id, "sha256": sha256, "file_name": file_name}, database)


def attach_document(driver: Driver, file_id: str, pages: list[str], database: str | None = None) -> None:
    """Give a text-less contract the linked upload's text as its Document (its layer is built after), marking
    the upload half-written until then (graph.store.pending)."""
    text, offsets = join_pages(pages)
    write(driver, MERGE_DOCUMENT, {"file_id": file_id, "text": text, "page_offsets": offsets, "source": "upload",
                                   "pending": "attach", "owner": this_run(),
                                   **fingerprint_fields(text.replace("\f", "\n"))}, database)
