"""Find calendar dates written the ways contracts write them, and add ISO-style terms to dates.

Recognised: "May 8, 2014", "May 8th 2014", "8 May 2014", "the 8th day of May, 2014", "this 8th day
of May 2014", "May 2014" (no day: not a full date, skipped), "5/8/2014", "05-08-2014", "2014-05-08".
PDF text sometimes splits ordinals ("20t h"), so the suffix tolerates one inner space.
"""

from __future__ import annotations

import calendar
import re
from datetime import date

from core.vocab import MONTH_NUMBERS, MONTH_WORD_PATTERN
from ingest.rules.text import Hit

_MONTHS = MONTH_NUMBERS
_MONTH = rf"(?P<month>{MONTH_WORD_PATTERN})\.?"  # matched case-insensitively
_DAY = r"(?P<day>[0-3]?\d)\s?(?:st|nd|rd|th|t\s?h|s\s?t|n\s?d|r\s?d)?"
_YEAR = r"(?P<year>(?:19|20)\d\s?\d)"

_PATTERNS = [
    re.compile(rf"\b{_MONTH}\s*{_DAY}\s*,?\s*{_YEAR}\b", re.IGNORECASE),
    re.compile(rf"\b{_DAY}\s+(?:day\s+of\s+)?{_MONTH}\s*,?\s*(?:in\s+the\s+year\s+)?{_YEAR}\b", re.IGNORECASE),
    re.compile(r"\b(?P<month>[01]?\d)[/.-](?P<day>[0-3]?\d)[/.-](?P<year>(?:19|20)\d\d|\d\d)\b"),
    re.compile(r"\b(?P<year>(?:19|20)\d\d)-(?P<month>[01]\d)-(?P<day>[0-3]\d)\b"),
]


def _month_number(text: str) -> int:
    return int(text) if text.isdigit() else _MONTHS[text.lower().rstrip(".")]


def _year_number(text: str) -> int:
    year = int(text.replace(" ", ""))
    if year < 100:  # two-digit years: CUAD's contracts date from 1993 to 2020
        year += 2000 if year < 50 else 1900
    return year


def _to_date(match: re.Match[str]) -> date | None:
    try:
        return date(_year_number(match["year"]), _month_number(match["month"]), int(match["day"]))
    except (ValueError, KeyError):
        return None


def find_dates(flat: str, start: int = 0, end: int | None = None) -> list[Hit]:
    """Every valid date in `flat[start:end]`, in text order, as hits whose value is a `date`."""
    end = len(flat) if end is None else end
    hits: dict[int, Hit] = {}
    for pattern in _PATTERNS:
        for match in pattern.finditer(flat, start, end):
            value = _to_date(match)
            if value is not None and not any(h.start <= match.start() < h.end for h in hits.values()):
                hits[match.start()] = Hit(value, match.start(), match.end())
    return sorted(hits.values(), key=lambda h: h.start)


def parse_date(text: str) -> date | None:
    """The first date in `text`, or None."""
    hits = find_dates(text)
    return hits[0].value if hits else None  # type: ignore[return-value]


def add_months(start: date, months: int) -> date:
    """`start` plus whole months, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29)."""
    index = start.month - 1 + months
    year, month = start.year + index // 12, index % 12 + 1
    return date(year, month, min(start.day, calendar.monthrange(year, month)[1]))
