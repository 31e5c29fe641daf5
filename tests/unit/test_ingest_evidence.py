"""ingest.evidence: every field gets a confidence and, when the value is written in the text, its span;
the offline engine on real CUAD PDFs (names with commas, spaces and '#'), with its evidence mapped."""

from __future__ import annotations

import pytest

from ingest.evidence import FOUND, NOT_FOUND, REVIEW_FIELDS, WRITTEN, llm_evidence, missing_fields, rules_evidence
from ingest.pdf import read_pdf
from ingest.rules import extract_rules
from ingest.schema import Contract
from tests.ingest_support import CURAEGIS, CURAEGIS_CONTRACT, NETGEAR, PDF_DIR, XENCOR, real_pdf

pytestmark = pytest.mark.skipif(not PDF_DIR.is_dir(), reason="CUAD sample PDFs not present")


@pytest.fixture(scope="module")
def curaegis_pages():
    return read_pdf(real_pdf(CURAEGIS)).pages


def test_llm_values_written_in_the_text_get_their_span(curaegis_pages):
    contract = Contract.model_validate(CURAEGIS_CONTRACT)
    found = llm_evidence(contract, curaegis_pages)
    assert set(found) == set(REVIEW_FIELDS) - {"duration", "total_amount"}
    spans = {name: (f.confidence, f.evidence.page, f.evidence.text) for name, f in found.items() if f.evidence}
    assert spans["effective_date"] == (FOUND, 1, "May 18, 2010")
    assert spans["end_date"] == (FOUND, 1, "October 31, 2010")
    assert spans["parties"] == (FOUND, 1, "Phoenix Performance, LLC")
    assert spans["contract_type"] == (FOUND, 1, "CORPORATE SPONSORSHIP AGREEMENT")
    assert spans["governing_law"][:2] == (FOUND, 3)
    assert "laws of the State of New York" in " ".join(spans["governing_law"][2].split())
    assert [(found[n].confidence, found[n].evidence) for n in ("summary", "contract_scope", "clauses")] == \
        [(WRITTEN, None)] * 3


def test_llm_values_not_in_the_text_are_flagged(curaegis_pages):
    invented = {**CURAEGIS_CONTRACT, "effective_date": "2010-06-01", "duration": "P5M", "total_amount": 15000,
                "parties": [*CURAEGIS_CONTRACT["parties"], {"name": "Imaginary Holdings Ltd", "role": "Agent"}]}
    found = llm_evidence(Contract.model_validate(invented), curaegis_pages)
    for name in ("effective_date", "duration", "total_amount", "parties"):
        assert found[name].confidence == NOT_FOUND, name
    assert found["effective_date"].evidence is None
    assert found["parties"].evidence.text == "Phoenix Performance, LLC"  # the first party that was found


def test_offline_engine_on_a_name_with_comma(curaegis_pages):
    result = extract_rules(curaegis_pages, CURAEGIS)
    draft = result.contract
    assert [(p.name, p.role) for p in draft.parties] == [("Phoenix Performance, LLC", "Vendor"),
                                                         ("Torvec Inc..", "Party")]
    assert draft.effective_date == "2010-05-18"
    assert (draft.governing_law.country, draft.governing_law.state) == ("US", "NY")
    evidence = rules_evidence(result)
    assert sorted(evidence) == ["effective_date", "governing_law", "parties"]
    assert (evidence["effective_date"].confidence, evidence["effective_date"].evidence.text) == (0.9, "May 18, 2010")
    assert missing_fields(draft) == ["summary", "contract_type", "end_date", "duration", "contract_scope",
                                     "total_amount", "clauses"]


def test_offline_engine_on_a_name_with_hash_and_spaces():
    result = extract_rules(read_pdf(real_pdf(NETGEAR)).pages, NETGEAR)
    assert [p.name for p in result.contract.parties] == ["NETGEAR, Inc.", "Ingram Micro"]
    assert result.contract.effective_date == "1996-10-01"
    assert " ".join(rules_evidence(result)["effective_date"].evidence.text.split()) == "October 1,1996"
    assert result.contract.governing_law is None and "governing_law" in missing_fields(result.contract)


def test_offline_engine_on_the_104_page_contract():
    result = extract_rules(read_pdf(real_pdf(XENCOR)).pages, XENCOR)
    # Each name is followed by its address in the block-layout preamble; the address is not part of it.
    assert [p.name for p in result.contract.parties] == ["Xencor, Inc.", "Boehringer Ingelheim International GmbH"]
    assert result.contract.effective_date == "2012-02-10"
    assert (result.contract.governing_law.country, result.contract.governing_law.state) == ("US", "NY")
    assert rules_evidence(result)["governing_law"].evidence.page == 36
