"""Page preparation: drop running headers/footers, fix sidebar headings, join pages with offsets.

PDF text extraction prints a page's running header on every page and, in some layouts (the BNM policy
documents), prints the appendix title after the page body. Both would confuse heading detection, so they
are handled here, before anything else looks at the text. All of it only applies to multi-page input.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter

from ingest.document.patterns import EXHIBIT_LINE_RE, running_shape
from ingest.document.runin import split_run_in

_EDGE_LINES = 2


def strip_running_lines(pages: list[str]) -> list[str]:
    """Remove lines at a page's top or bottom whose digit-blind shape repeats on many pages."""
    if len(pages) < 3:
        return pages
    counts: Counter[str] = Counter()
    for page in pages:
        lines = [ln for ln in page.split("\n") if ln.strip()]
        edge = lines[:_EDGE_LINES] + lines[-_EDGE_LINES:]
        counts.update({running_shape(ln) for ln in edge})
    threshold = max(3, len(pages) // 4)
    running = {shape for shape, n in counts.items() if n >= threshold}
    return [_drop_edges(page, running) for page in pages]


def _drop_edges(page: str, running: set[str]) -> str:
    lines = page.split("\n")
    content = [i for i, ln in enumerate(lines) if ln.strip()]
    if len(content) <= 2 * _EDGE_LINES:
        return page  # too short to tell running lines from content
    edge = set(content[:_EDGE_LINES] + content[-_EDGE_LINES:])
    return "\n".join(ln for i, ln in enumerate(lines) if i not in edge or running_shape(ln) not in running)


def lift_trailing_headings(pages: list[str]) -> list[str]:
    """Move an exhibit/appendix title printed at the very end of a page to the page's top.

    Only done when the page body restarts a numbered list ("1. ..."), i.e. the title belongs to it.
    """
    return [_lift(page) for page in pages] if len(pages) > 1 else pages


def _lift(page: str) -> str:
    lines = page.rstrip().split("\n")
    tail = len(lines)
    for i in range(len(lines) - 1, max(-1, len(lines) - 4), -1):
        if EXHIBIT_LINE_RE.match(lines[i]):
            tail = i
            break
    if tail == len(lines) or any(len(ln.strip()) > 60 for ln in lines[tail + 1:]):
        return page
    body = lines[:tail]
    if not any(re.match(r"\s*1\.\s+\S", ln) for ln in body):
        return page
    return "\n".join(lines[tail:] + body)


_SIDEBAR_RE = re.compile(r"^\s*(\d{1,2})\s+(\S.{0,90})$")


def place_sidebar_headings(pages: list[str]) -> list[str]:
    """Put "N Title" lines printed at a page's end back in front of their first paragraph "N.1"."""
    return [_place_sidebars(page) for page in pages] if len(pages) > 1 else pages


def _place_sidebars(page: str) -> str:
    lines = page.rstrip().split("\n")
    blocks: list[list[str]] = []
    i = len(lines) - 1
    while i > 0:
        line = lines[i].strip()
        heading = _SIDEBAR_RE.match(line)
        wrapped = _SIDEBAR_RE.match(lines[i - 1].strip())
        if heading and not line.endswith("."):
            blocks.insert(0, [lines[i]])
        elif wrapped and len(line) <= 40 and not line.endswith(".") and not line[:1].isdigit():
            blocks.insert(0, [lines[i - 1], lines[i]])
            i -= 1
        else:
            break
        i -= 1
    body = lines[: i + 1]
    for block in blocks:
        number = _SIDEBAR_RE.match(block[0].strip()).group(1)
        first = re.compile(rf"^\s*(?:[SG]\s+)?{number}\.1\s")
        target = next((j for j, ln in enumerate(body) if first.match(ln)), None)
        if target is None:
            body.extend(block)
        else:
            body[target:target] = block
    return "\n".join(body)


def join_pages(pages: list[str]) -> tuple[str, list[int]]:
    """One text with a blank line between pages, and each page's start offset.

    Labels run into a line are put back on their own line (`split_run_in`; the length is kept).
    """
    starts, parts, offset = [], [], 0
    for page in pages:
        starts.append(offset)
        parts.append(page)
        offset += len(page) + 2
    return split_run_in("\n\n".join(parts)), starts


def page_at(starts: list[int], position: int) -> int:
    """1-based page number of a text offset."""
    return max(1, bisect.bisect_right(starts, position))
