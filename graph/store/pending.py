"""Half-written uploads. An upload is written in steps: the contract transaction (contract, parties, clauses
and its Document's text: `graph.store.write`, or only the Document's text for a contract known from JSON
that the upload is linked to: `graph.store.duplicates.attach_document`), then its embedding, then the
document layer (sections, references, renewal facts, the text title: `ingest.layer`). A process killed
between the steps would leave a contract with text but no sections and a wrong title, and the same file
would then be refused as "already in the graph".

So the first step marks the contract `upload_incomplete` in its own transaction ("commit": a contract the
upload created or replaced; "attach": an existing contract the upload gave its text), and the marker is
removed only once the layer is written. The next ingest of the same bytes finds the marker
(`incomplete_upload`) and writes the upload again in place (`ingest.pipeline`): the user sees the file
either fully ingested or not yet.
"""

from __future__ import annotations

from typing import Literal

from neo4j import Driver

from graph.server.db import read, write

Pending = Literal["commit", "attach"]
PENDING_OF = "MATCH (c:Contract {file_id: $file_id}) RETURN c.upload_incomplete AS pending"
MARK_COMPLETE = "MATCH (c:Contract {file_id: $file_id}) REMOVE c.upload_incomplete"
INCOMPLETE_UPLOADS = """
MATCH (c:Contract) WHERE c.upload_incomplete IS NOT NULL
RETURN c.file_id AS file_id, c.upload_incomplete AS pending ORDER BY file_id
"""


def incomplete_upload(driver: Driver, file_id: str, database: str | None = None) -> Pending | None:
    """How contract `file_id`'s upload was left half-written ("commit" or "attach"), or None when complete."""
    rows = read(driver, PENDING_OF, {"file_id": file_id}, database)
    pending = rows[0]["pending"] if rows else None
    return pending if pending in ("commit", "attach") else None


def incomplete_uploads(driver: Driver, database: str | None = None) -> list[dict[str, str]]:
    """(file_id, pending) of every half-written upload."""
    return read(driver, INCOMPLETE_UPLOADS, {}, database)


def mark_complete(driver: Driver, file_id: str, database: str | None = None) -> None:
    """The upload of `file_id` is whole: its document layer is written."""
    write(driver, MARK_COMPLETE, {"file_id": file_id}, database)
