"""A contract's text flattened for pattern matching, with offsets that map back to the original pages.

Rules match against `Doc.flat`: every whitespace run (line breaks, page breaks, PDF double spaces)
is one space and curly quotes are straight. `Doc.span` maps a match in `flat` back to the original
text, so evidence quotes what the document really says, and `Doc.page_of` gives its page.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

from ingest.rules.model import Evidence

PAGE_SEPARATOR = "\f"
_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2018": "'", "\u2019": "'",
                         "\u00a0": " ", "\u2013": "-", "\u2014": "-", "\u2011": "-"})


def squash(text: str) -> str:
    """Collapse whitespace and straighten quotes: the form every extracted value is reported in."""
    return " ".join(text.translate(_QUOTES).split())


class Doc:
    """The original text (pages joined by form feeds) and its flattened twin with an offset map."""

    def __init__(self, pages: list[str]) -> None:
        self.text = PAGE_SEPARATOR.join(pages)
        self._page_starts = [0]
        for page in pages[:-1]:
            self._page_starts.append(self._page_starts[-1] + len(page) + len(PAGE_SEPARATOR))
        self.flat, self._origin = self._flatten(self.text)

    @staticmethod
    def _flatten(text: str) -> tuple[str, list[int]]:
        chars: list[str] = []
        origin: list[int] = []
        translated = text.translate(_QUOTES)
        for match in re.finditer(r"\S+", translated):
            if chars:
                chars.append(" ")
                origin.append(match.start() - 1)
            chars.extend(match.group())
            origin.extend(range(match.start(), match.end()))
        origin.append(len(text))
        return "".join(chars), origin

    def page_of(self, offset: int) -> int:
        """1-based page number of an offset into the original text."""
        return bisect_right(self._page_starts, offset)

    def span(self, start: int, end: int) -> Evidence:
        """Evidence for `flat[start:end]`, with offsets and text taken from the original."""
        o_start = self._origin[start]
        o_end = self._origin[end - 1] + 1 if end > start else o_start
        return Evidence(start=o_start, end=o_end, text=self.text[o_start:o_end], page=self.page_of(o_start))


@dataclass(frozen=True)
class Hit:
    """A value found in `Doc.flat` at [start, end)."""

    value: object
    start: int
    end: int
