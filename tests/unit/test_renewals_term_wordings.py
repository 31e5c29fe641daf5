"""Wordings of a term the rules once missed (written from drafting practice, not from the labelled contracts):
"until terminated" in its usual variants, "It" as the contract in its term section, an end "from the Effective
Date to <date>", "thereafter" that counts from the start, "This Agreement expires N years ..."."""

from __future__ import annotations

from datetime import date

import pytest

from ingest.document.parser import parse_document
from ingest.renewals import finders
from ingest.renewals.extract import RenewalTerms, extract_renewals
from ingest.renewals.periods import Period

START = date(2010, 1, 15)


def _read(text: str, heading: str = "Term") -> RenewalTerms:
    return extract_renewals(parse_document(f"AGREEMENT\n\n1. {heading}.\n{text}\n"), START)


@pytest.mark.parametrize("text", [
    "This Agreement shall continue in force until terminated by either party.",
    "This Agreement shall continue in full force and effect unless and until terminated in accordance with Section 10.",
    "This Agreement shall continue in effect until such time as it is terminated in accordance with this Section.",
    "This Agreement shall remain in effect until the Agreement is terminated pursuant to Section 12.",
    "This Agreement shall continue until termination pursuant to Section 12.",
    "This Agreement shall be for an unlimited period of time.",
])
def test_until_terminated_wordings_are_perpetual(text):
    found = _read(text)
    assert found.expiration.value == "perpetual" and found.kind == "perpetual"


def test_until_the_termination_of_another_agreement_is_not_perpetual():
    assert not finders.is_perpetual("This Agreement shall continue until termination of the License Agreement.")


@pytest.mark.parametrize(("text", "expiration", "initial"), [
    # the contract as "It" in its term section; the start is the date the sentence gives
    ("It shall be effective on 06 October 2000 and shall have a duration of two years.", date(2002, 10, 6),
     Period(2, "Y")),
    ("This Agreement expires five (5) years from the date hereof.", date(2015, 1, 15), Period(5, "Y")),
    # "thereafter" after the start counts the term from the start (not a renewal after the term)
    ("This Agreement shall be effective on the Effective Date and shall continue thereafter for a term of two (2) "
     "years.", date(2012, 1, 15), Period(2, "Y")),
    ("The term of this Agreement shall be from the Effective Date to June 30, 2012.", date(2012, 6, 30), None),
])
def test_term_wordings(text, expiration, initial):
    found = _read(text)
    assert found.expiration.value == expiration
    assert (found.initial_term.value if found.initial_term else None) == initial


def test_it_is_the_contract_only_in_the_term_section():
    text = "It shall be effective on 06 October 2000 and shall have a duration of two years."
    assert finders.initial_term(text) is None
    assert finders.initial_term(text, in_term_section=True) == Period(2, "Y")
    assert _read(text, heading="Deliveries").expiration is None


def test_thereafter_after_the_term_is_not_the_initial_term():
    assert finders.initial_term("This Agreement shall continue for the Initial Term and thereafter for periods of "
                                "one (1) year each.") is None


LAUNCH = """CO-BRANDING AGREEMENT

1. Launch.
1.1 The launch date of the Co-Branded Site shall be September 1, 1999.

2. Term.
2.1 The term of this Agreement shall be for a period of two (2) years (the "Term"). The start of the Term will be \
from the Launch Date.
"""


@pytest.mark.parametrize(("text", "expiration"), [
    (LAUNCH, date(2001, 9, 1)),
    # a date set by a parenthetical definition
    (LAUNCH.replace("The launch date of the Co-Branded Site shall be September 1, 1999.",
                    'The Co-Branded Site shall go live on September 1, 1999 (the "Launch Date").'), date(2001, 9, 1)),
    # the name is never set: the contract's start
    (LAUNCH.replace("The launch date of the Co-Branded Site shall be September 1, 1999.", "Reserved."),
     date(2001, 6, 30)),
])
def test_a_term_counts_from_a_named_date_the_document_sets(text, expiration):
    assert extract_renewals(parse_document(text), date(1999, 6, 30)).expiration.value == expiration


def test_the_effective_date_is_the_callers_start():
    text = LAUNCH.replace("Launch Date", "Effective Date").replace("launch date", "effective date")
    assert extract_renewals(parse_document(text), date(1999, 6, 30)).expiration.value == date(2001, 6, 30)


@pytest.mark.parametrize("text", [
    "This Agreement shall remain in effect until midnight, December 31, 2015.",
    "This Agreement shall remain in effect until 11:59 p.m. (Eastern time) on December 31, 2015.",
    "This Agreement shall be valid till December 31, 2015.",
])
def test_an_end_date_with_a_time_of_day(text):
    assert _read(text).expiration.value == date(2015, 12, 31)
