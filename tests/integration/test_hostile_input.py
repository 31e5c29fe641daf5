"""Hostile filter values raise a validation error or return cleanly, and never change the graph."""

from __future__ import annotations

import contextlib
from datetime import date

import pytest

from core.errors import ContractGraphError, FilterValidationError
from graph.query.filters import ContractFilter
from graph.reads.repository import graph_counts, search_contracts, search_parties
from tests.oracle import graph_oracle

HOSTILE = [
    "'", '"', "`", "}", "{", "\\", "')}) MATCH (n) DETACH DELETE n //",
    "MATCH (n) DETACH DELETE n", "x` DETACH DELETE n //", "$limit", "*:*", "a OR b AND NOT c",
    "\x00\x01", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "A" * 10_000, "'; DROP CONSTRAINT contract_file_id; //" * 300,
]
STRING_FIELDS = ["parties", "organisations", "party_country", "governing_law_country", "governing_law_state", "text",
                 "contract_types", "clause_types", "min_effective_date", "sort_by", "group_by", "metric"]
LIST_FIELDS = {"parties", "organisations", "contract_types", "clause_types"}


@pytest.fixture(scope="module")
def counts_before(driver) -> dict:
    return graph_counts(driver)


@pytest.mark.parametrize("field", STRING_FIELDS)
def test_hostile_strings_in_every_field(driver, counts_before, field: str) -> None:
    outcomes = {"raised": 0, "returned": 0}
    for value in HOSTILE:
        data = {field: [value] if field in LIST_FIELDS else value}
        try:
            result = search_contracts(driver, data)
        except FilterValidationError as e:
            assert e.field is not None and e.field.split(".")[0] == field
            outcomes["raised"] += 1
        else:
            assert 0 <= result.total_count <= 510
            outcomes["returned"] += 1
    assert sum(outcomes.values()) == len(HOSTILE)
    assert graph_counts(driver) == counts_before


def test_hostile_party_names_are_literal_substrings(driver, counts_before, prepared_sample) -> None:
    oracle = graph_oracle(driver, prepared_sample)
    for value in HOSTILE[:12]:
        expected = len(oracle.select({"parties": [value]}, date.today())) if value.strip() else 510
        assert search_contracts(driver, {"parties": [value]}).total_count == expected, value
    assert graph_counts(driver) == counts_before


def test_hostile_party_search(driver, counts_before) -> None:
    for value in HOSTILE:
        try:
            result = search_parties(driver, {"name": value})
        except ContractGraphError:
            continue
        assert result["total_count"] >= 0
    assert graph_counts(driver) == counts_before


def test_ten_kb_strings_in_every_field_are_refused_or_harmless(driver, counts_before) -> None:
    big = "}`'\"" * 2_500
    for field in ContractFilter.model_fields:
        data = {field: [big] if field in LIST_FIELDS else big}
        with contextlib.suppress(FilterValidationError):
            search_contracts(driver, data)
    assert graph_counts(driver) == counts_before
