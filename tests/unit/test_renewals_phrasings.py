"""Common contract phrasings of a term, a renewal and a notice (written from drafting practice, not from the
labelled contracts), each read end to end by `extract_renewals` from a one-section document."""

from __future__ import annotations

from datetime import date

import pytest

from ingest.document.parser import parse_document
from ingest.renewals.extract import RenewalTerms, extract_renewals
from ingest.renewals.periods import Period

START = date(2010, 1, 15)
INITIAL = 'The term of this Agreement shall be three (3) years from the Effective Date (the "Initial Term"). '


def _read(text: str) -> RenewalTerms:
    return extract_renewals(parse_document(f"AGREEMENT\n\n1. Term.\n{text}\n"), START)


@pytest.mark.parametrize(("text", "expiration"), [
    ("This Agreement shall expire on the fifth (5th) anniversary of the Effective Date.", date(2015, 1, 15)),
    ("The term of this Agreement shall be from January 1, 2010 through December 31, 2012.", date(2012, 12, 31)),
    ("This Agreement will terminate five (5) years after the Effective Date.", date(2015, 1, 15)),
    ("This Agreement shall be in effect for a period of two years beginning on March 1, 2005.", date(2007, 3, 1)),
    ("This Agreement shall remain in force until the expiry of ten (10) years from the date of signature.",
     date(2020, 1, 15)),
    ("This Agreement shall have a term of two (2) years.", date(2012, 1, 15)),
    ("This Agreement shall expire at midnight on December 31, 2012.", date(2012, 12, 31)),
    ("This Agreement shall terminate on the earlier of (a) December 31, 2015 or (b) the date on which Distributor "
     "ceases to sell the Products.", date(2015, 12, 31)),
    ("The Term shall commence on the date of this Agreement and shall end as of December 31, 2000.",
     date(2000, 12, 31)),
    ("This Agreement shall be effective until terminated by either party upon thirty (30) days' written notice.",
     "perpetual"),
    ("This Agreement shall commence on the Effective Date and shall continue until it is terminated in accordance "
     "with Section 15.", "perpetual"),
    ("This Agreement shall remain in full force and effect for an indefinite period.", "perpetual"),
    # counted from an undated event: the initial term is kept, the expiration is not guessed
    ("The term shall end on the date which is ten (10) years after the date of first commercial sale of the Product.",
     None),
])
def test_expiration(text, expiration):
    found = _read(text)
    assert (found.expiration.value if found.expiration else None) == expiration


@pytest.mark.parametrize(("text", "kind", "renewal", "notice"), [
    ("Thereafter, this Agreement shall be renewed automatically for successive one (1) year periods unless either "
     "party notifies the other in writing of its intention not to renew at least ninety (90) days prior to the "
     "expiration of the then current term.", "automatic", Period(1, "Y"), Period(90, "D")),
    ("This Agreement shall be automatically extended for additional periods of one year each, unless either party "
     "gives written notice of termination at least three months before the end of the then current period.",
     "automatic", Period(1, "Y"), Period(3, "M")),
    ("After the Initial Term, this Agreement shall continue on a month-to-month basis until terminated by either "
     "party on thirty (30) days notice.", "automatic", Period(1, "M"), Period(30, "D")),
    ("Either party may elect not to renew this Agreement by giving written notice to the other at least sixty (60) "
     "days before the end of the Initial Term.", "automatic", None, Period(60, "D")),
    ("Unless either party notifies the other of its intention to terminate this Agreement at least 3 months before "
     "the expiry of the Initial Term, this Agreement shall continue for further periods of 12 months.", "automatic",
     Period(12, "M"), Period(3, "M")),
    ("This Agreement shall thereafter renew for additional terms of equal length unless either party gives written "
     "notice of non-renewal at least ninety (90) days prior to expiration.", "automatic", Period(3, "Y"),
     Period(90, "D")),
    ("This Agreement shall be renewed automatically for like periods unless either party gives ninety (90) days "
     "notice of non-renewal.", "automatic", Period(3, "Y"), Period(90, "D")),
    # "the same terms" are conditions, not a length
    ("This Agreement shall automatically extend for an additional two (2) years on the same terms herein, unless "
     "either party gives notice of non-renewal.", "automatic", Period(2, "Y"), None),
    ("Upon the expiry of the Initial Term, the Agreement shall be tacitly renewed for an indefinite period, unless "
     "terminated by either party with six months notice.", "evergreen", None, Period(6, "M")),
    ("Licensee may extend the term of this Agreement for one additional period of five (5) years by giving written "
     "notice at least 180 days before expiration.", "option", Period(5, "Y"), None),
    ("The Agreement may be renewed for additional two-year terms upon the written agreement of both parties.", "none",
     None, None),
    # a word between the number and its unit ("one (1) additional year") names the period, not a new number
    ("Customer may renew this Agreement for one (1) additional year by written notice to Supplier.", "option",
     Period(1, "Y"), None),
    ("This Agreement shall automatically renew for an additional year unless either party gives thirty (30) days "
     "written notice of non-renewal.", "automatic", Period(1, "Y"), Period(30, "D")),
    ("Thereafter the term shall be extended automatically for two (2) further years unless either party objects in "
     "writing at least sixty (60) days before expiry.", "automatic", Period(2, "Y"), Period(60, "D")),
])
def test_renewal_and_notice(text, kind, renewal, notice):
    found = _read(INITIAL + text)
    assert found.expiration.value == date(2013, 1, 15)
    assert found.kind == kind
    assert (found.renewal_term.value if found.renewal_term else None) == renewal
    assert (found.notice_period.value if found.notice_period else None) == notice


def test_an_option_beats_a_renewal_only_implied_by_a_right_not_to_renew():
    found = _read(INITIAL + "Licensee may renew this Agreement by written notice to Licensor. If Licensee decides "
                  "not to renew this Agreement, it shall return all materials.")
    assert found.kind == "option"
    assert found.renewal_type.evidence.quote.startswith("Licensee may renew")
    # stated in words, an automatic renewal beats the option
    found = _read(INITIAL + "Licensee may renew this Agreement by written notice to Licensor. Otherwise this "
                  "Agreement shall automatically renew for successive one (1) year terms.")
    assert found.kind == "automatic" and found.renewal_term.value == Period(1, "Y")


def test_renewable_automatically_is_automatic():
    found = _read("This Agreement is for a term of one year from the Effective Date, renewable automatically unless "
                  "terminated under Section 18.")
    assert found.kind == "automatic" and found.expiration.value == date(2011, 1, 15)
