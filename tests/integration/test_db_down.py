"""The database stops mid-session: every dashboard page shows the error banner with the start command (never
a traceback), and recovers once the database is back.

Runs a SEPARATE throwaway Neo4j (own home under .data/, free port), never the shared test server. The app
reaches it through CG_NEO4J_HOME / CG_NEO4J_PORT; Streamlit's caches (the driver is a cached resource) are
cleared before and after so no other test sees this server.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from components.db import START_COMMAND, get_driver
from graph.server import process as server
from graph.server.config import REPO_ROOT, LocalServer
from graph.server.db import build_driver
from graph.store.load import load_records
from tests.app.shown import shown
from tests.integration.throwaway import throwaway_server

pytestmark = pytest.mark.integration

APP = str(REPO_ROOT / "app.py")
BANNER = "The contract database is not available."
LOADED = 6
PAGES = ["pages/portfolio/explorer.py", "pages/portfolio/contract.py", "pages/portfolio/parties.py"]


def forget_app_caches() -> None:
    """Close the app's cached driver (whichever server it points at) and drop every Streamlit cache."""
    get_driver().close()
    st.cache_resource.clear()
    st.cache_data.clear()


@pytest.fixture(scope="module")
def throwaway(sample_records: list[dict[str, Any]]) -> Iterator[LocalServer]:
    with throwaway_server("neo4j-dbdown-") as (srv, settings):
        try:
            with build_driver(settings) as drv:
                load_records(drv, sample_records[:LOADED], source="sample")
            with pytest.MonkeyPatch.context() as mp:
                mp.setenv("CG_NEO4J_LOCAL", "1")
                mp.setenv("CG_NEO4J_HOME", str(srv.home))
                mp.setenv("CG_NEO4J_PORT", str(srv.port))
                forget_app_caches()
                yield srv
        finally:
            forget_app_caches()


def load(page: str | None = None) -> AppTest:
    """A fresh browser session (what a reload is) on `page`."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    if page:
        at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def main_errors(at: AppTest) -> list[str]:
    return [shown(e.value) for e in at.main.error]


def assert_banner(at: AppTest, srv: LocalServer) -> None:
    errors = main_errors(at)
    assert any(BANNER in e and f"127.0.0.1:{srv.port}" in e for e in errors), errors
    assert START_COMMAND in [c.value for c in at.main.code]
    assert not at.exception


def test_stop_mid_session_then_recover(throwaway: LocalServer):
    at = load()
    assert next(m.value for m in at.metric if m.label == "Contracts") == str(LOADED)
    assert main_errors(at) == []

    server.stop(throwaway)
    at.run()  # the same session reruns
    assert_banner(at, throwaway)
    assert not at.metric
    for page in [None, *PAGES]:
        assert_banner(load(page), throwaway)  # reloads

    server.start(throwaway)
    for page in [None, *PAGES]:
        at = load(page)
        assert main_errors(at) == [], page
    assert next(m.value for m in load().metric if m.label == "Contracts") == str(LOADED)
    assert next(m.value for m in load("pages/portfolio/explorer.py").metric
                if m.label == "Matching contracts") == str(LOADED)
