"""The review grid as a CSV and as an Excel workbook: one row per contract, for each column its status
(found / possible / match / none, or a reviewer's confirmed / rejected), section, confidence, quote and the
decision's provenance. Every text cell goes through `core.text_safety.csv_cell` (a cell a spreadsheet would read
as a formula starts with an apostrophe); Excel also refuses control characters, which are dropped.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Font

from core.text_safety import csv_cell, csv_row
from graph.retrieval.clause_grid import Cell, ClauseGrid

FIELDS = ("status", "section", "confidence", "quote", "decision", "note")
SHEET_TITLE = "Clause review"


def headers(grid: ClauseGrid) -> list[str]:
    """file_id, contract, then '<column>: <field>' for each column and field."""
    return ["file_id", "contract", *(f"{c.label}: {name}" for c in grid.columns for name in FIELDS)]


def _cell_values(cell: Cell) -> list[Any]:
    row, decision = cell.section, cell.decision
    return [cell.status,
            "" if row is None else f"{row.cite()} {row.section_title}".strip(),
            None if row is None else round(row.score, 4),
            "" if row is None else row.quote,
            "" if decision is None else decision.provenance(),
            "" if decision is None else decision.note]


def rows(grid: ClauseGrid) -> list[list[Any]]:
    """The export's rows (no header), one per contract in grid order."""
    return [[r.file_id, r.title, *(v for c in grid.columns for v in _cell_values(r.cells[c.label]))]
            for r in grid.rows]


def grid_csv(grid: ClauseGrid) -> str:
    """The grid as CSV text, formula-safe."""
    out = io.StringIO()
    names = headers(grid)
    writer = csv.DictWriter(out, fieldnames=names)
    writer.writeheader()
    for values in rows(grid):
        writer.writerow(csv_row(dict(zip(names, ["" if v is None else v for v in values], strict=True))))
    return out.getvalue()


def _xlsx_value(value: Any) -> Any:
    if isinstance(value, str):
        return csv_cell(ILLEGAL_CHARACTERS_RE.sub("", value))
    return value


def grid_xlsx(grid: ClauseGrid) -> bytes:
    """The grid as an .xlsx workbook (one sheet, a bold frozen header row), formula-safe."""
    book = Workbook()
    sheet = book.active
    sheet.title = SHEET_TITLE
    sheet.append([_xlsx_value(h) for h in headers(grid)])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    sheet.freeze_panes = "C2"
    for values in rows(grid):
        sheet.append([_xlsx_value(v) for v in values])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
