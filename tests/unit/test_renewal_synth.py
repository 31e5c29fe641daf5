"""Benchmark renewal facts (benchmarks.renewal_synth): the sample gets its own stored facts back, synthetic
contracts draw the sample's facts by contract type, deterministically, with the term end moved with the
contract's own effective date."""

from __future__ import annotations

from collections import Counter
from datetime import date

import pytest

from benchmarks.profile import total_variation
from benchmarks.renewal_synth import facts_rows, load_profile
from benchmarks.synth import generate


@pytest.fixture(scope="module")
def profile() -> list[dict]:
    return load_profile()


def test_the_sample_gets_its_own_facts(sample_records, profile):
    rows = {r["file_id"]: r for r in facts_rows(sample_records, profile, seed=7)}
    assert len(rows) == len(sample_records) == 510 and len(profile) == 506
    for p in profile:
        row = rows[p["file_id"]]
        assert row["renewal_type"] == p["renewal_type"]
        assert row["end_date"] == (date.fromisoformat(p["term_end"]) if p["term_end"] else None)
        assert row["perpetual"] == (p["term_end"] is None)  # a null term end stays null (graph.documents.renewal_facts)
        assert (row["renewal_months"], row["notice_days"], row["notice_span_days"]) == \
            (p["renewal_months"], p["notice_days"], p["notice_span_days"])


def test_synthetic_facts_follow_the_sample_and_are_deterministic(sample_records, profile):
    records = generate(3000, seed=11, sample=sample_records)
    rows = facts_rows(records, profile, seed=11)
    assert rows == facts_rows(records, profile, seed=11)
    assert [r["file_id"] for r in rows] == [r["file_id"] for r in records]
    share = {k: n / len(rows) for k, n in Counter(r["renewal_type"] for r in rows).items()}
    want = {k: n / len(profile) for k, n in Counter(p["renewal_type"] for p in profile).items()}
    assert total_variation(share, want) < 0.05
    with_notice = sum(r["notice_span_days"] is not None for r in rows) / len(rows)
    assert abs(with_notice - sum(p["notice_span_days"] is not None for p in profile) / len(profile)) < 0.04


def test_the_term_end_keeps_its_distance_from_the_effective_date(sample_records, profile):
    records = generate(500, seed=3, sample=sample_records)
    by_type = {}
    for p in profile:
        by_type.setdefault(p["contract_type"], []).append(p)
    offsets = {(p["contract_type"], date.fromisoformat(p["term_end"]) - date.fromisoformat(p["effective_date"]))
               for p in profile if p["term_end"] and p["effective_date"]}
    checked = 0
    for record, row in zip(records, facts_rows(records, profile, seed=3), strict=True):
        if row["end_date"] and record.get("effective_date") and record["contract_type"] in by_type:
            offset = row["end_date"] - date.fromisoformat(record["effective_date"][:10])
            checked += (record["contract_type"], offset) in offsets
    assert checked > 200
