"""Guarded execution of Cypher written by a person or an LLM: one read-only statement, checked lexically
and with EXPLAIN (only query type `r` passes), then run in a READ transaction with a timeout and a row cap.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, LiteralString, cast

from neo4j import READ_ACCESS, Driver, unit_of_work
from neo4j.exceptions import ClientError, Neo4jError

from core.errors import DatabaseError, UnsafeQueryError
from graph.db import wrap_errors

DEFAULT_TIMEOUT_S = 10.0
DEFAULT_ROW_CAP = 1000
MAX_STATEMENT = 20_000
FORBIDDEN = re.compile(
    r"\b(LOAD\s+CSV|IN\s+TRANSACTIONS|PERIODIC\s+COMMIT|CREATE|MERGE|DELETE|DETACH|SET|REMOVE|DROP|"
    r"FOREACH|GRANT|REVOKE|DENY|ALTER|RENAME|TERMINATE|USE|FINISH)\b",
    re.IGNORECASE,
)
PROCEDURE_CALL = re.compile(r"\bCALL\s+([A-Za-z_][\w.`]*)\s*\(", re.IGNORECASE)
ALLOWED_PROCEDURES = frozenset({
    "db.index.fulltext.querynodes", "db.index.vector.querynodes", "db.labels",
    "db.relationshiptypes", "db.propertykeys",
})
STRINGS_AND_COMMENTS = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|//[^\n]*|/\*.*?\*/", re.DOTALL)


@dataclass(frozen=True)
class ReadResult:
    """Rows of a guarded read; `truncated` is set when the row cap cut the result."""

    rows: list[dict[str, Any]]
    truncated: bool


def _code_only(cypher: str) -> str:
    """The statement with string literals and comments blanked, so keywords inside them don't count."""
    return STRINGS_AND_COMMENTS.sub("''", cypher)


def check_lexically(cypher: str) -> str:
    """Reject anything but a single statement without write clauses or non-whitelisted procedures."""
    statement = cypher.strip().rstrip(";").strip()
    if not statement:
        raise UnsafeQueryError("The Cypher statement is empty.")
    if len(statement) > MAX_STATEMENT:
        raise UnsafeQueryError(f"The Cypher statement is longer than {MAX_STATEMENT} characters.")
    code = _code_only(statement)
    if ";" in code:
        raise UnsafeQueryError("Only one statement is allowed (found ';').")
    bad = FORBIDDEN.search(code)
    if bad:
        raise UnsafeQueryError(f"Only read-only Cypher is allowed; '{bad.group(0)}' is not.")
    for proc in PROCEDURE_CALL.findall(code):
        if proc.replace("`", "").lower() not in ALLOWED_PROCEDURES:
            raise UnsafeQueryError(f"Procedure '{proc}' is not allowed; only read-only index lookups are.")
    return statement


def explain_read_only(driver: Driver, statement: str, params: dict[str, Any],
                      database: str | None = None) -> None:
    """Ask Neo4j to plan the statement; only query type 'r' (read only) passes."""
    try:
        with wrap_errors(), driver.session(database=database, default_access_mode=READ_ACCESS) as session:
            summary = session.run(cast(LiteralString, f"EXPLAIN {statement}"), params).consume()
    except DatabaseError as e:
        raise UnsafeQueryError(f"The Cypher statement is not valid: {e}") from e
    if summary.query_type != "r":
        raise UnsafeQueryError(f"Only read-only Cypher is allowed (query type '{summary.query_type}').")


def run_read_only(driver: Driver, cypher: str, params: dict[str, Any] | None = None, *,
                  timeout: float = DEFAULT_TIMEOUT_S, row_cap: int = DEFAULT_ROW_CAP,
                  database: str | None = None) -> ReadResult:
    """Validate, then run in a READ transaction with a timeout, returning at most `row_cap` rows."""
    params = params or {}
    statement = check_lexically(cypher)
    explain_read_only(driver, statement, params, database)
    work = unit_of_work(timeout=timeout)(_collect)
    try:
        with wrap_errors(), driver.session(database=database, default_access_mode=READ_ACCESS) as session:
            return session.execute_read(work, statement, params, row_cap)
    except DatabaseError as e:
        raise DatabaseError(f"The query failed or exceeded {timeout:g}s: {e}") from e


def _collect(tx: Any, statement: str, params: dict[str, Any], row_cap: int) -> ReadResult:
    try:
        result = tx.run(cast(LiteralString, statement), params)
        rows: list[dict[str, Any]] = []
        for record in result:
            if len(rows) >= row_cap:
                return ReadResult(rows, truncated=True)
            rows.append(record.data())
    except ClientError as e:
        raise DatabaseError(e.message or str(e)) from e
    except Neo4jError as e:
        raise DatabaseError(str(e)) from e
    return ReadResult(rows, truncated=False)
