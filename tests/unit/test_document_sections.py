"""Section parsing on small hand-written texts: every numbering scheme, nesting, false headings, edge cases."""

from __future__ import annotations

from ingest.document import parse_document


def numbers(text: str | list[str]) -> list[str]:
    return [s.number for s in parse_document(text).sections]


def parents(text: str) -> dict[str, str | None]:
    return {s.number: s.parent_number for s in parse_document(text).sections}


def test_dotted_numbers_nest_and_preamble_keeps_leading_text():
    text = ("SUPPLY AGREEMENT\nThis Agreement is made between A Corp and B Ltd.\n"
            "1. Definitions\n1.1 Goods. The goods listed.\n1.1.1 Spares. Spare parts too.\n"
            "1.2 Price. The price list.\n2. Delivery. Goods are delivered.\n2.1 Place. At the port.\n")
    doc = parse_document(text)
    assert [s.number for s in doc.sections] == ["preamble", "1", "1.1", "1.1.1", "1.2", "2", "2.1"]
    assert parents(text) == {"preamble": None, "1": None, "1.1": "1", "1.1.1": "1.1", "1.2": "1", "2": None,
                             "2.1": "2"}
    assert [s.level for s in doc.sections] == [0, 1, 2, 3, 2, 1, 2]
    assert doc.section("preamble").text == "SUPPLY AGREEMENT\nThis Agreement is made between A Corp and B Ltd."
    assert doc.section("1.1").title == "Goods"
    assert doc.section("1.2").text == "1.2 Price. The price list."
    assert [s.ordinal for s in doc.sections] == list(range(7))


def test_subclauses_nest_under_the_nearest_numbered_section():
    text = ("5. Obligations. The Supplier shall:\n(a) deliver goods;\n(b) invoice monthly, and\n"
            "(i) in euros;\n(ii) by email; and\n(c) keep records.\n6. Term. One year.\n")
    doc = parse_document(text)
    assert [s.number for s in doc.sections] == ["preamble", "5", "5(a)", "5(b)", "5(b)(i)", "5(b)(ii)", "5(c)", "6"]
    assert doc.section("5(b)(ii)").parent_number == "5(b)"
    assert doc.section("5(c)").parent_number == "5"
    assert doc.section("5(b)(i)").level == 3
    assert doc.section("5(a)").text == "(a) deliver goods;"


def test_letter_i_after_h_is_a_letter_not_a_roman_numeral():
    items = "".join(f"({c}) item {c};\n" for c in "abcdefghij")
    got = numbers("1. List. Items:\n" + items)
    assert got == ["preamble", "1"] + [f"1({c})" for c in "abcdefghij"]


def test_articles_contain_their_sections_and_take_a_title_from_the_next_line():
    text = ("ARTICLE I\nDEFINITIONS\nSection 1.1 Terms. Words.\nSection 1.2 Rules. More words.\n"
            "ARTICLE II\nTERM\nSection 2.1 Term. Three years.\n")
    doc = parse_document(text)
    assert [s.number for s in doc.sections] == ["preamble", "Article I", "1.1", "1.2", "Article II", "2.1"]
    assert doc.section("Article I").title == "DEFINITIONS"
    assert doc.section("1.2").parent_number == "Article I"
    assert doc.section("2.1").parent_number == "Article II"
    assert doc.section("2.1").level == 2


def test_arabic_articles_and_flat_sections_under_them():
    text = "Article 1 Scope\n1. The scope.\n2. The limits.\nArticle 2 Fees\n3. The fees.\n"
    assert parents(text) == {"preamble": None, "Article 1": None, "1": "Article 1", "2": "Article 1",
                             "Article 2": None, "3": "Article 2"}


def test_section_clause_and_paragraph_keywords():
    assert numbers("SECTION 1. SCOPE. Text.\nSECTION 2. FEES. Text.\n") == ["preamble", "1", "2"]
    assert numbers("Clause 1 Scope\nText.\nClause 2 Price\nText.\n") == ["preamble", "1", "2"]
    assert numbers("Paragraph 1. Services. Text.\nParagraph 2. Fees. Text.\n") == ["preamble", "1", "2"]


def test_roman_numeral_headings():
    doc = parse_document("I. PURPOSE\nText one.\nII. SCOPE\nText two.\nIII. PAYMENT\nText three.\n")
    assert [s.number for s in doc.sections] == ["preamble", "I", "II", "III"]
    assert [s.title for s in doc.sections[1:]] == ["PURPOSE", "SCOPE", "PAYMENT"]


