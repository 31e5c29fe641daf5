"""The sentence around a span of flattened contract text (the evidence kept on a family link).

A sentence ends at ". ", "; " or ": " before a capital, except after an abbreviation ("No.", "Inc.", "N.A.",
an initial); the quote is capped at MAX_QUOTE characters around the span.
"""

from __future__ import annotations

import re

from core.names import LEGAL_FORMS

MAX_QUOTE = 600
# "No. 2", "Mr. Smith", "U.S. law" and the legal forms ("Inc. (", "Ltd. and") do not end a sentence.
_ABBREVIATIONS = LEGAL_FORMS | frozenset("no mr ms dr st sec u.s n.a v vs e.g i.e f/k/a a/k/a".split())
_END = re.compile(r"[.;]\s+(?=[A-Z\"“(])")


def _is_end(text: str, at: int) -> bool:
    """Whether the stop at `at` ends a sentence (not "No. 2", "Inc. (", "J. Smith")."""
    if text[at] == ";":
        return True
    word = re.search(r"([\w./]+)$", text[:at])
    token = word.group(1).lower() if word else ""
    return token not in _ABBREVIATIONS and token.replace(".", "") not in LEGAL_FORMS and \
        not (len(token) == 1 and token.isalpha())


def sentence_around(text: str, start: int, end: int) -> str:
    """The sentence (or sentences) of `text` holding `text[start:end]`, at most MAX_QUOTE characters."""
    first = 0
    for stop in _END.finditer(text, 0, start):
        if _is_end(text, stop.start()):
            first = stop.end()
    last = len(text)
    for stop in _END.finditer(text, end):
        if _is_end(text, stop.start()):
            last = stop.start() + 1
            break
    if last - first > MAX_QUOTE:  # keep the span and what is closest to it
        cut = max(first, start - (MAX_QUOTE - (end - start)) // 2)
        stop = min(last, max(cut + MAX_QUOTE, end))
        head = text.find(" ", cut, start) + 1 if cut > first else first  # whole words only
        tail = text.rfind(" ", end, stop) if stop < last else stop
        return ("…" if head > first else "") + text[head:tail if tail > end else stop].strip() + \
            ("…" if stop < last else "")
    return text[first:last].strip()
