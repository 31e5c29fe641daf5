"""Run-in headings in plain text: a heading, list item or exhibit label the `.txt` ran into the previous line is
put back on its own line (ingest/document/runin.py), and nothing that merely mentions a number is split."""

from __future__ import annotations

from ingest.document import parse_document
from ingest.document.pages import strip_running_lines
from ingest.document.runin import split_run_in


def numbers(text: str | list[str]) -> list[str]:
    return [s.number for s in parse_document(text).sections]


def test_bnl_items_after_colon_and_next_number_after_spaces():
    # BNL .txt line 23: the list opens after "that:" and every item is run in after 2+ spaces
    text = ("3. TERM. This Agreement runs for five years, as provided for in paragraph 12(A) of this Agreement."
            "   4. INCLUDED SERVICES IN THE VIP SYSTEM. It is agreed and understood by BNL that:   A. It has "
            "reviewed the VIP System;   B. Such VIP System as identified in paragraph 4(A) is adequate;   C. VIP "
            "shall provide EDP Services to BNL.   5. FEES. BNL shall pay the fees.\n")
    assert numbers(text) == ["preamble", "3", "4", "4(A)", "4(B)", "4(C)", "5"]
    assert parse_document(text).section("4(B)").text.startswith("B. Such VIP System")


def test_exhibit_label_after_a_running_header_becomes_a_section():
    # AzulSa: "Execution version   CONFIDENTIAL TREATMENT REQUESTED   EXHIBIT 8 - LEASE OF THE STOCK"
    text = ("1. Services. The Supplier maintains the aircraft listed in Exhibit 8.\n"
            "2. Stock. The stock is leased as set out below.\n"
            "Execution version   CONFIDENTIAL TREATMENT REQUESTED   EXHIBIT 8 - LEASE OF THE STOCK   "
            "The stock listed here is leased to the Customer for the term.\n")
    doc = parse_document(text)
    assert [s.number for s in doc.sections] == ["preamble", "1", "2", "Exhibit 8"]
    assert doc.section("Exhibit 8").title == "LEASE OF THE STOCK"


def test_list_whose_first_item_runs_into_an_article_heading():
    # Emerald: "ARTICLE 9 - GENERAL LEGAL MATTERS (1) Governing Law..." lost (2)-(3) with the first item
    text = ("ARTICLE 8 - TERM\nThis Agreement runs for one year.\n"
            "ARTICLE 9 - GENERAL LEGAL MATTERS (1) Governing Law: This Agreement is governed by Arizona law.\n"
            "(2) Notices: Notices are given in writing.\n(3) Assignment: Neither party may assign.\n")
    assert numbers(text) == ["preamble", "Article 8", "Article 9", "Article 9(1)", "Article 9(2)", "Article 9(3)"]


def test_list_after_caps_heading_in_the_middle_of_a_line():
    # GlobalTech: "... as follows.  10. MISCELLANEOUS PROVISIONS (a) Amendment ... (b) Waiver ..."
    text = ("9. COVENANTS. The Company covenants as follows. 10. MISCELLANEOUS PROVISIONS (a) Amendment. This "
            "Agreement may be amended only in writing. (b) Waiver. Any failure may be waived in writing.\n")
    assert numbers(text) == ["preamble", "9", "10", "10(a)", "10(b)"]


def test_dotted_letter_items_after_a_title_case_heading():
    # VirtualScopics: "22. Miscellaneous.   a. By agreeing ...   b. ..."
    text = ("21. Publicity. Neither party uses the other's name.   22. Miscellaneous.   a. By agreeing to the "
            "terms, VS confirms its status.   b. This Agreement binds successors.\n")
    assert numbers(text) == ["preamble", "21", "22", "22(a)", "22(b)"]


