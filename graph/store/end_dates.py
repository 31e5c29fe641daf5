"""One end of the initial term per contract, stored as `end_date`, reconciled from up to three values.

```
(:Contract {end_date, end_date_source, end_date_confirmed, end_date_text, end_date_extracted})
```
Precedence (docs/RENEWALS.md#end-date):

1. `end_date_confirmed`: a value a reviewer confirmed (`confirm_end_date`); source "reviewer".
2. `end_date_amended`: the end as the contract's amendments changed it (graph.store.families: the latest
   term change of its family, with `end_date_amended_by` and `end_date_amended_quote`); source "amendment".
3. `end_date_text`: the end of the initial term read from the contract's own text, with its evidence
   (graph.documents.renewal_facts writes it with the document layer: the text's explicit end date, else the
   term's start plus the initial term); source "text".
4. `end_date_extracted`: the pre-extracted value (contract_data.json `end_date`, or an upload's reviewed
   form); source "extracted".

`end_date` is the first of them that is known, `end_date_source` says which (null when none is), and the
other values stay on the node. Every writer of one of the three re-applies the precedence in the same
statement (`graph load` in graph.store.load_statements.MERGE_CONTRACTS, `ingest load-texts` and `ingest
renewals` in graph.documents.renewal_facts.SET_FACTS, a reviewer here), so the order of loading does not
matter and a re-load of either keeps it. The renewal maths' `term_end` follows `end_date` (null when the
text says perpetual), so the status, the Renewals page and the filters use the same end.
"""

from __future__ import annotations

from datetime import date

from neo4j import Driver

from core.errors import NotFound
from graph.query import renewal_keys, status_cypher
from graph.server.db import write_rows

PROPERTIES = ("end_date", "end_date_source", "end_date_confirmed", "end_date_amended", "end_date_text",
              "end_date_extracted")
SOURCES = ("reviewer", "amendment", "text", "extracted")


def reconcile(confirmed: str, text: str, extracted: str, amended: str = "c.end_date_amended") -> str:
    """The SET items (after `SET `) that store the reconciled end on `c` from four Cypher expressions (the
    amended end is the stored one unless a writer passes another), then a second SET clause storing the
    contract's in-force span (graph.query.status_cypher.SET_SPAN). Every writer of an effective date, end date or
    renewal type ends with it, so the span is never older than the facts it follows from."""
    end = f"coalesce({confirmed}, {amended}, {text}, {extracted})"
    source = (f"CASE WHEN {confirmed} IS NOT NULL THEN 'reviewer' WHEN {amended} IS NOT NULL THEN 'amendment' "
              f"WHEN {text} IS NOT NULL THEN 'text' WHEN {extracted} IS NOT NULL THEN 'extracted' END")
    # term_end is the renewal maths' copy, stored only for contracts whose text was read (renewal_version);
    # null when the text says perpetual (a database written before `term_perpetual`: when it was null)
    term_end = (f"CASE WHEN c.renewal_version IS NULL THEN c.term_end "
                f"WHEN coalesce(c.term_perpetual, c.term_end IS NULL) THEN null ELSE {end} END")
    # Then the in-force span and the renewal keys, from the end just stored (a second SET clause: it reads the
    # new end_date and term_end).
    return (f"c.end_date = {end}, c.end_date_source = {source}, c.term_end = {term_end}\n"
            f"SET {status_cypher.SET_SPAN}, {renewal_keys.SET_KEYS}")


CONFIRM_END_DATE = """
MATCH (c:Contract {file_id: $file_id})
SET c.end_date_confirmed = $end_date
WITH c
SET """ + reconcile("c.end_date_confirmed", "c.end_date_text", "c.end_date_extracted") + """
RETURN c.end_date AS end_date, c.end_date_source AS source
"""
# Databases written before the reconciliation hold only `end_date` (the pre-extracted value).
BACKFILL_EXTRACTED = """
MATCH (c:Contract) WHERE c.end_date IS NOT NULL AND c.end_date_source IS NULL
SET c.end_date_extracted = c.end_date, c.end_date_source = 'extracted'
"""


def confirm_end_date(driver: Driver, file_id: str, end_date: date | None,
                     database: str | None = None) -> tuple[date | None, str | None]:
    """Store a reviewer's confirmed end of the initial term (None withdraws it) and re-apply the precedence;
    returns the contract's (end_date, end_date_source). NotFound when there is no such contract."""
    rows = write_rows(driver, CONFIRM_END_DATE, {"file_id": file_id, "end_date": end_date}, database)
    if not rows:
        raise NotFound(f"No contract with file_id '{file_id[:200]}'.")
    found = rows[0]["end_date"]
    return (found.to_native() if found is not None else None), rows[0]["source"]
