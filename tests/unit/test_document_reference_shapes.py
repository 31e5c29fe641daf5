"""Cross-reference shapes of issue 14 on small realistic texts, with exact targets and how each resolved:
sub-items and their fallback, ranges, roman/arabic articles, "hereof", relative references, exhibits and
schedules (attached or not), externals, filing labels, and what reaches the graph rows."""

from __future__ import annotations

from ingest.document import parse_document
from ingest.document.parser import document_outline
from ingest.document.refs.resolve import scan_references
from ingest.document.rows import document_rows

BODY = ("1. Definitions. Terms.\n1.1 Fees. The fees.\n1.2 Term. The term.\n1.3 Notice. Notices.\n"
        "2. Services.\n2.1 Scope. Scope.\n2.2 Levels. Levels.\n2.3 Credits. Credits.\n"
        "3. Payment.\n3.1 Deposit. A deposit.\n3.2 Taxes. Taxes.\n3.3 Fees. Fees.\n"
        "3.4 Invoices. The Supplier shall invoice:\n"
        "(a) monthly in arrears;\n(b) in US dollars; and\n(c) by email.\n3.5 Late Payment. Interest accrues.\n")
SCHEDULES = ("\nSCHEDULE 1\nPRICING\n1. Base Price. Ten dollars.\n2. Discounts. See paragraph 1 of this Schedule.\n"
             "\nEXHIBIT B\nSERVICE LEVELS\nThe service levels are ninety-nine percent.\n")


def found(extra: str, tail: str = SCHEDULES) -> list[tuple[str | None, str, str]]:
    """(target, how, text) of every reference made by a section 4 appended to BODY."""
    text, outline = document_outline(BODY + f"4. Test. {extra}\n" + tail)
    return [(f.target, f.how, f.text) for f in scan_references(text, outline) if f.source == "4"]


def test_sub_item_resolves_to_itself_or_to_its_parent_and_says_which():
    assert found("Invoices are governed by Section 3.4(b).") == [("3.4(b)", "exact", "Section 3.4(b)")]
    assert found("Invoices are governed by Section 3.4(f).") == [("3.4", "parent", "Section 3.4(f)")]
    doc = parse_document(BODY + "4. Test. See Section 3.4(b) and Section 3.4(f).\n")
    assert [(r.target_number, r.match) for r in doc.references if r.source_number == "4"] == [
        ("3.4(b)", "exact"), ("3.4", "parent")]


def test_ranges_expand_to_each_section():
    assert found("Sections 2.1 through 2.3 survive.") == [
        ("2.1", "exact", "Sections 2.1 through 2.3"), ("2.2", "exact", "Sections 2.1 through 2.3"),
        ("2.3", "exact", "Sections 2.1 through 2.3")]
    assert found("Sections 1.1-1.3 apply.") == [(n, "exact", "Sections 1.1-1.3") for n in ("1.1", "1.2", "1.3")]


def test_article_roman_reference_matches_arabic_headings_and_hereof_is_internal():
    text = "".join(f"ARTICLE {n}\nPART {n}\n{n}.1 Rule. Text.\n" for n in range(1, 10))
    doc = parse_document(text + "ARTICLE 10\nLAST\n10.1 Final. Subject to Article IX hereof and Article 2 herein.\n")
    assert [(r.target_number, r.text, r.external) for r in doc.references] == [
        ("Article 9", "Article IX", False), ("Article 2", "Article 2", False)]


def test_article_roman_reference_resolves_to_a_numbered_top_level_section():
    assert found("Subject to Article III hereof.") == [("3", "exact", "Article III")]


def test_group_number_without_heading_resolves_to_its_first_subsection():
    doc = parse_document("1.1 Fees. The fees.\n1.2 Term. The term.\n2.1 Scope. See Section 1.\n")
    assert [(r.source_number, r.target_number, r.match) for r in doc.references] == [("2.1", "1.1", "start")]


def test_relative_references_go_to_the_neighbouring_section():
    text, outline = document_outline(
        "1. Fees.\n1.1 Amount. Ten dollars.\n1.2 Taxes. Taxes are added to the amount in the preceding Section.\n"
        "1.3 Changes. This Section applies to changes. The following Section governs disputes.\n"
        "1.4 Disputes. Notwithstanding the foregoing paragraph, and the foregoing, disputes go to court.\n"
        "1.5 Costs. Costs under the above Sections are shared.\n")
    got = [(f.source, f.target, f.how, f.text) for f in scan_references(text, outline)]
    assert got == [("1.2", "1.1", "relative", "the preceding Section"),
                   ("1.3", "1.3", "containing", "This Section"),
                   ("1.3", "1.4", "relative", "The following Section"),
                   ("1.4", "1.3", "relative", "the foregoing paragraph"),
                   ("1.5", None, "plural", "the above Sections")]


