"""Document structure: sections, cross-references, defined terms, footnotes and CUAD clause labels.

Pure text processing (no database): `parse_document(pages)` returns a `ParsedDocument`;
`classify_section(section)` assigns CUAD categories to one section.
"""

from ingest.document.classify import classify_section
from ingest.document.models import (
    DefinedTerm,
    Footnote,
    FootnoteCitation,
    ParsedDocument,
    Reference,
    Section,
    TermUse,
)
from ingest.document.parser import parse_document

__all__ = [
    "DefinedTerm",
    "Footnote",
    "FootnoteCitation",
    "ParsedDocument",
    "Reference",
    "Section",
    "TermUse",
    "classify_section",
    "parse_document",
]
