"""Tables and CSV of matching contracts. `all_contracts` reads every match, 500 per query, each chunk after
the last row of the one before, so the CSV holds every row, not only the page on screen. No Streamlit here:
the CSV is built on click, off the script thread."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from datetime import date
from typing import Any

import pandas as pd
from neo4j import Driver

from components.formatting import duration_label, law_label, party_labels
from core.text_safety import csv_row
from graph.query.filters import ContractFilter
from graph.reads.repository import iter_contracts

# The amount as written and its ISO 4217 currency, with how the currency was found (text/context/assumed).
CSV_COLUMNS = ("file_id", "title", "contract_type", "effective_date", "end_date", "duration", "total_amount",
               "currency", "currency_source", "parties", "party_countries", "governing_law", "summary")


def all_contracts(driver: Driver, f: ContractFilter) -> Iterator[dict[str, Any]]:
    """Every contract matching `f` in its sort order (graph.reads.repository.iter_contracts: chunks that start
    after the previous one's last row; offsets re-read every earlier row and ran out of memory at depth)."""
    return iter_contracts(driver, f.model_copy(update={"group_by": None}))


def flat_row(row: dict[str, Any]) -> dict[str, Any]:
    """One contract as flat, readable columns (parties as 'Name (role; US)' labels)."""
    countries = sorted({c for p in row.get("parties") or [] for c in p.get("countries") or []})
    return {
        "file_id": row["file_id"], "title": row.get("title") or row["file_id"],
        "contract_type": row.get("contract_type"),
        "effective_date": row.get("effective_date"), "end_date": row.get("end_date"),
        "duration": row.get("duration"), "total_amount": row.get("total_amount"),
        "currency": row.get("currency"), "currency_source": row.get("currency_source"),
        "parties": party_labels(row.get("parties")), "party_countries": countries,
        "governing_law": law_label(row.get("governing_law")), "summary": row.get("summary"),
    }


def contracts_frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """A page of contracts for st.dataframe: real dates, numbers and lists."""
    frame = pd.DataFrame([flat_row(r) for r in rows], columns=list(CSV_COLUMNS))
    for name in ("effective_date", "end_date"):
        frame[name] = pd.to_datetime(frame[name], errors="coerce").dt.date
    frame["total_amount"] = pd.to_numeric(frame["total_amount"], errors="coerce")
    # Words in the table ('5 years'), as on the Contract page; the CSV keeps the ISO value ('P5Y').
    frame["duration"] = frame["duration"].map(lambda v: duration_label(v) if isinstance(v, str) and v else None)
    return frame


def csv_flat_row(row: dict[str, Any]) -> dict[str, Any]:
    """`flat_row` as CSV cells: lists joined with ' | ', the term in words ('10 years', as the table shows it),
    an unknown value an empty cell (never the table's '—', which a spreadsheet would take for text)."""
    flat = flat_row(row)
    flat["parties"] = " | ".join(flat["parties"])
    flat["party_countries"] = " | ".join(flat["party_countries"])
    flat["duration"] = duration_label(flat["duration"]) if flat["duration"] else None
    return {k: None if v == "—" else v for k, v in flat.items()}


def contracts_csv(driver: Driver, f: ContractFilter) -> str:
    """CSV of every contract matching `f`. A cell a spreadsheet would read as a formula starts with an
    apostrophe (core.text_safety.csv_cell)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS)
    writer.writeheader()
    for row in all_contracts(driver, f):
        writer.writerow(csv_row(csv_flat_row(row)))
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
