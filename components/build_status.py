"""The background document-layer build as the UI shows it: a progress bar in the sidebar that refreshes
itself while the build runs, a retry button when it failed, and a note for pages that need the layer."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import streamlit as st

from components.db import clear_read_caches
from components.formatting import escape_md
from ingest import background

REFRESH_S = 3


def build_status() -> background.BuildStatus:
    """Read on every call (two small files), so reloads always show the current count."""
    return background.read_status()


@dataclass
class _SeenLayer:
    """The layer state the cached reads were computed against, shared by every session of this server."""

    stamp: str | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)


@st.cache_resource(show_spinner=False)
def _seen_layer() -> _SeenLayer:
    return _SeenLayer()


def forget_reads_if_layer_changed(status: background.BuildStatus) -> bool:
    """Clear the cached reads once when the build has moved on since they were cached; True if it cleared.

    The reads are shared by all sessions with a 5-minute TTL, so without this a page opened after the build
    kept another session's partial counts (48 notice deadlines instead of 62) until the TTL ran out. The
    first session to see the new state clears; the others find the stamp already current.
    """
    seen = _seen_layer()
    with seen.lock:
        if seen.stamp == status.stamp:
            return False
        seen.stamp = status.stamp
    clear_read_caches()
    return True


def layer_note(status: background.BuildStatus | None = None) -> str | None:
    """A sentence for pages whose answers depend on the document layer while it is incomplete, else None."""
    status = status or build_status()
    if status.state == "running":
        counts = f"{status.done:,} of {status.total:,} documents" if status.total else "starting"
        return (f"The document layer is being built in the background ({counts}); text-based results cover "
                "the documents parsed so far.")
    if status.state == "failed":
        return f"The document layer build stopped: {escape_md(status.message)}"
    return None


@st.fragment(run_every=REFRESH_S)
def _live_progress() -> None:
    status = build_status()
    if status.state != "running":
        st.rerun(scope="app")  # finished: redraw the page once with the complete layer, and stop polling
    st.progress(status.fraction, text=f"{status.label} texts · building in the background")


def layer_done_text(with_text: int, contracts: int) -> str:
    """The built layer in the sidebar's own unit, contracts: the build counts text files, so its '510/510'
    beside '511 contracts' read as one contract missing when the 511th was an upload or has no text."""
    if with_text == contracts:
        return f"Document layer: every contract's text parsed ({contracts:,})"
    return f"Document layer: {with_text:,} of {contracts:,} contracts have a parsed text"


def render_build_progress(status: background.BuildStatus, numbers: dict | None = None) -> None:
    """Sidebar: live progress while building, the final count when done, a retry when it failed (`status`:
    the state the sidebar read once for this run; `numbers`: the sidebar's counts from the graph)."""
    numbers = numbers or {}
    if status.state == "running":
        _live_progress()
    elif status.state == "done" and status.total:
        if "with_text" in numbers and "contracts" in numbers:
            st.caption(f":material/check_circle: {layer_done_text(numbers['with_text'], numbers['contracts'])}")
        else:
            st.caption(f":material/check_circle: {status.label}")
    elif status.state == "failed":
        st.warning(f"Document layer: {escape_md(status.message)}", icon=":material/warning:")
        if st.button("Resume the document-layer build", key="resume_layer_build"):
            background.start()
            st.rerun()
