"""The contracts CSV: one row per contract a filter matches, in its page order, the same file from the
Explorer's "Download all rows" and from `python -m graph export`. Rows are read a chunk at a time
(`iter_contracts`) and written as they come, so a file of any size needs little memory; a cell a spreadsheet
would read as a formula starts with an apostrophe (core.text_safety.csv_row)."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from datetime import date
from typing import Any, TextIO

from neo4j import Driver

from core.labels import duration_label, law_label, party_labels
from core.text_safety import csv_row
from graph.query.filters import ContractFilter
from graph.reads.repository import iter_contracts

# The amount as written and its ISO 4217 currency, with how the currency was found (text/context/assumed).
CSV_COLUMNS = ("file_id", "title", "contract_type", "effective_date", "end_date", "duration", "total_amount",
               "currency", "currency_source", "parties", "party_countries", "governing_law", "summary")


def all_contracts(driver: Driver, f: ContractFilter, today: date | None = None) -> Iterator[dict[str, Any]]:
    """Every contract matching `f` in its sort order (graph.reads.repository.iter_contracts: chunks that start
    after the previous one's last row; offsets re-read every earlier row and ran out of memory at depth)."""
    return iter_contracts(driver, f.model_copy(update={"group_by": None}), today)


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


def csv_flat_row(row: dict[str, Any]) -> dict[str, Any]:
    """`flat_row` as CSV cells: lists joined with ' | ', the term in words ('10 years', as the table shows it),
    an unknown value an empty cell (never the table's '—', which a spreadsheet would take for text)."""
    flat = flat_row(row)
    flat["parties"] = " | ".join(flat["parties"])
    flat["party_countries"] = " | ".join(flat["party_countries"])
    flat["duration"] = duration_label(flat["duration"]) if flat["duration"] else None
    return {k: None if v == "—" else v for k, v in flat.items()}


def write_contracts_csv(driver: Driver, f: ContractFilter, out: TextIO, today: date | None = None) -> int:
    """Write the header and every contract matching `f` to `out`; returns the number of contracts written."""
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS)
    writer.writeheader()
    written = 0
    for row in all_contracts(driver, f, today):
        writer.writerow(csv_row(csv_flat_row(row)))
        written += 1
    return written
