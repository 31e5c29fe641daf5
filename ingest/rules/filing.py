"""Filing noise: text a filing or a printer added around the agreement, masked before the rules read fields.

CUAD's contracts are exhibits to SEC filings, and so are many real uploads. Around the agreement they carry
EDGAR/Morningstar cover and footer text ("Source: NETGEAR INC, 10-K, 3/28/2003", "Powered by Morningstar
Document Research", its disclaimer), confidential-treatment notices ("CONFIDENTIAL TREATMENT REQUESTED",
"[***] indicates material that has been omitted ..."), SEC exhibit labels ("EXHIBIT 10.3", "EX-10.16"),
page numbers ("7", "- 7 -", "Page 7 of 30") and running headers (the same line at the top or bottom of many
pages). None of it is a title, a party or a date of the agreement, yet a rule reading the first lines would
take it for one.

`mask(pages)` returns the pages with every such line (of a notice, its sentences) replaced by spaces of the same
length: the rules engine reads the masked text, so nothing in it can become a field, while offsets, and so
evidence spans and page numbers, stay those of the original text. The document text itself (what is stored
and parsed into sections) is not changed. Letter exhibits ("Exhibit A") are the agreement's own annexes and are kept.
"""

from __future__ import annotations

import re
from collections import Counter

from ingest.document.patterns import PAGE_NUMBER, running_shape

_SOURCE = re.compile(r"^\s*Source:\s+.{1,150},\s*[A-Z0-9][\w/() .-]{0,40},\s*\d{1,2}/\d{1,2}/\d{2,4}\s*$")
_EDGAR = re.compile(r"Powered\s+by\s+Morningstar|Morningstar\s*(?:®|\(R\))?\s*Document\s+Research|"
                    r"information\s+contained\s+herein\s+may\s+not\s+be\s+copied|user\s+assumes\s+all\s+risks|"
                    r"past\s+financial\s+performance\s+is\s+no\s+guarantee", re.IGNORECASE)
_CONFIDENTIAL = re.compile(r"confidential\s+treatment|omitted\s+and\s+filed\s+separately|"
                           r"filed\s+separately\s+with\s+the\s+(?:securities|commission)|"
                           r"(?:material|information)\s+(?:that\s+|which\s+)?has\s+been\s+(?:omitted|redacted)|"
                           r"portions\s+(?:of\s+this\s+\w+\s+)?have\s+been\s+(?:omitted|redacted)",
                           re.IGNORECASE)
_EXHIBIT = re.compile(r"^\s*(?:EXHIBIT|Exhibit|EX-?)\s*\d{1,3}(?:\.\d{1,3})*[A-Za-z]?(?:\.?\s*\(\w{1,4}\))*\.?\s*$")
NOTICE_MAX = 700  # a confidentiality notice is a short paragraph; a longer one is a clause that mentions it
EDGE = 2  # lines at each page edge that may be a running header or footer


def is_noise(line: str) -> bool:
    """Whether one line is filing or printer text (running headers need the other pages: see `mask`)."""
    text = line.strip()
    if not text:
        return False
    if _SOURCE.match(text) or _EXHIBIT.match(text) or PAGE_NUMBER.match(text):
        return True
    return len(text) <= NOTICE_MAX and bool(_EDGAR.search(text) or _CONFIDENTIAL.search(text))


_SENTENCE = re.compile(r".+?(?:[.!?]+(?=\s|$)|$)", re.DOTALL)


def _masked_line(line: str) -> str:
    """The line blanked where it is noise: all of it for a label, footer or page number; only the notice's
    sentences for a notice (a text file may run a notice and the title into one line)."""
    text = line.strip()
    if not text:
        return line
    if _SOURCE.match(text) or _EXHIBIT.match(text) or PAGE_NUMBER.match(text):
        return " " * len(line)
    if len(text) > NOTICE_MAX or not (_EDGAR.search(text) or _CONFIDENTIAL.search(text)):
        return line
    return "".join(" " * len(m.group()) if _EDGAR.search(m.group()) or _CONFIDENTIAL.search(m.group())
                   else m.group() for m in _SENTENCE.finditer(line))


def _running(pages: list[list[str]]) -> set[str]:
    """Digit-blind shapes of the lines at page edges that repeat on a third of the pages (at least 3)."""
    if len(pages) < 3:
        return set()
    counts: Counter[str] = Counter()
    for lines in pages:
        filled = [ln for ln in lines if ln.strip()]
        counts.update({running_shape(ln) for ln in filled[:EDGE] + filled[-EDGE:]})
    threshold = max(3, len(pages) // 3)
    return {shape for shape, n in counts.items() if n >= threshold}


def mask(pages: list[str]) -> list[str]:
    """`pages` with filing noise blanked out (same lengths, so every offset still points at the original)."""
    split = [page.split("\n") for page in pages]
    running = _running(split)
    out = []
    for lines in split:
        filled = [i for i, ln in enumerate(lines) if ln.strip()]
        edges = set(filled[:EDGE] + filled[-EDGE:])
        out.append("\n".join(" " * len(ln) if i in edges and ln.strip() and running_shape(ln) in running
                             else _masked_line(ln) for i, ln in enumerate(lines)))
    return out
