"""Defined terms on real CUAD texts, checked by hand against the contract text (issue 14).

Each row was read in the text file: the term is defined there, and its definition starts as written (an inline
definition names the party or the sentence it sits in; a definition clause starts at its verb). Pointer rows
("has the meaning set forth in Section 8.7") give the reference phrase and the section it resolves to; where
that section defines the term itself, the stored definition is that one (its section and start are given).
Junk named in issue 14 must not be terms: single letters and numbers ("A", "1", "N"), "Agreement",
"Party"/"Parties", and the two wrong definitions seen ("Miltenyi" as an address, "Receiving Party" as "to the
other Party").
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from ingest.cuad_labels import read_text
from ingest.document import parse_document
from ingest.document.models import DefinedTerm
from tests.conftest import ParsedCorpus

TXT = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "cuad" / "txt"
BELLICUM = "BELLICUMPHARMACEUTICALS,INC_05_07_2019-EX-10.1-Supply Agreement"
ON2 = "ON2TECHNOLOGIES,INC_11_17_2006-EX-10.3-SUPPORT AND MAINTENANCE AGREEMENT"
INNOVIVA = "INNOVIVA,INC_08_07_2014-EX-10.1-COLLABORATION AGREEMENT"
AZUL = "AzulSa_20170303_F-1A_EX-10.3_9943903_EX-10.3_Maintenance Agreement1"
KENTUCKY = "KENTUCKYUTILITIESCO_03_25_2003-EX-10.65-TRANSPORTATION AGREEMENT"
ANTARES = "Antares Pharma, Inc. - Manufacturing Agreement"
CYTODYN = "CytodynInc_20200109_10-Q_EX-10.5_11941634_EX-10.5_License Agreement"
PHASEBIO = "PhasebioPharmaceuticalsInc_20200330_10-K_EX-10.21_12086810_EX-10.21_Development Agreement"
STAMPS = "STAMPSCOMINC_06_24_1999-EX-10.18-SPONSORSHIP AGREEMENT"
HILTON = "HOSPITALITYINVESTORSTRUST,INC_04_07_2014-EX-10.26-FRANCHISE AGREEMENT"
MSL = "MANUFACTURERSSERVICESLTD_06_05_2000-EX-10.14-OUTSOURCING AGREEMENT"
QUANTUM = "QuantumGroupIncFl_20090120_8-K_EX-99.2_3672910_EX-99.2_Hosting Agreement"

# (contract, term, defining section, definition starts with)
PLAIN = [
    (BELLICUM, "Miltenyi", "preamble", "Miltenyi Biotec GmbH, a German corporation having an address at "
                                       "Friedrich-Ebert-Str. 68, 51429 Bergisch Gladbach, Germany"),
    (BELLICUM, "Bellicum", "preamble", "Bellicum Pharmaceuticals, Inc., a US corporation, having a registered office"),
    (BELLICUM, "Effective Date", "preamble", 'This Supply Agreement (this "Agreement") is made and entered into, '
                                             "effective as of March 27, 2019"),
    (BELLICUM, "Disclosing Party", "14.1", 'As used in this Agreement, the term "Confidential Information" means any '
                                           "information disclosed by one Party"),
    (BELLICUM, "Receiving Party", "14.1", 'As used in this Agreement, the term "Confidential Information" means any '
                                          'information disclosed by one Party (the "Disclosing Party") to the other '
                                          'Party'),
    (BELLICUM, "Master File", "1.1", "means any Type II Master File, Medical Device Master File"),
    (ON2, "On2", "preamble", "On2 Technologies, Inc., a Delaware corporation"),
    (ON2, "Wildform", "preamble", "Wildform, Inc., a California corporation"),
    (ON2, "Common Stock", "1.2", "means the common stock of On2, par value $0.01."),
    (INNOVIVA, "Theravance", "preamble", "THERAVANCE, INC., a Delaware corporation"),
    (INNOVIVA, "GSK", "preamble", "GLAXO GROUP LIMITED, a United Kingdom corporation"),
    (INNOVIVA, "FDA", "1.29", "means the United States Food and Drug Administration and any successor agency"),
    (AZUL, "CY", "2.1", "means a completed Aircraft takeoff and landing sequence;"),
    (KENTUCKY, "Transporter", "preamble", "TENNESSEE GAS PIPELINE COMPANY, a Delaware Corporation"),
    (KENTUCKY, "Shipper", "preamble", "LOUISVILLE GAS AND ELECTRIC COMPANY, a Kentucky Corporation"),
    (ANTARES, "AMAG", "preamble", "AMAG Pharmaceuticals, Inc., a Delaware corporation, with a corporate address at"),
    (ANTARES, "Business Day", "1.1", "means a day other than a Saturday, Sunday or a day that is a federal holiday"),
    (STAMPS, "Intuit", "preamble", "Intuit Inc. a Delaware corporation, located at 2550 Garcia Ave., Mountain View"),
    (HILTON, "Franchisor", "preamble", "Homewood Suites Franchise LLC"),
    (HILTON, "Brand", "1.0", "means the brand name set forth in the Addendum."),
]
# (contract, term, pointer phrase, target section, stored section, definition starts with)
POINTERS = [
    (BELLICUM, "Confidential Information", "Section 14", "Article 14", "14.1", "means any information disclosed by "
                                                                                "one Party"),
    (BELLICUM, "Additional Countries", "Section 2.3", "2.3", "1.1", "shall have the meaning set forth in Section 2.3"),
    (BELLICUM, "Deliver", "Section 6.1(a)", "6.1(a)", "1.1", "shall have the meaning set forth in Section 6.1(a)."),
    (BELLICUM, "Communication", "Section 4.5", "4.5", "1.1", "shall have the meaning set forth in Section 4.5."),
    (BELLICUM, "Rejected Products", "Section 7.2", "7.2", "1.1", "shall have the meaning set forth in Section 7.2."),
    (ON2, "Term", "Section 9.1", "9.1", "9.1", "Except as otherwise set forth in Sections 9.2 and 9.3 or Exhibit A "
                                               "hereof, the term of this Agreement shall be eighteen (18) months"),
    (ON2, "Nonconformance Notice", "Section 3.1", "3.1", "3.1", "explanation of the non-conformities"),
    (INNOVIVA, "Breaching Party", "Section 14.2", "14.2", "14.2", "Either Party may, without prejudice to any other "
                                                                  "remedies"),
    (INNOVIVA, "Designated Foreign Filing", "Section 13.1.2(b)", "13.1.2(b)", "1.20", "shall have the meaning"),
    (AZUL, "Excusable Delay", "Clause 4.1", "4.1", "4.1", "…"),
    (CYTODYN, "Required Third Party License", "Section 8.7", "8.7", "8.7", "If the Parties agree in good faith that "
                                                                           "it is reasonable to enter into a license"),
    (PHASEBIO, "Vendor(s)", "Section 2.4.2", "2.4.2", "1.1.150", "has the meaning ascribed to such term in "
                                                                 "Section 2.4.2."),
]
# (contract, quoted strings that must not be terms)
JUNK = [
    (BELLICUM, ["Agreement", "Party", "Parties"]),
    (MSL, ["1", "2", "3", "4", "A", "B"]),
    (QUANTUM, ["N"]),
    (HILTON, ["Parties", "we", "us", "our", "you"]),
    (KENTUCKY, ["Parties"]),
    (AZUL, ["List of ATR Aircraft covered under this Agreement", "Deliveries"]),
]


@cache
def _terms(name: str) -> dict[str, DefinedTerm]:
    return {d.term: d for d in parse_document(read_text(TXT / f"{name}.txt"), name).definitions}


def test_the_table_holds_at_least_30_hand_checked_terms():
    assert len(PLAIN) + len(POINTERS) >= 30


@pytest.mark.parametrize(("name", "term", "section", "start"), PLAIN, ids=[f"{r[1]}" for r in PLAIN])
def test_definition(name: str, term: str, section: str, start: str):
    found = _terms(name)[term]
    assert (found.section_number, found.pointer, found.pointer_text) == (section, None, "")
    assert found.definition.startswith(start), found.definition[:200]


@pytest.mark.parametrize(("name", "term", "phrase", "target", "section", "start"), POINTERS,
                         ids=[f"{r[1]}" for r in POINTERS])
def test_pointer_definition_is_followed(name: str, term: str, phrase: str, target: str, section: str, start: str):
    found = _terms(name)[term]
    assert (found.pointer_text, found.pointer, found.section_number) == (phrase, target, section)
    # followed when the target (or a subsection of it) defines the term itself; else the pointer's own text
    assert found.definition.startswith(start), found.definition[:200]


def test_a_pointer_into_another_instrument_has_no_target():
    found = _terms(ON2)["Closing Date Payment Amount"]
    assert (found.pointer, found.pointer_text) == (None, "")
    assert found.definition == "shall have the meaning set forth in the Asset Purchase Agreement."


@pytest.mark.parametrize(("name", "junk"), JUNK, ids=[r[0][:20] for r in JUNK])
def test_junk_is_not_a_term(name: str, junk: list[str]):
    assert set(junk).isdisjoint(_terms(name))


def test_the_wrong_definitions_of_issue_14_are_fixed_at_their_cause():
    miltenyi = _terms(BELLICUM)["Miltenyi"].definition
    assert miltenyi != "68, 51429 Bergisch Gladbach, Germany" and miltenyi.startswith("Miltenyi Biotec GmbH")
    assert _terms(BELLICUM)["Receiving Party"].definition != "to the other Party"


@pytest.mark.timeout(300)
def test_no_junk_terms_and_no_empty_definitions_in_any_cuad_text(cuad_corpus: ParsedCorpus):
    generic = {"agreement", "this agreement", "party", "parties", "we", "us", "you", "contract"}
    bad = []
    assert list(cuad_corpus.docs) == [path.name for path in sorted(TXT.glob("*.txt"))]
    for name, doc in cuad_corpus.docs.items():
        for d in doc.definitions:
            letters = re.sub(r"[^A-Za-z]", "", d.term)
            if len(letters) < 2 or d.term.lower() in generic or not d.definition.strip():
                bad.append(f"{name[:50]} | {d.term} | {d.definition[:60]}")
    assert bad == []
