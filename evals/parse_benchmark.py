"""Parse time of the offline question parser: every question of the labelled sets, parsed repeatedly against
the sample's party names (no database: parsing is pure), p50 / p95 / max per question.

    python -m evals.parse_benchmark [--repeat 5] [--out benchmarks/results/parse-questions.json]

It lives in evals/ because it runs the agent's parser (benchmarks/ may import only graph and core: see
docs/ARCHITECTURE.md); its result file sits with the other benchmark results.

Target: under 50 ms per question (issue 13). The first pass over the questions is reported apart
(`cold_pass_ms`: regular expressions compile on first use); `parse_ms` is over the `repeat` passes after it.
Building the party index is timed separately: the offline model builds it once per driver and keeps it for a
minute.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from agent.question import PartyDirectory, parse_question
from core.settings import REPO_ROOT
from evals.ask_offline import REFERENCE_DATE, gold_filter, load_questions, sample_party_rows

OUT = REPO_ROOT / "benchmarks" / "results" / "parse-questions.json"


def percentile(samples: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of non-empty samples (as benchmarks/timing.py computes it)."""
    ordered = sorted(samples)
    return ordered[max(1, math.ceil(q / 100 * len(ordered))) - 1]


def run(repeat: int) -> dict[str, object]:
    party_rows = sample_party_rows()
    started = time.perf_counter()
    directory = PartyDirectory.build(party_rows)
    build_ms = (time.perf_counter() - started) * 1000
    rows = load_questions()
    by_id = {row["id"]: row for row in rows}
    samples: list[float] = []
    first_pass: list[float] = []
    for round_number in range(repeat + 1):  # round 0 is the cold pass: patterns compile on first use
        target = first_pass if round_number == 0 else samples
        for row in rows:
            previous = gold_filter(by_id[row["follow"]]["gold"]) if row.get("follow") else None
            start = time.perf_counter()
            parse_question(row["q"], REFERENCE_DATE, previous=previous, directory=directory)
            target.append((time.perf_counter() - start) * 1000)
    return {
        "date": datetime.now(UTC).isoformat(timespec="seconds"), "python": platform.python_version(),
        "load_average_1m": round(os.getloadavg()[0], 2), "cpus": os.cpu_count(),
        "questions": len(rows), "repeat": repeat, "parties": len(directory.entries),
        "directory_build_ms": round(build_ms, 1),
        "parse_ms": {"p50": round(percentile(samples, 50), 2), "p95": round(percentile(samples, 95), 2),
                     "max": round(max(samples), 2), "mean": round(sum(samples) / len(samples), 2)},
        "cold_pass_ms": {"p50": round(percentile(first_pass, 50), 2), "p95": round(percentile(first_pass, 95), 2),
                         "max": round(max(first_pass), 2)},
        "target_ms": 50,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals.parse_benchmark", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args(argv)
    result = run(args.repeat)
    Path(args.out).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    sys.stdout.write(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
