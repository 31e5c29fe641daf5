"""Which renewal sentence decides a contract's renewal type (ingest.renewals.extract.renewal_score), and the
general rules of session 7 (written from drafting practice, not from the labelled contracts)."""

from __future__ import annotations

from datetime import date

import pytest

from ingest.document.parser import parse_document
from ingest.renewals import finders
from ingest.renewals.extract import RenewalTerms, extract_renewals, renewal_score
from ingest.renewals.periods import Period
from ingest.renewals.wording import renews_another_instrument

START = date(2010, 1, 15)
INITIAL = 'The term of this Agreement shall be three (3) years from the Effective Date (the "Initial Term"). '
IMPLIED = ("If Licensee elects not to renew this Agreement for an additional one (1) year term, it shall so "
           "notify Licensor.")
OPTION = "Licensee may renew this Agreement by written notice to Licensor."
MUTUAL = "Thereafter, this Agreement may be renewed only upon the mutual written agreement of the parties."


def _read(text: str) -> RenewalTerms:
    return extract_renewals(parse_document(f"AGREEMENT\n\n1. Term.\n{text}\n"), START)


def test_an_implied_automatic_renewal_is_not_one_a_party_can_rely_on():
    # even with a stated length, a renewal only implied by a right not to renew scores below any option
    assert renewal_score("automatic", Period(1, "Y"), IMPLIED, True) < renewal_score("option", None, OPTION, False)
    # ... and, without a length, below a sentence saying the contract renews only by mutual agreement
    assert renewal_score("automatic", None, "If Licensee elects not to renew, it shall say so.", True) \
        < renewal_score("none", None, MUTUAL, False)
    # an automatic renewal stated in words is relied on, and beats an option
    stated = "This Agreement shall automatically renew for successive one (1) year terms."
    assert renewal_score("automatic", Period(1, "Y"), stated, False) > renewal_score("option", Period(1, "Y"), OPTION,
                                                                                      True)


def test_an_option_after_an_implied_renewal_wins():
    # the implied renewal comes first (and states a length): the option still decides the type
    found = _read(INITIAL + IMPLIED + " " + OPTION)
    assert found.kind == "option"
    assert found.renewal_type.evidence.quote == OPTION
    assert found.renewal_term is None


def test_a_mutual_renewal_after_an_implied_one_is_none():
    found = _read(INITIAL + "If Licensee elects not to renew this Agreement, it shall return all materials. " + MUTUAL)
    assert found.kind == "none" and found.renewal_type.evidence.quote == MUTUAL
    assert found.renewal_term is None and found.notice_period is None


@pytest.mark.parametrize("text", [
    "The LC shall have a two (2) month term, and shall be renewed for five (5) consecutive bimonthly periods.",
    "The Letter of Credit shall automatically renew for successive one (1) year periods.",
    "The Escrow Account will be extended for successive periods of six months.",
])
def test_a_renewal_of_another_instrument_is_not_the_contracts(text):
    assert renews_another_instrument(text)
    assert finders.renewal_type(text) is None
    # a contract whose only renewal sentence renews another instrument does not renew
    found = _read(INITIAL + text)
    assert found.kind == "none" and found.renewal_term is None


@pytest.mark.parametrize(("text", "kind"), [
    ("This Agreement shall automatically renew for successive one (1) year terms.", "automatic"),
    ("The Initial Term shall be extended automatically for additional one (1) year periods.", "automatic"),
    ("The Distributor may renew this Agreement for an additional term of one (1) year.", "option"),
    ("The Licensee shall have the right to renew for one (1) additional term of one (1) year.", "option"),
])
def test_the_contract_or_a_party_as_subject_is_still_a_renewal(text, kind):
    assert not renews_another_instrument(text)
    found = _read(INITIAL + text)
    assert found.kind == kind and found.renewal_term.value == Period(1, "Y")


@pytest.mark.parametrize(("text", "length"), [
    ("This Agreement shall automatically renew for successive Renewal Terms unless either party gives notice of "
     "non-renewal at least ninety (90) days prior to the end of the then-current term. Each Renewal Term shall be "
     "for a period of one (1) year.", Period(1, "Y")),
    ('This Agreement shall automatically renew for additional Renewal Terms unless either party gives notice. As '
     'used herein, "Renewal Term" means a period of two (2) years.', Period(2, "Y")),
])
def test_a_renewals_length_defined_in_its_own_sentence(text, length):
    found = _read(INITIAL + text)
    assert found.kind == "automatic" and found.renewal_term.value == length
    # the evidence of the length is the sentence that states it
    assert found.renewal_term.evidence.quote.endswith(("(1) year.", "(2) years."))
    assert found.renewal_type.evidence.quote.startswith("This Agreement shall automatically renew")


def test_a_notice_period_is_not_a_renewals_length():
    found = _read(INITIAL + "This Agreement shall automatically renew for successive Renewal Terms. Each Renewal "
                  "Term shall be subject to ninety (90) days' notice.")
    assert found.kind == "automatic" and found.renewal_term is None
