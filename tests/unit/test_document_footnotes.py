"""Footnotes at page bottoms and their citations, on hand-written pages."""

from __future__ import annotations

from ingest.document import parse_document

PAGES = [
    "1. Scope\n"
    "1.1 The Authority1 may issue rules for all licensed firms in the market.\n"
    "1.2 Firms must comply with the rules and report any breach to the Authority without delay.\n"
    "1.3 A firm may appeal a decision (the appeal) 2  by writing to the Authority.\n"
    "1 The central bank of the country, acting as the market regulator.\n"
    "2 Appeals are heard by an independent panel within thirty days.",
    "2. Reporting\n"
    "2.1 Reports are due monthly3 and must be signed by a director of the firm.\n"
    "2.2 Late reports attract the penalty in paragraph 1.24 of this document.\n"
    "2.3 The Authority may extend deadlines in exceptional cases only.\n"
    "3 Reports go to the Authority by secure email each month.\n"
    "4 The penalty is set each year and published on the Authority website.",
]


def test_footnotes_are_read_and_removed_from_the_body():
    doc = parse_document(PAGES)
    assert [(f.number, f.page) for f in doc.footnotes] == [(1, 1), (2, 1), (3, 2), (4, 2)]
    assert doc.footnotes[0].text == "The central bank of the country, acting as the market regulator."
    assert "independent panel" not in doc.text


def test_citations_point_at_the_citing_section_and_glued_digits_are_removed():
    doc = parse_document(PAGES)
    assert [(c.footnote_number, c.section_number) for c in doc.footnote_citations] == [
        (1, "1.1"), (2, "1.3"), (3, "2.1"), (4, "2.2")]
    assert doc.section("1.1").text.startswith("1.1 The Authority may issue")
    # "paragraph 1.24" was paragraph 1.2 with footnote 4 glued on
    assert [(r.source_number, r.target_number) for r in doc.references] == [("2.2", "1.2")]


def test_numbered_lines_without_a_citation_are_not_footnotes():
    pages = ["1. Items\nThe items are:\n1 apple from the orchard of the farm\n2 pear from the same orchard", "2. End"]
    doc = parse_document(pages)
    assert doc.footnotes == ()
    assert "apple" in doc.section("1").text


def test_single_page_text_has_no_footnotes():
    doc = parse_document("1. Scope. The Authority1 rules.\n1 The central bank of the country, acting as regulator.")
    assert doc.footnotes == () and doc.footnote_citations == ()
