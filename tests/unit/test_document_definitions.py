"""Defined terms (definition clauses and inline definitions) and the sections that use them."""

from __future__ import annotations

from ingest.document import parse_document


def terms(text: str) -> dict[str, tuple[str, str, bool]]:
    return {d.term: (d.section_number, d.definition, d.inline) for d in parse_document(text).definitions}


def test_definition_clause_forms_with_straight_and_curly_quotes():
    text = ('1. Definitions.\n"Territory" means the United States.\n'
            '"Products" shall mean the goods listed in Exhibit A.\n'
            '“Affiliate” has the meaning given in the Act.\n'
            '“customer” refers to any buyer.\n'
            '"Net Sales" shall have the meaning set forth below.\n'
            '"Fee" or "Fees" means the amounts due.\n'
            '2. Term. Text.\n')
    got = terms(text)
    assert got == {
        "Territory": ("1", "means the United States.", False),
        "Products": ("1", "shall mean the goods listed in Exhibit A.", False),
        "Affiliate": ("1", "has the meaning given in the Act.", False),
        "customer": ("1", "refers to any buyer.", False),
        "Net Sales": ("1", "shall have the meaning set forth below.", False),
        "Fee": ("1", "means the amounts due.", False),
        "Fees": ("1", "means the amounts due.", False),
    }


def test_numbered_and_lettered_definitions():
    text = ('1. Definitions.\n1.1 "Agreement" means this contract.\n1.2 "Party" of either side means A or B.\n'
            '2. More. The following terms apply: (a) "Goods" means widgets. (b) "Price" means USD 10.\n')
    got = terms(text)
    # "Agreement" and "Party" are defined, but generic: not terms (issue 14)
    assert {t: v[0] for t, v in got.items()} == {"Goods": "2(a)", "Price": "2(b)"}
    assert got["Goods"][1] == "means widgets."


def test_quotes_that_are_not_definitions_are_ignored():
    text = ('1. Notices. Mark envelopes "Confidential" means nothing here, as the word "urgent" is optional.\n'
            'The reference to "ultimate control" or "ownership" refers to indirect control.\n')
    assert terms(text) == {}


def test_inline_definitions():
    text = ('This Agreement (the "Agreement") is made as of May 1, 2020 (the "Effective Date") by Acme Inc., '
            'a Delaware corporation ("Company"), and John Smith (hereinafter "Licensee"), each a "Party" and '
            'together the "Parties". Acme shall be hereinafter referred to as "Acme Group".\n'
            '1. Grant. Company grants Licensee a license (including copies such as "Backups").\n')
    got = terms(text)
    assert sorted(got) == ["Acme Group", "Company", "Effective Date", "Licensee"]  # no "Agreement", "Party(ies)"
    assert all(v[0] == "preamble" and v[2] for v in got.values())
    # what the parenthesis names: its sentence, or its item of the party list
    assert got["Effective Date"][1] == 'This Agreement (the "Agreement") is made as of May 1, 2020'
    assert got["Company"][1] == "Acme Inc., a Delaware corporation"
    assert got["Licensee"][1] == "John Smith"
    assert got["Acme Group"][1] == "Acme"


def test_junk_quoted_strings_are_not_terms():
    text = ('This Agreement (this "Agreement") is between Acme Inc. ("Acme" or "we" or "us") and Beta LLC ("B"), '
            'each a "Party" and together the "Parties."\n'
            '1. Definitions.\n"S" means the seller.\n"1" shall mean the first lot.\n"Agreement" means this contract.\n'
            '"Parties" means Acme and Beta.\n"Lot" means a batch.\n'
            '2. Delivery. Goods ship as set out in Clause 6 ("Deliveries") and Exhibit 1 ("List of Goods covered '
            'under this Agreement").\n')
    assert sorted(terms(text)) == ["Acme", "Lot"]


def test_a_part_title_is_no_term_but_a_named_part_of_it_is():
    got = terms('1. Scope. Goods conform to the specifications in Exhibit D (the "Specifications") and ship from '
                '* * * (the "Launch Date") as set out in Clause 6 ("Deliveries"); it may use agents    ("Agents").\n')
    assert sorted(got) == ["Agents", "Launch Date", "Specifications"]


def test_inline_role_keeps_the_sentence_that_explains_it():
    got = terms('1. Confidentiality. "Confidential Information" means any information disclosed by one Party '
                '(the "Disclosing Party") to the other Party (the "Receiving Party") under this Agreement.\n')
    assert got["Disclosing Party"][1] == ('"Confidential Information" means any information disclosed by one Party')
    assert got["Receiving Party"][1] == ('"Confidential Information" means any information disclosed by one Party '
                                         '(the "Disclosing Party") to the other Party')


