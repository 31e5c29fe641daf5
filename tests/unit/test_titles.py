"""Display titles: the document name from a CUAD file id (both id formats), title case for capitals, and the
document name the rules engine finds in a text."""

from __future__ import annotations

import json

import pytest

from graph.store.titles import file_title, smart_case, text_title
from ingest.rules.title import document_name
from tests.conftest import SAMPLE


@pytest.mark.parametrize(("file_id", "title"), [
    ("ABILITYINC_06_15_2020-EX-4.25-SERVICES AGREEMENT", "Services Agreement"),
    ("CybergyHoldingsInc_20140520_10-Q_EX-10.27_8605784_EX-10.27_Affiliate Agreement", "Affiliate Agreement"),
    ("HYPERIONSOFTWARECORP_09_28_1994-EX-10.47-EXCLUSIVE DISTRIBUTOR AGREEMENT", "Exclusive Distributor Agreement"),
    ("PlayboyEnterprisesInc_20090220_10-QA_EX-10.2_4091580_EX-10.2_Content License Agreement_ Marketing "
     "Agreement_ Sales-Purchase Agreement", "Content License Agreement, Marketing Agreement, Sales-Purchase Agreement"),
    ("ScansourceInc_20190822_10-K_EX-10.38_11793958_EX-10.38_Distributor Agreement1", "Distributor Agreement"),
    ("Array BioPharma Inc. - LICENSE, DEVELOPMENT AND COMMERCIALIZATION AGREEMENT",
     "License, Development and Commercialization Agreement"),
    ("SEPARATEACCOUNTIIOFAGL_05_02_2011-EX-99.(J)(4)-UNCONDITIONAL CAPITAL MAINTENANCE AGREEMENT",
     "Unconditional Capital Maintenance Agreement"),
    ("upload-3f2a", "upload-3f2a"),
])
def test_file_title(file_id: str, title: str) -> None:
    assert file_title(file_id) == title


def test_every_sample_contract_gets_a_short_title() -> None:
    ids = [r["file_id"] for r in json.loads(SAMPLE.read_text(encoding="utf-8"))]
    titles = [file_title(f) for f in ids]
    assert all(0 < len(t) <= 120 and "_" not in t for t in titles)
    assert sum("agreement" in t.lower() for t in titles) >= 500  # the rest are contracts and statements


def test_smart_case_keeps_mixed_case_and_acronyms() -> None:
    assert smart_case("OEM SUPPLY AGREEMENT") == "OEM Supply Agreement"
    assert smart_case("Sponsorship Agreement") == "Sponsorship Agreement"
    assert text_title("  ") is None and text_title("CO-BRANDING AND ADVERTISING AGREEMENT") == \
        "Co-Branding and Advertising Agreement"


def test_document_name_from_text() -> None:
    text = "EXHIBIT 10.1\n\nEXCLUSIVE DISTRIBUTOR AGREEMENT\n\nThis Agreement is made on 1 May 2001 by A and B"
    assert document_name(text) == "EXCLUSIVE DISTRIBUTOR AGREEMENT"
    assert document_name("no title here at all") is None
