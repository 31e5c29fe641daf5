"""Issue 34, while the document layer builds: the Overview's notice card (read from the texts) says its count
is partial, a chat answer says it used a partial layer, and once built the sidebar counts contracts, as
beside it ('510/510' of the build's text files sat beside '511 contracts')."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from graph.server.db import read
from ingest import background
from tests.app.shown import shown
from tests.app.test_chat_support import LLM_VARS, navigate_like_the_server

pytestmark = pytest.mark.integration
APP = str(Path(__file__).resolve().parents[2] / "app.py")


@pytest.fixture
def build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    navigate_like_the_server(monkeypatch)
    for name in LLM_VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("CG_BUILD_DIR", str(tmp_path))
    return tmp_path


def _running(build: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(background, "_alive", lambda pid: True)  # the build's process, as read_status checks it
    background.write_json(build / background.PROGRESS_NAME, {"done": 120, "total": 510})
    background.write_json(build / background.STATE_NAME, {"state": "running", "pid": 1, "started": 1.0})


def test_overview_card_and_chat_answer_warn_while_the_layer_builds(build, monkeypatch) -> None:
    _running(build, monkeypatch)
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["as_of"] = "2012-01-01"
    at.run()
    assert not at.exception, at.exception
    warnings = [shown(w.value) for w in at.main.warning]
    assert any(w.startswith("Partial count. The document layer is being built in the background (120 of 510")
               for w in warnings), warnings
    at.chat_input(key="panel_input").set_value("How many supply contracts?").run()
    assert not at.exception, at.exception
    assert any(shown(w.value).startswith("Answered on a partial document layer. The document layer is being built")
               for w in at.sidebar.warning)


def test_sidebar_counts_the_built_layer_in_contracts(build, driver) -> None:
    background.write_json(build / background.PROGRESS_NAME, {"done": 510, "total": 510})
    background.write_json(build / background.STATE_NAME, {"state": "done", "pid": 1, "finished": 1.0})
    [row] = read(driver, "MATCH (c:Contract) RETURN count(c) AS n, "
                         "count { MATCH (d:Contract)-[:HAS_DOCUMENT]->(:Document) RETURN DISTINCT d } AS t")
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    assert not at.exception, at.exception
    captions = [shown(c.value) for c in at.sidebar.caption]
    expected = (f"Document layer: every contract's text parsed ({row['n']:,})" if row["t"] == row["n"] else
                f"Document layer: {row['t']:,} of {row['n']:,} contracts have a parsed text")
    assert any(c.endswith(expected) for c in captions), captions
    assert not any("510/510" in c for c in captions)
