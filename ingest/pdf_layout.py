"""Page-aware PDF text: lines with their positions, re-flowed into the paragraphs a text file would have.

pypdf's plain extraction gives one string per page with a newline at every printed line break, non-breaking
spaces from HTML-to-PDF printers, running headers and page numbers. The document parser expects what CUAD's
`.txt` files look like: one paragraph per line, a blank line between paragraphs, headings on lines of their
own. This module gets there from the layout, before the parser sees anything:

1. every printed line with its baseline and left edge (pypdf's `visitor_text` callback);
2. running headers/footers (the same digit-blind line at a page edge on many pages) and bare page numbers
   ("7", "- 7 -", "Page 7 of 30") removed;
3. paragraph breaks where the vertical gap is clearly wider than the page's line pitch, where a line is short
   (the end of a paragraph, or a heading line), and before a line that starts with a heading label;
4. wrapped lines joined (a hyphen at a line break between two word parts is dropped).

Pages stay separate, so section page numbers (citations) still come out of the parser.
"""

from __future__ import annotations

import itertools
import logging
import re
from collections import Counter
from dataclasses import dataclass

from pypdf import PageObject

from core.errors import IngestError
from ingest.document.patterns import PAGE_NUMBER, running_shape

log = logging.getLogger(__name__)

_SPACES = re.compile(r"[\u00a0\u2000-\u200a\u202f\u205f\u3000]")
_ZERO_WIDTH = re.compile(r"[\u200b\u200c\u200d\ufeff\u00ad]")
# Look-alikes some PDF fonts map punctuation to: U+037E is a Greek question mark printed as ";" (3,164 of
# them in the CUAD PDFs), which hides every "; (b)" list boundary from the parser.
_LOOKALIKES = str.maketrans({"\u037e": ";", "\u2011": "-", "\u2010": "-", "\ufb01": "fi", "\ufb02": "fl",
                             "\ufb00": "ff", "\ufb03": "ffi", "\ufb04": "ffl"})
_HEADING_START = re.compile(
    r"^\s*(?:(?:ARTICLE|Article|SECTION|Section|EXHIBIT|Exhibit|SCHEDULE|Schedule|ANNEX|Annex|APPENDIX|Appendix)"
    r"\s+[\dIVXLCA-Z]"
    r"|\d{1,3}(?:\.\d{1,3}){0,4}\.?\s+[A-Z\"“(]"
    r"|\(\s*[a-zA-Z0-9]{1,4}\s*\)\s"
    r"|[IVX]{1,6}\.\s+[A-Z])"
)
_EDGE = 2  # lines at each page edge that may be running headers/footers
_GAP_FACTOR = 1.45  # a gap this much wider than the usual line pitch separates paragraphs
_SHORT = 0.62  # a line shorter than this share of the page's typical line ends a paragraph
_FEW = 4  # a page with fewer lines is measured with the document's pitch and line length


@dataclass
class Line:
    """One printed line: its text, baseline `y` (None when pypdf gave no position) and left edge `x`."""

    text: str
    y: float | None = None
    x: float | None = None


def clean(text: str) -> str:
    """Non-breaking and typographic spaces become plain spaces, look-alike punctuation plain punctuation;
    soft hyphens and zero-width marks go."""
    return _ZERO_WIDTH.sub("", _SPACES.sub(" ", text)).translate(_LOOKALIKES)


def _matrix(tm: list[float], cm: list[float]) -> tuple[float, float]:
    """Device-space origin of the text matrix (tm x cm): only the translation part is needed."""
    x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
    y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
    return x, y


def page_lines(page: PageObject) -> list[Line]:
    """The page's printed lines in extraction order, each with the position of its first visible text."""
    lines: list[Line] = [Line("")]

    def visit(text: str, cm: list[float], tm: list[float], _font: object, _size: float) -> None:
        parts = text.split("\n")
        for i, part in enumerate(parts):
            if i:
                lines.append(Line(""))
            current = lines[-1]
            if part.strip(" \u00a0") and current.y is None:
                current.x, current.y = _matrix(tm, cm)
            current.text += part

    plain = page.extract_text(visitor_text=visit) or ""
    if not any(ln.text.strip() for ln in lines) and plain.strip():
        lines = [Line(t) for t in plain.split("\n")]  # no visitor output: fall back to the plain text
    return [Line(clean(ln.text).rstrip(), ln.y, ln.x) for ln in lines if clean(ln.text).strip()]


def _shape(text: str) -> str:
    """A line's digit-blind form; an exhibit/schedule label keeps its identifier (see `running_shape`)."""
    return running_shape(text)


