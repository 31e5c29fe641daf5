"""Shared by the saved-view tests: the views a test wrote (by name prefix) and their removal, so the tests of
each layer leave the database as they found it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from neo4j import Driver

from graph.server.db import read, write

STORED = "MATCH (v:SavedView) WHERE v.name STARTS WITH $prefix RETURN v {.*} AS v ORDER BY v.name_key"
DROP = "MATCH (v:SavedView) WHERE v.name STARTS WITH $prefix DELETE v"


def stored(driver: Driver, prefix: str) -> list[dict]:
    """Every stored view whose name starts with `prefix`, as its properties, by name."""
    return [r["v"] for r in read(driver, STORED, {"prefix": prefix})]


@contextmanager
def no_views(driver: Driver, prefix: str) -> Iterator[None]:
    """No view whose name starts with `prefix`, before the block and after it."""
    write(driver, DROP, {"prefix": prefix})
    try:
        yield
    finally:
        write(driver, DROP, {"prefix": prefix})
