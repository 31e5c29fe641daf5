"""AppTest runs navigate like the real server (see tests/app/test_chat_support.py: NavigationPagesManager); the
download buttons' payloads a page registers, for tests to read."""

from __future__ import annotations

from typing import Any

import pytest
from streamlit.runtime.media_file_manager import MediaFileManager

from tests.app.test_chat_support import navigate_like_the_server


@pytest.fixture(autouse=True)
def _server_like_navigation(monkeypatch: pytest.MonkeyPatch) -> None:
    navigate_like_the_server(monkeypatch)


@pytest.fixture
def deferred_downloads(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The data callables of the download buttons the page registers (built only when clicked), captured where
    Streamlit registers them."""
    captured: list[Any] = []
    original = MediaFileManager.add_deferred

    def capture(self: MediaFileManager, data_callable: Any, *args: Any, **kwargs: Any) -> Any:
        captured.append(data_callable)
        return original(self, data_callable, *args, **kwargs)

    monkeypatch.setattr(MediaFileManager, "add_deferred", capture)
    return captured

