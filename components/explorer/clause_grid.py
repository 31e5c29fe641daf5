"""The Explorer's review grid: the filter's contracts x chosen CUAD categories (or free questions), each cell
found / possible / none (match / none for a question ranked by words) with the best section and the classifier's
probability, or a reviewer's confirmed / rejected decision, which wins. Selecting a row opens its cells for a
decision (components.explorer.grid_decision); the grid downloads as CSV and Excel, one row per contract.
A fragment: building the grid or deciding a cell reruns only this part."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from components import reads
from components.explorer.grid_decision import render_decision
from components.explorer.results import show_queries
from core.cuad_topics import CUAD_CATEGORIES
from graph.query.filters import ContractFilter
from graph.retrieval.clause_grid import Cell, ClauseGrid, grid_columns
from graph.retrieval.clause_grid_export import grid_csv, grid_xlsx

COLUMNS = "explorer_grid_columns"  # the columns of the last grid built: ((label, category), ...)
CYPHER = "explorer_grid_cypher"
TABLE = "explorer_grid_table"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
DEFAULT = ("Termination For Convenience", "Cap On Liability", "Non-Compete")
MARK = {"confirmed": "✔ confirmed", "rejected": "✘ rejected"}


def cell_text(cell: Cell) -> str:
    """'found 0.93 · §12.2', 'possible 0.41 · §7', 'match · §3', 'none', '✔ confirmed · §12.2 (A. Analyst)'."""
    row, decision = cell.section, cell.decision
    where = f" · {row.cite()}" if row is not None else ""
    if decision is not None:
        return f"{MARK[decision.verdict]}{where} ({decision.reviewer})"
    if row is None:
        return "none"
    score = f" {row.score:.2f}" if row.band else ""
    return f"{row.band or 'match'}{score}{where}"


def grid_frame(grid: ClauseGrid) -> pd.DataFrame:
    """One row per contract: its title, one text per column, its file id."""
    data = [{"title": r.title, **{c.label: cell_text(r.cells[c.label]) for c in grid.columns}, "file_id": r.file_id}
            for r in grid.rows]
    return pd.DataFrame(data, columns=["title", *(c.label for c in grid.columns), "file_id"])


def _choose() -> tuple[tuple[str, str | None], ...] | None:
    with st.form("explorer_grid_form", border=False):
        chosen = st.multiselect("Clause categories (CUAD)", list(CUAD_CATEGORIES), default=list(DEFAULT),
                                key="explorer_grid_categories", max_selections=8)
        questions = st.text_input("Or questions, separated by ';'", key="explorer_grid_questions", max_chars=300,
                                  placeholder="e.g. force majeure; indemnification")
        if st.form_submit_button("Build the grid", icon=":material/grid_on:"):
            asked = [q for q in questions.split(";") if q.strip()]
            with reads.guarded(stop=False):
                st.session_state[COLUMNS] = tuple((c.label, c.category) for c in grid_columns(chosen, asked))
    return st.session_state.get(COLUMNS)


def _headline(grid: ClauseGrid) -> None:
    parts = []
    for column in grid.columns:
        n = grid.counts(column.label)
        shown = ", ".join(f"{n[s]:,} {s}" for s in ("found", "possible", "match", "confirmed", "rejected") if n[s])
        parts.append(f"**{column.label}**: {shown or 'none'}")
    st.caption(f"{len(grid.rows):,} contracts. " + "; ".join(parts) + ". found: the classifier's precision-oriented "
               "band, possible: its lower band (with the probability); a reviewer's confirmed or rejected decision "
               "wins here and in every filter, count, chart and assistant answer.")
    if grid.capped:
        st.warning(f"Only the first {len(grid.rows):,} of {grid.total:,} contracts (by title) are in the grid; "
                   "narrow the filter to see the rest.", icon=":material/warning:")


def _table(grid: ClauseGrid) -> str | None:
    frame = grid_frame(grid)
    config = {"title": st.column_config.TextColumn("Contract", width="medium", pinned=True),
              "file_id": st.column_config.TextColumn("File id", width="small"),
              **{c.label: st.column_config.TextColumn(c.label, width="medium", help=(
                  "found / possible (the classifier's bands, its probability) · best section; ✔/✘ a reviewer's "
                  "decision" if c.category else "the best section by the question's words (no band)"))
                 for c in grid.columns}}
    event = st.dataframe(frame, column_config=config, hide_index=True, on_select="rerun",
                         selection_mode="single-row", key=TABLE, row_height=36)
    picked = event.selection.rows if event else []
    return str(frame.iloc[picked[0]]["file_id"]) if picked else None


def _downloads(grid: ClauseGrid) -> None:
    left, right = st.columns(2)
    left.download_button(f"Download the grid ({len(grid.rows):,} rows, CSV)", data=grid_csv(grid),
                         file_name="clause-grid.csv", mime="text/csv", icon=":material/download:",
                         on_click="ignore", key="explorer_grid_csv")
    right.download_button(f"Download the grid ({len(grid.rows):,} rows, Excel)", data=grid_xlsx(grid),
                          file_name="clause-grid.xlsx", mime=XLSX, icon=":material/table_view:",
                          on_click="ignore", key="explorer_grid_xlsx")


@st.fragment
def render_clause_grid(f: ContractFilter) -> None:
    """Category chooser, the grid of the contracts matching `f`, the decision panel and the downloads."""
    st.subheader("Review grid", anchor=False)
    columns = _choose()
    if not columns:
        return
    with reads.guarded(stop=False):
        scope = f.model_copy(update={"limit": 0, "offset": 0, "group_by": None})
        with st.spinner("Reading the contracts' classified sections ..."):
            grid = reads.clause_grid_of(scope.model_dump_json(), columns)
        if not grid.rows:
            st.info("No contract matches this filter.", icon=":material/search_off:")
            return
        _headline(grid)
        picked = _table(grid)
        _downloads(grid)
        render_decision(grid, picked)
        show_queries(grid.queries, key=CYPHER)
