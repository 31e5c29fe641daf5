"""Guarded execution of Cypher written by a person or an LLM.

Layers, each sufficient against a different mistake (README "Security model"):
1. lexical (`graph.readonly.lex`): one statement, comments as whitespace, no write/admin keywords, no
   procedures but the index lookups, range() with small literal bounds;
2. EXPLAIN: query type `r` and every plan operator on an allow-list (`graph.readonly.plan`);
3. a READ transaction with a server-side timeout clamped to (0, MAX_TIMEOUT_S], a row cap, and a watchdog
   (`graph.readonly.watchdog`) that, after a timeout, terminates the transaction on the server (found by a
   metadata tag) and polls SHOW TRANSACTIONS until it is gone; the caller gets a one-line error that says
   "stopped on the server" only when it was seen gone, and says it is still running otherwise.
Expression shapes no timeout can stop (regex, reduce(), nested comprehensions, range()/replace() growth) are
refused by layers 1 and 2 (`graph.readonly.expr`); docs/SECURITY.md "Model-written Cypher" lists them.
The server's own configuration (graph/server/process.py) adds a per-transaction memory limit and refuses LOAD CSV.
"""

from __future__ import annotations

import logging
import math
import secrets
import threading
from dataclasses import dataclass
from typing import Any, LiteralString, cast

from neo4j import READ_ACCESS, Driver, Query
from neo4j.exceptions import DriverError, Neo4jError, ServiceUnavailable, SessionExpired

from core.errors import ContractGraphError, DatabaseError, DatabaseUnavailable, UnsafeQueryError
from graph.readonly.lex import MAX_STATEMENT, check_lexically
from graph.readonly.plan import check_plan
from graph.readonly.watchdog import StopReport, stop_and_confirm
from graph.server.config import Neo4jSettings
from graph.server.db import unavailable_message, wrap_errors

__all__ = ["DEFAULT_ROW_CAP", "DEFAULT_TIMEOUT_S", "MAX_STATEMENT", "MAX_TIMEOUT_S", "ReadResult",
           "check_lexically", "clamp_timeout", "explain_read_only", "run_read_only", "timeout_error"]

log = logging.getLogger(__name__)
DEFAULT_TIMEOUT_S = 10.0
MAX_TIMEOUT_S = 120.0
DEFAULT_ROW_CAP = 1000
# After the timeout, how long the server gets to stop the transaction itself before the watchdog
# terminates it (the watchdog then polls for at most readonly_watchdog.CONFIRM_WAIT_S).
WATCHDOG_GRACE_S = 1.0
PLAN_TIMEOUT_S = 10.0
NARROW = "Narrow it (fewer rows, no cartesian products)."
TIMED_OUT_CODES = ("TransactionTimedOut", "Transaction.Terminated", "TransactionMarkedAsFailed")


@dataclass(frozen=True)
class ReadResult:
    """Rows of a guarded read; `truncated` is set when the row cap cut the result."""

    rows: list[dict[str, Any]]
    truncated: bool


def clamp_timeout(timeout: Any) -> float:
    """A timeout in (0, MAX_TIMEOUT_S]: larger ones are clamped; 0, negative, nan, inf and non-numbers refused
    (0 would mean 'no timeout' to Neo4j)."""
    if isinstance(timeout, bool) or not isinstance(timeout, int | float):
        raise UnsafeQueryError(f"The timeout must be a number of seconds, not {type(timeout).__name__}.")
    value = float(timeout)
    if not math.isfinite(value) or value <= 0:
        raise UnsafeQueryError(f"The timeout must be a positive, finite number of seconds (got {timeout!r}); "
                               f"the maximum is {MAX_TIMEOUT_S:g}.")
    if value > MAX_TIMEOUT_S:
        log.warning("Query timeout %gs clamped to the maximum %gs", value, MAX_TIMEOUT_S)
    return min(value, MAX_TIMEOUT_S)


def explain_read_only(driver: Driver, statement: str, params: dict[str, Any],
                      database: str | None = None, timeout: float = DEFAULT_TIMEOUT_S) -> list[str]:
    """Plan the statement: only query type 'r' with every operator on the allow-list passes.
    Returns the plan's operator names."""
    # Planning is bounded by Neo4j itself; the timeout only keeps a stuck server from holding the caller, so
    # it is never shorter than PLAN_TIMEOUT_S (a busy server took more than 1 s to plan a COUNT subquery).
    query = Query(cast(LiteralString, f"EXPLAIN {statement}"), timeout=max(clamp_timeout(timeout), PLAN_TIMEOUT_S))
    try:
        with wrap_errors(), driver.session(database=database, default_access_mode=READ_ACCESS) as session:
            summary = session.run(query, params).consume()
    except DatabaseError as e:
        raise UnsafeQueryError(f"The Cypher statement is not valid: {e}") from e
    if summary.query_type != "r":
        raise UnsafeQueryError(f"Only read-only Cypher is allowed (query type '{summary.query_type}').")
    return check_plan(summary.plan)


