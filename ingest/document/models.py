"""Immutable result types of the document-structure parser.

A `ParsedDocument` is what `parse_document` returns: the sections of one document in reading order
(preamble first), the cross-references between them, the defined terms, the footnotes, and two
link tables (which section uses which defined term, which section cites which footnote).
Section numbers are unique inside a document, so they are the keys everything else points at.
"""

from __future__ import annotations

from functools import cached_property

from pydantic import BaseModel, ConfigDict

PREAMBLE = "preamble"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class Section(_Frozen):
    """One heading-delimited part of a document.

    `text` is the section's own text: from the heading (label included) to the next heading of any level,
    so a parent's text stops where its first child begins - plus, when a list of subclauses ends, the
    paragraphs after it. `start` is the heading's offset in `ParsedDocument.text`, `end` the end of the
    last piece of own text.
    """

    number: str
    title: str
    text: str
    page: int
    ordinal: int
    level: int
    parent_number: str | None
    kind: str = "section"
    start: int = 0
    end: int = 0


class Reference(_Frozen):
    """A cross-reference found in `source_number`; `target_number` is None when it did not resolve.

    `external` marks references into another instrument ("Section 365(n) of the Bankruptcy Code"),
    which can never resolve inside this document. `match` says how a resolved reference matched ("exact";
    "parent": a sub-item not in the outline, "7.4(z)" -> 7.4; "start": a number with no heading of its own,
    "Section 2" -> 2.1; "relative": "the preceding paragraph"); `reason` why an internal one did not
    ("absent": an exhibit not attached to the text; "missing", "not recognised", "blank", ...).
    """

    source_number: str
    target_number: str | None
    text: str
    external: bool = False
    match: str | None = None
    reason: str | None = None


class DefinedTerm(_Frozen):
    """A defined term, its definition text and the section that defines it.

    A definition that points elsewhere ("has the meaning set forth in Section 8.7") keeps the phrase in
    `pointer_text` and the resolved target section in `pointer` (None when it did not resolve); when the
    target section defines the term itself, `definition` and `section_number` are that definition's.
    """

    term: str
    definition: str
    section_number: str
    inline: bool = False
    pointer: str | None = None
    pointer_text: str = ""


class Footnote(_Frozen):
    """A footnote printed at a page bottom."""

    number: int
    text: str
    page: int


class TermUse(_Frozen):
    section_number: str
    term: str


class FootnoteCitation(_Frozen):
    section_number: str
    footnote_number: int


class ParsedDocument(_Frozen):
    """Everything the parser found in one document."""

    doc_id: str | None = None
    text: str = ""
    sections: tuple[Section, ...] = ()
    references: tuple[Reference, ...] = ()
    definitions: tuple[DefinedTerm, ...] = ()
    footnotes: tuple[Footnote, ...] = ()
    term_uses: tuple[TermUse, ...] = ()
    footnote_citations: tuple[FootnoteCitation, ...] = ()

    @cached_property
    def _by_number(self) -> dict[str, Section]:
        return {s.number: s for s in self.sections}

    def section(self, number: str) -> Section | None:
        """The section with this exact number, or None."""
        return self._by_number.get(number)

    def children(self, number: str) -> list[Section]:
        return [s for s in self.sections if s.parent_number == number]

    def subtree_end(self, number: str) -> int:
        """Offset where `number` and all its descendants end (the next non-descendant's start)."""
        section = self._by_number[number]
        inside = {number}
        end = section.end
        for other in self.sections[section.ordinal + 1:]:
            if other.parent_number not in inside:
                break
            inside.add(other.number)
            end = max(end, other.end)
        return end

    def full_text(self, number: str) -> str:
        """The text of a section including all its subsections."""
        section = self._by_number[number]
        return self.text[section.start:self.subtree_end(number)].strip()
