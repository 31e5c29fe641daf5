"""Reference answers computed from the graph, so the evaluation set cannot drift from the data.

Each question row carries a machine spec (`kind`, `spec` JSON, `template`); `compute_reference` evaluates it
against the live graph and fills the template. Kinds:

- `count`: spec is a ContractFilter; value `count` (the exact total_count, as the dashboard computes it).
- `aggregation`: spec is a ContractFilter with group_by/metric; values `rows` ("key: value; ..."), `top_key`,
  `top_value`.
- `party`: spec is a party query (name, country); values `total`, `name`, `contract_count`.
- `cypher`: spec is {"cypher": read-only statement}; values are the first row's columns and `rows`.
- `details`: spec is {"file_id"}; values `contract_type`, `effective_date`, `end_date`, `parties`, `governing_law`.

`python -m evals.agent.references QUESTIONS.csv` rewrites the `reference` column from the live graph.
"""

from __future__ import annotations

import csv
import json
import sys
from datetime import date
from pathlib import Path
from typing import Any

from neo4j import Driver

from core.errors import ContractGraphError
from graph.readonly.guard import run_read_only
from graph.reads.repository import contract_details, search_contracts, search_parties

KINDS = ("count", "aggregation", "party", "cypher", "details")
COLUMNS = ("id", "category", "question", "kind", "spec", "template", "reference")


def fmt(value: Any) -> str:
    """Integers plain, floats with thousands separators and at most 2 decimals, dates as ISO, lists joined."""
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, int):
        return str(value)  # counts and years: no separators ("2019", not "2,019")
    if isinstance(value, float):
        return f"{value:,.2f}".rstrip("0").rstrip(".")
    if isinstance(value, list | tuple):
        return ", ".join(fmt(v) for v in value)
    if hasattr(value, "iso_format"):
        return str(value.iso_format())
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def _row_text(row: dict[str, Any]) -> str:
    """A (key, value) row as "key: value", anything else as comma-separated values."""
    values = [fmt(v) for v in row.values()]
    return f"{values[0]}: {values[1]}" if len(values) == 2 else ", ".join(values)


def _rows_text(rows: list[dict[str, Any]]) -> str:
    return "; ".join(_row_text(row) for row in rows)


def _values(driver: Driver, kind: str, spec: dict[str, Any]) -> dict[str, Any]:
    if kind == "count":
        return {"count": search_contracts(driver, {**spec, "limit": 0}).total_count}
    if kind == "aggregation":
        rows = search_contracts(driver, {**spec, "limit": 0}).aggregation or []
        top = rows[0] if rows else {"key": None, "value": None}
        return {"rows": _rows_text(rows), "top_key": fmt(top["key"]), "top_value": fmt(top["value"])}
    if kind == "party":
        found = search_parties(driver, spec)
        first = found["parties"][0] if found["parties"] else {"name": None, "contract_count": 0}
        return {"total": found["total_count"], "name": first["name"], "contract_count": first["contract_count"]}
    if kind == "cypher":
        rows = run_read_only(driver, spec["cypher"], {}).rows
        return {**{k: fmt(v) for k, v in (rows[0] if rows else {}).items()}, "rows": _rows_text(rows)}
    if kind == "details":
        c = contract_details(driver, spec["file_id"])
        parties = "; ".join(f"{p['name']} ({p['role']})" for p in sorted(c["parties"], key=lambda p: p["name"]))
        law = (c.get("governing_law") or {}).get("name")
        return {"contract_type": c["contract_type"], "effective_date": c["effective_date"],
                "end_date": c["end_date"], "parties": parties, "governing_law": law}
    raise ContractGraphError(f"Unknown question kind '{kind}'; valid: {', '.join(KINDS)}.")


def compute_reference(driver: Driver, kind: str, spec: dict[str, Any], template: str) -> str:
    """The reference answer for one row, from the live graph."""
    values = {k: fmt(v) if not isinstance(v, str) else v for k, v in _values(driver, kind, spec).items()}
    try:
        return template.format(**values)
    except (KeyError, IndexError) as e:
        raise ContractGraphError(f"Template '{template}' uses a value {kind} does not give: {e}") from e


def read_rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def write_rows(path: Path, rows: list[dict[str, str]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows({k: row.get(k, "") for k in COLUMNS} for row in rows)


def refresh(driver: Driver, path: Path) -> int:
    """Recompute every reference in `path` from the graph; returns how many changed."""
    rows = read_rows(path)
    changed = 0
    for row in rows:
        new = compute_reference(driver, row["kind"], json.loads(row["spec"] or "{}"), row["template"])
        changed += new != row.get("reference")
        row["reference"] = new
    write_rows(path, rows)
    return changed


def main(argv: list[str] | None = None) -> int:
    from graph.server.db import build_driver

    args = argv if argv is not None else sys.argv[1:]
    if len(args) != 1:
        print("usage: python -m evals.agent.references QUESTIONS.csv", file=sys.stderr)  # noqa: T201
        return 2
    with build_driver() as driver:
        changed = refresh(driver, Path(args[0]))
    print(f"{changed} reference answer(s) updated in {args[0]}")  # noqa: T201
    return 0


if __name__ == "__main__":
    sys.exit(main())
