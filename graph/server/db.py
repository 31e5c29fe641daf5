"""The one place that builds the Neo4j driver, plus the read and write helpers everything else uses.

Reads go through `execute_query(..., routing_=RoutingControl.READ)` so cluster and Aura URIs route them to
readers. Driver errors are wrapped into the project's exceptions with a message that says what to do.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, LiteralString, TypeVar, cast

from neo4j import Driver, GraphDatabase, ManagedTransaction, NotificationDisabledCategory, RoutingControl
from neo4j.exceptions import AuthError, ClientError, ConfigurationError, DriverError, Neo4jError, ServiceUnavailable

from core.errors import ConfigError, DatabaseError, DatabaseUnavailable
from graph.server.config import Neo4jSettings

log = logging.getLogger(__name__)
# The driver logs a WARNING for every retry of a transaction it cannot connect for; the caller then gets one
# DatabaseUnavailable that says the same in one line. Unless the application set a level for the driver's
# loggers itself, only their errors get through.
if logging.getLogger("neo4j").level == logging.NOTSET:
    logging.getLogger("neo4j").setLevel(logging.ERROR)
T = TypeVar("T")
START_HINT = "Start it with `make run` or `.venv/bin/python -m graph server start`."


def build_driver(settings: Neo4jSettings | None = None) -> Driver:
    """Create a driver for the configured database (no network traffic until first use)."""
    settings = settings or Neo4jSettings.load()
    try:
        return _driver(settings)
    except (ConfigurationError, ValueError) as e:
        # The message may quote the URI; it was validated not to hold credentials (graph.server.config.validate_uri).
        raise ConfigError(f"The Neo4j driver rejected the settings: {' '.join(str(e).split())}") from e


def _driver(settings: Neo4jSettings) -> Driver:
    return GraphDatabase.driver(
        settings.uri,
        auth=(settings.username, settings.password),
        connection_timeout=5.0,
        connection_acquisition_timeout=10.0,
        max_transaction_retry_time=5.0,
        user_agent="contract-graph/0.1",
        notifications_min_severity="WARNING",
        # A label or property that no node has yet (a fresh database, a document layer not loaded) is an
        # expected state here, not a mistake worth a log line on every query.
        notifications_disabled_categories=[NotificationDisabledCategory.UNRECOGNIZED],
    )


def unavailable_message(settings: Neo4jSettings, error: Exception) -> str:
    """A human message for a database that cannot be reached."""
    if isinstance(error, AuthError):
        return f"Neo4j at {settings.uri} rejected the credentials. Check NEO4J_USERNAME / NEO4J_PASSWORD."
    hint = START_HINT if settings.is_local else "Check NEO4J_URI and that the server is reachable."
    return f"Neo4j is not reachable at {settings.uri}. {hint}"


@contextmanager
def wrap_errors(settings: Neo4jSettings | None = None) -> Iterator[None]:
    """Translate driver exceptions into DatabaseUnavailable / DatabaseError."""
    try:
        yield
    except (ServiceUnavailable, AuthError, OSError) as e:
        settings = settings or Neo4jSettings.load()
        raise DatabaseUnavailable(unavailable_message(settings, e)) from e
    except ClientError as e:
        raise DatabaseError(f"Neo4j rejected the query: {e.message or e}") from e
    except (Neo4jError, DriverError) as e:
        raise DatabaseError(f"Neo4j error: {e}") from e


def read(driver: Driver, cypher: str, params: dict[str, Any] | None = None,
         database: str | None = None) -> list[dict[str, Any]]:
    """Run one read query and return its rows as dicts."""
    with wrap_errors():
        records, _, _ = driver.execute_query(
            cast(LiteralString, cypher), params or {}, routing_=RoutingControl.READ, database_=database
        )
    return [record.data() for record in records]


def write(driver: Driver, cypher: str, params: dict[str, Any] | None = None,
          database: str | None = None) -> Any:
    """Run one write query in its own transaction; returns the summary counters."""
    with wrap_errors():
        _, summary, _ = driver.execute_query(
            cast(LiteralString, cypher), params or {}, routing_=RoutingControl.WRITE, database_=database
        )
    return summary.counters


def write_rows(driver: Driver, cypher: str, params: dict[str, Any] | None = None,
               database: str | None = None) -> list[dict[str, Any]]:
    """Run one write statement in its own managed transaction and return its rows as dicts (an empty list
    when its MATCH found nothing, e.g. no such contract)."""
    def work(tx: ManagedTransaction) -> list[dict[str, Any]]:
        return [record.data() for record in tx.run(cast(LiteralString, cypher), params or {})]

    return write_tx(driver, work, database)


def write_tx(driver: Driver, work: Callable[[ManagedTransaction], T], database: str | None = None) -> T:
    """Run `work` in one managed write transaction: all of it commits or none of it does."""
    with wrap_errors(), driver.session(database=database) as session:
        return session.execute_write(work)


def ping(driver: Driver) -> None:
    """Raise DatabaseUnavailable unless the database answers."""
    with wrap_errors():
        driver.verify_connectivity()


def native(value: Any) -> Any:
    """A Neo4j temporal value (neo4j.time Date, DateTime) as Python's date / datetime; anything else as it is."""
    return value.to_native() if hasattr(value, "to_native") else value
