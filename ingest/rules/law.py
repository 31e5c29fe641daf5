"""Governing law: the jurisdiction named by the contract's choice-of-law sentence.

Triggers, strongest first: "governed by", "construed ... in accordance with / under", "laws of X shall
govern", "governing law". The jurisdiction is the first one named within the window that follows the
trigger's "laws of" (or precedes "law"); a country is refined to its state or province when one of
that country follows in the same window ("federal laws of the United States and the laws of the State
of California" -> US/CA). Incorporation phrases ("organized under the laws of") are never triggers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ingest.rules.jurisdictions import Jurisdiction, find_jurisdictions

_TRIGGERS: list[tuple[re.Pattern[str], float]] = [
    (re.compile(r"\b(?:shall|will|is|are|be)\s+(?:exclusively\s+|solely\s+)?(?:governed|interpreted|construed)"
                r"(?:[^.]{0,120}?)\b(?:by|under|in\s+accordance\s+with|pursuant\s+to)\b", re.IGNORECASE), 0.95),
    (re.compile(r"\bgoverned\s+(?:by|under)\b", re.IGNORECASE), 0.9),
    (re.compile(r"\blaws?\s+of\s+[^.]{0,80}?\s+(?:shall|will)\s+(?:govern|apply|control)", re.IGNORECASE), 0.85),
    (re.compile(r"\bgoverning\s+law\b|\bchoice\s+of\s+law\b|\bapplicable\s+law\b", re.IGNORECASE), 0.7),
    (re.compile(r"\b(?:subject\s+to|in\s+accordance\s+with)\s+the\s+(?:substantive\s+|internal\s+)?laws?\s+of\b",
                re.IGNORECASE), 0.6),
]
_WINDOW = 260
_INCORPORATION = re.compile(r"(?:organized|incorporated|existing|formed|registered)\s+(?:and\s+existing\s+)?"
                            r"under\s+the\s+laws?\s+of\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class LawHit:
    """A governing-law finding: jurisdiction, confidence and the sentence span in `Doc.flat`."""

    jurisdiction: Jurisdiction
    confidence: float
    start: int
    end: int


def _pick(flat: str, start: int, end: int) -> tuple[Jurisdiction, int] | None:
    found = [(j, s, e) for j, s, e in find_jurisdictions(flat, start, end)
             if not _INCORPORATION.search(flat[max(0, s - 60):s])]
    if not found:
        return None
    first, first_end = found[0][0], found[0][2]
    if first[1] is None:
        for jurisdiction, _, e in found[1:3]:
            if jurisdiction[0] == first[0] and jurisdiction[1] is not None:
                return jurisdiction, e
    return first, first_end


def _sentence_end(flat: str, pos: int, limit: int) -> int:
    stop = re.compile(r"\.\s+(?=[A-Z(])").search(flat, pos, limit)
    return stop.start() + 1 if stop else limit


def find_governing_law(flat: str) -> LawHit | None:
    """The strongest-triggered jurisdiction in the text, or None when no choice-of-law sentence names one."""
    for pattern, confidence in _TRIGGERS:
        for match in pattern.finditer(flat):
            window_end = _sentence_end(flat, match.end(), min(len(flat), match.end() + _WINDOW))
            picked = _pick(flat, match.start(), window_end)
            if picked is not None:
                start = max(0, flat.rfind(". ", 0, match.start()) + 2)
                return LawHit(picked[0], confidence, start, max(window_end, picked[1]))
    return None
