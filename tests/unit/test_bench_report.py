"""The benchmark report reads only the per-size result files (the results folder also holds other benchmarks)."""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks.report import latest


def test_latest_reads_only_size_results_and_keeps_the_newest_per_size(tmp_path: Path) -> None:
    (tmp_path / "parse-digest.json").write_text(json.dumps({"a": "hash"}))
    (tmp_path / "parse-questions.json").write_text(json.dumps({"date": "2026-11-30", "questions": 3}))
    (tmp_path / "2026-11-29-510.json").write_text(json.dumps({"date": "2026-11-29", "size": 510, "run": "old"}))
    (tmp_path / "2026-11-30-510.json").write_text(json.dumps({"date": "2026-11-30", "size": 510, "run": "new"}))
    (tmp_path / "2026-11-30-10000.json").write_text(json.dumps({"date": "2026-11-30", "size": 10000, "run": "k"}))
    assert [(i["size"], i["run"]) for i in latest(tmp_path)] == [(510, "new"), (10000, "k")]
