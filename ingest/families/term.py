"""What an amendment changes to the term of the agreement it amends, with the sentence that says so.

Pure (docs/FAMILIES.md#term-changes). Read in the amendment's own part of the text (from its marker to the next
amendment heading in capitals, a CUAD file may hold the next amendment too), sentence by sentence, first match:

* a new end date: "The Term of the Agreement is hereby extended to January 20, 2012", or a replaced term clause
  that defines the Term ('"TERM: ... shall expire on December 31, 2006 (the "Term")');
* an extension by a period: "the Term ... is extended for an additional two (2) years" (counted from the end
  the parent has before this amendment).

An amendment's own expiry ("This Second Amendment ... shall expire on December 31, 2021") is not the
agreement's term and is not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from ingest.families.recital import _DATE, HEADING, RECITAL_SPAN
from ingest.families.sentences import sentence_around
from ingest.rules.dates import parse_date

TERM_SPAN = 30_000  # an amendment longer than this is read only this far for its term change
_NUMBERS = {w: i for i, w in enumerate("one two three four five six seven eight nine ten eleven twelve".split(), 1)}

EXTENDED_TO = re.compile(
    r"\b(?i:term)\b[^.;]{0,120}?\b(?i:is|shall\s+be|be|are|will\s+be)\s+(?:(?i:hereby)\s+)?(?i:extended)\s+"
    r"(?:(?i:to|until|through)\s+)(?:(?i:and\s+including)\s+)?" + _DATE)
EXPIRES_ON = re.compile(r"\b(?i:shall|will)\s+(?i:expire|end|terminate)\s+(?i:on)\s+" + _DATE
                        + r"(?P<defines>\s*\(the\s+[\"“]Term[\"”]\))?")
EXTENDED_BY = re.compile(
    r"\b(?i:term)\b[^.;]{0,120}?\b(?i:extended)\s+(?i:for|by)\s+(?:(?i:an?)\s+)?(?:(?i:additional|further)\s+)?"
    r"(?:(?i:period\s+of)\s+)?(?P<n>\d{1,2}|(?i:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve))"
    r"(?:\s*\(\d{1,2}\))?\s+(?:(?i:additional|further)\s+)?(?P<unit>(?i:years?|months?))\b")


@dataclass(frozen=True)
class TermChange:
    """A new end of the parent's term (`new_end`) or an extension by `months`, and the sentence saying it."""

    new_end: date | None
    months: int | None
    quote: str


def own_part(flat: str, start: int) -> str:
    """The amendment's own text: from its marker to the next amendment heading in capitals (or TERM_SPAN)."""
    end = min(len(flat), start + TERM_SPAN)
    following = HEADING.search(flat, start + RECITAL_SPAN // 8, end)
    return flat[start: following.start() if following else end]


def _defines_term(text: str, match: re.Match[str]) -> bool:
    """An "expire on D" sentence about the agreement's term: it defines the Term or opens a TERM clause."""
    before = text[max(0, match.start() - 200): match.start()]
    return bool(match["defines"]) or bool(re.search(r"\bTERM\s*:|\b(?i:the\s+term\s+of\s+(?:the|this)\s+agreement)\b",
                                                    before))


def read_term_change(part: str) -> TermChange | None:
    """The first change to the parent's term in an amendment's own text, or None."""
    found: list[tuple[int, TermChange]] = []
    for m in EXTENDED_TO.finditer(part):
        when = parse_date(m["date"])
        if when is not None:
            found.append((m.start(), TermChange(when, None, sentence_around(part, m.start(), m.end()))))
    for m in EXPIRES_ON.finditer(part):
        when = parse_date(m["date"])
        if when is not None and _defines_term(part, m):
            found.append((m.start(), TermChange(when, None, sentence_around(part, m.start(), m.end()))))
    for m in EXTENDED_BY.finditer(part):
        n = int(m["n"]) if m["n"].isdigit() else _NUMBERS[m["n"].lower()]
        months = n * 12 if m["unit"].lower().startswith("year") else n
        found.append((m.start(), TermChange(None, months, sentence_around(part, m.start(), m.end()))))
    return min(found, key=lambda f: f[0])[1] if found else None
