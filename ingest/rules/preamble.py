"""Locate a contract's preamble: the opening sentence that names the parties.

Candidates are the phrases that introduce a party list ("by and between", "between", "among",
"is made by", "BETWEEN:"). The chosen one is the first whose list names a party with a defined
alias in parentheses ("Licensor"); failing that, the first that reads like a cover title
("... AGREEMENT by and between A and B"). The party list runs until the recitals or the next clause.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

HEAD_CHARS = 40_000  # preambles sit in the opening pages; table-of-contents pages can be long
LIST_CHARS = 1_600

_INTRO = re.compile(
    r"\b(?:by\s+and\s+between|by\s+and\s+among|between|among|"
    r"(?:made|entered\s+into|executed|issued)(?:\s+and\s+entered\s+into)?(?:\s+(?:as\s+of|on|effective)\s+"
    r"[^.;()]{0,60}?)?\s+by(?!\s+and\b)(?=\s+[A-Z]))\s*:?",
    re.IGNORECASE,
)
_STOP = re.compile(
    r"\b(?:W\s?H\s?E\s?R\s?E\s?A\s?S|RECITALS?|W\s?I\s?T\s?N\s?E\s?S\s?S\s?E\s?T\s?H|BACKGROUND|PRELIMINARY\s+STATEMENTS?|"
    r"NOW,?\s+THEREFORE|In\s+consideration|The\s+parties\s+(?:hereto\s+)?(?:hereby\s+)?agree|TABLE\s+OF\s+CONTENTS|"
    r"Source:|Dated\s+as\s+of|Dated:|IT\s+IS\s+(?:HEREBY\s+)?AGREED|Recitals|Introduction|DEFINITIONS)\b"
    r"|\s1\.\s+[A-Z]|\s(?:Article|ARTICLE|Section|SECTION)\s+(?:1|I)\b"
)
ALIAS = re.compile(r"\((?:[^()]|\([^()]*\))*?\"[^\"]{1,60}\"(?:[^()]|\([^()]*\))*\)"
                   r"|\((?:hereinafter|herein)\s[^()]{0,80}\)")
_AGREEMENT_NEARBY = re.compile(r"agreement|contract|amendment|addendum|memorandum", re.IGNORECASE)


@dataclass(frozen=True)
class Preamble:
    """Offsets into `Doc.flat`: the sentence start, the party list [list_start, list_end)."""

    start: int
    list_start: int
    list_end: int
    has_aliases: bool


def _list_end(flat: str, start: int) -> int:
    stop = _STOP.search(flat, start, min(len(flat), start + LIST_CHARS))
    return stop.start() if stop else min(len(flat), start + LIST_CHARS)


def _sentence_start(flat: str, intro: int) -> int:
    window_start = max(0, intro - 400)
    this = [m.start() for m in re.finditer(r"\b(?:THIS|This)\b", flat[window_start:intro])]
    return window_start + this[-1] if this else max(0, intro - 250)


def candidates(flat: str) -> list[Preamble]:
    """Every plausible preamble in the head of the document, in text order."""
    found = []
    head = min(len(flat), HEAD_CHARS)
    for match in _INTRO.finditer(flat, 0, head):
        before = flat[max(0, match.start() - 400):match.start()]
        if not _AGREEMENT_NEARBY.search(before):
            continue
        end = _list_end(flat, match.end())
        if end - match.end() < 4:
            continue
        has_alias = bool(ALIAS.search(flat, match.end(), end))
        found.append(Preamble(_sentence_start(flat, match.start()), match.end(), end, has_alias))
    return found


def find_preamble(flat: str) -> Preamble | None:
    """The preamble whose party list defines aliases, else the first candidate, else None."""
    found = candidates(flat)
    with_alias = [p for p in found if p.has_aliases]
    if with_alias:
        return with_alias[0]
    return found[0] if found else None
