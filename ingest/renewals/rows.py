"""The rows that write a contract's renewal facts and evidence (graph.documents.renewal_facts), built from its parsed
document, and `refresh_renewals`, which re-extracts them for the contracts already in the graph."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from neo4j import Driver

from graph.documents.renewal_facts import ROW_KEYS, document_texts, ensure_renewal_schema, write_renewal_rows
from graph.server.db import write_tx
from ingest.document import parse_document
from ingest.document.classify import Categories
from ingest.document.models import ParsedDocument
from ingest.renewals.extract import Found, RenewalTerms, extract_renewals
from ingest.renewals.periods import Period
from ingest.renewals.sentences import document_sentences

log = logging.getLogger(__name__)
RENEWAL_VERSION = 4  # 2: start_unknown (a term counted from an undated event has no term_end)
# 3: term sections first, "until terminated" wordings, a named start date ("from the Launch Date"), another
# instrument's renewal, a renewal length defined apart, the implied-renewal score
# 4: a word between a number and its unit ("one (1) additional year"); one notion of the term's sections
FIELDS = ("expiration", "initial_term", "renewal_type", "renewal_term", "notice_period", "convenience_notice",
          "note")  # note: why a value was left empty (stored as evidence, so the Contract page shows it)
BATCH = 50


def _split(period: Period | None) -> tuple[int | None, int | None]:
    """(months, days) of a period: years and months in months, weeks and days in days."""
    if period is None:
        return None, None
    if period.months is not None:
        return period.months, None
    return None, period.amount * (7 if period.unit == "W" else 1)


def _value(found: Found[Any] | None) -> Any:
    return found.value if found is not None else None


def facts_row(found: RenewalTerms, file_id: str) -> dict[str, Any]:
    """The Contract properties SET_FACTS writes for one contract."""
    expiration = _value(found.expiration)
    initial_months, initial_days = _split(_value(found.initial_term))
    renewal_months, renewal_days = _split(_value(found.renewal_term))
    notice_months, notice_days = _split(_value(found.notice_period))
    notice, convenience = _value(found.notice_period), _value(found.convenience_notice)
    return {"file_id": file_id, "renewal_type": found.kind, "perpetual": expiration == "perpetual",
            "end_date": expiration if expiration not in (None, "perpetual") and found.initial_term is None
            else None,
            "term_start": found.start_date, "start_unknown": found.start_unknown,
            "initial_months": initial_months, "initial_days": initial_days,
            "renewal_months": renewal_months, "renewal_days": renewal_days, "notice_months": notice_months,
            "notice_days": notice_days, "notice_span_days": round(notice.days) if notice else None,
            "convenience_notice_days": round(convenience.days) if convenience else None,
            "version": RENEWAL_VERSION}


def evidence_rows(found: RenewalTerms, file_id: str) -> list[dict[str, Any]]:
    """One row per value found: the value as text and the sentence it came from."""
    rows = []
    for name in FIELDS:
        item = getattr(found, name)
        if item is None:
            continue
        ev = item.evidence
        rows.append({"file_id": file_id, "field": name, "value": str(item.value), "quote": ev.quote,
                     "section_number": ev.section_number, "section_title": ev.section_title, "page": ev.page,
                     "start": ev.start, "end": ev.end})
    return rows


def renewal_rows(doc: ParsedDocument, file_id: str, found: RenewalTerms | None = None,
                 categories: Categories | None = None) -> dict[str, list[dict[str, Any]]]:
    """The rows that write one contract's renewal facts and evidence (computed without the database: the
    term's start falls back to the contract's effective date in SET_FACTS). `found`: facts another engine
    read from this document (ingest.renewals.llm); by default the rules engine reads them. `categories`:
    the sections' categories, when the caller has them already."""
    if found is None:
        found = extract_renewals(doc, sentences=document_sentences(doc, categories))
    return {"renewal_facts": [facts_row(found, file_id)], "renewal_evidence": evidence_rows(found, file_id)}


Extractor = Callable[[ParsedDocument, str], RenewalTerms]  # (document, file_id) -> facts


def refresh_renewals(driver: Driver, file_ids: list[str] | None = None, database: str | None = None,
                     progress: Callable[[int], None] | None = None, extract: Extractor | None = None) -> int:
    """Re-extract the renewal facts of every contract whose Document has text (or only `file_ids`) with the
    rules engine, or `extract` (the LLM engine); returns how many contracts were written. Batched, one
    transaction per batch."""
    ensure_renewal_schema(driver, database)
    texts = document_texts(driver, file_ids, database)
    for start in range(0, len(texts), BATCH):
        batch: dict[str, list[dict[str, Any]]] = {key: [] for key in ROW_KEYS}
        for row in texts[start:start + BATCH]:
            doc = parse_document(row["text"].split("\f"), row["file_id"])
            found = extract(doc, row["file_id"]) if extract is not None else None
            for key, values in renewal_rows(doc, row["file_id"], found).items():
                batch[key] += values
        write_tx(driver, lambda tx, b=batch: write_renewal_rows(tx, b), database)
        if progress:
            progress(len(texts[start:start + BATCH]))
    log.info("renewal facts written for %d contracts", len(texts))
    return len(texts)


