"""The review queue: contracts a batch import committed flagged "needs review" (no party or no type found).

`python -m ingest --yes` commits what it can read; a contract whose parties or type the engine could not find is
written as type Other with `needs_review = true` and `review_reasons` (graph.store.write.SET_NEEDS_REVIEW).
The Upload page lists them, newest first, with a link to each and a way to clear the flag once checked.
"""

from __future__ import annotations

from typing import Any

from neo4j import Driver

from graph.server.db import read, write

REVIEW_QUEUE = """
MATCH (c:Contract) WHERE c.needs_review = true
RETURN c.file_id AS file_id, c.file_name AS file_name, c.contract_type AS contract_type,
       coalesce(c.review_reasons, []) AS reasons, toString(c.ingested_at) AS ingested_at
ORDER BY c.ingested_at DESC, c.file_id
LIMIT $limit
"""
MARK_REVIEWED = """
MATCH (c:Contract {file_id: $file_id}) WHERE c.needs_review = true
REMOVE c.needs_review, c.review_reasons
"""


def review_queue(driver: Driver, database: str | None = None, limit: int = 500) -> list[dict[str, Any]]:
    """The flagged contracts, newest first: file_id, file_name, contract_type, reasons, ingested_at."""
    return read(driver, REVIEW_QUEUE, {"limit": limit}, database)


def mark_reviewed(driver: Driver, file_id: str, database: str | None = None) -> bool:
    """Clear the flag of one contract; False when it was not flagged (or does not exist)."""
    return write(driver, MARK_REVIEWED, {"file_id": file_id}, database).properties_set > 0
