"""Helpers the chat AppTests share (no tests here): the scripted LLM through the app's own settings, and
AppTest navigation that behaves like the server."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import streamlit.testing.v1.app_test as app_test_module
from streamlit.runtime.pages_manager import PagesManager
from streamlit.testing.v1 import AppTest

from core.settings import AgentSettings
from graph.server.config import REPO_ROOT

APP = str(REPO_ROOT / "app.py")
LLM_VARS = ("LLM_PROVIDER", "LLM_SCRIPT", "OPENAI_API_KEY", "OPENAI_BASE_URL", "LLM_MODEL")


class NavigationPagesManager(PagesManager):
    """AppTest resets `uses_pages_directory` before every run, so with a `pages/` folder next to app.py
    reruns would execute the page alone (Streamlit's v1 multipage mode) and skip app.py's sidebar. The real
    server clears the flag for good once app.py calls st.navigation; this does the same."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        PagesManager.uses_pages_directory = False


def navigate_like_the_server(monkeypatch: Any) -> None:
    monkeypatch.setattr(app_test_module, "PagesManager", NavigationPagesManager)


def use_script(monkeypatch: Any, tmp_path: Path, turns: list[Any]) -> Path:
    """LLM_PROVIDER=scripted with a script of `turns`: the same settings path the app reads."""
    for name in LLM_VARS:
        monkeypatch.delenv(name, raising=False)
    path = tmp_path / "script.json"
    path.write_text(json.dumps({"turns": turns}))
    monkeypatch.setenv("LLM_PROVIDER", "scripted")
    monkeypatch.setenv("LLM_SCRIPT", str(path))
    return path


def start_app(page: str | None = None) -> AppTest:
    """The whole app (app.py), optionally switched to `page`."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    if page:
        at.switch_page(page)
        at.run()
    assert not at.exception, at.exception
    return at


def exact_mode_chat(monkeypatch: Any) -> AppTest:
    """The Chat page with no LLM configured (exact mode), navigated like the server; skips when this machine's
    secrets configure an LLM."""
    navigate_like_the_server(monkeypatch)
    for name in LLM_VARS:
        monkeypatch.delenv(name, raising=False)
    if AgentSettings.load().configured:
        pytest.skip("an LLM is configured in .streamlit/secrets.toml on this machine")
    return start_app("pages/assistant/chat.py")