def test_an_instrument_or_period_after_a_party_list_is_not_the_last_party():
    """"between A and B (the "Term")": the parenthesis names the instrument or period the sentence describes,
    not the list's last party (Vivint Solar's non-competition amendment, CUAD)."""
    got = terms('1. Definitions. Capitalised terms have the meanings set forth in the Master Framework Agreement, '
                'dated September 30, 2016, by and between the Parties (the "Master Framework Agreement").\n'
                '3. Term. This Agreement will continue until the expiration of the sales term defined in the Sales '
                'Dealer Agreement dated as of August 16, 2017 between Vivint and Vivint Solar Developer, LLC '
                '(the "Term"). An agency is formed between Acme Corp. and Beta LLC (the "Agents").\n')
    assert got["Term"][1] == ("This Agreement will continue until the expiration of the sales term defined in the "
                              "Sales Dealer Agreement dated as of August 16, 2017 between Vivint and Vivint Solar "
                              "Developer, LLC")
    assert got["Master Framework Agreement"][1].startswith("Capitalised terms have the meanings set forth in the "
                                                           "Master Framework Agreement, dated September 30, 2016")
    assert got["Agents"][1] == "Acme Corp. and Beta LLC"  # a party-like term still takes the list's item


def test_party_address_with_abbreviations_stays_whole():
    got = terms('This Agreement is made by and between Miltenyi Biotec GmbH, a German corporation having an address '
                'at Friedrich-Ebert-Str. 68, 51429 Bergisch Gladbach, Germany (hereinafter referred to as "Miltenyi"), '
                'and Bellicum Pharmaceuticals, Inc., a US corporation (collectively referred to as "Bellicum").\n')
    assert got["Miltenyi"][1] == ("Miltenyi Biotec GmbH, a German corporation having an address at "
                                  "Friedrich-Ebert-Str. 68, 51429 Bergisch Gladbach, Germany")
    assert got["Bellicum"][1] == "Bellicum Pharmaceuticals, Inc., a US corporation"


def test_pointer_definition_is_followed_to_the_target_section():
    doc = parse_document('1. Definitions.\n1.1 "Term" has the meaning set forth in Section 3.2.\n'
                         '1.2 "Fee" has the meaning set forth in Section 9.\n2. Grant. Text.\n'
                         '3. Duration.\n3.1 Start. Text.\n3.2 Length. This Agreement lasts one year (the "Term").\n')
    got = {d.term: d for d in doc.definitions}
    assert (got["Term"].pointer, got["Term"].pointer_text) == ("3.2", "Section 3.2")
    assert (got["Term"].section_number, got["Term"].definition) == ("3.2", "This Agreement lasts one year")
    # a pointer that resolves to no section keeps its own text and no target
    assert (got["Fee"].pointer, got["Fee"].pointer_text, got["Fee"].section_number) == (None, "Section 9", "1.2")
    assert got["Fee"].definition == "has the meaning set forth in Section 9."


def test_trailing_list_label_of_the_next_clause_is_cut():
    got = terms('1. Definitions.\n(a) "Lot" means a batch. (b) "Unit" means a box of ten; (c) "Fee" means USD 5 '
                'under Exhibit A.\n')
    assert (got["Lot"][1], got["Unit"][1], got["Fee"][1]) == ("means a batch.", "means a box of ten;",
                                                             "means USD 5 under Exhibit A.")


def test_the_first_definition_of_a_term_wins():
    got = terms('This Agreement (the "Term") starts today.\n1. Definitions. "Term" means one year.\n')
    assert got == {"Term": ("preamble", "This Agreement", True)}


def test_term_uses_are_whole_word_case_sensitive_and_skip_the_definition_itself():
    text = ('1. Definitions. "Territory" means the area of the Territory map.\n"Net Sales" means sales.\n'
            '2. Grant. Licensee may sell in the Territory. Territorial limits and territory rules do not count.\n'
            '3. Royalty. Five percent of Net Sales in the Territory.\n4. Other. Sales are final.\n')
    doc = parse_document(text)
    uses = sorted((u.section_number, u.term) for u in doc.term_uses)
    assert uses == [("2", "Territory"), ("3", "Net Sales"), ("3", "Territory")]


def test_no_definitions_no_uses():
    doc = parse_document("1. Scope. Plain text without any quoted terms.\n")
    assert doc.definitions == () and doc.term_uses == ()
