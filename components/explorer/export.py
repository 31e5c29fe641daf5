"""Tables and CSV of matching contracts. The CSV is graph.reads.contracts_csv's (every match, 500 per query,
each chunk after the last row of the one before, so it holds every row, not only the page on screen), built in
memory for the download button. No Streamlit here: the CSV is built on click, off the script thread."""

from __future__ import annotations

import io
import re
from datetime import date
from typing import Any

import pandas as pd
from neo4j import Driver

from core.labels import duration_label
from graph.query.filters import ContractFilter
from graph.reads.contracts_csv import CSV_COLUMNS, flat_row, write_contracts_csv


def contracts_frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """A page of contracts for st.dataframe: real dates, numbers and lists."""
    frame = pd.DataFrame([flat_row(r) for r in rows], columns=list(CSV_COLUMNS))
    for name in ("effective_date", "end_date"):
        frame[name] = pd.to_datetime(frame[name], errors="coerce").dt.date
    frame["total_amount"] = pd.to_numeric(frame["total_amount"], errors="coerce")
    # Words in the table ('5 years'), as on the Contract page; the CSV keeps the ISO value ('P5Y').
    frame["duration"] = frame["duration"].map(lambda v: duration_label(v) if isinstance(v, str) and v else None)
    return frame


def contracts_csv(driver: Driver, f: ContractFilter) -> str:
    """CSV of every contract matching `f`. A cell a spreadsheet would read as a formula starts with an
    apostrophe (core.text_safety.csv_cell)."""
    out = io.StringIO()
    write_contracts_csv(driver, f, out)
    return out.getvalue()


MAX_NAME_PART = 60


def csv_name(what: str, f: ContractFilter, today: date) -> str:
    """A download's file name saying what it holds: the page, the filter's fields and the day
    ('contracts-contract_types-license-min_effective_date-2015-01-01-2026-12-02.csv'; 'all' without a filter)."""
    words = [str(part) for key, value in f.describe().items() if key not in ("limit", "offset", "sort_by",
                                                                            "sort_order", "group_by", "metric")
             for part in (key, *(value if isinstance(value, list) else [value]))]
    slug = re.sub(r"[^a-z0-9_.]+", "-", "-".join(words).lower()).strip("-.")[:MAX_NAME_PART].strip("-.") or "all"
    return f"{what}-{slug}-{today.isoformat()}.csv"