def run_read_only(driver: Driver, cypher: str, params: dict[str, Any] | None = None, *,
                  timeout: float = DEFAULT_TIMEOUT_S, row_cap: int = DEFAULT_ROW_CAP,
                  database: str | None = None) -> ReadResult:
    """Validate, then run in a READ transaction bounded by `timeout` (clamped), returning at most `row_cap`
    rows. A query still running after the timeout is terminated on the server and reported."""
    limit = clamp_timeout(timeout)
    params = params or {}
    statement = check_lexically(cypher)
    explain_read_only(driver, statement, params, database, limit)
    tag = secrets.token_hex(12)
    outcome: dict[str, Any] = {}
    worker = threading.Thread(target=_worker, name="guarded-read", daemon=True,
                              args=(driver, statement, params, row_cap, limit, tag, database, outcome))
    worker.start()
    worker.join(limit + WATCHDOG_GRACE_S)
    if worker.is_alive():
        # The worker stays blocked on its socket while the server computes; the watchdog asks the server.
        raise timeout_error(stop_and_confirm(driver, tag, database), limit)
    if "error" in outcome:
        error = outcome["error"]
        if _is_timeout(error):
            raise timeout_error(stop_and_confirm(driver, tag, database), limit) from error
        raise _reported(error) from error
    return cast(ReadResult, outcome["result"])


def _is_timeout(error: BaseException) -> bool:
    code = getattr(error, "code", None) or ""
    return any(part in code for part in TIMED_OUT_CODES)


def timeout_error(report: StopReport, limit: float) -> DatabaseError:
    """The timeout, worded by what the watchdog saw on the server."""
    if report.gone:
        return DatabaseError(f"The query exceeded the {limit:g}s timeout and was stopped on the server. {NARROW}")
    if report.gone is False:
        ids = ", ".join(f"{row['transactionId']} ({row['status']})" for row in report.still_running)
        return DatabaseError(f"The query exceeded the {limit:g}s timeout; Neo4j was told to stop it, but its "
                             f"transaction {ids} is still running on the server: one expression Neo4j cannot "
                             f"interrupt runs until it ends. {NARROW}")
    return DatabaseError(f"The query exceeded the {limit:g}s timeout; whether it stopped on the server could not "
                         f"be checked ({report.problem}). {NARROW}")


def _worker(driver: Driver, statement: str, params: dict[str, Any], row_cap: int, limit: float, tag: str,
            database: str | None, outcome: dict[str, Any]) -> None:
    """Run the statement in an explicit READ transaction (no automatic retry of a timed-out query)."""
    try:
        with driver.session(database=database, default_access_mode=READ_ACCESS) as session, \
                session.begin_transaction(timeout=limit, metadata={"cg_guard": tag}) as tx:
            outcome["result"] = _collect(tx, statement, params, row_cap)
    except (Neo4jError, DriverError, OSError) as e:
        outcome["error"] = e


def _reported(error: BaseException) -> ContractGraphError:
    """One clear domain error for whatever stopped the query."""
    code = getattr(error, "code", None) or ""
    if "MemoryPoolOutOfMemoryError" in code:
        return DatabaseError("The query needed more memory than one transaction may use and was stopped. "
                             "Aggregate earlier or return fewer rows.")
    if "OutOfMemoryError" in code:
        return DatabaseError("The database ran out of memory running the query and stopped it. "
                             "Aggregate earlier or return fewer rows.")
    if isinstance(error, ServiceUnavailable | SessionExpired | OSError):
        return DatabaseUnavailable(unavailable_message(Neo4jSettings.load(), cast(Exception, error)))
    # Neo4j's messages may span lines (shortestPath's does); the caller is owed one line.
    if isinstance(error, Neo4jError):
        return DatabaseError(f"Neo4j rejected the query: {_one_line(error.message or str(error))}")
    return DatabaseError(f"Neo4j error: {_one_line(str(error))}")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _collect(tx: Any, statement: str, params: dict[str, Any], row_cap: int) -> ReadResult:
    result = tx.run(cast(LiteralString, statement), params)
    rows: list[dict[str, Any]] = []
    for record in result:
        if len(rows) >= row_cap:
            return ReadResult(rows, truncated=True)
        rows.append(record.data())
    return ReadResult(rows, truncated=False)