def test_exhibit_after_a_confidentiality_notice():
    # Meet Group / Paratek / Microgenics: the legend and "EXHIBIT A" share one line
    text = ("1. Board. The Company appoints the candidates listed on Exhibit A.\n"
            "[***] HAVE BEEN SEPARATELY FILED WITH THE SECURITIES AND EXCHANGE COMMISSION.     EXHIBIT A   "
            "DIRECTOR CANDIDATE POOL   [***]\n")
    assert numbers(text) == ["preamble", "1", "Exhibit A"]


def test_mentions_amounts_and_prose_are_not_split():
    text = ("1. Price. The fee is USD 2. 5 million, payable as set out in  Exhibit G (which may be amended).  "
            "The parties refer to  Section 4. Notices apply.  2. Term. It runs for a year.  See clause 3.  "
            "4. This is not next in sequence.\n")
    assert split_run_in(text) == text.replace("  2. Term", " \n2. Term")
    assert numbers(text.split("  See clause")[0] + "\n") == ["preamble", "1", "2"]


def test_table_of_contents_and_table_rows_stay_on_their_line():
    toc = "1. SCOPE  3\n2. TERM  4  3. PRICE  5  4. PAYMENT  6\n"
    assert split_run_in(toc) == toc
    row = "Tone codes:\n6   Number Unobtainable     7   SIT     8   Dial tone\n"
    assert split_run_in(row) == row


def test_split_keeps_the_text_length():
    text = "Intro:   A. First item;   B. Second item.\n"
    assert split_run_in(text) == "Intro:  \nA. First item;  \nB. Second item.\n"
    assert len(split_run_in(text)) == len(text)


def test_schedule_labels_topping_pages_are_not_running_headers():
    words = ["North", "South", "East", "West"]
    pages = [f"Schedule {n}\nPRICES FOR THE {w} REGION\nThe {w} body.\nMore {w} text.\nEnd of {w}."
             for n, w in enumerate(words, 1)]
    assert strip_running_lines(pages) == pages
    footer = [f"{w} one.\n{w} two.\n{w} three.\n{w} four.\nExhibit A - Page {n}" for n, w in enumerate(words, 1)]
    assert strip_running_lines(footer) == [f"{w} one.\n{w} two.\n{w} three.\n{w} four." for w in words]


def test_a_list_of_schedules_is_not_split_into_exhibits():
    # Teleglobe: "SCHEDULES   Schedule A Parties ...     Schedule B Investment Shares ...     ANNEXES"
    text = ("SCHEDULES   Schedule A Parties to the Agreement     Schedule B Investment Shares     "
            "Schedule C Capacity Allocation         ANNEXES\n")
    assert split_run_in(text) == text


def test_a_bulleted_list_of_attachments_is_not_split():
    # Manufacturers' Services: "*     Attachment A - Product Attachment - RS       *     Attachment B - ..."
    text = ("The following are attached:\n      *     Attachment A - Product Attachment - Retail       *     "
            "Attachment B - Product Attachment - Embedded       *     Attachment C - Product Attachment - Finance\n")
    assert split_run_in(text) == text


def test_number_after_a_running_header_on_a_pages_first_line_starts_a_line():
    # Coherus .txt: "Confidential Execution Version 15.2.2 Termination by Bioeq ..." opens a page; the header
    # opens every page's first line, so the label after it (one space) is a heading
    header = "\n\n\nConfidential Execution Version "
    text = ("1.1 Scope. See Section 1.3.\n" + header + "1.2 Fees. The fees are set out below.\n"
            + header + "The fees are payable monthly.\n" + header + "1.3 Term. Five years.\n"
            + header + "Annex 1\n")
    assert numbers(text) == ["preamble", "1.1", "1.2", "1.3", "Annex 1"]
    # a label inside the header itself is no heading: "Tender Offer Statement on | Schedule TO - July 16, 2012"
    running = "\n\n\nTender Offer Statement on Schedule TO - July 16, 2012 Exhibit (d)(i) "
    text = ("1. Scope. Text." + running + "2. Fees. The fees." + running + "3. Term. Five years." + running
            + "continued text of the term.\n")
    assert "\nSchedule TO" not in split_run_in(text)
