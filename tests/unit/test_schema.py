"""Tests for ingest.schema: validation, normalisation and the seed-record conversion."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from core.vocab import CLAUSE_TYPES, CONTRACT_TYPES
from ingest.schema import Clause, Contract, ContractDraft, Location, Organization, to_seed_record

SEED = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "cuad" / "contract_data.json"


def _contract(**overrides):
    fields = {
        "summary": "Acme licenses its catalogue to Beta for three years.",
        "contract_type": "License",
        "parties": [
            {"name": "Acme Inc.", "role": "Licensor", "location": {"country": "US", "state": "Delaware"}},
            {"name": "Beta Ltd", "role": "Licensee", "location": {"country": "GB", "city": "London"}},
        ],
        "effective_date": "2020-02-29",
        "end_date": "2023-02-28",
        "duration": "P3Y",
        "contract_scope": "Non-exclusive licence of the catalogue.",
        "total_amount": 1000.0,
        "governing_law": {"country": "US", "state": "NY"},
        "clauses": [{"clause_type": "Governing Law", "summary": "New York law applies.", "page": 4}],
    }
    fields.update(overrides)
    return Contract.model_validate(fields)


def test_valid_contract_normalises_values():
    law = {"country": "usa", "state": "new york"}
    contract = _contract(contract_type="license agreement", governing_law=law)
    assert contract.contract_type == "License"
    assert contract.governing_law.country == "US"
    assert contract.governing_law.state == "NY"
    assert contract.parties[0].location.state == "DE"


@pytest.mark.parametrize("country", ["XX", "U", "Atlantis", "123"])
def test_bad_country_rejected(country):
    with pytest.raises(ValidationError, match="ISO 3166-1"):
        Location(country=country)


def test_country_is_two_upper_letters():
    assert Location(country="gb").country == "GB"
    assert Location(country="Canada", state="Ontario").state == "ON"


@pytest.mark.parametrize("value", ["2021-02-30", "2021/01/01", "5/8/14", "20210101", "2021-1-1"])
def test_bad_dates_rejected(value):
    with pytest.raises(ValidationError, match="date"):
        _contract(effective_date=value, end_date=None)


def test_end_before_effective_rejected():
    with pytest.raises(ValidationError, match="before effective_date"):
        _contract(effective_date="2021-01-01", end_date="2020-12-31")


@pytest.mark.parametrize("value", ["P1Y", "P6M", "P90D", "P2W", "P1Y6M"])
def test_good_durations(value):
    assert _contract(duration=value).duration == value


@pytest.mark.parametrize("value", ["1 year", "P", "PY", "P1.5Y", "12 months"])
def test_bad_durations_rejected(value):
    with pytest.raises(ValidationError, match="ISO 8601"):
        _contract(duration=value)


def test_negative_amount_rejected():
    with pytest.raises(ValidationError):
        _contract(total_amount=-1)


def test_unknown_contract_and_clause_types_rejected():
    with pytest.raises(ValidationError):
        _contract(contract_type="Marriage")
    with pytest.raises(ValidationError):
        Clause(clause_type="Fun Clause", summary="x")
    assert Clause(clause_type="non-compete", summary="x").clause_type == "Non-Compete"


def test_extra_fields_forbidden_everywhere():
    with pytest.raises(ValidationError):
        _contract(colour="red")
    with pytest.raises(ValidationError):
        Organization(name="A", role="B", nickname="C")
    with pytest.raises(ValidationError):
        Location(country="US", planet="Earth")


def test_contract_requires_parties_but_draft_does_not():
    with pytest.raises(ValidationError):
        _contract(parties=[])
    assert ContractDraft().parties == []


def test_every_field_is_described_for_the_llm():
    schema = Contract.model_json_schema()
    models = [schema, *schema["$defs"].values()]
    for model in models:
        for name, prop in model["properties"].items():
            assert prop.get("description"), f"{model['title']}.{name} has no description"
    assert schema["properties"]["contract_type"]["enum"] == list(CONTRACT_TYPES)
    assert schema["$defs"]["Clause"]["properties"]["clause_type"]["enum"] == list(CLAUSE_TYPES)


def test_seed_record_shape_matches_sample_file():
    record = to_seed_record(_contract(), "FILE-1")
    assert record["file_id"] == "FILE-1"
    assert record["parties"][1] == {
        "name": "Beta Ltd", "role": "Licensee",
        "location": {"address": None, "city": "London", "state": None, "country": "GB"},
    }
    assert record["governing_law"] == {"address": None, "city": None, "state": "NY", "country": "US"}
    assert record["clauses"] == [{"clause_type": "Governing Law", "summary": "New York law applies."}]
    assert json.loads(json.dumps(record)) == record
    if SEED.is_file():
        sample = json.loads(SEED.read_text(encoding="utf-8"))[0]
        assert set(record) == set(sample)
        assert set(record["parties"][0]) == set(sample["parties"][0])
        assert set(record["parties"][0]["location"]) == set(sample["parties"][0]["location"])


def test_draft_seed_record_has_nulls():
    record = to_seed_record(ContractDraft(effective_date="2019-06-12"), "X")
    assert record["effective_date"] == "2019-06-12"
    assert record["summary"] is None
    assert record["governing_law"] is None
    assert record["parties"] == []
