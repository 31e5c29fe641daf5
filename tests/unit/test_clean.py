"""Cleaning of seed records: each known defect of the sample is fixed and reported."""

from __future__ import annotations

from datetime import date

import pytest

from core.names import party_key
from graph.store.clean import CleanReport, clean_contract_type, duration_days, is_placeholder, parse_date
from graph.store.prepare import jurisdiction, prepare


@pytest.mark.parametrize(("raw", "file_id", "expected"), [
    ("Affiliate AgreementDevelopment", "UnionDental_EX-10_Affiliate Agreement", "Affiliate"),
    ("Affiliate AgreementDevelopment", "BLUEHILLSBANCORP-EX-1.1-AGENCY AGREEMENT", "Agency"),
    ("Affiliate AgreementDevelopment", "Vgrab_EX-10.33_Development Agreement", "Development"),
    ("Affiliate AgreementDevelopment", "PcquoteComInc_EX-10.11_Co-Branding Agreement2", "Co-Branding"),
    ("Non Compete/SolicitOutsourcing", "WESTERN COPPER - NON-COMPETITION AGREEMENT", "Non-Compete"),
    ("Non Compete/SolicitOutsourcing", "ACME - SERVICES AGREEMENT", "Outsourcing"),
    ("License Agreement", "x", "License"), ("supply", "x", "Supply"), ("Space Elevator", "x", "Other"),
])
def test_contract_types(raw: str, file_id: str, expected: str) -> None:
    report = CleanReport()
    assert clean_contract_type(raw, file_id, report) == expected


@pytest.mark.parametrize("name", ["[•]", "[*]", "[ * * * ]", "[●]", "[Agent Name]", "N/A", "", "  ", "You", "...",
                                  "<<enter Company Name>>", "<Licensee>"])
def test_placeholders(name: str) -> None:
    assert is_placeholder(name)


def test_real_names_are_not_placeholders() -> None:
    assert not is_placeholder("Honeywell International Inc.")


def test_party_key_merges_case_punctuation_and_suffix_spacing() -> None:
    assert party_key("VNUE INC") == party_key("VNUE, Inc.") == party_key("vnue inc")
    assert party_key("Bank of America, N. A") == party_key("Bank of America, N.A.")
    assert party_key("Blackstone Holdings I/II GP L.L.C.") == party_key("BLACKSTONE HOLDINGS I/II GP LLC")
    assert party_key("Acme Inc") != party_key("Acme Ltd")


@pytest.mark.parametrize(("value", "expected"), [
    ("2020-02-29", date(2020, 2, 29)), ("2019-02-29", None), ("1900-01-01", None), ("n/a", None), (None, None),
])
def test_dates(value: str | None, expected: date | None) -> None:
    assert parse_date(value) == expected


@pytest.mark.parametrize(("value", "days"), [("P1Y", 365), ("P6M", 180), ("P2W", 14), ("P1Y6M", 545),
                                             ("P", None), ("P[***]Y", None), ("PInfinite", None), (None, None)])
def test_duration_days(value: str | None, days: int | None) -> None:
    assert duration_days(value) == days


def test_prepare_merges_parties_and_reports_fixes() -> None:
    records = [
        {"file_id": "a", "contract_type": "Supply", "effective_date": "2020-01-01", "end_date": "2019-01-01",
         "parties": [{"name": "ACME, INC.", "role": "Supplier", "location": {"country": "usa", "state": "Delaware"}},
                     {"name": "[•]", "role": "Buyer"}],
         "governing_law": {"country": "US", "state": "New York"}, "clauses": None, "total_amount": -5},
        {"file_id": "b", "contract_type": "Supply", "effective_date": "2021-13-01",
         "parties": [{"name": "Acme Inc", "role": "buyer", "location": {"country": "N/A"}}],
         "governing_law": {"country": "[***]"}, "clauses": [{"clause_type": "Audit Rights", "summary": "s"}]},
        {"file_id": "a", "contract_type": "Supply"},
    ]
    p = prepare(records)
    assert [c.file_id for c in p.contracts] == ["a", "b"]
    assert list(p.parties) == ["acmeinc"]
    assert p.parties["acmeinc"].aliases == ["ACME, INC.", "Acme Inc"]
    a, b = p.contracts
    assert a.props["total_amount"] is None and b.props["effective_date"] is None
    assert a.locations[0]["country"] == "US" and a.locations[0]["state"] == "DE"
    assert a.governing_law == {"key": "US-NY", "country": "US", "state": "NY", "name": "New York, US"}
    assert b.governing_law is None and b.locations == []
    assert a.props["party_count"] == 1
    assert p.report.fixes == {"placeholder_party": 1, "end_before_effective": 1, "invalid_amount": 1,
                              "invalid_date": 1, "invalid_country": 2, "duplicate_file_id": 1,
                              "country_normalised": 1}


def test_party_display_name_is_the_most_frequent_spelling_and_the_first_seen_on_ties() -> None:
    def named(*spellings: str) -> str:
        records = [{"file_id": str(i), "parties": [{"name": s}]} for i, s in enumerate(spellings)]
        return prepare(records).parties["acmeinc"].name

    assert named("Acme Inc", "ACME INC.", "ACME INC.") == "ACME INC."
    assert named("ACME INC.", "Acme Inc", "Acme Inc", "ACME INC.") == "ACME INC."
    assert named("Acme Inc", "ACME INC.", "ACME INC.", "Acme Inc") == "Acme Inc"


def test_jurisdiction_without_state() -> None:
    assert jurisdiction({"country": "GB", "state": None}) == {"key": "GB", "country": "GB", "state": None,
                                                              "name": "GB"}
