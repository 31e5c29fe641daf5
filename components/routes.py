"""Page script paths for `st.switch_page` / `st.page_link`, in one place (they must match app.py's st.Page)."""

from __future__ import annotations

OVERVIEW_PAGE = "pages/overview.py"
EXPLORER_PAGE = "pages/explorer.py"
CONTRACT_PAGE = "pages/contract.py"
PARTIES_PAGE = "pages/parties.py"
