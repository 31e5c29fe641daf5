"""Where a quote sits on an uploaded PDF's page: the page and the boxes to highlight.

The stored quote (a renewal fact's sentence, a section's text) comes from the re-flowed page text
(`ingest.pdf_layout`: running lines dropped, hyphenated words joined, spaces normalised), so it is not found by
plain string search in the PDF. Both sides are reduced to a key of letters and digits (NFKC, lower case, every
space, hyphen and punctuation mark dropped), each key character remembering the PDF character it came from.

- **Text layer** (PDFium's text page through pypdfium2): an exact key match gives the quote's first and last
  character, and PDFium's own rectangles for that character range (one per line segment) are the boxes.
- **OCR pages** (no text layer): the word boxes Tesseract gave when the scan was read, kept in the file store
  (`ingest.pages.store`); the boxes of the matched words.
- **No exact match** (a quote running over a page break, text the PDF spells differently): the quote is cut
  into 24-character pieces; the pieces found on the page, in order, are highlighted and the share found is
  reported ("approximate"); under `MIN_SHARE` of the quote nothing is highlighted ("none").

The page searched first is the hint (the section's page stored with the quote), then its neighbours, then the
rest; the first exact match wins, else the page with the largest share.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Literal

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from ingest.pages.store import Box, OcrWords

PIECE = 24  # key characters per piece of an approximate match: long enough to be unique on a page
MIN_SHARE = 0.3  # an approximate match must find this share of the quote's pieces
MAX_KEY = 6000  # a longer quote (a whole long section) is matched on its first characters


@dataclass(frozen=True)
class PageKey:
    """A page's letters and digits (`key`), the source unit of each (`units`: PDF char or OCR word index)."""

    key: str
    units: tuple[int, ...]
    source: Literal["text", "ocr", "empty"]


@dataclass(frozen=True)
class Located:
    """Where a quote was found: its page (1-based), the boxes, how ("exact", "approximate", "none") and the
    share of the quote found (1.0 for exact), and whether the boxes are the text layer's or OCR words'."""

    page: int
    boxes: tuple[Box, ...]
    match: Literal["exact", "approximate", "none"]
    share: float
    source: Literal["text", "ocr", "empty"]


def fold(text: str) -> str:
    """The matching key of a text: letters and digits only, NFKC-normalised and lower case."""
    return "".join(ch for ch in unicodedata.normalize("NFKC", text).lower() if ch.isalnum())


def _keyed(pieces: list[str]) -> PageKey | None:
    key, units = [], []
    for unit, piece in enumerate(pieces):
        folded = fold(piece)
        key.append(folded)
        units += [unit] * len(folded)
    return PageKey("".join(key), tuple(units), "text") if units else None


def text_key(textpage: pdfium.PdfTextPage) -> PageKey | None:
    """The text layer's key (None when the page has no text)."""
    n = textpage.count_chars()
    return _keyed([chr(pdfium_c.FPDFText_GetUnicode(textpage.raw, i) or 32) for i in range(n)])


def ocr_key(words: list[tuple[str, Box]]) -> PageKey | None:
    found = _keyed([text for text, _ in words])
    return PageKey(found.key, found.units, "ocr") if found else None


def find_spans(page: str, quote: str) -> tuple[list[tuple[int, int]], float]:
    """Key spans [start, end) of `quote` on `page`: the whole quote when it is there (share 1.0), else its
    pieces found in order, and the share of pieces found."""
    quote = quote[:MAX_KEY]
    if not quote:
        return [], 0.0
    at = page.find(quote)
    if at >= 0:
        return [(at, at + len(quote))], 1.0
    pieces = [quote[i:i + PIECE] for i in range(0, len(quote), PIECE)]
    pieces = [p for p in pieces if len(p) >= PIECE // 2]
    spans: list[tuple[int, int]] = []
    for piece in pieces:
        start = page.find(piece, spans[-1][1] if spans else 0)
        if start >= 0:
            if spans and spans[-1][1] == start:
                spans[-1] = (spans[-1][0], start + len(piece))
            else:
                spans.append((start, start + len(piece)))
    found = sum(e - s for s, e in spans) / PIECE
    # Every piece found but not in one run (a line between them) is still not the exact quote: below 1.0.
    return spans, min(found / len(pieces), 0.99) if pieces else 0.0


def _text_boxes(textpage: pdfium.PdfTextPage, top_left: tuple[float, float], first: int, last: int) -> list[Box]:
    """PDFium's rectangles over chars first..last, turned into top-left page points."""
    left, top = top_left
    boxes = []
    for i in range(textpage.count_rects(first, last - first + 1)):
        x0, y0, x1, y1 = textpage.get_rect(i)
        boxes.append((x0 - left, top - y1, x1 - left, top - y0))
    return boxes


def displayed(box: Box, rotation: int, width: float, height: float) -> Box:
    """A box on the unrotated page (top-left points; `width` x `height`) -> the same box on the page as PDFium draws
    it, its /Rotate applied clockwise (a scan saved sideways, a landscape schedule): the text layer's rectangles
    are in the unrotated page's space. OCR word boxes were read off the drawn page and need no turn."""
    x0, y0, x1, y1 = box
    if rotation == 90:
        return (height - y1, x0, height - y0, x1)
    if rotation == 180:
        return (width - x1, height - y1, width - x0, height - y0)
    if rotation == 270:
        return (y0, width - x1, y1, width - x0)
    return box


def _page_order(hint: int | None, n_pages: int) -> list[int]:
    start = min(max(hint or 1, 1), n_pages)
    order = [start]
    for step in range(1, n_pages):
        order += [p for p in (start + step, start - step) if 1 <= p <= n_pages]
    return order


def locate(doc: pdfium.PdfDocument, quote: str, hint: int | None = None, ocr: OcrWords | None = None) -> Located:
    """The page of `quote` in `doc` (searched from `hint`) and its boxes; see the module docstring."""
    target = fold(quote)
    best: Located | None = None
    for number in _page_order(hint, len(doc)):
        found = _on_page(doc, number, target, (ocr or {}).get(number))
        if found.match == "exact":
            return found
        if found.match == "approximate" and (best is None or found.share > best.share):
            best = found
    if best is not None:
        return best
    start = _page_order(hint, len(doc))[0]
    source = "ocr" if ocr and start in ocr else "text" if _has_text(doc, start) else "empty"
    return Located(start, (), "none", 0.0, source)


def _has_text(doc: pdfium.PdfDocument, number: int) -> bool:
    textpage = doc[number - 1].get_textpage()
    try:
        return textpage.count_chars() > 0
    finally:
        textpage.close()


def _on_page(doc: pdfium.PdfDocument, number: int, target: str, words: list[tuple[str, Box]] | None) -> Located:
    page = doc[number - 1]
    textpage = page.get_textpage()
    try:
        key = text_key(textpage)
        if key is None and words:
            key = ocr_key(words)
        if key is None:
            return Located(number, (), "none", 0.0, "empty")
        spans, share = find_spans(key.key, target)
        if share < MIN_SHARE:
            return Located(number, (), "none", share, key.source)
        boxes: list[Box] = []
        for start, end in spans:
            first, last = key.units[start], key.units[end - 1]
            if key.source == "text":
                left, bottom, right, top = page.get_bbox()
                boxes += [displayed(b, page.get_rotation(), right - left, top - bottom)
                          for b in _text_boxes(textpage, (left, top), first, last)]
            else:
                boxes += [words[i][1] for i in range(first, last + 1)]  # type: ignore[index]
        return Located(number, tuple(boxes), "exact" if share == 1.0 else "approximate", share, key.source)
    finally:
        textpage.close()
