"""The Explorer's saved views: the banner of the view a link opened (its as-of rule, who created it, Delete)
and the "Save as a view" form that stores the current filter under a name (graph.store.saved_views)."""

from __future__ import annotations

from datetime import date

import streamlit as st

from components import reads
from components.db import get_driver
from components.formatting import escape_md
from components.session import reviewer_name
from core.errors import ContractGraphError
from graph.query.filter_url import filter_to_query
from graph.query.filters import ContractFilter
from graph.store.saved_views import (
    VIEW_NAME_MAX,
    VIEW_PARAM,
    SavedView,
    ViewExists,
    delete_view,
    find_view,
    save_view,
)

NO_NAME = ("Enter your name in the sidebar (**Your name**) to save a view: views are stored with the name of who "
           "saved them.")
DONE = "explorer_view_done"  # a message to show after the rerun that follows a save or a delete
TODAY_HELP = "re-evaluated each time the view is opened"


def _done(message: str) -> None:
    st.session_state[DONE] = message
    reads.saved_views.clear()
    st.rerun()


def _delete(view: SavedView) -> None:
    with st.popover("Delete view", icon=":material/delete:"):
        st.caption("Deletes it for everyone using this database.")
        if st.button(f"Delete '{escape_md(view.name)}'", type="primary", key="explorer_view_delete"):
            with reads.guarded(stop=False):
                delete_view(get_driver(), view.name)
                st.query_params.pop(VIEW_PARAM, None)
                _done(escape_md(f"Deleted the view '{view.name}'."))


def render_view_banner(current: ContractFilter) -> SavedView | None:
    """What the `view` parameter of the address names: the saved view (shown, with Delete), a clear message
    when it no longer exists or cannot be opened. Returns the view when the page shows its filter unchanged."""
    if message := st.session_state.pop(DONE, None):
        st.success(message, icon=":material/check_circle:")
    name = st.query_params.get(VIEW_PARAM, "")
    if not name.strip():
        return None
    with reads.guarded(stop=False):
        view = find_view(get_driver(), name[:4 * VIEW_NAME_MAX])
        if view is None:
            st.info(escape_md(f"There is no saved view '{name[:VIEW_NAME_MAX]}' (any more); the filter in the link "
                              f"is shown."), icon=":material/bookmark_remove:")
            return None
        left, right = st.columns([5, 1], vertical_alignment="center")
        if view.problem is not None:
            left.warning(escape_md(f"The saved view '{view.name}' cannot be opened: {view.problem}. It was probably "
                                   f"saved by an earlier version of the app: delete it, then set the filter again "
                                   f"and save it."),
                         icon=":material/warning:")
            with right:
                _delete(view)
            return None
        if filter_to_query(view.contract_filter()) != filter_to_query(current):
            left.caption(escape_md(f"Changed from the saved view '{view.name}': save it below to replace the view, "
                                   f"or under a new name."))
            return None
        rule = view.rule_label() + (f" ({TODAY_HELP})" if view.as_of is None else "")
        left.info(f"**Saved view: {escape_md(view.name)}** · {escape_md(rule)} · {escape_md(view.provenance())}",
                  icon=":material/bookmark:")
        with right:
            _delete(view)
        return view
    return None


def _rule_label(rule: str, day: date) -> str:
    return f"Today ({TODAY_HELP})" if rule == "today" else f"Fixed: {day:%Y-%m-%d}"


def render_save_view(current: ContractFilter, opened: SavedView | None, key: str) -> None:
    """The 'Save as a view' form for the current filter; `key` changes with the filter, so the form starts
    from the filter shown (its as-of date decides the default rule)."""
    day = current.as_of or date.today()
    default_name = st.query_params.get(VIEW_PARAM, "")[:VIEW_NAME_MAX] if opened is None else opened.name
    with st.expander("Save as a view", icon=":material/bookmark_add:"), \
            st.form(f"explorer_save_view_{key}", border=False):
        name = st.text_input("View name", value=default_name, max_chars=VIEW_NAME_MAX, key=f"{key}_view_name",
                             placeholder="e.g. Active licences, Delaware law",
                             help="Listed in the sidebar for everyone using this database.")
        rule = st.radio("As of", ["today", "fixed"], index=1 if current.as_of else 0, horizontal=True,
                        format_func=lambda r: _rule_label(r, day), key=f"{key}_view_rule",
                        help="The date 'active', 'expired' and the status are judged on: today moves with "
                             "the calendar, a fixed date does not. Other dates in the filter stay as they are.")
        replace = st.checkbox("Replace the view of this name if there is one", key=f"{key}_view_replace")
        submitted = st.form_submit_button("Save view", icon=":material/bookmark_add:")
    if submitted:
        _save(current, name, rule, day, replace)


def _save(current: ContractFilter, name: str, rule: str, day: date, replace: bool) -> None:
    by = reviewer_name()
    if by is None:
        st.warning(NO_NAME, icon=":material/person:")
        return
    try:
        saved = save_view(get_driver(), name, current, rule, saved_by=by, as_of=day if rule == "fixed" else None,
                          replace=replace)
    except ViewExists as e:
        st.error(escape_md(f"{e} Choose another name, or tick 'Replace the view of this name' and save again."),
                 icon=":material/error:")
        return
    except ContractGraphError as e:
        st.error(escape_md(e), icon=":material/error:")
        return
    st.query_params.from_dict(saved.query())
    _done(escape_md(f"Saved the view '{saved.name}' ({saved.rule_label()}): it is listed in the sidebar for "
                    f"everyone using this database."))
