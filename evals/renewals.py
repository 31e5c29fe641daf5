"""Scoring of the renewal fields (expiration_date, renewal_term, notice_period) against CUAD's labels.

Hooked into `evals.ingest` (the rules engine's predictions and `field_matches`). Matching rules:

* expiration_date: as every date field of evals.ingest (same calendar day; partly blank answers match
  on their known parts; "perpetual" matches "perpetual"; ";"-separated alternatives, any one matches).
  The rules engine's prediction comes from `ingest.renewals.extract_renewals` on the parsed document,
  counting the initial term from the engine's effective date (else its agreement date).
* renewal_term ("Renewal Term-Answer") and notice_period ("Notice Period To Terminate Renewal- Answer"):
  durations compared in days (a year is 365.25 days, a month a twelfth of that), equal within one day, so
  "12 months" matches "1 year" but "6 months" does not match "180 days". Gold alternatives are separated
  by ";" or "/"; inside one, every "N unit" is summed ("4 years, 6 months"); a leading count of renewals
  ("2 5 years") is ignored; "perpetual" matches "perpetual". Gold without a unit ("successive []", dates)
  still counts as gold, so it can only be missed. Counting (tp/fp/fn/n) is evals.ingest's.

`--split A|B` scores one half of the labelled contracts (sorted by name key: even positions are A, odd
are B): the rules were tuned on A, B is held out.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from ingest.cuad_labels import LabelledContract
from ingest.document.parser import parse_document
from ingest.renewals.extract import extract_renewals
from ingest.renewals.periods import Period, parse_gold_periods, same_length

DURATION_FIELDS = {"renewal_term": "Renewal Term", "notice_period": "Notice Period To Terminate Renewal"}
SPLITS = ("A", "B")


def renewal_predictions(pages: list[str], file_id: str, start: date | None) -> dict[str, Any]:
    """expiration_date (a date or "perpetual"), renewal_term and notice_period (Periods) of one contract."""
    found = extract_renewals(parse_document(pages, file_id), start)
    renewal: Period | None = found.renewal_term.value if found.renewal_term else None
    return {"expiration_date": found.expiration.value if found.expiration else None,
            "renewal_term": renewal,
            "notice_period": found.notice_period.value if found.notice_period else None}


def duration_matches(predicted: Period | str, answer: str) -> bool:
    """Whether a predicted period equals any gold alternative (see the module docstring)."""
    return any(same_length(predicted, gold) for gold in parse_gold_periods(answer))


def in_split(contracts: list[LabelledContract], split: str | None) -> list[LabelledContract]:
    """The contracts of one half (A: even positions by name key, B: odd), or all of them."""
    if split is None:
        return contracts
    ordered = sorted(contracts, key=lambda c: c.key)
    chosen = {c.key for i, c in enumerate(ordered) if i % 2 == SPLITS.index(split)}
    return [c for c in contracts if c.key in chosen]
