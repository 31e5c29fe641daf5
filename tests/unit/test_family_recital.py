"""The recital reader (ingest.families.recital) and the term-change reader on the sample's own texts: each
case reads a real CUAD file and checks the kind, ordinal, the parent it names, the dates and the evidence."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from graph.store.titles import file_title
from ingest.cuad_labels import read_text
from ingest.families.recital import locate, read_recital, title_kind
from ingest.families.term import own_part, read_term_change

TXT = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "cuad" / "txt"
NETGEAR = "NETGEAR,INC_04_21_2003-EX-10.16-"
FEDERATED = "FEDERATEDGOVERNMENTINCOMESECURITIESINC_04_28_2020-EX-99.SERV AGREE-SERVICES AGREEMENT"


def _read(file_id: str):
    return read_recital(file_title(file_id), read_text(TXT / f"{file_id}.txt"))


# file id, kind, ordinal, parent as named, parent date, own date, words of the evidence
CASES = [
    (NETGEAR + "AMENDMENT TO THE DISTRIBUTOR AGREEMENT BETWEEN INGRAM MICRO AND NETGEAR", "amendment", None,
     "Distributor Agreement", date(1996, 3, 1), date(1996, 10, 1), "having previously entered into a Distributor"),
    # The file also holds the first amendment; its own part starts at its title. It dates the agreement with
    # the first amendment's date (the matcher still finds the Distributor Agreement of the same filing).
    (NETGEAR + " AMENDMENT #2 TO THE DISTRIBUTION AGREEMENT", "amendment", 2,
     "Distribution Agreement", date(1996, 10, 1), date(1998, 7, 15), "agreed to amend their Distribution"),
    (FEDERATED + "_AMENDMENT", "amendment", None, "Services Agreement", date(2004, 1, 1), date(2009, 3, 30),
     "entered into that certain Services Agreement dated as of January 1, 2004"),
    (FEDERATED + "_SECONDAMENDMENT", "amendment", 2, "Services Agreement", date(2004, 1, 1), date(2016, 3, 1),
     "that certain Services Agreement"),
    ("BIOAMBERINC_04_10_2013-EX-10.34-DEVELOPMENT AGREEMENT - First Amendment", "amendment", 1,
     "Development Agreement", date(2010, 4, 15), date(2011, 7, 5), "entered into on April 15, 2010"),
    ("Cerus Corporation - FIRST AMEND TO SUPPLY AND MANUFACTURING AGREEMENT", "amendment", 1,
     "Supply and Manufacturing Agreement", date(2017, 4, 1), date(2018, 6, 22), "dated April 1, 2017"),
    # "(as amended by an amendment agreement dated 31 December 2013)" is not its own date; "entered into on 2018"
    # has no day, so it has none
    ("Columbia Laboratories, (Bermuda) Ltd. - AMEND NO. 2 TO MANUFACTURING AND SUPPLY AGREEMENT", "amendment", 2,
     "Manufacturing and Supply Agreement", date(2009, 12, 8), None, "dated as of December 8, 2009"),
    ("GluMobileInc_20070319_S-1A_EX-10.09_436630_EX-10.09_Content License Agreement3", "amendment", 2,
     "Wireless Content License Agreement", date(2004, 12, 16), date(2006, 3, 27), "Reference is hereby made"),
    ("GridironBionutrientsInc_20171206_8-K_EX-10.2_10972556_EX-10.2_Endorsement Agreement", "addendum", None,
     "Endorsement Agreement", date(2017, 10, 30), date(2017, 11, 7), "executed by the Parties on October 30"),
    # the date is given by a second sentence ("entered into the Agreement dated January 22, 2007")
    ("ScansourceInc_20190822_10-K_EX-10.39_11793959_EX-10.39_Distributor Agreement", "amendment", 3,
     "NONEXCLUSIVE VALUE ADDED DISTRIBUTOR AGREEMENT", date(2007, 1, 22), None, "entered into the Agreement dated"),
    ("PelicanDeliversInc_20200211_S-1_EX-10.3_11975895_EX-10.3_Development Agreement1", "statement_of_work",
     None, "Software Development Agreement", None, None, "This Statement of Work is issued to and made part"),
    ("VARIABLESEPARATEACCOUNT_04_30_2014-EX-13.C-UNCONDITIONAL CAPITAL MAINTENANCE AGREEMENT", "restatement",
     None, "Unconditional Capital Maintenance Agreement", date(2011, 3, 30), date(2014, 2, 18), "executed that"),
    # a restatement's recital naming another agreement (a Guarantee Agreement) does not make it the parent
    ("Reinsurance Group of America, Incorporated - A_R REMARKETING  AGREEMENT", "restatement", None,
     "REMARKETING AGREEMENT", None, date(2011, 2, 15), "AMENDED AND RESTATED REMARKETING AGREEMENT"),
]


@pytest.mark.parametrize(("file_id", "kind", "ordinal", "parent", "parent_date", "own", "words"), CASES,
                         ids=[c[0][:40] for c in CASES])
def test_recital_on_sample(file_id, kind, ordinal, parent, parent_date, own, words) -> None:
    found = _read(file_id)
    assert found is not None
    assert (found.kind, found.ordinal, found.parent_title, found.parent_date, found.own_date) == \
        (kind, ordinal, parent, parent_date, own)
    assert words in found.evidence and len(found.evidence) <= 1300


@pytest.mark.parametrize("file_id", [
    NETGEAR + "DISTRIBUTOR AGREEMENT", FEDERATED, "BIOAMBERINC_04_10_2013-EX-10.34-DEVELOPMENT AGREEMENT (1)",
    # body references that are not the document's own marker
    "GWG HOLDINGS, INC. - ORDERLY MARKETING AGREEMENT", "VAXCYTE,INC_05_22_2020-EX-10.19-SUPPLY AGREEMENT",
    "MEDALISTDIVERSIFIEDREIT,INC_05_18_2020-EX-10.1-CONSULTING AGREEMENT", "Sonos, Inc. - Manufacturing Agreement ",
])
def test_agreements_are_no_members(file_id: str) -> None:
    assert _read(file_id) is None


def test_title_kinds() -> None:
    assert [title_kind(t) for t in ("Services Agreement Secondamendment", "A R Remarketing Agreement",
                                    "Reseller Agreement Premier Addendum", "Statement of Work", "Supply Agreement",
                                    "Amended Supply Agreement")] == \
        ["amendment", "restatement", "addendum", "statement_of_work", None, None]


def _change(file_id: str):
    flat = " ".join(read_text(TXT / f"{file_id}.txt").split())
    located = locate(flat, file_title(file_id))
    assert located is not None
    return read_term_change(own_part(flat, located[1].start()))


def test_term_changes_on_sample() -> None:
    cisco = _change("ScansourceInc_20190822_10-K_EX-10.39_11793959_EX-10.39_Distributor Agreement")
    assert cisco is not None and (cisco.new_end, cisco.months) == (date(2012, 1, 20), None)
    assert cisco.quote.startswith("The Term of the Agreement is hereby extended to January 20, 2012")
    fox = _change("GluMobileInc_20070319_S-1A_EX-10.09_436630_EX-10.09_Content License Agreement4")
    assert fox is not None and fox.new_end == date(2006, 12, 31) and '(the "Term")' in fox.quote
    # "This Second Amendment ... shall expire on December 31, 2021" is the amendment's own expiry
    assert _change("BellringBrandsInc_20190920_S-1_EX-10.12_11817081_EX-10.12_Manufacturing Agreement3") is None
    assert _change(NETGEAR + " AMENDMENT #2 TO THE DISTRIBUTION AGREEMENT") is None


def test_term_extension_by_a_period() -> None:
    found = read_term_change("1. The Initial Term of the Agreement is hereby extended for an additional two (2) "
                             "years. 2. All else stays.")
    assert found is not None and (found.new_end, found.months) == (None, 24)
