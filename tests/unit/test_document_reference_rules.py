"""Cross-reference rules added to reach the non-dev target of issue 14, each on the dev-contract shape that
prompted it: statutes cited in more ways (acronyms, "Title 15,", "U.S.C" without its last dot, "Law, Sections",
"et seq.", "respectively", "of such act"), references into a reference into another instrument ("clause (k)
of Section 351 of the PHSA"), lists joined by "through", capitalised words that are no exhibit labels
("ADDENDUM TO LEASE", "Schedule TO")."""

from __future__ import annotations

from ingest.document.parser import document_outline
from ingest.document.refs.resolve import scan_references

BODY = ("1. Definitions. Terms.\n1.1 Fees. The fees.\n1.2 Term. The term.\n1.3 Notice. Notices.\n"
        "2. Services.\n2.1 Scope. Scope.\n2.2 Levels. Levels.\n2.3 Credits. Credits.\n"
        "3. Payment.\n3.1 Deposit. A deposit.\n3.2 Taxes. Taxes.\n3.3 Fees. Fees.\n")


def found(extra: str, tail: str = "") -> list[tuple[str | None, str, str]]:
    """(target, how, text) of every reference made by a section 4 appended to BODY."""
    text, outline = document_outline(BODY + f"4. Test. {extra}\n" + tail)
    return [(f.target, f.how, f.text) for f in scan_references(text, outline) if f.source == "4"]


def external(extra: str) -> list[str]:
    """The texts of the references in `extra` that are flagged external; every other one is listed as '!text'."""
    return [t if how == "external" else f"!{t}" for _, how, t in found(extra)]


def test_statutes_named_right_before_in_more_ways():
    assert external("Pursuant to DFAR Section 227.7202 and FAR Section 12.212, as applicable.") == [
        "Section 227", "Section 12.212"]
    assert external("Foreign Corrupt Practices Act, U.S. Code Title 15, § 78. Next.") == ["§ 78"]
    assert external("Under the Act (21 U.S.C § 321 et seq.) and 11 USC Section 365(n).") == ["§ 321", "Section 365(n)"]
    assert external("Title 21 of the United States Code of Federal Regulations, Section 2.1(e); and GBL Sections 1.1 "
                    "and 1.2 apply.") == ["Section 2.1(e)", "Sections 1.1 and 1.2"]
    assert external("Rights conferred by New York General Business Law, Sections 2.1-2.3.") == ["Sections 2.1-2.3"]
    assert external('("GAO/IG Access" (Pub. L. No. 111-5, Section 3, 1514 and 1515)') == ["Section 3"]


def test_applicable_law_with_a_comma_is_no_statute_name():
    assert found("To the extent required by Applicable Law, Section 1.2 shall apply.") == [
        ("1.2", "exact", "Section 1.2")]


def test_instruments_named_after_in_more_ways():
    assert external("Section 3.1, et seq. of the Code of the State of Delaware.") == ["Section 3.1"]
    assert external("Pursuant to Section 1.2 or 1.3, respectively, of the applicable Receivables Transfer "
                    "Agreement.") == ["Section 1.2 or 1.3"]
    assert external("Within the meaning of Section 2(a) (2) of the U.S. Securities Act.") == ["Section 2(a) (2)"]
    assert external("As defined by Section 3.2 of the UK Income Tax (Earnings and Pensions) Act 2003.") == [
        "Section 3.2"]
    assert external("Lists under Section 3.1(l)(5)(B) of such act, and subparagraphs (1) and (3) of Rule 462(b).") == [
        "Section 3.1(l)(5)(B)", "subparagraphs (1) and (3)"]
    assert external("In accordance with Paragraph 36 of the Final DIP Order.") == ["Paragraph 36"]
    assert external("Pursuant to Note 2 to Section 73.3555 of the FCC's rules.") == ["Section 73"]


def test_a_defined_term_parenthetical_after_the_statute_still_names_it():
    assert external('Controls within the meaning of Section 2 of the Exchange Act (each, an "Indemnified Party").') == [
        "Section 2"]
    assert external('Under Section 3.2 of the Bankruptcy Code (the "Code"), licences.') == ["Section 3.2"]


