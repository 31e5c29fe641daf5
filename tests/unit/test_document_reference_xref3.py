"""Cross-reference rules of the third pass on issue 14 (tuned on dev contracts only), each on the dev shape that
prompted it: one exhibit whose title repeats atop its pages, lettered numbers ("Section 3B", "7A"), "Exhibit F"
attached only as F-1, F-2, exhibit page labels in the footer, more external forms (citation lists after
C.F.R., land-survey sections, a titled amendment, sub-items after an exhibit label, a section of another
instrument's schedule), an exhibit's own "this Section 2", article numbers that jump, rule lines before
headings, list entries after ";", and exhibit titles the outline did not take."""

from __future__ import annotations

from ingest.document.candidates import find_exhibits
from ingest.document.outline import select_headings
from ingest.document.parser import document_outline
from ingest.document.patterns import exhibit_rest_ok
from ingest.document.refs.resolve import scan_references

BODY = ("1. Definitions. Terms.\n1.1 Fees. The fees.\n1.2 Term. The term.\n1.3 Notice. Notices.\n"
        "2. Services.\n2.1 Scope. Scope.\n2.2 Levels. Levels.\n2.3 Credits. Credits.\n"
        "3. Payment.\n3.1 Deposit. A deposit.\n3.2 Taxes. Taxes.\n3.3 Fees. Fees.\n")
FILLER = "The parties agree to the terms set out in this part of the document. " * 5


def refs(text: str) -> list[tuple[str, str | None, str, str]]:
    """(source, target, how, text) of every reference in `text`."""
    text, outline = document_outline(text)
    return [(f.source, f.target, f.how, f.text) for f in scan_references(text, outline)]


def found(extra: str, tail: str = "") -> list[tuple[str | None, str, str]]:
    """(target, how, text) of every reference made by a section 4 appended to BODY."""
    return [(target, how, phrase) for source, target, how, phrase in refs(BODY + f"4. Test. {extra}\n" + tail)
            if source == "4"]


def test_an_exhibit_title_repeated_atop_its_pages_is_one_scope():
    # the body has a 2.1 too: the reference on the title's second page goes to the attachment's own 2.1, and the
    # heading there (2.2, alone on its page) continues the attachment's sequence instead of starting a new one
    text = (BODY + "4. Attachments. See Attachment 1.\n\nATTACHMENT 1\n\n1. Scope. " + FILLER + "\n2. Pricing.\n"
            "2.1 Rates. " + FILLER + "\n\nATTACHMENT 1\n\n2.2 Discounts. Prices are defined in Section 2.1. " + FILLER)
    text, outline = document_outline(text)
    assert [s.number for s in outline.sections if s.kind != "subclause"][-6:] == [
        "4", "Attachment 1", "Attachment 1 1", "Attachment 1 2", "Attachment 1 2.1", "Attachment 1 2.2"]
    assert [(f.source, f.target, f.how) for f in scan_references(text, outline) if f.text == "Section 2.1"] == [
        ("Attachment 1 2.2", "Attachment 1 2.1", "exact")]


def test_a_lettered_number_is_an_item_of_its_section_or_a_heading_of_its_own():
    body = ("1. Grant. The grant.\n2. Use. Use.\n3. Term and Termination.\n\n   A. The term is one year.\n\n"
            "   B. Either party may terminate on notice.\n4. Insurance. Cover. 4.1 Limits. Limits.\n"
            "4.2 Proof. Proof.   4A. Records   Each party keeps records.\n5. Test. Terminated under Section 3B. "
            "Kept under Section 4A. Not under Section 2D.\n6. End. The end.\n")
    assert [(t, how, p) for s, t, how, p in refs(body) if s == "5"] == [
        ("3(B)", "exact", "Section 3B"), ("4.2", "parent", "Section 4A"), (None, "missing", "Section 2D")]


def test_an_exhibit_attached_only_in_parts_resolves_to_its_first_part():
    tail = (f"\nEXHIBIT F-1\n\nFORM OF CONFIDENTIALITY AGREEMENT\n\n{FILLER}\n\nEXHIBIT F-2\n\nFORM OF NON-COMPETE\n\n"
            f"{FILLER}\n")
    assert found("In the form of Exhibit F.", tail) == [("Exhibit F-1", "start", "Exhibit F")]


def test_an_exhibit_page_label_in_the_footer_is_no_reference():
    tail = f"\nAPPENDIX A\n\nEXAMPLE CALCULATION\n\n{FILLER} Example Calculation Appendix A-1\n\nSource: X CORP, S-1\n"
    assert [r for r in refs(BODY + "4. Test. See Appendix A.\n" + tail) if "A-1" in r[3]] == []


def test_more_external_forms():
    assert found("Regulation Z and 12 C.F.R. Part 226 and Section 3.2), and more.") == [
        (None, "external", "Section 3.2")]
    assert found("Disqualified under 21 C.F.R. §312.70 or §1.2, sanctioned.") == [
        (None, "external", "§312.70"), (None, "external", "§1.2")]
    assert found("The well located in Section 3, Township 4 South, Range 10 East.") == [
        (None, "external", "Section 3")]
    assert found("Targets set forth in Schedule 2.5(d)(i)(2) of the Strategic Alliance Agreement.") == [
        (None, "external", "Schedule 2.5")]
    assert found("To comply with Section 2 of Schedule 10.28 to the Financing Agreement.") == [
        (None, "external", "Section 2"), (None, "external", "Schedule 10.28")]


