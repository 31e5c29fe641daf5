"""Cached reads follow the background build: when the build's state moves on (a batch written, the build
done), the next run of any page drops the reads cached against the older layer, once, and not otherwise.

The script draws the real shared sidebar (which does the check) and then a cached read of a file, so a
changed file only shows once the cache has been cleared."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ingest import background

pytestmark = pytest.mark.integration


def _sidebar_then_cached_read(path: str) -> None:
    import streamlit as st

    from components.sidebar import render_sidebar

    @st.cache_data(ttl=300)
    def read(p: str) -> str:
        with open(p) as handle:
            return handle.read()

    render_sidebar()
    st.markdown(f"value={read(path)}")


def _shown(at: AppTest) -> str:
    at.run()
    assert not at.exception, at.exception
    return next(m.value for m in at.main.markdown if m.value.startswith("value="))


def test_reads_cached_during_the_build_are_dropped_once_it_has_moved_on(driver, tmp_path: Path, monkeypatch):
    build = tmp_path / "build"
    monkeypatch.setenv("CG_BUILD_DIR", str(build))
    value = tmp_path / "value.txt"
    value.write_text("partial")
    at = AppTest.from_function(_sidebar_then_cached_read, args=(str(value),), default_timeout=60)
    assert _shown(at) == "value=partial"

    value.write_text("complete")
    assert _shown(at) == "value=partial"  # same layer state: the cached read stands

    background.write_json(build / background.PROGRESS_NAME, {"done": 510, "total": 510})
    background.write_json(build / background.STATE_NAME, {"state": "done", "pid": 1, "finished": 1.0})
    assert _shown(at) == "value=complete"  # the build finished: the old read is gone

    value.write_text("later")
    assert _shown(at) == "value=complete"  # cleared once, not on every run
    assert background.read_status(build).state == "done"


def test_the_stamp_moves_with_each_batch_and_each_build(tmp_path: Path):
    def stamp(state: dict, done: int) -> str:
        background.write_json(tmp_path / background.STATE_NAME, state)
        background.write_json(tmp_path / background.PROGRESS_NAME, {"done": done, "total": 510})
        return background.read_status(tmp_path).stamp

    first = stamp({"state": "done", "pid": 7, "finished": 1.0}, 510)
    assert stamp({"state": "done", "pid": 7, "finished": 1.0}, 510) == first
    assert stamp({"state": "done", "pid": 7, "finished": 1.0}, 500) != first
    assert stamp({"state": "done", "pid": 8, "finished": 2.0}, 510) != first
    assert stamp({"state": "failed", "pid": 7, "finished": 1.0}, 510) != first
