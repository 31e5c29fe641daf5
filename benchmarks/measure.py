"""Measure one portfolio size end to end and write `benchmarks/results/<date>-<size>.json`.

Fresh server under `benchmarks/.work/size-<N>` -> timed import -> renewal facts from the sample's
(`benchmarks.renewal_synth`) -> checkpoint and disk size -> the question
mix, ours against the reference shape -> page renders (subprocess, pointed at this server) -> peak RSS.
At 510 contracts the real CUAD sample is used; other sizes are synthetic (`benchmarks.synth`).

    python -m benchmarks.measure --contracts 10000 --port 7721
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from datetime import date
from pathlib import Path
from typing import Any

import psutil

from benchmarks.bench_db import (
    BASE_PORT,
    bench_server,
    fresh_server,
    jvm_pid,
    peak_rss,
    server_env,
    store_sizes,
    timed_load,
)
from benchmarks.mix import questions
from benchmarks.renewal_synth import facts_rows, load_profile, write_facts
from benchmarks.results_path import unused
from benchmarks.synth import generate
from benchmarks.timing import measure
from graph.store.prepare import prepare
from graph.store.sample import read_records, resolve_sample

RESULTS = Path(__file__).resolve().parent / "results"


def machine() -> dict[str, Any]:
    """Cores, memory and load: the context every number depends on."""
    return {"cores": os.cpu_count(), "memory_bytes": psutil.virtual_memory().total,
            "python": platform.python_version(), "platform": platform.platform(),
            "load_avg_start": os.getloadavg()}


def portfolio(contracts: int, seed: int) -> tuple[list[dict[str, Any]], str]:
    sample = read_records(resolve_sample(allow_download=False))
    if contracts == len(sample):
        return sample, "sample"
    return generate(contracts, seed, sample), "synthetic"


def time_pages(env: dict[str, str], runs: int) -> dict[str, Any]:
    """Page renders in a child process that sees only the benchmark server."""
    child_env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    child_env.update(env)
    cmd = [sys.executable, "-m", "benchmarks.pages", "--runs", str(runs)]
    done = subprocess.run(cmd, capture_output=True, text=True, env=child_env, check=False, timeout=3600)
    if done.returncode != 0:
        return {"error": (done.stderr or done.stdout)[-2000:]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def run_questions(driver: Any, records: list[dict[str, Any]], reps: int) -> list[dict[str, Any]]:
    results = []
    for q in questions(prepare(records)):
        started = time.perf_counter()
        row = measure(driver, q, reps=reps)
        print(f"  {q.name:28} n={row['count'] if row['count'] is not None else row['groups']!s:>7} "
              f"ours p95 {row['ours_ms']['p95']:8.1f} ms  ref p95 {row['reference_ms']['p95']:8.1f} ms  "
              f"x{row['speedup_p95']:6.1f}  ({time.perf_counter() - started:.0f}s)", flush=True)
        results.append(row)
    return results


def measure_size(contracts: int, seed: int, port: int, reps: int, page_runs: int) -> dict[str, Any]:
    """Everything for one size; raises timing.Mismatch when ours and the reference disagree."""
    info: dict[str, Any] = {"size": contracts, "seed": seed, "date": date.today().isoformat(), "machine": machine()}
    records, source = portfolio(contracts, seed)
    info["source"] = source
    srv = bench_server(f"size-{contracts}", port)
    info["server"] = {"heap": srv.heap, "pagecache": srv.pagecache, "port": srv.port}
    with fresh_server(srv) as driver:
        imported = timed_load(driver, records, source=source)
        print(f"[{contracts}] import {imported.per_second:,.0f} contracts/s ({imported.seconds:.1f}s)", flush=True)
        info["import"] = {"contracts": imported.contracts, "seconds": imported.seconds,
                          "per_second": imported.per_second, "summary": imported.summary}
        # Renewal facts come from texts, which benchmark portfolios lack: the sample's stored ones instead.
        started = time.perf_counter()
        written = write_facts(driver, facts_rows(records, load_profile(), seed))
        info["renewal_facts"] = {"contracts": written, "seconds": time.perf_counter() - started}
        print(f"[{contracts}] renewal facts for {written:,} contracts "
              f"({info['renewal_facts']['seconds']:.1f}s)", flush=True)
        info["queries"] = run_questions(driver, records, reps)
        info["pages"] = time_pages(server_env(srv), page_runs) if page_runs else {}
        info["jvm_peak_rss_bytes"] = peak_rss(jvm_pid(srv))
    # Measured after the clean shutdown, whose checkpoint writes everything into the store files.
    info["disk"] = store_sizes(srv)
    info["python_peak_rss_bytes"] = peak_rss()
    info["machine"]["load_avg_end"] = os.getloadavg()
    return info


def write_result(info: dict[str, Any], results: Path = RESULTS) -> Path:
    results.mkdir(parents=True, exist_ok=True)
    path = unused(results / f"{info['date']}-{info['size']}.json")
    path.write_text(json.dumps(info, indent=1, default=str) + "\n")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Measure one portfolio size")
    parser.add_argument("--contracts", type=int, required=True)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--port", type=int, default=BASE_PORT)
    parser.add_argument("--reps", type=int, default=30)
    parser.add_argument("--page-runs", type=int, default=5)
    args = parser.parse_args(argv)
    info = measure_size(args.contracts, args.seed, args.port, args.reps, args.page_runs)
    print(f"[{args.contracts}] wrote {write_result(info)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
