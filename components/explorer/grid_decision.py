"""The review grid's decision panel: one contract's cells (status, best section with a link to the Contract
page's Document tab, the quote, the classifier's probability, any reviewer's decision with its provenance) and a
form to confirm, reject or withdraw a category for it, and under each cell the decisions a later one replaced or
that were withdrawn ("Earlier decisions"). A decision needs a reviewer name (the sidebar's "Your
name", else asked for here); it is stored in the graph (graph.store.clause_decisions) and every cached read is
cleared, because it changes filter counts, charts and assistant answers on every page."""

from __future__ import annotations

import streamlit as st

from components import reads
from components.db import clear_read_caches, get_driver
from components.formatting import escape_md
from components.routes import CONTRACT_PAGE
from components.session import reviewer_name
from graph.retrieval.clause_grid import Cell, ClauseGrid, GridRow
from graph.store.clause_decisions import Change, decision_history, record_decision, withdraw_decision

NAME = "explorer_grid_name"  # asked for here when the sidebar's name is empty
DONE = "explorer_grid_done"  # the last decision's one-line confirmation, shown after the rerun
ACTIONS = {"Confirm": "confirmed", "Reject": "rejected"}


@st.cache_data(ttl=300, max_entries=64, show_spinner=False)
def history(file_id: str, categories: tuple[str, ...]) -> dict[str, list[Change]]:
    """The contract's replaced and withdrawn clause decisions by category (a decision clears every cache)."""
    return decision_history(get_driver(), file_id, list(categories))


def _cell(row: GridRow, label: str, cell: Cell, earlier: list[Change]) -> None:
    section = cell.section
    head = f"**{escape_md(label)}**: {cell.status}"
    if section is not None and section.band:  # with a decision, what the classifier said stays visible
        said = f"probability {section.score:.2f}"
        head += f" (classifier: {section.band}, {said})" if cell.decision else f", {said}"
    st.markdown(head)
    if section is not None:
        st.page_link(CONTRACT_PAGE, label=f"{section.cite()} {escape_md(section.section_title)}".strip(),
                     icon=":material/description:",
                     query_params={"file_id": row.file_id, "section": section.section, "clause": label})
        st.caption(escape_md(section.quote))
    if cell.decision is not None:
        note = f": “{escape_md(cell.decision.note)}”" if cell.decision.note else ""
        st.caption(f"Decision {escape_md(cell.decision.provenance())}{note}")
    if earlier:
        with st.expander(f"Earlier decisions on {label} ({len(earlier)})", icon=":material/history:"):
            for change in earlier:
                st.caption(escape_md(change.line()))


def _name() -> str | None:
    name = reviewer_name()
    if name:
        return name
    typed = st.text_input("Your name (stored with the decision)", key=NAME, max_chars=80,
                          placeholder="e.g. A. Analyst", help="Or set it once in the sidebar.")
    return " ".join(typed.split()) or None


def _decide(row: GridRow, grid: ClauseGrid) -> None:
    labels = [c.label for c in grid.columns if c.category]
    if not labels:
        st.caption("Decisions are recorded on clause categories; this grid has only free questions.")
        return
    name = _name()
    with st.form(f"explorer_grid_decide_{row.file_id}", border=True):
        label = st.selectbox("Category", labels, key="explorer_grid_category")
        note = st.text_input("Note (optional)", key="explorer_grid_note", max_chars=1000)
        buttons = st.columns(3)
        pressed = [verb for verb, col in zip(("Confirm", "Reject", "Withdraw"), buttons, strict=True)
                   if col.form_submit_button(verb, disabled=name is None, use_container_width=True)]
    if name is None:
        st.warning("Enter your name to record a decision: it is stored with it (there are no accounts).",
                   icon=":material/badge:")
    if not pressed or name is None:
        return
    driver = get_driver()
    cell = row.cells[label]
    with reads.guarded(stop=False):
        if pressed[0] == "Withdraw":
            gone = withdraw_decision(driver, row.file_id, label, name)
            st.session_state[DONE] = (f"Withdrew the decision on {label} for {row.title}." if gone
                                      else f"There was no decision on {label} for {row.title}.")
        else:
            decision = record_decision(driver, row.file_id, label, ACTIONS[pressed[0]], name, note,
                                       cell.section.section if cell.section else None)
            st.session_state[DONE] = f"{label} for {row.title}: {decision.provenance()}."
        clear_read_caches()  # counts, charts and the grid itself read the decision
        st.rerun()


def _pick(grid: ClauseGrid, file_id: str | None) -> GridRow | None:
    """The contract to review: the row selected in the grid, else one chosen here (keyboard-friendly)."""
    ids = [r.file_id for r in grid.rows]
    titles = {r.file_id: f"{r.title} ({r.file_id})" for r in grid.rows}
    chosen = st.selectbox("Review a contract's cells", ids, index=ids.index(file_id) if file_id in ids else None,
                          format_func=titles.__getitem__, key=f"explorer_grid_contract_{file_id or ''}",
                          placeholder="Select a row in the grid, or choose a contract here")
    return next((r for r in grid.rows if r.file_id == chosen), None)


def render_decision(grid: ClauseGrid, file_id: str | None) -> None:
    """The selected contract's cells and the decision form."""
    if done := st.session_state.pop(DONE, None):
        st.success(escape_md(done), icon=":material/task_alt:")
    row = _pick(grid, file_id)
    if row is None:
        return
    st.markdown(f"##### {escape_md(row.title)}")
    earlier: dict[str, list[Change]] = {}
    with reads.guarded(stop=False):
        earlier = history(row.file_id, tuple(c.category for c in grid.columns if c.category))
    for column in grid.columns:
        _cell(row, column.label, row.cells[column.label], earlier.get(column.category or "", []))
    _decide(row, grid)
