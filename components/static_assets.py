"""vis-network served as the app's static files instead of inlined into every graph's HTML.

pyvis's `cdn_resources="in_line"` copied vis-network (469 KB of script, 220 KB of CSS) into each graph's
iframe, so every Contract and Parties load sent ~700 KB through the websocket and the browser parsed it
afresh (fix 18 in docs/PERFORMANCE.md). Streamlit serves `static/` beside app.py at `/app/static/` when
`server.enableStaticServing` is on (.streamlit/config.toml), and the browser caches those files like any
other; they are copied from the installed pyvis, so the version always matches the HTML pyvis writes. The
copies are generated (git-ignored), like .data/.
"""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pyvis
import streamlit as st

from graph.server.config import REPO_ROOT

logger = logging.getLogger(__name__)

VIS_VERSION = "vis-9.1.2"  # the folder pyvis's template includes for cdn_resources="in_line"
VIS_FILES = ("vis-network.min.js", "vis-network.css")
SOURCE = Path(pyvis.__file__).resolve().parent / "templates" / "lib" / VIS_VERSION
TARGET = REPO_ROOT / "static" / VIS_VERSION
URL_PREFIX = f"/app/static/{VIS_VERSION}"  # Streamlit's route for static/ (no server.baseUrlPath here)


def _copy_if_changed(source: Path, target: Path) -> None:
    if target.is_file() and target.stat().st_size == source.stat().st_size:
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(target.suffix + ".part")  # never serve a half-written file
    shutil.copyfile(source, partial)
    partial.replace(target)
    logger.info("Copied %s to %s", source.name, target)


@st.cache_resource(show_spinner=False)
def vis_head_tags() -> str:
    """The `<link>` and `<script>` tags that load vis-network from the app's static files (copied once per
    server process)."""
    for name in VIS_FILES:
        _copy_if_changed(SOURCE / name, TARGET / name)
    return (f'<link rel="stylesheet" href="{URL_PREFIX}/vis-network.css">'
            f'<script src="{URL_PREFIX}/vis-network.min.js"></script>')
