"""Locate a contract's preamble: the opening sentence that names the parties.

Candidates are the phrases that introduce a party list ("by and between", "between", "among",
"is made by", "BETWEEN:"). The chosen one is the first whose list names a party with a defined
alias in parentheses ("Licensor"); failing that, the first that reads like a cover title
("... AGREEMENT by and between A and B"). The party list runs until the recitals or the next clause.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

HEAD_CHARS = 8_000  # preambles sit in the opening page...
TOC_HEAD_CHARS = 40_000  # ...unless a table of contents comes first
LIST_CHARS = 1_600

_INTRO = re.compile(
    r"\b(?:by\s+and\s+between|by\s+and\s+among|between|among|B\s?E\s?T\s?W\s?E\s?E\s?N|"
    r"(?:made|entered\s+into|executed|issued)(?:\s+and\s+entered\s+into)?(?:\s+(?:as\s+of|on|effective)\s+"
    r"[^.;()]{0,60}?)?\s+by(?!\s+and\b)(?=\s+[A-Z]))\s*:?",
    re.IGNORECASE,
)
_STOP = re.compile(
    r"\b(?:W\s?H\s?E\s?R\s?E\s?A\s?S|RECITALS?|W\s?I\s?T\s?N\s?E\s?S\s?S\s?E\s?T\s?H|BACKGROUND|PRELIMINARY\s+STATEMENTS?|"
    r"NOW,?\s+THEREFORE|In\s+consideration|The\s+parties\s+(?:hereto\s+)?(?:hereby\s+)?agree|TABLE\s+OF\s+CONTENTS|"
    r"Source:|Dated\s+as\s+of|Dated:|IT\s+IS\s+(?:HEREBY\s+)?AGREED|Recitals|Introduction|DEFINITIONS)\b"
    r"|\s1\.\s+[A-Z]|\s(?:Article|ARTICLE|Section|SECTION)\s+(?:1|I)\b"
    r"|\b(?:THIS|This)\s+(?:[A-Z][\w-]*\s+){0,8}(?:Agreement|AGREEMENT|Contract|CONTRACT)\b"
    r"|\b(?:individually|collectively|each|jointly|separately|together)\b[^.()]{0,60}referred\s+to\b"
    r"|\breferred\s+to\s+(?:herein\s+)?(?:individually|collectively|each|jointly|separately|together)\b"
    r"|\breferred\s+to\s+(?:herein\s+)?as\s+(?:the\s+)?\"Part(?:y|ies)\""
    r"|\beach\s+(?:a|individually\s+a)\s+\"?Party|\bthe\s+parties\s+(?:hereto\s+)?(?:hereby\s+)?agree"
)
# The first article's heading in capitals ends the list even inside an unclosed parenthesis: no parenthetical
# holds one, but an OCR page that lost a ")" ("(the “Shares”. SECTION 1. SERVICES ...") would otherwise run
# the list on into the clauses, whose defined terms ("Investment Company Act") then read as parties.
_HEADING = re.compile(r"\s(?:SECTION|ARTICLE)\s+(?:1|I)\b\.?\s+[A-Z]{2,}")
ALIAS = re.compile(r"\((?:[^()]|\([^()]*\))*?\"[^\"]{1,60}\"(?:[^()]|\([^()]*\))*\)"
                   r"|\((?:hereinafter|herein)\s[^()]{0,80}\)")
_AGREEMENT_NEARBY = re.compile(r"agreement|contract|amendment|addendum|memorandum", re.IGNORECASE)
# Wording that makes a "between" the preamble's rather than a clause's ("disputes between the parties").
_PREAMBLE_CONTEXT = re.compile(
    r"\b(?:made|entered|dated|executed|effective|agreed|AGREEMENT|CONTRACT)\b|(?:Agreement|Contract)\W{0,30}$")


@dataclass(frozen=True)
class Preamble:
    """Offsets into `Doc.flat`: the sentence start, the party list [list_start, list_end)."""

    start: int
    list_start: int
    list_end: int
    has_aliases: bool


def _depth_at(flat: str, start: int, pos: int) -> int:
    segment = flat[start:pos]
    return segment.count("(") - segment.count(")")


def _list_end(flat: str, start: int) -> int:
    limit = min(len(flat), start + LIST_CHARS)
    for stop in _STOP.finditer(flat, start, limit):
        if _depth_at(flat, start, stop.start()) <= 0 or _HEADING.match(flat, stop.start()):
            return stop.start()
    return limit


def _sentence_start(flat: str, intro: int) -> int:
    window_start = max(0, intro - 400)
    this = [m.start() for m in re.finditer(r"\b(?:THIS|This)\b", flat[window_start:intro])]
    return window_start + this[-1] if this else max(0, intro - 250)


def candidates(flat: str) -> list[Preamble]:
    """Every plausible preamble in the head of the document, in text order."""
    found = []
    has_toc = re.search(r"TABLE\s+OF\s+CONTENTS|\bINDEX\b|Table\s+of\s+Contents", flat[:HEAD_CHARS])
    head = min(len(flat), TOC_HEAD_CHARS if has_toc else HEAD_CHARS)
    for match in _INTRO.finditer(flat, 0, head):
        before = flat[max(0, match.start() - 400):match.start()]
        if not _AGREEMENT_NEARBY.search(before) or not _PREAMBLE_CONTEXT.search(before[-300:]):
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