def strip_running(pages: list[list[Line]]) -> list[list[Line]]:
    """Drop bare page numbers at page edges, and edge lines whose digit-blind shape repeats on many pages."""
    counts: Counter[str] = Counter()
    for lines in pages:
        counts.update({_shape(ln.text) for ln in lines[:_EDGE] + lines[-_EDGE:]})
    threshold = max(3, len(pages) // 3) if len(pages) >= 3 else None
    running = {s for s, n in counts.items() if threshold and n >= threshold}
    out = []
    for lines in pages:
        edge = set(range(min(_EDGE, len(lines)))) | set(range(max(0, len(lines) - _EDGE), len(lines)))
        short = len(lines) <= 2 * _EDGE  # every line is an edge line: only a bare page number is surely not text
        out.append([ln for i, ln in enumerate(lines) if i not in edge or not (
            PAGE_NUMBER.match(ln.text) or (not short and _shape(ln.text) in running))])
    return out


def _pitch(lines: list[Line]) -> float | None:
    """The page's usual distance between consecutive baselines (the most common rounded gap)."""
    gaps = [round(a.y - b.y) for a, b in itertools.pairwise(lines)
            if a.y is not None and b.y is not None and a.y - b.y > 0]
    if not gaps:
        return None
    return float(Counter(gaps).most_common(1)[0][0]) or None


def _typical_length(lines: list[Line]) -> int:
    lengths = sorted(len(ln.text.strip()) for ln in lines)
    return lengths[int(len(lengths) * 0.8)] if lengths else 0


def _breaks_before(prev: Line, line: Line, pitch: float | None, typical: int) -> bool:
    """Whether `line` starts a new paragraph after `prev`."""
    if pitch and prev.y is not None and line.y is not None:
        gap = prev.y - line.y
        if gap > pitch * _GAP_FACTOR or gap < -pitch * 0.5:  # a wide gap, or a jump up (a new column)
            return True
    before = prev.text.strip()
    short = typical > 20 and len(before) < typical * _SHORT
    if short and not before.endswith(("-", ",")) and not _continues(before, line.text):
        return True
    return bool(_HEADING_START.match(line.text)) and (before.endswith((".", ":", ";")) or short)


def _continues(before: str, after: str) -> bool:
    """A short line that obviously runs on ("the", "and") into a lower-case next line."""
    last = before.split()[-1].lower() if before.split() else ""
    return after.strip()[:1].islower() and last in {"the", "a", "an", "and", "or", "of", "to", "in", "by", "for"}


def _join(paragraph: str, line: str) -> str:
    if not paragraph:
        return line.rstrip()
    tail = line.strip()
    if re.search(r"[A-Za-z]-$", paragraph) and tail[:1].islower():
        return paragraph[:-1] + tail  # "agree-\nment" -> "agreement"
    return paragraph.rstrip() + " " + tail


def reflow(lines: list[Line], fallback: tuple[float | None, int] = (None, 0)) -> str:
    """One paragraph per line, paragraphs separated by a blank line. A page of fewer than `_FEW` lines cannot
    show its own line pitch and line length; it uses `fallback`, the document's (pitch, typical length), so a
    last page of two short lines ("QuickLinks", "EXHIBIT 10.1") is not run into one paragraph."""
    few = len(lines) < _FEW
    pitch = fallback[0] if few and fallback[0] else _pitch(lines)
    typical = fallback[1] if few and fallback[1] else _typical_length(lines)
    paragraphs: list[str] = []
    current = ""
    for i, line in enumerate(lines):
        if i and _breaks_before(lines[i - 1], line, pitch, typical):
            paragraphs.append(current)
            current = ""
        current = _join(current, line.text)
    if current:
        paragraphs.append(current)
    return "\n\n".join(p for p in paragraphs if p.strip())


class PdfTextTooLongError(IngestError):
    """The PDF's text is longer than the reader takes (`ingest.pdf.MAX_TEXT_CHARS`)."""


def _bounded_lines(pages: list[PageObject], max_chars: int | None) -> list[list[Line]]:
    """Each page's lines, stopping at the first page that takes the text past `max_chars`: a page costs
    time and memory in proportion to its text, so the reader never lays out more than the limit."""
    found: list[list[Line]] = []
    total = 0
    for number, page in enumerate(pages, 1):
        lines = page_lines(page)
        total += sum(len(line.text) for line in lines)
        if max_chars is not None and total > max_chars:
            raise PdfTextTooLongError(
                f"The PDF's text is longer than {max_chars:,} characters (reached on page {number} of "
                f"{len(pages):,}); the longest contract in the sample has about 340,000. Split the document "
                "and upload the parts.")
        found.append(lines)
    return found


def layout_pages(pages: list[PageObject], max_chars: int | None = None) -> list[str]:
    """Every page's text, normalised for the document parser (see the module docstring); refused with
    PdfTextTooLongError past `max_chars` characters."""
    lines = strip_running(_bounded_lines(pages, max_chars))
    fallback = (_document_pitch(lines), _typical_length([ln for page in lines for ln in page]))
    return [reflow(page, fallback) for page in lines]


def _document_pitch(pages: list[list[Line]]) -> float | None:
    """The most common baseline gap over all pages (each page measured on its own: pages do not share y)."""
    gaps: Counter[int] = Counter()
    for lines in pages:
        gaps.update(round(a.y - b.y) for a, b in itertools.pairwise(lines)
                    if a.y is not None and b.y is not None and a.y - b.y > 0)
    if not gaps:
        return None
    return float(gaps.most_common(1)[0][0]) or None