def test_exhibits_restart_numbering_with_a_prefix():
    text = ("1. Scope. Text.\n2. Fees. Text.\nEXHIBIT A\nPRICE LIST\n1. Widgets. Ten.\n2. Gadgets. Five.\n"
            "Schedule 2 - Contacts\n1. Alice.\nANNEX I\nText.\nAPPENDIX B: Forms\nText.\n")
    doc = parse_document(text)
    assert [s.number for s in doc.sections] == [
        "preamble", "1", "2", "Exhibit A", "Exhibit A 1", "Exhibit A 2", "Schedule 2", "Schedule 2 1",
        "Annex I", "Appendix B"]
    assert doc.section("Exhibit A").title == "PRICE LIST"
    assert doc.section("Schedule 2").title == "Contacts"
    assert doc.section("Appendix B").title == "Forms"
    assert doc.section("Exhibit A 2").parent_number == "Exhibit A"


def test_exhibit_mentions_in_sentences_are_not_headings():
    got = numbers("1. Scope. The goods.\nExhibit A attached hereto lists the goods.\n2. Fees. Text.\n")
    assert got == ["preamble", "1", "2"]


def test_a_list_of_exhibits_gives_way_to_the_real_exhibits():
    text = ("1. Scope. Text.\nExhibit A - Price List\nExhibit B - Contacts\n"
            + "Signature block. " * 20 + "\nEXHIBIT A\nPrices here.\n" + "More prices. " * 20
            + "\nEXHIBIT B\nContacts here.\n")
    assert numbers(text) == ["preamble", "1", "Exhibit A", "Exhibit B"]


def test_sec_filing_label_at_the_top_is_preamble():
    assert numbers("EXHIBIT 10.13\n\nJOINT VENTURE AGREEMENT\n\n1. Name. X.\n2. Scope. Y.\n") == [
        "preamble", "1", "2"]


def test_numbers_inside_sentences_amounts_dates_and_page_numbers_are_not_headings():
    text = ("1. Payment. Buyer pays $1,500.00 within 30 days of invoice, i.e. by 12.31.2020 at the latest.\n"
            "The fee is 2.5 percent of 3. million units.\n"
            "12\n"
            "2. Term. The term is 2 years from January 1, 2020.\n"
            "Quantity   Price\n10   5.00\n20   9.50\n"
            "3. Notices. See Section 2.\n")
    assert numbers(text) == ["preamble", "1", "2", "3"]


def test_table_of_contents_entries_give_way_to_the_body():
    text = ("TABLE OF CONTENTS\n1. Definitions ........ 1\n2. Term ........ 3\n3. Fees ........ 4\n"
            "1. Definitions. Words mean things.\n2. Term. One year.\n3. Fees. Ten dollars.\n")
    doc = parse_document(text)
    assert [s.number for s in doc.sections] == ["preamble", "1", "2", "3"]
    assert doc.section("1").text == "1. Definitions. Words mean things."
    assert "TABLE OF CONTENTS" in doc.section("preamble").text


def test_duplicate_numbers_are_made_unique_deterministically():
    text = ("1. Scope. A list follows:\n(a) one;\n(b) two.\nThen another list:\n(a) three;\n(b) four.\n")
    got = numbers(text)
    assert got == ["preamble", "1", "1(a)", "1(b)", "1(a) (2)", "1(b) (2)"]
    assert got == numbers(text)
    assert len(set(got)) == len(got)


def test_a_list_item_ends_at_its_paragraph_and_the_rest_returns_to_the_parent():
    text = "1. Scope. The goods are:\n(a) widgets; and\n(b) gadgets.\n\nThe Seller may change the list.\n2. Fees.\n"
    doc = parse_document(text)
    assert doc.section("1(b)").text == "(b) gadgets."
    assert doc.section("1").text == "1. Scope. The goods are:\nThe Seller may change the list."


def test_pages_are_kept():
    doc = parse_document(["Preamble text.\n1. First. On page one.", "2. Second. On page two.\n3. Third. Also two."])
    assert [(s.number, s.page) for s in doc.sections] == [("preamble", 1), ("1", 1), ("2", 2), ("3", 2)]


def test_running_headers_are_removed_from_multi_page_input():
    titles = ["Scope", "Fees", "Term", "Notices"]
    pages = [f"ACME Corp Confidential Page {i} of 4\n{i}. {titles[i - 1]}. The {titles[i - 1].lower()} rules.\n"
             f"More about {titles[i - 1].lower()}.\nEven more.\nLast line about {titles[i - 1].lower()}."
             for i in range(1, 5)]
    doc = parse_document(pages)
    assert [s.number for s in doc.sections] == ["preamble", "1", "2", "3", "4"]
    assert "Confidential" not in doc.text


def test_empty_and_garbage_input_do_not_crash():
    for text in ["", "   \n\n  ", [], [""], "\x00\x01\x02", "((((", "1.1.1.1.1.1.1.1", "§§§ 1. 2. 3. (a)(b)(c)",
                 "ARTICLE " * 50, "(" * 5000 + ")" * 5000, "1." * 3000]:
        doc = parse_document(text)
        assert doc.sections[0].number == "preamble"
        assert len({s.number for s in doc.sections}) == len(doc.sections)
