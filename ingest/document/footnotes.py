"""Footnotes printed at page bottoms, and their citations (superscripts that extraction glued to words).

Footnotes are numbered 1, 2, 3... through the document. On each page the block of lines starting with the
next expected numbers is taken as footnotes when the number is also cited in the page body: glued to a
word ("writing1"), spaced ("(CDD) 2  by"), or glued to a number ("paragraph 8.2211" = 8.22 + note 11).
The block is removed from the body and so are the citation digits, so "8.2211" reads "8.22" again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_LINE_RE = re.compile(r"^\s*(\d{1,3})\s+(\S.*)$")
_HEADING_LINE = re.compile(r"^\s*\d{1,2}\s+[A-Z][^.]{0,80}$")
_MAX_SHARE = 0.5
_MAX_LINES = 40


@dataclass
class Note:
    number: int
    text: str
    page: int


@dataclass
class Citation:
    page: int
    offset: int
    number: int


def extract_footnotes(pages: list[str]) -> tuple[list[str], list[Note], list[Citation]]:
    """Pages without footnote blocks and citation digits, the footnotes, and where they were cited.

    Single-page input (a plain text file) has no page bottoms, so nothing there is taken for a footnote.
    """
    if len(pages) < 2:
        return pages, [], []
    expected = 1
    cleaned, notes, citations = [], [], []
    for index, page in enumerate(pages):
        body, block = _split_block(page, expected)
        if block:
            body, cited = _strip_citations(body, [n for n, _ in block])
            notes.extend(Note(n, text, index + 1) for n, text in block)
            citations.extend(Citation(index, offset, n) for offset, n in cited)
            expected = block[-1][0] + 1
        cleaned.append(body)
    return cleaned, notes, citations


def _split_block(page: str, expected: int) -> tuple[str, list[tuple[int, str]]]:
    lines = page.split("\n")
    for start, line in enumerate(lines):
        match = _LINE_RE.match(line)
        if not match or int(match.group(1)) != expected or start == 0:
            continue
        block, end = _read_block(lines, start, expected)
        body = "\n".join(lines[:start] + lines[end:])
        if _plausible(block, body, page, end - start):
            return body, block
    return page, []


def _read_block(lines: list[str], start: int, first: int) -> tuple[list[tuple[int, str]], int]:
    notes: list[tuple[int, list[str]]] = []
    end = start
    for end in range(start, len(lines) + 1):
        if end == len(lines):
            break
        match = _LINE_RE.match(lines[end])
        number = int(match.group(1)) if match else -1
        if number == (notes[-1][0] + 1 if notes else first):
            notes.append((number, [match.group(2)]))
        elif end > start and _HEADING_LINE.match(lines[end]):
            break
        else:
            notes[-1][1].append(lines[end])
    return [(n, " ".join(" ".join(parts).split())) for n, parts in notes], end


def _plausible(block: list[tuple[int, str]], body: str, page: str, n_lines: int) -> bool:
    if n_lines > _MAX_LINES or len(page) - len(body) > _MAX_SHARE * len(page):
        return False
    if any("...." in text or (len(text.split()) < 6 and not text.endswith(".")) for _, text in block):
        return False
    return _find_citation(body, block[0][0], 0) is not None


def _patterns(number: int) -> list[list[re.Pattern[str]]]:
    """Citation patterns in order of trust; within a tier the earliest hit wins."""
    n = str(number)
    return [
        [re.compile(rf"(?<=[A-Za-z)\]’”\"'])({n})(?!\d)"),  # "writing1"
         re.compile(rf"(?<=[\w)]) ({n})(?=\s{{2,}}[a-z]|\s[,;.](?!\d))")],  # "(CDD) 2  by"
        [re.compile(rf"(?<=[A-Za-z]\s\d)({n})(?!\d|\.\d)")],  # "Appendix 28" = Appendix 2 + note 8
        [re.compile(rf"(?<=\d\.\d\d)({n})(?!\d)")],  # "paragraph 8.2211" = 8.22 + note 11
        [re.compile(rf"(?<=\d\.\d)({n})(?!\d)")],  # "paragraph 1.24" = 1.2 + note 4
    ]


def _find_citation(body: str, number: int, cursor: int) -> re.Match[str] | None:
    for tier in _patterns(number):
        hits = [m for m in (p.search(body, cursor) for p in tier) if m]
        if hits:
            return min(hits, key=lambda m: m.start(1))
    return None


def _strip_citations(body: str, numbers: list[int]) -> tuple[str, list[tuple[int, int]]]:
    cited: list[tuple[int, int]] = []
    cursor = 0
    for number in numbers:
        match = _find_citation(body, number, cursor)
        if match is None:
            continue
        body = body[:match.start(1)] + body[match.end(1):]
        cited.append((match.start(1), number))
        cursor = match.start(1)
    return body, cited