def test_order_after_a_lowercase_word_is_no_instrument():
    text, outline = document_outline(
        BODY + "EXHIBIT A\nSERVICE LEVEL SCHEDULE\nATTACHMENT A\nMEASUREMENTS\nLevels may be modified through the "
        "process set forth in this Attachment A to the Service Level Schedule in order to achieve accuracy.\n")
    assert [(f.target, f.how) for f in scan_references(text, outline) if f.text == "Attachment A"] == [
        ("Attachment A", "containing")]


def test_a_reference_into_an_external_reference_is_external():
    assert external('An application under subsection (k) of Section 351 of the PHSA (a "Biosimilar").') == [
        "subsection (k)", "Section 351"]
    assert external("The provisions of Sections 1.3(a)-(i) of Article 4 of the APA are incorporated.") == [
        "Sections 1.3(a)-(i)", "Article 4"]
    assert external("Only clause (a) of Section 2(a)(10) of the 1933 Act.") == ["clause (a)", "Section 2(a)(10)"]


def test_a_list_joined_by_through_into_another_instrument_is_external():
    assert external("Section 10.2 (Governing Law) through Section 10.19 (Mutual Drafting) of the Separation "
                    "Agreement are incorporated.") == ["Section 10.2", "Section 10.19"]


def test_capitalised_words_and_sec_forms_are_no_exhibit_labels():
    assert found("THIS ADDENDUM TO LEASE and any SCHEDULE OR EXHIBIT OR PART; the Schedule TO filed.") == []
    assert found("The remedy in Rate Schedule FT-A; see also FDD Exhibit H-1.") == [
        (None, "external", "Schedule FT"), (None, "external", "Exhibit H-1")]
    assert found("Prices are in Schedule AB.", "\nSCHEDULE AB\nPRICES\nTen dollars.\n") == [
        ("Schedule AB", "exact", "Schedule AB")]


def test_items_enumerated_inside_a_sentence_are_found_in_the_line_or_an_ancestor():
    # "or (ii) ..." enumerates although "or" comes before it; "clauses (i) and (ii)" only cites
    assert found("MMT shall either (i) terminate the contracts or (ii) assign them, at the cost of SIGA under "
                 "clause (ii).") == [("4", "containing", "clause (ii)")]
    text, outline = document_outline(BODY + "4. Default. A party defaults if (i) it fails to pay or (ii) it "
                                     "breaches:\n(A) as to a default under clause (i) above, after ten days;\n"
                                     "(B) as to a default under clause (ii) above, after thirty days.\n")
    assert [(f.source, f.target, f.how) for f in scan_references(text, outline) if f.source.startswith("4")] == [
        ("4(A)", "4", "containing"), ("4(B)", "4", "containing")]


def test_a_number_spelt_out_and_the_sections_own_label_are_no_enumeration():
    assert found("Within thirty (30) days as described in clause (30).") == [(None, "missing", "clause (30)")]
    text, outline = document_outline(BODY + "4. Fees.\n(a) Monthly fees.\n(b) Annual fees.\n(c) If subsections (a) "
                                     "above and (b) above both apply, the lower of the fees under subsections (a) and "
                                     "(b) applies.\n")
    assert [(f.target, f.how, f.text) for f in scan_references(text, outline) if f.source == "4(c)"] == [
        ("4(a)", "exact", "subsections (a)"), ("4(a)", "exact", "subsections (a) and (b)"),
        ("4(b)", "exact", "subsections (a) and (b)")]


def test_an_item_enumerated_in_its_own_line_wins_over_an_ancestors_subsection_of_that_letter():
    text, outline = document_outline(
        "1. Representations.\n(a) The Company is duly organised.\n(b) The Company is solvent.\n(c) The Company is "
        "not (A) in violation of its charter or (B) in default, except in the case of clause (B) for immaterial "
        "defaults.\n2. Other. See Section 1(b).\n")
    got = [(f.source, f.target, f.how, f.text) for f in scan_references(text, outline)]
    assert got == [("1(c)", "1(c)", "containing", "clause (B)"), ("2", "1(b)", "exact", "Section 1(b)")]


def test_items_of_a_named_section_resolve_inside_it():
    assert found("Under clauses (a) and (b) of Section 3.2 and clause (c) of Section 1.") == [
        ("3.2", "parent", "clauses (a) and (b)"), ("3.2", "exact", "Section 3.2"), ("1", "parent", "clause (c)"),
        ("1", "exact", "Section 1")]