def test_a_titled_amendment_saying_this_amendment_once_cites_the_amended_agreement():
    text = ("AMENDMENT NO. 3\n\nReference is made to the License Agreement (the \"Agreement\").\n\n"
            "1. Term. The first paragraph of Section 2 of the Agreement is deleted.\n2. Notice. Notices under "
            "Section 1 hereof.\n3. Effect. This Amendment is effective today.\n")
    assert [(t, how, p) for _, t, how, p in refs(text)] == [
        (None, "external", "Section 2"), ("1", "exact", "Section 1")]


def test_this_section_inside_an_exhibit_is_the_exhibits_own():
    tail = (f"\nEXHIBIT A\n\nNON-COMPETITION\n\n1. Scope. {FILLER}\n2. Covenants.\n(a) No competition. {FILLER}\n"
            "(b) Severability. The covenants in this Section 2 are separate covenants.\n")
    found_refs = refs(BODY + "4. Test. See Exhibit A.\n" + tail)
    assert ("Exhibit A 2(b)", "Exhibit A 2", "containing", "Section 2") in found_refs


def test_article_numbers_that_jump_stay_in_the_outline():
    text = "".join(f"ARTICLE {r}\n\nTITLE {r}\n\nText of article {r}. {FILLER}\n\n"
                   for r in ("I", "II", "III", "IV", "V", "XI", "XII", "XIII", "XIV"))
    numbers = [s.number for s in document_outline(text)[1].sections if s.kind == "article"]
    assert numbers == ["Article I", "Article II", "Article III", "Article IV", "Article V", "Article XI",
                       "Article XII", "Article XIII", "Article XIV"]


def test_a_heading_after_a_rule_line_is_a_heading():
    text = (BODY + "4. Test. Under this Section 5.\n"
            "-------------------------------------------------------------------------------- 5.0 Materials\n\n"
            "a. Materials are delivered under this Section 5.\n")
    assert "5.0" in [s.number for s in document_outline(text)[1].sections]
    assert ("4", "5.0", "exact", "Section 5") in refs(text)


def test_after_a_semicolon_a_list_entry_is_no_reference_item():
    assert found('"Notice" has the meaning in Section 1.3; (b) "Fee" has the meaning in Section 3.3.') == [
        ("1.3", "exact", "Section 1.3"), ("3.3", "exact", "Section 3.3")]
    assert found("Violating Section 2.2; 3.1 Violating Section 2.3.") == [
        ("2.2", "exact", "Section 2.2"), ("2.3", "exact", "Section 2.3")]
    assert found("Sections 1.1; 1.2 and 1.3 survive.") == [
        ("1.1", "exact", "Sections 1.1; 1.2 and 1.3"), ("1.2", "exact", "Sections 1.1; 1.2 and 1.3"),
        ("1.3", "exact", "Sections 1.1; 1.2 and 1.3")]


def test_exhibit_titles_the_outline_did_not_take():
    assert exhibit_rest_ok("Schedule", " to Bill of Sale   Transferred Equipment")
    assert exhibit_rest_ok("Exhibit", " to the Master Supply Agreement")
    assert not exhibit_rest_ok("Exhibit", " to this Agreement sets forth the fees")
    text = (BODY + "4. Test. Patents listed in EXHIBIT C of this Agreement.\n\n16\n\nMay 3, 2016 EXHIBIT C JHU Ref "
            "Number Technology Title Inventors\n\nC04873 Active Cannulas\n")
    assert [e.label for e in find_exhibits(text)] == ["Exhibit C"]
    assert ("4", "Exhibit C", "exact", "EXHIBIT C") in refs(text)


def test_select_headings_keeps_short_skips_for_numbers():
    # the longer gap is for "ARTICLE" headings only: a numeric 1, 2, 9 chain still stops at 2
    from ingest.document.candidates import find_candidates
    text = "1. One. Text.\n2. Two. Text.\n9. Nine. Text.\n"
    assert [c.label for c in select_headings(find_candidates(text))] == ["1", "2"]


def test_this_article_and_this_section_inside_an_exhibit():
    tail = (f"\nEXHIBIT G\n\nGENERAL TERMS\n\nNothing in this Section limits the Agreement. {FILLER}\n"
            f"1. Term. {FILLER}\n2. Confidentiality.\n2.1 Scope. {FILLER}\n"
            "2.2 Disclosure. Under the rights provided for in this article, notice is given.\n")
    found_refs = refs(BODY + "4. Test. See Exhibit G.\n" + tail)
    assert ("Exhibit G", "Exhibit G", "containing", "this Section") in found_refs
    assert ("Exhibit G 2.2", "Exhibit G 2", "containing", "this article") in found_refs


def test_a_redacted_heading_under_an_article_resolves_to_the_article_holding_it():
    text = ("ARTICLE 1 DEFINITIONS\n\n1.1 Terms. \"Option\" has the meaning in Section 2.3.\n\n1.2 More. Terms.\n\n"
            "ARTICLE 2 SUPPLY\n\n2.1 Orders. Orders are placed.\n\n2.2 Delivery. Delivery is made.\n\n2.3[***]\n\n"
            "ARTICLE 3 END\n\n3.1 Term. The term.\n")
    assert [(t, how, p) for s, t, how, p in refs(text) if s == "1.1"] == [("Article 2", "parent", "Section 2.3")]


def test_a_number_far_beyond_the_documents_own_numbering_is_a_statutes_section():
    assert found("Including Section 402 related to loans and Sections 302 and 906 related to certifications.") == [
        (None, "external", "Section 402"), (None, "external", "Sections 302 and 906")]
    # a document numbering its own articles past 100 keeps them: 119 is not over twice its highest number
    text = "".join(f"Article {n} Text of article {n}.\n" for n in range(100, 121)) + "Article 121 See Article 119.\n"
    assert [(t, how, p) for s, t, how, p in refs(text) if p == "Article 119"] == [
        ("Article 119", "exact", "Article 119")]
