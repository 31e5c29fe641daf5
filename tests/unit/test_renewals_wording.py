"""Renewal wording (ingest.renewals.wording): a renewal type or term only comes from a sentence that speaks of
the contract's own renewal or extension; the VerticalNet case, perpetual subjects, evergreen notices."""

from __future__ import annotations

from datetime import date

import pytest

from ingest.document.parser import parse_document
from ingest.renewals import finders
from ingest.renewals.extract import extract_renewals
from ingest.renewals.periods import Period, find_periods
from ingest.renewals.wording import RENEWAL

# VerticalNet's maintenance agreement (CUAD): the liability sentence was read as an automatic renewal because
# "SHALL EXTEND" matched the renewal words and "shall extend" the automatic ones.
LIABILITY = ("NO LIABILITY SHALL EXTEND UNDER THIS AGREEMENT TO ANY THIRD PARTY (INCLUDING, BUT NOT LIMITED TO, ANY "
             "AFFILIATES OF VNI OTHER THAN VNE, OR THEIR LICENSORS) IF NOT INVOLVED IN THE DEVELOPMENT OR DELIVERY OF "
             "ANY MAINTENANCE UPDATE, ENHANCEMENT OR SERVICES HEREUNDER.")
MUTUAL = ('Thereafter, this Agreement shall renew only upon the mutual written agreement of the parties for up to '
          'three additional renewal terms of one year each (each, a "Renewal Term").')
VERTICALNET = f"""MAINTENANCE AND SUPPORT AGREEMENT

6. Limitation of Liability.
6.2 {LIABILITY}

9. Term.
9.1 The initial period of this Agreement (the "Initial Term") shall commence upon the Effective Date and continue
until March 31, 2003. {MUTUAL}
9.6 Effect of Converge Non-Renewal Election. If VNE or VNI is willing to renew this Agreement on its existing terms
for any Renewal Term, but Converge elects not to renew this Agreement for any reason, a "Converge Non-Renewal
Election" shall be deemed to have occurred.
"""


def test_liability_sentence_is_not_a_renewal():
    assert not RENEWAL.search(LIABILITY)
    assert finders.renewal_type(LIABILITY) is None
    assert finders.renewal_period(LIABILITY, None) is None


def test_verticalnet_renews_only_by_mutual_agreement():
    found = extract_renewals(parse_document(VERTICALNET), date(2001, 10, 1))
    assert found.expiration.value == date(2003, 3, 31)
    # "none", read from the renewal sentence (not the liability one, nor §9.6, whose right not to renew only
    # implies a renewal), with no renewal term or notice
    assert found.renewal_type.value == "none" and found.renewal_type.evidence.section_number == "9.1"
    assert found.renewal_type.evidence.quote == MUTUAL
    assert found.renewal_term is None and found.notice_period is None


@pytest.mark.parametrize("text", [
    "EXCEPT AS SET FORTH IN THIS AGREEMENT, THE UNIVERSITY EXTENDS NO WARRANTY OF ANY KIND.",
    "This right to audit shall extend throughout the term of this Agreement and for one year after expiration.",
    "In the event of a suspension which extends beyond one-hundred-and-eighty (180) days, this Agreement shall "
    "be tolled.",
    "Ceres will not unreasonably refuse to extend such three (3) year term by six (6) months under this Agreement.",
    # the noun after a preposition is not what is extended
    "Any cure period under this Agreement shall be extended by ten (10) days during a Force Majeure event.",
    "If Excite has not delivered the clickthroughs, the first year of the term of the Agreement will be extended "
    "for up to four (4) months.",
])
def test_extend_in_other_senses_is_not_renewal_wording(text):
    assert not RENEWAL.search(text) and finders.renewal_type(text) is None


@pytest.mark.parametrize(("text", "kind", "period"), [
    ("This Agreement shall automatically extend for an additional two (2) years on the same terms.", "automatic",
     Period(2, "Y")),
    ("This Agreement may, at the option of Licensee, be extended for one additional period of five (5) years.",
     "option", Period(5, "Y")),
    ("Bellicum shall have options to extend the Term for successive renewal terms of five (5) years each.",
     "option", Period(5, "Y")),
    ("The Term of this Agreement shall be automatically extended for additional one-year periods unless either "
     "party objects.", "automatic", Period(1, "Y")),
    ("This Contract shall be further extended automatically for a period of 12 months, each such extension "
     "commencing at the end of the Initial Term.", "automatic", Period(12, "M")),
])
def test_extending_the_term_is_renewal_wording(text, kind, period):
    assert RENEWAL.search(text)
    assert finders.renewal_type(text) == kind and finders.renewal_period(text, None) == period


def test_evergreen_sentence_carries_its_notice():
    text = ("This Agreement shall commence on the Effective Date and continue until the end of the fifteenth Contract "
            "Year, and shall continue in full force and effect thereafter until terminated by either Party by "
            "providing thirty (30) calendar days' prior written notice of termination to the other Party.")
    assert finders.renewal_type(text) == "evergreen"
    assert finders.notice_to_stop_renewal(text) == Period(30, "D")


def test_perpetual_needs_the_agreement_or_its_license_as_subject():
    assert finders.is_perpetual("The license granted to the Licensee under this Agreement shall continue "
                                "perpetually.")
    assert not finders.is_perpetual("8.3 The confidentiality and non-use obligations contained in this Agreement "
                                    "shall continue for a period of 5 (five) years after termination, provided that "
                                    "information on the Product shall remain confidential in perpetuity.")


def test_notice_periods_of_renewal_sentences():
    renews = ("Unless Customer notifies Metavante of its intent not to renew this Agreement in writing within a period "
              "of three (3) months following the Renewal Notice, this Agreement shall automatically renew at the end "
              "of the Initial Term for one (1) twelve-month period.")
    assert finders.notice_to_stop_renewal(renews) == Period(3, "M")
    assert finders.renewal_period(renews, None) == Period(12, "M")  # the notice is not the renewal term
    # a payment due after expiration is not a notice
    assert finders.notice_to_stop_renewal("All undisputed payments that have accrued prior to the termination or "
                                          "expiration of this Agreement will be payable in full within thirty (30) "
                                          "days thereof.") is None


def test_terms_and_conditions_and_recitals_are_not_renewals():
    grant = ("AT&T hereby grants Vendor a limited license (that shall automatically terminate upon the expiration of "
             "this Agreement) to use the AT&T Provided Items, subject further to the terms and conditions of this "
             "Agreement.")
    assert not RENEWAL.search(grant) and finders.renewal_type(grant) is None
    recital = ("AGREEMENT\n\nRecitals.\nWHEREAS, the Parties wish to extend the term of this Agreement to cover "
               "additional research activities;\n")
    assert finders.renewal_type("WHEREAS, the Parties wish to extend the term of this Agreement.") == "option"
    assert extract_renewals(parse_document(recital), None).renewal_type is None  # a recital is background
    headed = "AGREEMENT\n\n1. Scope.\nRECITALS WHEREAS, the Parties wish to extend the term of this Agreement.\n"
    assert extract_renewals(parse_document(headed), None).renewal_type is None


def test_a_word_between_number_and_unit_keeps_the_period_and_its_span():
    text = "renew for one (1) additional year, then for thirty (30) more days, not for the additional year"
    assert [(p, text[s:e]) for p, s, e in find_periods(text)] == [
        (Period(1, "Y"), "one (1) additional year"), (Period(30, "D"), "thirty (30) more days")]
