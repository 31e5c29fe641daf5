"""The UI's database access: one cached driver, and status checks that turn failures into messages.

The driver is built by `graph.server.db.build_driver` (the one place that builds it) and cached with
`st.cache_resource`, so every rerun and page shares one connection pool.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st
from neo4j import Driver

from components.formatting import escape_md
from core.errors import ContractGraphError
from graph.reads.repository import headline
from graph.server.config import Neo4jSettings
from graph.server.db import build_driver, ping, unavailable_message

START_COMMAND = "make run   # or: .venv/bin/python -m graph server start"
CUAD_CREDIT = "Sample data: CUAD, The Atticus Project (CC BY 4.0)"


@st.cache_resource(show_spinner=False)
def get_settings() -> Neo4jSettings:
    return Neo4jSettings.load()


@st.cache_resource(show_spinner=False)
def get_driver() -> Driver:
    return build_driver(get_settings())


@dataclass(frozen=True)
class DbStatus:
    """What the sidebar shows: reachable or not, where, and the headline numbers."""

    ok: bool
    uri: str
    message: str
    numbers: dict[str, Any]


@st.cache_data(ttl=15, max_entries=4, show_spinner=False)
def _headline() -> dict[str, Any]:
    return headline(get_driver())


def db_status() -> DbStatus:
    """Probe the database (uncached, so a stopped server shows at once); never raises."""
    settings = get_settings()
    try:
        ping(get_driver())
        numbers = _headline()
    except ContractGraphError as e:
        return DbStatus(False, settings.uri, str(e), {})
    except OSError as e:  # e.g. a socket error outside the driver's own wrapping
        return DbStatus(False, settings.uri, unavailable_message(settings, e), {})
    return DbStatus(True, settings.uri, "", numbers)


def clear_read_caches() -> None:
    """Forget cached reads after a write (upload, merge) so every page shows the new data."""
    st.cache_data.clear()


def show_db_error(message: str) -> None:
    """The standard banner for an unreachable database."""
    st.error(f"**The contract database is not available.** {escape_md(message)}", icon=":material/error:")
    if get_settings().is_local:
        st.code(START_COMMAND, language="bash")
