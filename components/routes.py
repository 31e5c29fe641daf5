"""Page script paths for `st.Page`, `st.switch_page` and `st.page_link`, in one place.

The page scripts live one folder below `pages/` on purpose: Streamlit serves a top-level `pages/*.py` as a
legacy page on its own (no app.py, so no sidebar, no navigation) when a freshly started server's first
request is a deep link. The thin entries in `pages/*.py` catch exactly that case (see `run_app`).
"""

from __future__ import annotations

import runpy
from pathlib import Path

OVERVIEW_PAGE = "pages/portfolio/overview.py"
EXPLORER_PAGE = "pages/portfolio/explorer.py"
CONTRACT_PAGE = "pages/portfolio/contract.py"
PARTIES_PAGE = "pages/portfolio/parties.py"
RENEWALS_PAGE = "pages/portfolio/renewals.py"
CHAT_PAGE = "pages/assistant/chat.py"
UPLOAD_PAGE = "pages/assistant/upload.py"

APP_SCRIPT = Path(__file__).resolve().parents[1] / "app.py"


def run_app() -> None:
    """Run the entry point, whose st.navigation then renders the requested page with the shared chrome."""
    runpy.run_path(str(APP_SCRIPT), run_name="__main__")
