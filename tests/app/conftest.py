"""AppTest runs navigate like the real server (see tests/app/test_chat_support.py: NavigationPagesManager)."""

from __future__ import annotations

import pytest

from tests.app.test_chat_support import navigate_like_the_server


@pytest.fixture(autouse=True)
def _server_like_navigation(monkeypatch: pytest.MonkeyPatch) -> None:
    navigate_like_the_server(monkeypatch)
