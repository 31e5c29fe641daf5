"""The offline engine's quality floors on the full CUAD dev set (209 labelled contracts)."""

from __future__ import annotations

from pathlib import Path

import pytest

from evals.ingest import evaluate

CUAD = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "cuad"
FLOORS = {"governing_law": 0.85, "agreement_date": 0.75, "parties": 0.70}


@pytest.mark.skipif(not (CUAD / "labels_dev.csv").is_file(), reason="CUAD sample data not present")
def test_rules_engine_meets_floors_on_dev_set():
    scores = evaluate(CUAD / "labels_dev.csv", CUAD / "txt", engine="rules")
    assert scores["parties"]["n"] > 400  # the whole dev set was scored, not a handful
    for field, floor in FLOORS.items():
        assert scores[field]["f1"] >= floor, (field, scores[field])
