"""Quantities as contracts write them: "five (5) years", "thirty (30) days", "12 months", "one year"."""

from __future__ import annotations

import re

_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "eighteen": 18, "twenty": 20, "twenty-four": 24, "thirty": 30, "forty-five": 45, "forty": 40,
    "fifty": 50, "sixty": 60, "ninety": 90, "a": 1, "an": 1, "one hundred twenty": 120,
    "one hundred eighty": 180, "one hundred and twenty": 120, "one hundred and eighty": 180,
}
_WORD = "|".join(sorted((re.escape(w) for w in _WORDS), key=len, reverse=True))
UNIT = r"(?P<unit>years?|months?|days?|weeks?|calendar\s+(?:years?|months?|days?)|business\s+days?)"
QUANTITY = (
    rf"(?:(?P<word>{_WORD})\s*(?:\(\s*(?P<paren>\d{{1,4}})\s*\))?|(?P<digits>\d{{1,4}}))\s*-?\s*{UNIT}"
)
QUANTITY_RE = re.compile(QUANTITY, re.IGNORECASE)
_ISO_UNIT = {"year": "Y", "month": "M", "week": "W", "day": "D"}


def quantity(match: re.Match[str]) -> tuple[int, str] | None:
    """(amount, ISO unit letter) of a `QUANTITY` match; None for nonsense such as zero."""
    if match["paren"]:
        amount = int(match["paren"])
    elif match["digits"]:
        amount = int(match["digits"])
    else:
        amount = _WORDS[match["word"].lower()]
    unit_word = match["unit"].lower().split()[-1].rstrip("s")
    if amount <= 0:
        return None
    return amount, _ISO_UNIT[unit_word]


def iso_duration(amount: int, unit: str) -> str:
    """ISO 8601 duration such as P3Y or P90D."""
    return f"P{amount}{unit}"
