"""Split a long contract into overlapping chunks that each fit a model's context budget.

The text is the pages joined by form feeds (the same joining as `ingest.rules.text.Doc` and
`graph.store.write`), so chunk offsets are offsets into the stored document. A contract within the budget is
one chunk. A longer one is cut greedily into bodies of at most `budget - overlap` characters, each cut
placed at the best boundary in the second half of the window: a page break, else a blank line (a
section or paragraph), else a sentence end, else any whitespace, else a hard cut. Each chunk then
reaches back `overlap` characters into the previous body so a clause straddling a cut is seen whole
at least once. Nothing is dropped: the chunks' spans cover the whole text (tests assert it).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from itertools import pairwise

PAGE_SEPARATOR = "\f"
_PARAGRAPH = re.compile(r"\n[ \t]*\n")
_SENTENCE = re.compile(r"[.;:]\s")
_SPACE = re.compile(r"\s")


@dataclass(frozen=True)
class Chunk:
    """One piece of the document: [start, end) in the joined text and the pages it touches (1-based)."""

    index: int
    count: int
    start: int
    end: int
    first_page: int
    last_page: int
    text: str

    @property
    def label(self) -> str:
        """"part 2 of 5 (pages 12-25)" for prompts, progress and error messages."""
        pages = f"page {self.first_page}" if self.first_page == self.last_page else \
            f"pages {self.first_page}-{self.last_page}"
        return f"part {self.index + 1} of {self.count} ({pages})"


def join_pages(pages: list[str]) -> tuple[str, list[int]]:
    """The pages joined by form feeds, and the offset where each page starts."""
    starts, position = [], 0
    for page in pages:
        starts.append(position)
        position += len(page) + len(PAGE_SEPARATOR)
    return PAGE_SEPARATOR.join(pages), starts


def _last_boundary(text: str, low: int, high: int, page_starts: list[int]) -> int | None:
    """The best cut in (low, high]: a page start, a blank line, a sentence end, then whitespace."""
    pages = [s for s in page_starts if low < s <= high]
    if pages:
        return pages[-1]
    window = text[low:high]
    for pattern in (_PARAGRAPH, _SENTENCE, _SPACE):
        matches = list(pattern.finditer(window))
        if matches:
            return low + matches[-1].end()
    return None


def _cuts(text: str, body: int, page_starts: list[int]) -> list[int]:
    """Offsets 0 = c0 < c1 < ... < cn = len(text) with every gap at most `body` characters."""
    cuts, position = [0], 0
    while len(text) - position > body:
        limit = position + body
        cut = _last_boundary(text, position + body // 2, limit, page_starts) or limit
        cuts.append(cut)
        position = cut
    cuts.append(len(text))
    return cuts


def _overlap_start(text: str, cut: int, overlap: int) -> int:
    """Reach back `overlap` characters from `cut`, starting at a word so the overlap opens cleanly."""
    start = max(0, cut - overlap)
    if start == 0:
        return 0
    space = _SPACE.search(text, start, cut)
    return space.end() if space else start


def plan_chunks(pages: list[str], budget_chars: int, overlap_chars: int = 0) -> list[Chunk]:
    """Chunks of at most `budget_chars` characters covering all of `pages` (one chunk if it fits)."""
    if budget_chars < 1_000:
        raise ValueError(f"the context budget must be at least 1000 characters, got {budget_chars}")
    if not 0 <= overlap_chars <= budget_chars // 4:
        raise ValueError(f"the overlap must be between 0 and a quarter of the budget, got {overlap_chars}")
    text, page_starts = join_pages(pages)
    cuts = _cuts(text, budget_chars - overlap_chars, page_starts) if len(text) > budget_chars \
        else [0, len(text)]
    spans = [(_overlap_start(text, a, overlap_chars) if i else a, b)
             for i, (a, b) in enumerate(pairwise(cuts))]
    return [Chunk(index=i, count=len(spans), start=a, end=b, first_page=bisect_right(page_starts, a),
                  last_page=bisect_right(page_starts, max(a, b - 1)), text=text[a:b])
            for i, (a, b) in enumerate(spans)]


def render_chunk(chunk: Chunk) -> str:
    """The chunk as the model reads it: page markers at its start and at every page break."""
    page = chunk.first_page
    parts = [f"[Page {page}]\n"]
    for i, piece in enumerate(chunk.text.split(PAGE_SEPARATOR)):
        if i:
            page += 1
            parts.append(f"{PAGE_SEPARATOR}[Page {page}]\n")
        parts.append(piece)
    return "".join(parts)


def unrender_chunk(rendered: str) -> str:
    """Inverse of `render_chunk` (tests use it to check that the model saw every character)."""
    body = re.sub(r"^\[Page \d+\]\n", "", rendered, count=1)
    return re.sub(r"\f\[Page \d+\]\n", PAGE_SEPARATOR, body)
