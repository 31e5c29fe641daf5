"""The term sections of a document's outline (ingest.renewals.structure) decide where the initial term is read;
an extension's length is not the initial term (written from drafting practice, not from the labelled contracts)."""

from __future__ import annotations

from datetime import date

import pytest

from ingest.document.models import Section
from ingest.document.parser import parse_document
from ingest.renewals import finders
from ingest.renewals.extract import extract_renewals
from ingest.renewals.periods import Period
from ingest.renewals.structure import heading, term_sections

# The spare-parts section is classified Expiration Date too ("expiration date" in its text) and comes first:
# the term section's own length must win.
SUPPLY = """SUPPLY AGREEMENT

1. Definitions.
1.1 "Products" means the products listed in Exhibit A.

2. Spare Parts.
2.1 Supplier shall make spare parts for the Products available to Buyer for a term of ten (10) years from the \
Effective Date, and this Agreement shall continue to govern such supply. Orders placed before the expiration date \
shall be filled.

3. Term and Termination.
3.1 This Agreement shall commence on the Effective Date and shall continue for three (3) years.
3.2 Either party may terminate this Agreement for material breach on thirty (30) days' notice.
"""


def test_the_initial_term_comes_from_the_term_section():
    doc = parse_document(SUPPLY)
    assert term_sections(doc) == {"3", "3.1", "3.2"}
    found = extract_renewals(doc, date(2010, 1, 15))
    assert found.initial_term.value == Period(3, "Y") and found.initial_term.evidence.section_number == "3.1"
    assert found.expiration.value == date(2013, 1, 15)


def _section(number: str, title: str, text: str) -> Section:
    return Section(number=number, title=title, text=text, page=1, ordinal=0, level=1, parent_number=None)


@pytest.mark.parametrize(("title", "text", "is_term"), [
    ("Term", "8.1 Term. The term ...", True),
    ("TERM AND TERMINATION", "", True),
    ("Duration", "", True),
    ("Effective Date and Term", "", True),
    ("Term of Agreement", "", True),
    ("", "7.5   Term and termination\n\n      This contract replaces ...", True),  # the title on its own line
    ("Payment Terms", "", False),
    ("Terms and Conditions", "", False),
    ("Expiration of Representations and Warranties", "", False),
    ("Termination for Cause", "", False),
    ("", "7.5 The Supplier shall deliver the Products within thirty days of an order.", False),
])
def test_term_headings(title, text, is_term):
    section = _section("7.5", title, text)
    doc = parse_document("AGREEMENT\n")
    doc = doc.model_copy(update={"sections": [section]})
    assert (term_sections(doc) == {"7.5"}) is is_term
    assert heading(section) == (title or ("Term and termination" if is_term else ""))


def test_an_extensions_length_is_not_the_initial_term():
    assert finders.initial_term("Upon expiration of such twelve (12) -month extension, this Agreement shall expire "
                                "unless renewed in writing by the parties.") is None
    assert finders.initial_term("The term of this Agreement shall be twelve (12) months.") == Period(12, "M")


# Two options of equal weight; the term section's one must decide, wherever the expiration was read.
OPTION_OUTSIDE = "1.2 Customer may renew this Agreement for an additional term of one (1) year."
OPTION_IN_TERM = "2.1 Customer may renew this Agreement for an additional term of two (2) years."


@pytest.mark.parametrize("expires", [
    "1.1 This Agreement shall expire on December 31, 2012.",   # the expiration is read outside the term section
    "1.1 Provider shall deliver the Services described in Exhibit A.",   # no expiration at all
])
def test_the_renewal_in_the_outlines_term_section_wins(expires):
    doc = parse_document(f"SERVICES AGREEMENT\n\n1. Services.\n{expires}\n{OPTION_OUTSIDE}\n\n2. Term.\n"
                         f"{OPTION_IN_TERM}\n")
    assert term_sections(doc) == {"2", "2.1"}
    found = extract_renewals(doc, date(2010, 1, 1))
    assert (found.expiration is not None) is ("expire" in expires)
    assert found.kind == "option" and found.renewal_type.evidence.quote == OPTION_IN_TERM
    assert found.renewal_term.value == Period(2, "Y")


def test_without_a_term_heading_the_renewal_in_the_terms_own_section_wins():
    # no heading names the term: the section the term was read from is the term's, even without a start date
    doc = parse_document(f"SERVICES AGREEMENT\n\n1. Services.\n{OPTION_OUTSIDE}\n\n2. Duration of Services.\n"
                         "2.1 The term of this Agreement shall be three (3) years from the Effective Date.\n"
                         f"{OPTION_IN_TERM}\n")
    assert term_sections(doc) == frozenset()
    found = extract_renewals(doc)
    assert found.expiration is None and found.initial_term.evidence.section_number == "2.1"
    assert found.renewal_type.evidence.quote == OPTION_IN_TERM
