"""The synthetic portfolio generator is deterministic and keeps the CUAD sample's statistical shape.

Pure: reads the sample file, never a database. Tolerances are stated per distribution; total variation
distance (TV) is half the L1 distance between two discrete distributions.
"""

from __future__ import annotations

import pytest

from benchmarks.mix import fields_covered, questions
from benchmarks.profile import Shape, shape, total_variation
from benchmarks.reference import reference_aggregation, reference_search
from benchmarks.synth import generate, party_name
from core.names import party_key
from graph.query.filters import ContractFilter, parse_filter
from graph.store.prepare import prepare

N = 4000


@pytest.fixture(scope="module")
def synthetic(sample_records) -> list[dict]:
    return generate(N, seed=11, sample=sample_records)


@pytest.fixture(scope="module")
def shapes(sample_records, synthetic) -> tuple[Shape, Shape]:
    return shape(sample_records), shape(synthetic)


def test_same_seed_same_records(sample_records, synthetic) -> None:
    assert generate(N, seed=11, sample=sample_records) == synthetic


def test_smaller_portfolio_is_a_prefix_and_other_seed_differs(sample_records, synthetic) -> None:
    assert generate(300, seed=11, sample=sample_records) == synthetic[:300]
    other = generate(300, seed=12, sample=sample_records)
    assert [r["parties"] for r in other] != [r["parties"] for r in synthetic[:300]]


def test_records_use_the_seed_format(sample_records, synthetic) -> None:
    assert all(set(r) == set(sample_records[0]) for r in synthetic)
    assert len({r["file_id"] for r in synthetic}) == N


@pytest.mark.parametrize(("name", "tolerance"), [
    ("types", 0.06), ("party_count_share", 0.04), ("party_countries", 0.04), ("law_countries", 0.04),
    ("clause_types", 0.04), ("roles", 0.08),
])
def test_categorical_mix_within_tv(shapes, name: str, tolerance: float) -> None:
    sample, synth = shapes
    assert total_variation(getattr(sample, name), getattr(synth, name)) <= tolerance


@pytest.mark.parametrize(("name", "tolerance"), [
    ("parties_per_contract", 0.10), ("clauses_per_contract", 0.10), ("mentions_per_party", 0.05),
])
def test_rates_within_relative_tolerance(shapes, name: str, tolerance: float) -> None:
    sample, synth = shapes
    assert getattr(synth, name) == pytest.approx(getattr(sample, name), rel=tolerance)


@pytest.mark.parametrize(("name", "tolerance"), [
    ("amount_present", 0.04), ("end_date_present", 0.04), ("single_contract_party_share", 0.04),
    ("three_plus_party_share", 0.01), ("log_amount_mean", 0.5), ("log_amount_std", 0.5), ("effective_year_median", 1),
])
def test_values_within_absolute_tolerance(shapes, name: str, tolerance: float) -> None:
    sample, synth = shapes
    assert abs(getattr(synth, name) - getattr(sample, name)) <= tolerance


def test_party_activity_has_a_long_tail(synthetic) -> None:
    prepared = prepare(synthetic, source="synthetic")
    per_party: dict[str, int] = {}
    for c in prepared.contracts:
        for key in {p["key"] for p in c.parties}:
            per_party[key] = per_party.get(key, 0) + 1
    counts = sorted(per_party.values(), reverse=True)
    assert counts[-1] == 1 and counts[0] >= 5, counts[:5]
    assert sum(counts) / len(counts) < 1.2


def test_party_names_never_collide() -> None:
    names = [party_name(i) for i in range(100_000)]
    assert len(set(names)) == len(names)
    assert len({party_key(n) for n in names}) == len(names)


def test_question_mix_uses_every_filter_field(synthetic) -> None:
    qs = questions(prepare(synthetic[:800], source="synthetic"))
    assert len(qs) >= 20
    # Synthetic portfolios have no contract texts, so no document layer for `text_clause_types` to read.
    # `without_clause_types` is the NOT of the list-membership test `clause_types` runs on the same stored property
    # (graph.query.conditions), which clause_non_compete and clauses_two_us measure; the mix is kept as issue 33's
    # runs measured it.
    assert fields_covered(qs) >= set(ContractFilter.model_fields) - {"text_clause_types", "without_text_clause_types",
                                                                      "without_clause_types"}


def test_reference_shape_takes_values_only_as_parameters() -> None:
    f = parse_filter({"parties": ["O'Brien } RETURN 1"], "governing_law_country": "GB", "text": "x' OR y",
                      "group_by": "party", "monetary_value": {"value": 5, "operator": ">="}})
    for cypher, params in (reference_search(f), reference_aggregation(f)):
        assert "O'Brien" not in cypher and "x'" not in cypher
        assert params["party_0"] == "o'brien } return 1"
        assert "MATCH (c:Contract)" not in cypher  # text search anchors on the full-text index instead
    search, _ = reference_search(parse_filter({"parties": ["acme"]}))
    assert search.startswith("MATCH (c:Contract) WHERE EXISTS")
    assert "WITH collect(c) AS nodes" in search
