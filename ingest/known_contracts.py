"""Is an upload a contract the graph knows only from its metadata (loaded from JSON, no text stored)?

Without a stored text there is no fingerprint to compare, so the upload's own facts are compared with each
text-less candidate's (`graph.store.duplicates.contracts_without_text`: dated near one of the upload's dates,
or a contract of a party the upload's parties were matched to). Each signal gives points:

* **date**: the stored effective date equals one the upload states (its effective or agreement date): 2;
  within `NEAR_DAYS` of one: 1 (a record's effective date is often the signing date, or the first of a month).
* **parties**: every party on the smaller side matches one on the other (legal forms, case and punctuation
  ignored; rapidfuzz `token_set_ratio` >= `PARTY_RATIO`): 2; some do: 1.
* **title**: the upload's title (`ingest.rules.title`) reads as the stored one (`fuzz.ratio` of the normalised
  titles >= `TITLE_RATIO`; "Amendment No. 2 to the Supply Agreement" is not "Supply Agreement"): 1.
* **type**: the same contract type: 1.

A candidate is recognised with at least `MIN_POINTS`, a date signal and a party or title signal (a date and a
type alone are not enough); without any date in the upload only matching parties and title together do. A tie
between the best two claims nothing: two amendments between the same parties are different contracts, and a
wrong "this is X" would link the file to the wrong contract.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from rapidfuzz import fuzz

from core.names import loose_party_key

NEAR_DAYS = 120
PARTY_RATIO = 90
TITLE_RATIO = 90
MIN_POINTS = 3
MAX_POINTS = 6


@dataclass(frozen=True)
class UploadFacts:
    """What an upload says about itself: its title, type, dates (ISO) and party names."""

    title: str | None
    contract_type: str | None
    dates: tuple[str, ...]
    parties: tuple[str, ...]

    def windows(self) -> list[tuple[str, str]]:
        """The date ranges (ISO first and last day) a candidate's effective date is looked up in."""
        days = [date.fromisoformat(d) for d in self.dates]
        near = timedelta(days=NEAR_DAYS)
        return [((d - near).isoformat(), (d + near).isoformat()) for d in days]


@dataclass(frozen=True)
class Score:
    """One candidate's points and the signals that gave them."""

    file_id: str
    points: int
    signals: tuple[str, ...]
    dated: bool


def _norm(text: str | None) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", (text or "").lower()))


def date_points(dates: tuple[str, ...], stored: Any) -> int:
    """2 for the same day, 1 within NEAR_DAYS, else 0."""
    if stored is None or not dates:
        return 0
    day = stored if isinstance(stored, date) else date.fromisoformat(str(stored))
    gap = min(abs((date.fromisoformat(d) - day).days) for d in dates)
    return 2 if gap == 0 else 1 if gap <= NEAR_DAYS else 0


def party_points(ours: tuple[str, ...] | list[str], theirs: list[str]) -> int:
    """2 when every party of the smaller side matches one of the other's, 1 when some do, else 0."""
    a = [k for k in (loose_party_key(n) for n in ours if n) if k]
    b = [k for k in (loose_party_key(n) for n in theirs if n) if k]
    if not a or not b:
        return 0
    found = sum(1 for x in a if any(fuzz.token_set_ratio(x, y) >= PARTY_RATIO for y in b))
    return 0 if not found else 2 if found >= min(len(a), len(b)) else 1


def score(facts: UploadFacts, row: dict[str, Any]) -> Score:
    """The points a text-less candidate scores against the upload."""
    signals, points = [], 0
    got = date_points(facts.dates, row.get("effective_date"))
    if got:
        signals.append("effective date" if got == 2 else "effective date within 120 days")
    points += got
    parties = party_points(facts.parties, row.get("parties") or [])
    if parties:
        signals.append("parties" if parties == 2 else "some parties")
    points += parties
    if facts.title and row.get("title") and fuzz.ratio(_norm(facts.title), _norm(row["title"])) >= TITLE_RATIO:
        signals.append("title")
        points += 1
    if facts.contract_type and facts.contract_type == row.get("contract_type"):
        signals.append("type")
        points += 1
    return Score(row["file_id"], points, tuple(signals), got > 0)


def recognised(facts: UploadFacts, rows: list[dict[str, Any]]) -> Score | None:
    """The one candidate the upload is, or None (too little in common, or two candidates equally close)."""
    scored = sorted((score(facts, row) for row in rows), key=lambda s: (-s.points, s.file_id))
    if not scored:
        return None
    best = scored[0]
    undated_ok = not facts.dates and {"parties", "title"} <= set(best.signals)
    names_it = bool({"parties", "some parties", "title"} & set(best.signals))  # a date and a type are not enough
    if best.points < MIN_POINTS or not names_it or not (best.dated or undated_ok):
        return None
    if len(scored) > 1 and scored[1].points == best.points:
        return None
    return best
