"""The benchmark report reads only the per-size result files (the results folder also holds other benchmarks), and
says how many repetitions each size's percentiles come from."""

from __future__ import annotations

import json
import os
from pathlib import Path

from benchmarks.measure import write_result
from benchmarks.report import latest, query_table


def test_latest_reads_only_size_results_and_keeps_the_newest_per_size(tmp_path: Path) -> None:
    (tmp_path / "parse-digest.json").write_text(json.dumps({"a": "hash"}))
    (tmp_path / "parse-questions.json").write_text(json.dumps({"date": "2026-11-30", "questions": 3}))
    (tmp_path / "2026-11-29-510.json").write_text(json.dumps({"date": "2026-11-29", "size": 510, "run": "old"}))
    (tmp_path / "2026-11-30-510.json").write_text(json.dumps({"date": "2026-11-30", "size": 510, "run": "new"}))
    (tmp_path / "2026-11-30-10000.json").write_text(json.dumps({"date": "2026-11-30", "size": 10000, "run": "k"}))
    assert [(i["size"], i["run"]) for i in latest(tmp_path)] == [(510, "new"), (10000, "k")]


def test_a_size_heading_says_how_many_repetitions_its_percentiles_come_from() -> None:
    info = json.loads((Path(__file__).parents[2] / "benchmarks" / "results" / "2026-12-01-10000.json").read_text())
    heading = query_table(info)[0]
    assert heading.startswith("#### 10,000 contracts (2026-12-01, 100 repetitions, 2 cores, ")
    assert all(q["ours_ms"]["n"] == 100 for q in info["queries"])


def test_a_rerun_on_the_same_day_is_written_beside_the_first_and_the_report_takes_it(tmp_path: Path) -> None:
    """A second run of a size on one day overwrote the first (its figures were cited in docs/PERFORMANCE.md)."""
    first = write_result({"date": "2026-12-07", "size": 10000, "run": 1}, tmp_path)
    second = write_result({"date": "2026-12-07", "size": 10000, "run": 2}, tmp_path)
    third = write_result({"date": "2026-12-07", "size": 10000, "run": 3}, tmp_path)
    assert [p.name for p in (first, second, third)] == ["2026-12-07-10000.json", "2026-12-07-10000-run2.json",
                                                        "2026-12-07-10000-run3.json"]
    assert json.loads(first.read_text())["run"] == 1
    os.utime(second, (second.stat().st_atime, third.stat().st_mtime + 10))  # the newest file wins, not the name
    assert [i["run"] for i in latest(tmp_path)] == [2]


def test_a_run_without_page_renders_says_so_rather_than_n_a() -> None:
    from benchmarks.report import _page
    assert _page({"pages": {}}, "overview") == "not run"
    assert _page({"pages": {"overview": {"error": "boom"}}}, "overview") == "n/a"
    assert _page({"pages": {"overview": {"median_s": 0.694, "errors": 0}}}, "overview") == "0.69"
