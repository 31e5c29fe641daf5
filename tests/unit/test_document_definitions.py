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
    assert {t: v[0] for t, v in got.items()} == {"Agreement": "1.1", "Party": "1.2", "Goods": "2(a)", "Price": "2(b)"}
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
    assert sorted(got) == ["Acme Group", "Agreement", "Company", "Effective Date", "Licensee"]
    assert all(v[0] == "preamble" and v[2] for v in got.values())
    assert got["Effective Date"][1] == "is made as of May 1, 2020"
    assert got["Company"][1] == "by Acme Inc., a Delaware corporation"


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
