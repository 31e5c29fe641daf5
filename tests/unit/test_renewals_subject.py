"""The contract named by its kind ("This Sponsorship Agreement") is the subject of its term sentence, as "this
Agreement" is (wordings written from drafting practice, not from the labelled contracts)."""

from __future__ import annotations

from datetime import date

import pytest

from ingest.document.parser import parse_document
from ingest.renewals.extract import PERPETUAL, RenewalTerms, extract_renewals
from ingest.renewals.periods import Period
from ingest.renewals.subject import own_kind, plain_subject

START = date(2010, 1, 15)


def _read(text: str, heading: str = "Duration") -> RenewalTerms:
    return extract_renewals(parse_document(f"AGREEMENT\n\n1. {heading}.\n{text}\n"), START)


def test_plain_subject_keeps_length_and_other_agreements():
    text = "This Co-Branding Agreement ends when the License Agreement ends; this Development and License Contract too."
    plain = plain_subject(text)
    assert len(plain) == len(text)
    assert plain.split() == ["This", "Agreement", "ends", "when", "the", "License", "Agreement", "ends;", "this",
                             "Contract", "too."]
    assert plain_subject("This Agreement shall expire.") == "This Agreement shall expire."


@pytest.mark.parametrize(("text", "end"), [
    ("This Sponsorship Agreement shall expire on December 31, 2012.", date(2012, 12, 31)),
    ("This Co-Branding Agreement shall terminate on June 30, 2011.", date(2011, 6, 30)),
    ("This Supply Agreement shall remain in effect for five (5) years from the Effective Date.", date(2015, 1, 15)),
    ("This Development and License Agreement shall continue in force for a term of two (2) years.",
     date(2012, 1, 15)),
    ("This Distribution Agreement shall continue in force until terminated by either party.", PERPETUAL),
])
def test_a_named_agreement_states_its_term(text, end):
    found = _read(text)
    assert found.expiration is not None and found.expiration.value == end
    assert found.expiration.evidence.quote == text  # the evidence quotes the text as written


def test_a_named_agreement_renews():
    found = _read("This Services Agreement shall expire on March 31, 2012. Thereafter this Services Agreement shall "
                  "automatically renew for successive one (1) year terms unless either party gives ninety (90) days "
                  "prior written notice of non-renewal.")
    assert found.expiration.value == date(2012, 3, 31)
    assert found.kind == "automatic" and found.renewal_term.value == Period(1, "Y")
    assert found.notice_period.value == Period(90, "D")


def test_the_documents_own_kind_after_the():
    assert own_kind("EXHIBIT 10.1\n\nTHIS ENDORSEMENT AGREEMENT is made on") == ("endorsement",)
    assert own_kind("AGREEMENT\n\nmade between") == ()
    text = ("ENDORSEMENT AGREEMENT\n\n1. Duration.\nThe Endorsement Agreement shall commence on the Effective Date "
            "and continue for a period of two (2) years.\n")
    assert extract_renewals(parse_document(text), START).expiration.value == date(2012, 1, 15)
    # another agreement named after "the" is not this one: its term is not read as this contract's
    other = ("MANUFACTURING AGREEMENT\n\n1. Duration.\nThe License Agreement shall continue for a period of two (2) "
             "years.\n")
    assert extract_renewals(parse_document(other), START).expiration is None