def test_a_plural_marker_is_no_reference():
    assert found("The full text article(s) and Section(s) requested.") == []


def test_in_an_amendment_the_agreement_is_the_amended_one():
    amendment = ("AMENDMENT NO. 1\nThis Amendment amends the License Agreement (the \"Agreement\").\n"
                 "1. Territory. The Territory listed in Section 2 of the Agreement is amended as set out in this "
                 "Amendment.\n2. Term. Paragraph 7(a) of the Agreement and Exhibit A to the Agreement are deleted; "
                 "see Section 1 of this Amendment.\n")
    text, outline = document_outline(amendment)
    assert [(f.source, f.target, f.how, f.text) for f in scan_references(text, outline)] == [
        ("1", None, "external", "Section 2"), ("2", None, "external", "Paragraph 7(a)"),
        ("2", None, "external", "Exhibit A"), ("2", "1", "exact", "Section 1")]
    # an agreement that mentions "this Amendment" in a clause or two still owns "the Agreement"
    assert found("Section 1.2 of the Agreement applies to this Amendment and to any later Amendment.") == [
        ("1.2", "exact", "Section 1.2")]


def test_a_sub_numbered_heading_the_outline_missed_resolves_to_the_section_holding_it():
    text, outline = document_outline(
        "11. Services.\n11.1 Support. The Operator provides:\n11.1.1 Payroll services.\n11.1.2 IT services.\n"
        "11.1.3.The charge for the services set forth in Article 11.1.1 is set out below.\n11.2 Transition. As in "
        "Section 11.1.3, and Section 11.1.7.\n")
    assert "11.1.3" not in [s.number for s in outline.sections]  # "11.1.3.The" is run into its text
    assert [(f.target, f.how, f.text) for f in scan_references(text, outline) if f.source == "11.2"] == [
        ("11.1", "parent", "Section 11.1.3"), (None, "missing", "Section 11.1.7")]


def test_exhibit_titles_without_a_space_with_a_dotted_id_or_naming_what_they_are_attached_to():
    def exhibit_refs(text: str) -> list[tuple[str | None, str, str]]:
        text, outline = document_outline(text)
        return [(f.target, f.how, f.text) for f in scan_references(text, outline) if f.shape == "exhibit"]

    assert exhibit_refs(BODY + "4. Specs. The Specifications are attached as Schedule 2.\nSCHEDULE2\nSPECIFICATIONS\n"
                        "Ten widgets.\n") == [("Schedule 2", "exact", "Schedule 2")]
    assert exhibit_refs(BODY + "4. Sale. The sale follows the guidelines attached as Exhibit 8.1.\nPage 58 of 60 "
                        "EXHIBIT 8.1 SALE GUIDELINES A. The Sale shall be conducted in the stores.\n") == [
        ("Exhibit 8.1", "exact", "Exhibit 8.1")]
    assert exhibit_refs(BODY + "4. Territory. The territory is on Attachment A.\n  Attachment A to  Master Franchise "
                        "Agreement   MASTER TERRITORY\nThe State of Texas.\n") == [
        ("Attachment A", "exact", "Attachment A")]
    # a sentence that starts a line is no title
    assert exhibit_refs(BODY + "4. Territory. The territory is on Attachment A.\nAttachment A to this Agreement "
                        "lists the counties.\n") == [(None, "not recognised", "Attachment A")]


def test_the_end_of_a_long_cited_list_is_no_enumeration():
    assert found("Staff have agreed to comply with the provisions of sections (5), (8), (9), (10) and (12) of this "
                 "policy.") == [(None, "missing", "sections (5), (8), (9), (10) and (12)")]


def test_a_table_of_contents_entry_titled_schedules_is_no_reference():
    text, outline = document_outline(
        "TABLE OF CONTENTS\n13.12 Counterparts 42 13.13 Schedules 42 13.14 Expenses 42 Section 9.9 Appendices and "
        "Exhibits 28 Section 9.10 Entire Agreement 28\n" + BODY + "4. Survival. Schedules 1 and 2 survive.\n")
    assert [(f.source, f.how, f.text) for f in scan_references(text, outline) if f.shape == "exhibit"] == [
        ("4", "absent", "Schedules 1")]  # schedules 1 and 2, neither attached (one row per source, target, text)
