"""Periods as contracts state them ("five (5) years", "ninety (90) days", "annual") and their comparison.

A `Period` keeps the contract's own unit, because calendar arithmetic differs by unit (a month is not 30
days). For scoring and for the graph's `*_days` facts it is also given in days by one fixed convention:
a year is 365.25 days and a month a twelfth of that, so "12 months" equals "1 year" within the one-day
tolerance of `same_length` (see ingest.evaluate_renewals), while "6 months" (182.6 days) is not "180 days".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ingest.rules.numbers import QUANTITY_RE, quantity

UNIT_DAYS = {"D": 1.0, "W": 7.0, "M": 365.25 / 12, "Y": 365.25}
_ANNUAL = re.compile(r"\b(?:annual(?:ly)?|year[\s-]to[\s-]year|yearly)\b", re.IGNORECASE)
_MONTHLY = re.compile(r"\bmonth[\s-]to[\s-]month\b", re.IGNORECASE)
_GOLD_PART = re.compile(r"(\d+(?:\.\d+)?)\s*(years?|months?|weeks?|days?)", re.IGNORECASE)
_TO_UNIT = re.compile(r"[\s-]+to[\s-]+(?:year|month)\b", re.IGNORECASE)
# "one (1) additional year", "an additional year", "two (2) further years": a word between the number and its
# unit that only says which period it is. Blanked (same length, so spans stay) before the periods are read.
_BETWEEN = re.compile(r"(?<=[\w)])\s+(?:additional|further|successive|consecutive|more)"
                      r"(?=\s+(?:calendar\s+)?(?:years?|months?|weeks?|days?)\b)", re.IGNORECASE)
TOLERANCE_DAYS = 1.0


@dataclass(frozen=True)
class Period:
    """An amount of calendar units: D(ays), W(eeks), M(onths) or Y(ears)."""

    amount: int
    unit: str

    @property
    def days(self) -> float:
        """Length in days by the fixed convention of the module docstring."""
        return self.amount * UNIT_DAYS[self.unit]

    @property
    def months(self) -> int | None:
        """Whole months for year and month periods (calendar arithmetic), else None."""
        return self.amount * 12 if self.unit == "Y" else self.amount if self.unit == "M" else None

    @property
    def iso(self) -> str:
        return f"P{self.amount}{self.unit}"

    def __str__(self) -> str:
        names = {"D": "day", "W": "week", "M": "month", "Y": "year"}
        return f"{self.amount} {names[self.unit]}{'s' if self.amount != 1 else ''}"


def from_match(match: re.Match[str]) -> Period | None:
    """The period of a `QUANTITY_RE` match."""
    found = quantity(match)
    return Period(*found) if found else None


def find_periods(text: str) -> list[tuple[Period, int, int]]:
    """Every stated period in `text` with its span, in text order."""
    found = []
    text = _BETWEEN.sub(lambda m: " " * len(m.group()), text)
    for match in QUANTITY_RE.finditer(text):
        if _TO_UNIT.match(text, match.end()):
            continue  # "a month-to-month basis", "a year to year term": a kind of renewal, not a length
        period = from_match(match)
        if period is not None:
            found.append((period, match.start(), match.end()))
    return found


def implied_period(text: str) -> Period | None:
    """A period said without a number: "annual", "year to year", "month-to-month"."""
    if _ANNUAL.search(text):
        return Period(1, "Y")
    if _MONTHLY.search(text):
        return Period(1, "M")
    return None


def parse_gold_periods(answer: str) -> list[float | str]:
    """Alternatives of a CUAD duration answer, each in days or "perpetual".

    Alternatives are separated by ";" or "/" ("180 days / 6 months"); inside one alternative every
    "N unit" is summed ("4 years, 6 months"), and a leading count of renewals ("2 5 years": two renewals of
    five years) is not a unit, so it is ignored. Answers with no unit ("successive []", dates) give nothing.
    """
    found: list[float | str] = []
    for part in re.split(r"[;/]", answer):
        if "perpetual" in part.lower():
            found.append("perpetual")
            continue
        pieces = _GOLD_PART.findall(part)
        if pieces:
            found.append(sum(float(n) * UNIT_DAYS[u[0].upper()] for n, u in pieces))
    return found


def same_length(predicted: Period | str, gold: float | str) -> bool:
    """A predicted period matches a gold alternative: equal in days within TOLERANCE_DAYS, or both perpetual."""
    if isinstance(predicted, str) or isinstance(gold, str):
        return predicted == gold
    return abs(predicted.days - gold) <= TOLERANCE_DAYS
