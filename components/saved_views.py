"""The sidebar's saved views: every view stored in the graph (graph.store.saved_views), each a link to the
Explorer with its filter in the address (so the link itself can be shared), its as-of rule and who created it.
A view whose filter no longer validates links to the Explorer with its name only, where the reason is shown
and it can be deleted."""

from __future__ import annotations

import streamlit as st

from components import reads
from components.formatting import escape_md
from components.routes import EXPLORER_PAGE
from core.errors import ContractGraphError
from graph.store.saved_views import VIEWS_LISTED, SavedView

NO_VIEWS = "No saved views yet: in the Explorer, filter and choose **Save as a view**."
SCROLL_AFTER = 8  # more views than this scroll in a box of their own, so the sidebar stays short
BOX_KEY = "sidebar_saved_views"
# Every view links to the Explorer, so on the Explorer Streamlit would mark them all as the current page
# (shaded, bold): they are drawn as plain links; the Explorer's banner names the view that is open.
PLAIN_LINKS = f"""<style>
.st-key-{BOX_KEY} [data-testid="stPageLink-NavLink"] {{ background-color: transparent; }}
.st-key-{BOX_KEY} [data-testid="stPageLink-NavLink"]:hover {{ background-color: rgba(151, 166, 195, 0.15); }}
.st-key-{BOX_KEY} [data-testid="stPageLink-NavLink"] * {{ font-weight: 400; }}
</style>"""


def view_caption(view: SavedView) -> str:
    """'as of today · A. Analyst · 2026-12-02' (Markdown-escaped)."""
    return escape_md(" · ".join(part for part in (view.rule_label(), view.created_by, view.created_on()) if part))


def _link(view: SavedView) -> None:
    broken = view.problem is not None
    st.page_link(EXPLORER_PAGE, label=escape_md(view.name), query_params=view.query(),
                 icon=":material/warning:" if broken else ":material/bookmark:",
                 help=escape_md(f"{view.name}: " + (f"cannot be opened: {view.problem}" if broken else
                                                    f"{view.rule_label()}; {view.provenance()}")))
    st.caption(("cannot be opened · " if broken else "") + view_caption(view))


def render_saved_views() -> None:
    """The 'Saved views' list (call inside the sidebar, with the database up)."""
    st.markdown("**Saved views**")
    try:
        views = reads.saved_views()
    except ContractGraphError as e:
        st.caption(escape_md(f"Saved views unavailable: {e}"))
        return
    if not views:
        st.caption(NO_VIEWS)
        return
    st.html(PLAIN_LINKS)
    with st.container(key=BOX_KEY, height=360 if len(views) > SCROLL_AFTER else "content", border=False):
        for view in views:
            with st.container(gap=None):  # the caption sits under its own link
                _link(view)
    if len(views) >= VIEWS_LISTED:
        st.caption(f"The first {VIEWS_LISTED} views by name.")
