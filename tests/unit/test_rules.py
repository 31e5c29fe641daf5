"""Unit tests for the offline rules engine on small hand-written contracts, one rule at a time."""

from __future__ import annotations

from datetime import date

import pytest

from ingest.rules import FIELDS, FieldEvidence, extract_rules
from ingest.rules.text import Doc

LICENSE = (
    "LICENSE AGREEMENT\n\n"
    'This License Agreement (this "Agreement") is entered into as of May 8, 2014 (the "Effective Date") '
    'by and between Acme Widgets, Inc., a Delaware corporation ("Licensor"), and Beta Labs LLC, a California '
    'limited liability company ("Licensee").\n'
    "WHEREAS, Licensor owns software.\n"
    "1. Term. The term of this Agreement shall be for a period of three (3) years. This Agreement shall "
    "automatically renew for successive one (1) year periods unless either party gives ninety (90) days "
    "prior written notice of non-renewal.\n"
    "12. Governing Law. This Agreement shall be governed by and construed in accordance with the laws of "
    "the State of New York, without regard to its conflict of laws principles."
)


def _names(result):
    return [(p.name, p.role) for p in result.value("parties")]


def test_between_with_role_aliases():
    result = extract_rules([LICENSE], "lic")
    assert _names(result) == [("Acme Widgets, Inc.", "Licensor"), ("Beta Labs LLC", "Licensee")]


def test_by_and_among_three_parties_with_aliases():
    text = ('This Supply Agreement is made and entered into this 1st day of April, 2018 by and among Gamma Corp. '
            '("Gamma"), Delta Ltd. ("Delta") and Epsilon GmbH ("Supplier"). Each of them is referred to '
            'individually as a "Party". WHEREAS the parties wish to trade.')
    result = extract_rules([text], "supply")
    assert _names(result) == [("Gamma Corp.", "Party"), ("Delta Ltd.", "Party"), ("Epsilon GmbH", "Supplier")]


def test_made_by_without_aliases():
    text = ("This Agreement, dated June 1, 2010, is made by Omega Holdings, Inc., a Nevada corporation, and "
            "Sigma Partners, L.P., a Texas limited partnership. The parties agree as follows.")
    result = extract_rules([text], "x")
    assert _names(result) == [("Omega Holdings, Inc.", "Party"), ("Sigma Partners, L.P.", "Party")]
    assert result.fields["parties"].confidence < extract_rules([LICENSE], "lic").fields["parties"].confidence


def test_descriptors_and_addresses_are_cut_from_names():
    text = ('THIS CONSULTING AGREEMENT is made as of March 3, 2019 between The Foo Company, having its principal '
            'place of business at 1 Main Street, Boston, MA 02110 (hereinafter "Company"), and John Smith, an '
            'individual residing in Austin, Texas ("Consultant"). RECITALS')
    # A capitalised "The" is part of the name; a lower-case "the" before a name is not.
    assert _names(extract_rules([text], "c")) == [("The Foo Company", "Company"), ("John Smith", "Consultant")]


@pytest.mark.parametrize(("preamble", "names"), [
    # Block layout: the address runs on after the legal form, on the following lines.
    ('This Collaboration Agreement ("Agreement") is made by and among\nXencor, Inc.\n 111 W. Lemon Ave.\n'
     'Monrovia,\nCA 91016\nUSA\n(hereinafter called "XENCOR"),\nand\nBoehringer Ingelheim International GmbH\n'
     'Binger Strasse 173\n55216 Ingelheim\nGermany\n(hereinafter called "BII").',
     ["Xencor, Inc.", "Boehringer Ingelheim International GmbH"]),
    ('This Agreement is made between Tigrent Learning UK Limited ("Tigrent") and Celebrity Speakers of 90 High '
     'Street, Burnham, Buckinghamshire ("CSA").', ["Tigrent Learning UK Limited", "Celebrity Speakers"]),
    # A number inside the name itself stays.
    ('This Agreement is made between 2205925 Ontario Limited ("Reseller") and Network 1 Financial, Inc. '
     '("Network").', ["2205925 Ontario Limited", "Network 1 Financial, Inc."]),
])
def test_an_address_after_the_name_is_cut(preamble: str, names: list[str]) -> None:
    assert [name for name, _ in _names(extract_rules([preamble + " WHEREAS the parties agree."], "x"))] == names


def test_party_letter_layout():
    text = ("Road Transportation Agreement Party A (Shipper): ZTO Express Co., Ltd. Address: Building 1, Shanghai "
            "Party B (Carrier): Tonglu Tongze Logistics Ltd. Address: 12 Floor, Tonglu County")
    result = extract_rules([text], "zto")
    assert _names(result) == [("ZTO Express Co., Ltd.", "Party A"), ("Tonglu Tongze Logistics Ltd.", "Party B")]


def test_no_preamble_means_no_parties():
    result = extract_rules(["Disputes between the parties shall be settled amicably."], "x")
    assert result.value("parties") is None
    assert "parties" in result.missing


def test_agreement_and_effective_dates():
    result = extract_rules([LICENSE], "lic")
    assert result.value("agreement_date") == date(2014, 5, 8)
    assert result.value("effective_date") == date(2014, 5, 8)
    assert result.fields["agreement_date"].evidence.text == "May 8, 2014"


