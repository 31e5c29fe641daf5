"""ContractFilter validation: canonical values, and errors that name the field."""

from __future__ import annotations

from datetime import date

import pytest

from core.errors import FilterValidationError
from graph.query.filters import ContractFilter, parse_filter


@pytest.mark.parametrize(("data", "field"), [
    ({"min_effective_date": "2020-13-01"}, "min_effective_date"),
    ({"max_end_date": "yesterday"}, "max_end_date"),
    ({"contract_types": ["Bogus"]}, "contract_types"),
    ({"clause_types": ["Haiku"]}, "clause_types"),
    ({"monetary_value": {"value": 5, "operator": "!="}}, "monetary_value.operator"),
    ({"monetary_value": {"value": -5, "operator": ">"}}, "monetary_value.value"),
    ({"limit": -1}, "limit"), ({"limit": 501}, "limit"), ({"offset": -3}, "offset"),
    ({"agg_limit": 0}, "agg_limit"), ({"group_by": "colour"}, "group_by"), ({"metric": "median"}, "metric"),
    ({"sort_by": "file_id; DROP"}, "sort_by"), ({"party_country": "Atlantis"}, "party_country"),
    ({"min_amount": -1}, "min_amount"), ({"text": "x" * 501}, "text"), ({"text": "}}}"}, "text"),
    ({"parties": ["x" * 201]}, "parties"), ({"unknown_field": 1}, "unknown_field"),
    ({"min_effective_date": "2021-01-01", "max_effective_date": "2020-01-01"}, "min_effective_date"),
    ({"min_amount": 10, "max_amount": 1}, "min_amount"),
])
def test_invalid_values_name_the_field(data: dict, field: str) -> None:
    with pytest.raises(FilterValidationError) as info:
        parse_filter(data)
    assert info.value.field == field
    assert field.split(".")[0] in str(info.value)


def test_values_are_normalised() -> None:
    f = parse_filter({"contract_types": ["joint venture", "JOINT VENTURE"], "party_country": "uk",
                      "governing_law_country": "usa", "governing_law_state": "new york",
                      "parties": ["  Acme   Corp "], "text": "  software   license "})
    assert f.contract_types == ("Joint Venture",)
    assert (f.party_country, f.governing_law_country, f.governing_law_state) == ("GB", "US", "NY")
    assert f.parties == ("Acme Corp",)
    assert f.text == "software license"


def test_canadian_province_and_foreign_region() -> None:
    assert parse_filter({"governing_law_state": "Ontario"}).governing_law_state == "ON"
    assert parse_filter({"governing_law_country": "GB", "governing_law_state": "wales"}).governing_law_state == "Wales"


def test_defaults_and_describe() -> None:
    f = parse_filter({"min_effective_date": "2020-01-01", "active": False})
    assert f.limit == 20 and f.sort_by == "effective_date" and f.metric == "count"
    assert f.min_effective_date == date(2020, 1, 1)
    assert f.describe() == {"min_effective_date": "2020-01-01", "active": False}
    assert parse_filter(f.describe()) == f


def test_filter_is_hashable_for_caching() -> None:
    a = parse_filter({"contract_types": ["Supply"]})
    assert hash(a) == hash(ContractFilter(contract_types=("Supply",)))
