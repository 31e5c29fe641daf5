"""The guarded read's watchdog: find a transaction by its metadata tag and terminate it on the server.

Neo4j 5 Community supports SHOW TRANSACTIONS and TERMINATE TRANSACTIONS for the connected user. The
guarded read tags its transaction (`metadata={"cg_guard": tag}`), so the watchdog terminates exactly that
one and never another session's. These statements run here, on the project's own admin path; the guard
refuses them in anything a user or the model writes.
"""

from __future__ import annotations

import logging

from neo4j import Driver
from neo4j.exceptions import DriverError, Neo4jError

log = logging.getLogger(__name__)

FIND_TAGGED = ("SHOW TRANSACTIONS YIELD transactionId, metaData, status "
               "WHERE metaData.cg_guard = $tag RETURN transactionId, status")
TERMINATE = "TERMINATE TRANSACTIONS $ids YIELD transactionId, message RETURN transactionId, message"


def tagged_transactions(driver: Driver, tag: str, database: str | None = None) -> list[dict[str, str]]:
    """The server's transactions carrying this guard tag, with their status."""
    records, _, _ = driver.execute_query(FIND_TAGGED, {"tag": tag}, database_=database)
    return [record.data() for record in records]


def terminate_tagged(driver: Driver, tag: str, database: str | None = None) -> list[str]:
    """Terminate the transactions carrying this tag; returns their ids. Best effort: a failure is logged,
    since the caller reports the timeout either way."""
    try:
        ids = [row["transactionId"] for row in tagged_transactions(driver, tag, database)]
        if ids:
            records, _, _ = driver.execute_query(TERMINATE, {"ids": ids}, database_=database)
            log.warning("Guarded read timed out; terminated %s", [r.data() for r in records])
        return ids
    except (Neo4jError, DriverError, OSError) as e:
        log.warning("Could not terminate the timed-out guarded read %s: %s", tag, e)
        return []
