"""Sentences of a parsed document's sections, each with its evidence: section, page and character span.

Spans are offsets in `ParsedDocument.text`, so the UI can quote and highlight the sentence. A section's
own text is located in the document text from its heading onward; a sentence that cannot be located
(should not happen) keeps no span rather than a wrong one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from core.vocab import MONTH_NAME_PATTERN
from ingest.document.classify import Categories, classify_section
from ingest.document.models import ParsedDocument, Section

_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'", "\u00a0": " ",
                         "\u2013": "-", "\u2014": "-"})
STRAIGHT_QUOTES = _QUOTES  # typographic quotes and dashes to ASCII, one character for one (offsets keep)
_ABBREV = re.compile(r"(?:\b(?:Inc|Corp|Co|Ltd|No|Nos|Sec|Secs|Art|Mr|Ms|Mrs|Dr|St|Jr|vs|Inc|e\.g|i\.e|etc|"
                     r"U\.S|N\.A|L\.P|S\.A|B\.V|N\.V|a\.m|p\.m|approx)|\b[A-Z])\.$")
# A blank line ends a sentence unless the text runs on in lower case: CUAD's texts break pages mid-sentence
# ("for a period of 12\n\n\n     months"); a list item ("c) ...", "iv. ...") still starts a new one.
_BOUNDARY = re.compile(r"[.!?][\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])|\n\s*\n(?!\s*(?![a-z]{1,4}[.)]\s)[a-z])")
_MONTH_DAY = re.compile(rf"\b{MONTH_NAME_PATTERN}\s+\d{{1,2}}$")
_DATE_TYPO = re.compile(_MONTH_DAY.pattern[:-1] + r"\.(?=\s+(?:19|20)\d\d\b)")
_YEAR = re.compile(r"(?:19|20)\d\d\b")
TERM_CATEGORIES = ("Expiration Date", "Renewal Term", "Notice Period To Terminate Renewal",
                   "Termination For Convenience")


@dataclass(frozen=True)
class Evidence:
    """Where a value was read: the section (number, title, page) and the sentence's span and text."""

    section_number: str
    section_title: str
    page: int | None
    start: int | None
    end: int | None
    quote: str


@dataclass(frozen=True)
class Sentence:
    """One sentence, normalised for matching (straight quotes; same length as the original)."""

    text: str
    evidence: Evidence
    categories: tuple[str, ...]


def split_sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence of `text`; an abbreviation's period does not end one."""
    spans, start = [], 0
    for match in _BOUNDARY.finditer(text):
        if match.group().startswith((".", "!", "?")) and (
                _ABBREV.search(text[max(start, match.start() - 8):match.start() + 1])
                or (_MONTH_DAY.search(text, max(start, match.start() - 14), match.start())
                    and _YEAR.match(text, match.end()))):
            continue  # "Inc.", or a typo'd date: "until March 18. 2021"
        end = match.start() + 1 if match.group()[0] in ".!?" else match.start()
        if text[start:end].strip():
            spans.append((start, end))
        start = match.end()
    if text[start:].strip():
        spans.append((start, len(text)))
    return [(s + len(text[s:e]) - len(text[s:e].lstrip()), e) for s, e in spans]


def _located(doc: ParsedDocument, section: Section, quote: str) -> tuple[int | None, int | None]:
    at = doc.text.find(quote, section.start)
    if at < 0:
        at = doc.text.find(quote)
    return (at, at + len(quote)) if at >= 0 else (None, None)


def section_sentences(doc: ParsedDocument, section: Section, categories: tuple[str, ...]) -> Iterator[Sentence]:
    """The sentences of one section's own text."""
    for start, end in split_sentences(section.text):
        quote = section.text[start:end].rstrip()
        first, last = _located(doc, section, quote)
        evidence = Evidence(section.number, section.title, section.page or None, first, last, " ".join(quote.split()))
        text = quote.translate(_QUOTES)
        # "March 18. 2021" read as "March 18, 2021" (one character for one: spans keep)
        text = _DATE_TYPO.sub(lambda m: m.group()[:-1] + ",", text)
        yield Sentence(text, evidence, categories)


def document_sentences(doc: ParsedDocument, classified: Categories | None = None) -> list[Sentence]:
    """Every sentence of the document, those in sections classified with a term category first
    (then in reading order), so the first match of a rule prefers the section the labels point at.
    `classified`: the sections' categories (ingest.document.classify.document_categories), when known."""
    ranked: list[tuple[int, int, Sentence]] = []
    for section in doc.sections:
        names = classify_section(section) if classified is None else classified[section.number]
        categories = tuple(c for c in names if c in TERM_CATEGORIES)
        rank = 0 if categories else 1
        for sentence in section_sentences(doc, section, categories):
            ranked.append((rank, len(ranked), sentence))
    return [s for _, _, s in sorted(ranked, key=lambda item: item[:2])]
