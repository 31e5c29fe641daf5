"""The amounts of the graph by currency, with the sentence each currency was read from (graph.store.currency):
what `python -m graph currencies` prints and docs/FILTERS.md#currencies lists for the sample."""

from __future__ import annotations

from typing import Any

from neo4j import Driver

from core.currency import format_money
from graph.server.db import read

AMOUNTS_BY_CURRENCY = """
MATCH (c:Contract) WHERE c.total_amount IS NOT NULL AND ($all OR c.currency IS NULL OR c.currency <> 'USD')
RETURN c.file_id AS file_id, coalesce(c.title, c.file_id) AS title, c.total_amount AS total_amount,
       c.currency AS currency, c.currency_source AS currency_source, c.currency_evidence AS currency_evidence,
       c.currency_evidence_in AS currency_evidence_in
ORDER BY c.currency, c.file_id
"""


def amounts_by_currency(driver: Driver, include_usd: bool = False, database: str | None = None) -> list[dict[str, Any]]:
    """Every stated amount not in US dollars (with `include_usd`, every amount), by currency then file id."""
    return read(driver, AMOUNTS_BY_CURRENCY, {"all": include_usd}, database)


def markdown_table(rows: list[dict[str, Any]]) -> str:
    """The rows as a Markdown table: contract, amount as written with its currency, how it was found, sentence."""
    def cell(text: Any) -> str:
        return " ".join(str(text or "").split()).replace("|", "\\|")

    lines = ["| contract (file id) | amount | how | sentence |", "| --- | ---: | --- | --- |"]
    for r in rows:
        sentence = f"{r['currency_evidence_in']}: “{r['currency_evidence']}”" if r["currency_evidence"] else "—"
        lines.append(f"| {cell(r['file_id'])} | {cell(format_money(r['total_amount'], r['currency'], code=True))} "
                     f"| {cell(r['currency_source'])} | {cell(sentence)} |")
    return "\n".join(lines)