def test_effective_date_differs_from_agreement_date():
    text = ('THIS ENDORSEMENT AGREEMENT is made as of this March 14, 2012 but effective as of March 1, 2012 '
            '("Effective Date") by and between Bizzingo, Inc. ("Bizzingo") and Joseph Theismann ("Theismann").')
    result = extract_rules([text], "e")
    assert result.value("agreement_date") == date(2012, 3, 14)
    assert result.value("effective_date") == date(2012, 3, 1)


def test_ordinal_day_of_month_date():
    text = ('This Agreement is made this 20t h day of November, 2018 (the "Effective Date") by and between '
            'Alpha Inc. ("Franchisor") and Beta Corp. ("Franchisee").')
    assert extract_rules([text], "f").value("agreement_date") == date(2018, 11, 20)


def test_sec_filing_stamp_is_not_the_agreement_date():
    text = "Source: ACME CORP, 8-K, 10/1/2018 MASTER AGREEMENT Terms of service apply."
    assert extract_rules([text], "s").value("agreement_date") is None


def test_end_date_from_effective_date_plus_term():
    result = extract_rules([LICENSE], "lic")
    assert result.value("duration") == "P3Y"
    assert result.value("expiration_date") == date(2017, 5, 8)
    assert result.contract.end_date == "2017-05-08"
    assert result.contract.duration == "P3Y"


def test_explicit_expiration_date_wins():
    text = ('This Agreement is entered into as of January 1, 2019 by and between A Corp. ("Seller") and B Inc. '
            '("Buyer"). The term of this Agreement shall be five (5) years and shall expire on December 31, 2023.')
    assert extract_rules([text], "x").value("expiration_date") == date(2023, 12, 31)


def test_perpetual_term():
    text = "This Agreement dated June 1, 2010 shall remain in effect until terminated by either party."
    result = extract_rules([text], "x")
    assert result.value("expiration_date") == "perpetual"
    assert result.contract.end_date is None


def test_renewal_term_and_notice_period():
    result = extract_rules([LICENSE], "lic")
    assert result.value("renewal_term") == "P1Y"
    assert result.value("notice_period") == "P90D"


@pytest.mark.parametrize(("sentence", "country", "state"), [
    ("This Agreement shall be governed by the laws of the State of New York.", "US", "NY"),
    ("This Agreement shall be governed by the laws of the Province of Ontario and the federal laws of Canada "
     "applicable therein.", "CA", "ON"),
    ("This Agreement is governed by the laws of England and Wales.", "GB", None),
    ("The validity of this Agreement shall be governed by the federal laws of the United States and the laws of "
     "the State of California.", "US", "CA"),
    ("This Contract shall be construed in accordance with the laws of the People's Republic of China.", "CN", None),
    ("The laws of the Commonwealth of Massachusetts shall govern this Agreement.", "US", "MA"),
    ("This Agreement shall be governed by the laws of West Virginia.", "US", "WV"),
])
def test_governing_law(sentence, country, state):
    law = extract_rules([sentence], "g").value("governing_law")
    assert (law.country, law.state) == (country, state)


def test_incorporation_is_not_governing_law():
    text = "Beta Corp., a corporation organized under the laws of the State of Delaware, sells widgets."
    assert extract_rules([text], "g").value("governing_law") is None


@pytest.mark.parametrize(("text", "title"), [
    (LICENSE, "LICENSE AGREEMENT"),
    ("Exhibit 10.1 EXECUTION VERSION EXCLUSIVE DISTRIBUTOR AGREEMENT THIS EXCLUSIVE DISTRIBUTOR AGREEMENT is "
     "made", "EXCLUSIVE DISTRIBUTOR AGREEMENT"),
    ("NETZEE, INC. MAINTENANCE AGREEMENT This Agreement provides for maintenance.", "MAINTENANCE AGREEMENT"),
    ("EXHIBIT 10.1 Sponsorship Agreement THIS AGREEMENT made this 5th day of December, 2007", "Sponsorship Agreement"),
])
def test_document_title(text, title):
    assert extract_rules([text], "t").value("document_name") == title


def test_evidence_points_into_original_pages():
    pages = ["COVER PAGE\n", 'This  Agreement is made as of\nMay 8,\n2014 by and between Acme Inc. ("Buyer") '
             'and Beta LLC ("Seller").']
    result = extract_rules(pages, "p")
    evidence = result.fields["agreement_date"].evidence
    joined = "\f".join(pages)
    assert joined[evidence.start:evidence.end] == evidence.text == "May 8,\n2014"
    assert evidence.page == 2
    assert result.value("agreement_date") == date(2014, 5, 8)


def test_every_field_has_confidence_and_missing_fields_are_listed():
    result = extract_rules([LICENSE], "lic")
    assert result.missing == []
    for name in FIELDS:
        found = result.fields[name]
        assert isinstance(found, FieldEvidence)
        assert 0 < found.confidence <= 1
        assert found.evidence.text
    empty = extract_rules(["nothing to see here"], "e")
    assert empty.missing == list(FIELDS)
    assert empty.contract.parties == []


def test_confidence_is_bounded():
    with pytest.raises(ValueError, match="confidence"):
        FieldEvidence(value=1, confidence=1.5, evidence=None)


def test_doc_flattening_maps_offsets():
    doc = Doc(["a\u201cb\u201d  c", "d"])
    assert doc.flat == 'a"b" c d'
    span = doc.span(5, 8)
    assert (span.text, span.page) == ("c\fd", 1)
