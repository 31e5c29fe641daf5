"""Stored renewal facts: what `ingest.renewals` reads in a contract's text, written on the Contract, with the
sentence behind each value as a `TermEvidence` node under its Document.

```
(:Contract {renewal_type, term_end, end_date_text, term_perpetual, renewal_months, renewal_days, notice_months,
            notice_days, notice_span_days, convenience_notice_days, initial_term_months, initial_term_days,
            renewal_version})
(:Document)-[:HAS_TERM_EVIDENCE]->(:TermEvidence {file_id, field, value, quote, section_number, section_title,
                                                  page, start, end})
```
`end_date_text` (the initial term's last day as the text gives it) is the text's explicit end date, else its
start (a date the term sentence gives, else the contract's effective date unless the term counts from an
event the text does not date, `start_unknown`) plus the initial term; null when the text gives neither or
says the contract is perpetual (`term_perpetual`). `term_end`, which the renewal maths read, is the
contract's reconciled `end_date` (graph.store.end_dates: a reviewer's value, else `end_date_text`, else the
pre-extracted value), null when the text says perpetual. Months and days: a period in years or months is kept in
months (calendar arithmetic), one in weeks or days in days. `notice_span_days` (the notice in days, by
ingest.renewals.periods' convention) exists only when there is a notice period, under a range index, so the
notice filters start from the few contracts that have one.

The rows are built by ingest.renewals.rows; they are written with the document layer (graph.documents.load:
`load-texts` and an upload's commit) and re-run for every contract with a Document by
`python -m ingest renewals`. A contract's deletion deletes its evidence
with its Document (graph.store.write.DELETE_CONTRACT) and its facts with the node.
"""

from __future__ import annotations

from typing import Any

from neo4j import Driver, ManagedTransaction

from graph.server.db import read, write
from graph.store.end_dates import reconcile

ROW_KEYS = ("renewal_facts", "renewal_evidence")
INDEXES = (
    "CREATE INDEX contract_renewal_type IF NOT EXISTS FOR (c:Contract) ON (c.renewal_type)",
    "CREATE INDEX contract_term_end IF NOT EXISTS FOR (c:Contract) ON (c.term_end)",
    "CREATE INDEX contract_notice_span IF NOT EXISTS FOR (c:Contract) ON (c.notice_span_days)",
    "CREATE INDEX term_evidence_file_id IF NOT EXISTS FOR (e:TermEvidence) ON (e.file_id)",
)
CLEAR_EVIDENCE = """
UNWIND $rows AS row
MATCH (e:TermEvidence {file_id: row.file_id})
DETACH DELETE e
"""
# `end_date_text` is the text's own end of the initial term (never the pre-extracted value); `end_date` and
# `term_end` then follow the precedence of graph.store.end_dates.
SET_FACTS = """
UNWIND $rows AS row
MATCH (c:Contract {file_id: row.file_id})
WITH c, row, coalesce(row.term_start, CASE WHEN row.start_unknown THEN null ELSE c.effective_date END) AS start
SET c.renewal_type = row.renewal_type, c.renewal_months = row.renewal_months, c.renewal_days = row.renewal_days,
    c.notice_months = row.notice_months, c.notice_days = row.notice_days, c.notice_span_days = row.notice_span_days,
    c.convenience_notice_days = row.convenience_notice_days, c.initial_term_months = row.initial_months,
    c.initial_term_days = row.initial_days, c.renewal_version = row.version, c.term_perpetual = row.perpetual,
    c.end_date_text = CASE WHEN row.perpetual THEN null ELSE coalesce(row.end_date,
                   CASE WHEN start IS NULL THEN null
                        WHEN row.initial_months IS NOT NULL THEN start + duration({months: row.initial_months})
                        WHEN row.initial_days IS NOT NULL THEN start + duration({days: row.initial_days}) END) END
WITH c
SET """ + reconcile("c.end_date_confirmed", "c.end_date_text", "c.end_date_extracted") + """
"""
CREATE_EVIDENCE = """
UNWIND $rows AS row
MATCH (:Contract {file_id: row.file_id})-[:HAS_DOCUMENT]->(d:Document)
CREATE (d)-[:HAS_TERM_EVIDENCE]->(:TermEvidence {file_id: row.file_id, field: row.field, value: row.value,
        quote: row.quote, section_number: row.section_number, section_title: row.section_title, page: row.page,
        start: row.start, end: row.end})
"""
DOCUMENT_TEXTS = """
MATCH (c:Contract)-[:HAS_DOCUMENT]->(d:Document)
WHERE d.text IS NOT NULL AND ($ids IS NULL OR c.file_id IN $ids)
RETURN c.file_id AS file_id, d.text AS text ORDER BY file_id
"""
EVIDENCE_OF = """
MATCH (e:TermEvidence {file_id: $file_id})
RETURN e.field AS field, e.value AS value, e.quote AS quote, e.section_number AS section_number,
       e.section_title AS section_title, e.page AS page, e.start AS start, e.end AS end
ORDER BY field
"""
STORED_FACTS = """
MATCH (c:Contract) WHERE c.renewal_version IS NOT NULL
RETURN c.file_id AS file_id, c.effective_date AS effective_date, c.term_end AS term_end,
       c.renewal_type AS renewal_type, c.renewal_months AS renewal_months, c.renewal_days AS renewal_days,
       c.notice_months AS notice_months, c.notice_days AS notice_days, c.notice_span_days AS notice_span_days,
       c.convenience_notice_days AS convenience_notice_days, c.initial_term_months AS initial_months,
       c.initial_term_days AS initial_days
ORDER BY file_id
"""


def write_renewal_rows(tx: ManagedTransaction, rows: dict[str, list[dict[str, Any]]]) -> None:
    """Replace the renewal facts and evidence of every contract in `rows` (inside the caller's transaction)."""
    facts = rows.get("renewal_facts") or []
    if not facts:
        return
    tx.run(CLEAR_EVIDENCE, rows=facts).consume()
    tx.run(SET_FACTS, rows=facts).consume()
    if rows.get("renewal_evidence"):
        tx.run(CREATE_EVIDENCE, rows=rows["renewal_evidence"]).consume()


def ensure_renewal_schema(driver: Driver, database: str | None = None) -> None:
    """The range indexes the renewal filters use (idempotent)."""
    for statement in INDEXES:
        write(driver, statement, {}, database)


def document_texts(driver: Driver, file_ids: list[str] | None = None,
                   database: str | None = None) -> list[dict[str, Any]]:
    """(file_id, text) of every contract whose Document has text, or only `file_ids`."""
    return read(driver, DOCUMENT_TEXTS, {"ids": file_ids}, database)


def term_evidence(driver: Driver, file_id: str, database: str | None = None) -> list[dict[str, Any]]:
    """The evidence rows of one contract, by field."""
    return read(driver, EVIDENCE_OF, {"file_id": file_id}, database)


def stored_facts(driver: Driver, database: str | None = None) -> list[dict[str, Any]]:
    """The stored renewal facts of every contract that has them (the benchmarks' profile of the sample)."""
    return read(driver, STORED_FACTS, {}, database)
