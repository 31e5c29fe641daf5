"""Cross-reference rules of the fourth pass on issue 14, each on the dev shape that prompted it (dev contracts
only): a line listing several exhibits is no exhibit title, "this Section 4.8" written in a renumbered draft's
4.7, headings run into the text after ".)", "[***]" or "; and", a group number whose headings start deeper, a part
of an exhibit attached whole, and an exhibit's running header and table-of-contents entries being no references.
The body and helpers are the third pass's (test_document_reference_xref3)."""

from __future__ import annotations

from ingest.document.parser import document_outline
from ingest.document.refs.resolve import scan_references
from tests.unit.test_document_reference_xref3 import BODY, FILLER, found


def test_a_line_listing_several_exhibits_is_a_list_not_the_first_exhibit():
    # Antares: "1.5 Exhibits." lists them on one line; the body runs on, the exhibits are attached at the end
    text = (BODY + "4. Exhibits. The following Exhibits are attached:\n"
            "Exhibit A - Materials Exhibit B - Specifications Exhibit C - Prices\n"
            "5. Supply. As set out in Section 3.2. " + FILLER + "\n6. Term. " + FILLER
            + "\n\nEXHIBIT A\n\nMATERIALS\n\n" + FILLER)
    text, outline = document_outline(text)
    assert [s.number for s in outline.sections if s.kind in ("section", "exhibit")][-4:] == ["4", "5", "6", "Exhibit A"]
    assert [(f.source, f.target) for f in scan_references(text, outline) if f.text == "Section 3.2"] == [("5", "3.2")]


def test_one_exhibit_title_per_line_is_still_a_title():
    _, outline = document_outline(BODY + "\nEXHIBIT A - MATERIALS\n\n" + FILLER + "\n\nEXHIBIT B - PRICES\n\n"
                                  + FILLER)
    assert [s.number for s in outline.sections if s.kind == "exhibit"] == ["Exhibit A", "Exhibit B"]


def test_this_section_with_a_number_the_text_lacks_is_the_provision_it_sits_in():
    # Goosehead: "For the purpose of this Section 4.8" written in 4.7; without "this" the number stays missing
    assert found("For the purpose of this Section 4.8, the Index is the CPI.") == [
        ("4", "containing", "Section 4.8")]
    assert found("As set out in Section 4.8.") == [(None, "missing", "Section 4.8")]


def test_headings_run_into_the_text_after_a_bracket_redaction_or_list_glue():
    # Goosehead "partnership.) 2.2.6 You agree", Eton "6.3.6 [ * * * ] 6.3.7 Within", "...; and 4.2.6 the term"
    text = (BODY + "4. Renewal. You must meet these conditions: 4.1 You agree to the terms (including a "
            "partnership.) 4.2 You agree to sign a release. 4.3 [ * * * ] 4.4 Within ten days you pay.\n"
            "5. Terms. In this Agreement: 5.1 the term Month means a month; and 5.2 the term Net means net.\n"
            "6. Test. Under Section 4.2. Under Section 4.4. Under Section 5.2. Not under Section 4.5.\n")
    text, outline = document_outline(text)
    assert [(f.target, f.how, f.text) for f in scan_references(text, outline) if f.source == "6"] == [
        ("4", "parent", "Section 4.2"), ("4", "parent", "Section 4.4"), ("5", "parent", "Section 5.2"),
        (None, "missing", "Section 4.5")]


def test_a_group_number_whose_headings_start_deeper_resolves_to_its_first_section():
    # Ceres: "Articles 4, 5" where the text has 5.1.1, 5.1.2 but lost the headings 5 and 5.1
    text = (BODY + "4. Test. See Article 5.\n5.1.1 Grant. The grant.\n5.1.2 Use. The use.\n")
    text, outline = document_outline(text)
    assert [(f.target, f.how) for f in scan_references(text, outline) if f.source == "4"] == [("5.1.1", "start")]


def test_a_part_of_an_exhibit_attached_whole_resolves_to_the_whole():
    # Ideanomics: "Schedule A1-A6 of Schedule A": the text attaches Schedule A in one piece
    tail = f"\nSCHEDULE A\n\nTITLES\n\n{FILLER}\n"
    assert found("Titles listed in Schedule A5.", tail) == [("Schedule A", "parent", "Schedule A5")]


def test_a_running_header_and_a_table_of_contents_entry_are_no_references():
    # Manufacturers Services: "ATTACHMENT 1 IBM/MSL ..." atop each page; "SECTION 6.0 PURCHASE ..... Page 11"
    text = (BODY + "4. Attachments. See Attachment 1.\n\nATTACHMENT 1 Statement of Work\n\n"
            "SECTION 1.0 SCOPE ........................ Page 2\nSECTION 2.0 PRICES ........................ Page 3\n\n"
            "1. Scope. " + FILLER + "\n\nATTACHMENT 1 Statement of Work\n\n2. Prices. As in Section 1. " + FILLER)
    text, outline = document_outline(text)
    assert [(f.source, f.target, f.text) for f in scan_references(text, outline)] == [
        ("4", "Attachment 1", "Attachment 1"), ("Attachment 1 2", "Attachment 1 1", "Section 1")]
