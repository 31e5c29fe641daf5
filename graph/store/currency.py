"""The currency of each contract's amount, stored beside it, and the backfill for databases written before.

```
(:Contract {total_amount, currency, currency_source, currency_evidence, currency_evidence_in})
```
`graph load` and an upload's commit write them (graph.store.prepare.currency_props, read by
core.currency_reader); `total_amount` keeps the amount as written. A database loaded by an earlier version
has amounts without a currency: `backfill_currencies` reads them the same way (the stored document's text,
else the CUAD sample text, then summary and scope) so no amount is left without one.
"""

from __future__ import annotations

from neo4j import Driver

from graph.server.db import read, write
from graph.store.prepare import currency_props
from graph.store.sample import sample_text

PROPERTIES = ("currency", "currency_source", "currency_evidence", "currency_evidence_in")
WITHOUT_CURRENCY = """
MATCH (c:Contract) WHERE c.total_amount IS NOT NULL AND c.currency IS NULL
RETURN c.file_id AS file_id, c.total_amount AS total_amount, c.summary AS summary, c.scope AS scope,
       [(c)-[:HAS_DOCUMENT]->(d:Document) | d.text][0] AS text
"""
SET_CURRENCIES = """
UNWIND $rows AS row
MATCH (c:Contract {file_id: row.file_id})
SET c.currency = row.currency, c.currency_source = row.currency_source,
    c.currency_evidence = row.currency_evidence, c.currency_evidence_in = row.currency_evidence_in
"""


def backfill_currencies(driver: Driver, database: str | None = None) -> int:
    """Read and store the currency of every amount that has none; returns how many were filled in."""
    rows = []
    for r in read(driver, WITHOUT_CURRENCY, database=database):
        props = {"total_amount": r["total_amount"], "summary": r["summary"], "scope": r["scope"]}
        rows.append({"file_id": r["file_id"], **currency_props(props, r["text"] or sample_text(r["file_id"]))})
    for start in range(0, len(rows), 5000):
        write(driver, SET_CURRENCIES, {"rows": rows[start:start + 5000]}, database=database)
    return len(rows)
