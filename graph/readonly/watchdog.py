"""The guarded read's watchdog: find a transaction by its metadata tag, terminate it on the server, and
confirm that it is gone.

Neo4j 5 Community supports SHOW TRANSACTIONS and TERMINATE TRANSACTIONS for the connected user. The
guarded read tags its transaction (`metadata={"cg_guard": tag}`), so the watchdog terminates exactly that
one and never another session's. Termination is only a request: a transaction busy inside one expression
(a regex match, say) is marked "Terminated" but keeps its thread until the expression ends, so the watchdog
polls SHOW TRANSACTIONS until the tag is gone, within a bounded wait, and reports what it saw. These
statements run here, on the project's own admin path; the guard refuses them in anything a user or the
model writes.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field

from neo4j import Driver, Query
from neo4j.exceptions import DriverError, Neo4jError

log = logging.getLogger(__name__)

FIND_TAGGED = ("SHOW TRANSACTIONS YIELD transactionId, metaData, status "
               "WHERE metaData.cg_guard = $tag RETURN transactionId, status")
TERMINATE = "TERMINATE TRANSACTIONS $ids YIELD transactionId, message RETURN transactionId, message"
# How long the watchdog polls for the transaction to disappear, how often, and the server-side timeout
# of each of its own statements (a thrashing server may answer late; the caller is owed an answer).
CONFIRM_WAIT_S = 5.0
POLL_S = 0.25
ADMIN_TIMEOUT_S = 2.0


@dataclass(frozen=True)
class StopReport:
    """What the watchdog saw: `gone` is True when the tag is no longer listed, False when it still is
    after the wait (with its ids and statuses), None when the server could not be asked (`problem`)."""

    gone: bool | None
    terminated: list[str] = field(default_factory=list)
    still_running: list[dict[str, str]] = field(default_factory=list)
    problem: str = ""


def tagged_transactions(driver: Driver, tag: str, database: str | None = None) -> list[dict[str, str]]:
    """The server's transactions carrying this guard tag, with their status."""
    records, _, _ = driver.execute_query(Query(FIND_TAGGED, timeout=ADMIN_TIMEOUT_S), {"tag": tag},
                                         database_=database)
    return [record.data() for record in records]


def terminate(driver: Driver, ids: list[str], database: str | None = None) -> list[str]:
    """Ask the server to terminate these transactions; returns their ids."""
    if ids:
        records, _, _ = driver.execute_query(Query(TERMINATE, timeout=ADMIN_TIMEOUT_S), {"ids": ids},
                                             database_=database)
        log.warning("Guarded read timed out; terminated %s", [r.data() for r in records])
    return ids


def _admin_timed_out(error: Neo4jError, deadline: float) -> bool:
    """True when an admin statement hit its own timeout and there is time to ask again: on a loaded machine
    SHOW TRANSACTIONS can take longer than ADMIN_TIMEOUT_S once, which does not mean the server cannot say."""
    return "TransactionTimedOut" in (error.code or "") and time.monotonic() + POLL_S < deadline


def _stop_and_confirm(driver: Driver, tag: str, database: str | None, wait_s: float) -> StopReport:
    deadline = time.monotonic() + wait_s
    terminated: list[str] = []
    try:
        while True:
            try:
                running = tagged_transactions(driver, tag, database)
            except Neo4jError as e:
                if not _admin_timed_out(e, deadline):
                    raise
                log.info("SHOW TRANSACTIONS for %s timed out; asking again", tag)
                time.sleep(POLL_S)
                continue
            if not running:
                return StopReport(gone=True, terminated=terminated)
            if not terminated:
                terminated = terminate(driver, [row["transactionId"] for row in running], database)
            if time.monotonic() >= deadline:
                log.warning("Guarded read %s still on the server %gs after it was terminated: %s",
                            tag, wait_s, running)
                return StopReport(gone=False, terminated=terminated, still_running=running)
            time.sleep(POLL_S)
    except (Neo4jError, DriverError, OSError) as e:
        log.warning("Could not stop or check the timed-out guarded read %s: %s", tag, e)
        return StopReport(gone=None, terminated=terminated, problem=str(e).splitlines()[0] if str(e) else
                          type(e).__name__)


def stop_and_confirm(driver: Driver, tag: str, database: str | None = None,
                     wait_s: float = CONFIRM_WAIT_S) -> StopReport:
    """Terminate the tagged transaction if it is listed, then poll until it is not, for at most `wait_s`
    (plus one admin statement's timeout when the server answers late: the polling runs in its own thread)."""
    box: list[StopReport] = []
    worker = threading.Thread(target=lambda: box.append(_stop_and_confirm(driver, tag, database, wait_s)),
                              name="guarded-read-confirm", daemon=True)
    worker.start()
    worker.join(wait_s + ADMIN_TIMEOUT_S + 1.0)
    if not box:
        return StopReport(gone=None, problem="the server did not answer SHOW TRANSACTIONS in time")
    return box[0]
