"""The review grid's pure parts: its columns (a question naming a CUAD category becomes that category), a
cell's status (a reviewer's decision wins over the band), the grid's text cells, and its CSV and Excel exports
(one row per contract, formula-safe, control characters Excel refuses dropped)."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime

import pytest
from openpyxl import load_workbook

from components.explorer.clause_grid import cell_text, grid_frame
from core.errors import FilterValidationError
from graph.retrieval.clause_grid import MAX_COLUMNS, Cell, ClauseGrid, Column, GridRow, grid_columns
from graph.retrieval.clause_grid_export import grid_csv, grid_xlsx, headers
from graph.retrieval.clause_review import ReviewRow
from graph.store.clause_decisions import Decision

AT = datetime(2026, 12, 2, 5, 30, tzinfo=UTC)


def _section(band: str | None, score: float = 0.9, quote: str = "Either party may terminate ...") -> ReviewRow:
    return ReviewRow("f1", "T", [], "12.2", "Termination", 3, score, quote, 1, band)


def _grid() -> ClauseGrid:
    cols = [Column("Termination For Convenience", "Termination For Convenience"), Column("force majeure", None)]
    rejected = Decision("f2", cols[0].label, "rejected", "A. Analyst", AT, "=cmd|' /C calc'!A0", "12.2")
    rows = [GridRow("f1", "=SUM(A1)", {cols[0].label: Cell(_section("found")), "force majeure": Cell(None)}),
            GridRow("f2", "Beta\x07 Licence", {cols[0].label: Cell(_section("found"), rejected),
                                              "force majeure": Cell(_section(None, 3.5, "+source code\x00"))}),
            GridRow("f3", "Gamma", {cols[0].label: Cell(_section("possible", 0.41)), "force majeure": Cell(None)})]
    return ClauseGrid(cols, rows, 3)


def test_columns_map_questions_to_categories_and_refuse_bad_input() -> None:
    cols = grid_columns(["Non-Compete"], ["non-compete", "force majeure", "terminate for convenience"])
    assert [(c.label, c.category) for c in cols] == [
        ("Non-Compete", "Non-Compete"), ("force majeure", None),
        ("Termination For Convenience", "Termination For Convenience")]
    with pytest.raises(FilterValidationError, match="Unknown clause category"):
        grid_columns(["Noncompete"], [])
    with pytest.raises(FilterValidationError, match="at least one"):
        grid_columns([], [])
    with pytest.raises(FilterValidationError, match="common words"):
        grid_columns([], ["the what"])
    with pytest.raises(FilterValidationError, match=f"At most {MAX_COLUMNS}"):
        grid_columns([], [f"word{i} majeure" for i in range(MAX_COLUMNS + 1)])


def test_a_decision_wins_over_the_band_in_status_counts_and_text() -> None:
    grid = _grid()
    label = "Termination For Convenience"
    assert [r.cells[label].status for r in grid.rows] == ["found", "rejected", "possible"]
    assert grid.counts(label) == {"found": 1, "possible": 1, "match": 0, "none": 0, "confirmed": 0, "rejected": 1}
    assert grid.counts("force majeure")["match"] == 1 and grid.counts("force majeure")["none"] == 2
    assert [cell_text(r.cells[label]) for r in grid.rows] == [
        "found 0.90 · §12.2", "✘ rejected · §12.2 (A. Analyst)", "possible 0.41 · §12.2"]
    assert cell_text(grid.rows[1].cells["force majeure"]) == "match · §12.2"
    assert list(grid_frame(grid).columns) == ["title", label, "force majeure", "file_id"]


def test_csv_one_row_per_contract_formula_safe() -> None:
    rows = list(csv.reader(io.StringIO(grid_csv(_grid()))))
    assert rows[0] == headers(_grid()) and rows[0][:4] == ["file_id", "contract", "Termination For Convenience: status",
                                                           "Termination For Convenience: section"]
    assert [r[0] for r in rows[1:]] == ["f1", "f2", "f3"]
    assert rows[1][1] == "'=SUM(A1)"
    assert rows[2][2:8] == ["rejected", "§12.2 Termination", "0.9", "Either party may terminate ...",
                            "rejected by A. Analyst on 2026-12-02 05:30 UTC", "'=cmd|' /C calc'!A0"]


def test_excel_opens_with_one_row_per_contract_and_no_formula() -> None:
    book = load_workbook(io.BytesIO(grid_xlsx(_grid())))
    values = list(book.active.iter_rows(values_only=True))
    assert book.active.title == "Clause review" and len(values) == 4
    assert [v[0] for v in values[1:]] == ["f1", "f2", "f3"]
    assert values[1][1] == "'=SUM(A1)" and values[2][1] == "Beta Licence"  # BEL dropped: Excel refuses it
    assert values[2][4] == 0.9 and values[2][11] == "'+source code"
    assert all(c.data_type != "f" for row in book.active.iter_rows() for c in row)
