"""A term stated only in its definition ('"Term" means the period from ... to ...') is the contract's term;
other defined periods are not; an unknown start is the date the document defines as the Effective Date
(wordings written from drafting practice, not from the labelled contracts)."""

from __future__ import annotations

from datetime import date

import pytest

from ingest.document.parser import parse_document
from ingest.renewals.defined_term import as_term_statement
from ingest.renewals.extract import RenewalTerms, extract_renewals
from ingest.renewals.periods import Period

START = date(2010, 1, 15)


def _read(text: str) -> RenewalTerms:
    return extract_renewals(parse_document(f"AGREEMENT\n\n1. Definitions.\n{text}\n\n2. Payment.\nNet 30.\n"), START)


@pytest.mark.parametrize(("text", "end"), [
    ('"Term" means the period from 1 January 2013 to 31 December 2013.', date(2013, 12, 31)),
    ('1.12 "Term" shall mean the period commencing on the Effective Date and ending on December 31, 2015.',
     date(2015, 12, 31)),
    ('"Initial Term" means a period of three (3) years from the Effective Date.', date(2013, 1, 15)),
    ('"Term of this Agreement" means five (5) years from the Effective Date, unless terminated earlier.',
     date(2015, 1, 15)),
    ("Term: January 1, 2005 to December 31, 2007.", date(2007, 12, 31)),
    ("Contract Period: two (2) years from the Effective Date.", date(2012, 1, 15)),
])
def test_the_definition_of_the_term_states_it(text, end):
    found = _read(text)
    assert found.expiration is not None and found.expiration.value == end
    assert found.expiration.evidence.quote == text


@pytest.mark.parametrize("text", [
    '"Renewal Term" means a period of one (1) year.',
    '"Contract Year" means each period of twelve (12) months commencing on the Effective Date.',
    '"Payment Period" means sixty (60) days from the date of invoice.',
    '"Term" means the Initial Term and any Renewal Terms.',
    "Payment Terms: net thirty (30) days from the date of invoice, for two (2) years.",
    "Term of Payment: twelve (12) months.",
])
def test_other_definitions_state_no_term(text):
    assert _read(text).expiration is None


def test_as_term_statement_leaves_other_sentences():
    text = "This Agreement shall expire on June 30, 2011."
    assert as_term_statement(text) == text
    assert as_term_statement('"Initial Term" means two years.') == "The term of this Agreement shall be two years."
    assert _read('"Initial Term" means a period of two (2) years.').initial_term.value == Period(2, "Y")


def test_an_unknown_start_is_the_date_the_document_sets_for_the_effective_date():
    text = ('SUPPLY AGREEMENT\n\nThis agreement is entered into on June 1, 2010 (the "Effective Date") by Acme and '
            "Beta.\n\n1. Term.\nThis Agreement shall continue for a period of two (2) years from the Effective "
            "Date.\n")
    found = extract_renewals(parse_document(text), None)
    assert found.expiration is not None and found.expiration.value == date(2012, 6, 1)
    # a known start (the engine's, or the graph's effective date) still wins
    assert extract_renewals(parse_document(text), date(2010, 7, 1)).expiration.value == date(2012, 7, 1)


@pytest.mark.parametrize("text", [
    '"Term" means the period beginning on the Effective Date and continuing until terminated in accordance with '
    "Article 12.",
    "This Agreement shall be effective on the date hereof and shall continue thereafter until terminated.",
])
def test_until_terminated_in_its_other_forms_is_perpetual(text):
    found = _read(text)
    assert found.expiration is not None and found.expiration.value == "perpetual"
