"""`parse_document`: page texts in, `ParsedDocument` out. Pure text processing, no database."""

from __future__ import annotations

import logging

from ingest.document.definitions import find_definitions
from ingest.document.footnotes import Citation, Note, extract_footnotes
from ingest.document.models import Footnote, FootnoteCitation, ParsedDocument
from ingest.document.pages import (
    join_pages,
    lift_trailing_headings,
    place_sidebar_headings,
    strip_running_lines,
)
from ingest.document.refs.resolve import find_references
from ingest.document.sections import Outline, build_outline

log = logging.getLogger(__name__)


def _prepared(pages: list[str] | str) -> tuple[str, list[int], list[Note], list[Citation]]:
    page_list = [pages] if isinstance(pages, str) else [p or "" for p in pages]
    page_list = [p.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n") for p in page_list]
    page_list = place_sidebar_headings(lift_trailing_headings(strip_running_lines(page_list)))
    page_list, notes, cites = extract_footnotes(page_list)
    text, starts = join_pages(page_list)
    return text, starts, notes, cites


def document_outline(pages: list[str] | str) -> tuple[str, Outline]:
    """The joined text and its outline, as `parse_document` sees them (for evaluations of one pass)."""
    text, starts, _, _ = _prepared(pages)
    return text, build_outline(text, starts)


def parse_document(pages: list[str] | str, doc_id: str | None = None) -> ParsedDocument:
    """Parse a document given as a list of page texts (or one string = one page)."""
    text, starts, notes, cites = _prepared(pages)
    outline = build_outline(text, starts)
    sections = outline.sections
    references = find_references(text, outline)
    definitions, term_uses = find_definitions(text, outline.span_at, outline.extent, references, outline.parent_of)
    citations = [FootnoteCitation(section_number=outline.owner(starts[c.page] + c.offset), footnote_number=c.number)
                 for c in cites]
    log.debug("parsed %s: %d sections, %d references", doc_id, len(sections), len(references))
    return ParsedDocument(
        doc_id=doc_id, text=text, sections=tuple(sections), references=tuple(references),
        definitions=tuple(definitions), term_uses=tuple(term_uses),
        footnotes=tuple(Footnote(number=n.number, text=n.text, page=n.page) for n in notes),
        footnote_citations=tuple(citations),
    )