def test_preceding_paragraph_of_a_first_subclause_is_its_parent_and_is_not_stored():
    text = "4. Price. The price is fixed.\n(a) the preceding paragraph applies yearly;\n(b) see the preceding clause.\n"
    outline_text, outline = document_outline(text)
    got = [(f.source, f.target, f.how) for f in scan_references(outline_text, outline)]
    assert got == [("4(a)", "4", "containing"), ("4(b)", "4(a)", "relative")]
    assert [(r.source_number, r.target_number, r.match) for r in parse_document(text).references] == [
        ("4(b)", "4(a)", "relative")]


def test_exhibits_and_schedules_attached_resolve_and_missing_ones_are_absent():
    assert found("Prices are in Schedule 1; levels in Exhibit B; forms in Exhibit C.") == [
        ("Schedule 1", "exact", "Schedule 1"), ("Exhibit B", "exact", "Exhibit B"), (None, "absent", "Exhibit C")]
    assert found("Exhibits A and B are attached.") == [(None, "absent", "Exhibits A"),
                                                       ("Exhibit B", "exact", "Exhibits A")]


def test_reference_into_a_schedule_and_inside_it():
    text, outline = document_outline(BODY + "4. Test. Discounts follow paragraph 2 of Schedule 1.\n" + SCHEDULES)
    got = [(f.source, f.target, f.how) for f in scan_references(text, outline) if f.shape == "numbered"]
    assert got == [("4", "Schedule 1 2", "exact"), ("Schedule 1 2", "Schedule 1 1", "exact")]


def test_external_references_are_flagged_with_the_definition():
    got = found("As in Section 4.2 of the Separation Agreement, Section 6.8 (Privileged Matters) and Section 6.9 "
                "(Confidentiality) of the Purchase Agreement, Section 220 of the DGCL, Section 102 of the Code, "
                "article 14 of said Law, "
                "Section 1.2 of this Agreement and Exhibit 10.1 to the Company's Form 8-K.")
    assert got == [(None, "external", "Section 4.2"), (None, "external", "Section 6.8"),
                   (None, "external", "Section 6.9"), (None, "external", "Section 220"),
                   (None, "external", "Section 102"), (None, "external", "article 14"), ("1.2", "exact", "Section 1.2"),
                   (None, "external", "Exhibit 10.1")]


def test_filing_label_blank_numbers_and_this_exhibit_outside_exhibits():
    text, outline = document_outline(
        "Exhibit 10.7\nSUPPLY AGREEMENT\nCertain portions of this exhibit have been omitted.\n"
        "1. Supply. Supplier supplies.\n2. Term. Subject to Section __ and Section 1.\n")
    got = [(f.source, f.target, f.how, f.text) for f in scan_references(text, outline)]
    assert got == [("2", None, "blank", "Section __"), ("2", "1", "exact", "Section 1")]


def test_rows_carry_how_a_reference_matched_and_why_one_did_not():
    doc = parse_document(BODY + "4. Test. Under Section 3 of the Code, Section 3.4(f), the preceding Section, "
                         "Exhibit C and Section 8.8.\n")
    rows = document_rows(doc, "f1")
    assert [(r["source"], r["target"], r["match"]) for r in rows["references"]] == [
        ("4", "3.4", "parent"), ("4", "3", "relative")]
    assert [(r["text"], r["external"], r["reason"]) for r in rows["unresolved"]] == [
        ("Section 3", True, "external"), ("Exhibit C", False, "absent"), ("Section 8.8", False, "missing")]


def test_pdf_and_txt_of_one_filing_agree_on_labels_and_apostrophes():
    """What made a PDF's resolution rate differ from its .txt's (evals.pdf_layer): a typographic apostrophe
    hid an external instrument, and the filing's own label was missed after a page number read as a heading
    or after a confidentiality legend of more than 300 characters."""
    for apostrophe in ("'", "\u2019"):
        assert found(f"For purposes of Section 4.2 of each of the Company{apostrophe}s Participation "
                     "Agreement(s), FIIOC is the designee.") == [(None, "external", "Section 4.2")]
    after_page_number = ("1" + " " * 60 + "EXHIBIT 10.4\n\nSPONSORSHIP AGREEMENT\n"
                         "1. Supply. Supplier supplies.\n2. Term. Subject to Section 1.\n")
    legend = "Confidential treatment has been requested for portions of this exhibit. " * 5
    after_legend = (legend + "\n\nExhibit 10.75\n\nENDORSEMENT AGREEMENT\n"
                    "1. Supply. Supplier supplies.\n2. Term. Subject to Section 1.\n")
    for text in (after_page_number, after_legend):
        text, outline = document_outline(text)
        got = [(f.target, f.how, f.text) for f in scan_references(text, outline)]
        assert ("1", "exact", "Section 1") in got and not [g for g in got if "10." in g[2]], got
