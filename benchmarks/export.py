"""The rows of the Explorer's "Download all rows" CSV at scale, on a kept benchmark store:

    python -m benchmarks.export --home size-100000 --port 7936 [--max-rows 200000]
    python -m benchmarks.export --home bulk-1000000 --port 7941

For a few questions of the benchmark mix (and every contract by amount, the order that once ran out of
transaction memory: docs/PERFORMANCE.md fix 31) it reads every row as the Explorer's button does
(`graph.reads.repository.iter_contracts`: keyset chunks of EXPORT_CHUNK rows, graph.query.keyset; the CSV
text the component writes from them is not timed: benchmarks may not import components) and records the
rows (checked against the question's exact count), the wall time, rows a second and the load average,
twice: right after the server's start (the store read from disk) and warm. A question with more matches than
--max-rows is skipped and named. Results go to
`benchmarks/results/export-<date>-<contracts>.json`, never in a timed test.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from datetime import date
from pathlib import Path
from typing import Any

from benchmarks.bench_db import bench_server, open_driver
from benchmarks.measure import machine
from benchmarks.mix import questions_for
from benchmarks.results_path import unused
from graph.query.filters import ContractFilter
from graph.reads.repository import EXPORT_CHUNK, iter_contracts, search_contracts
from graph.server import process

RESULTS = Path(__file__).parent / "results"
QUESTIONS = ("effective_2010_2012", "ending_after_2025", "types_service_supply")
BY_AMOUNT = ContractFilter(sort_by="total_amount", sort_order="desc")


def _filters() -> list[tuple[str, ContractFilter]]:
    mix = {q.name: q.filter for q in questions_for("x") if q.name in QUESTIONS}
    return [*((name, mix[name]) for name in QUESTIONS), ("all_by_amount_desc", BY_AMOUNT)]


def export_one(driver: Any, name: str, f: ContractFilter, max_rows: int) -> dict[str, Any]:
    """One question's export rows read and timed (checked against its count); skipped above max_rows."""
    total = search_contracts(driver, f.model_copy(update={"limit": 0})).total_count  # today, as the CSV
    entry: dict[str, Any] = {"name": name, "filter": f.describe(), "matches": total,
                             "load_avg_start": list(os.getloadavg())}
    if total > max_rows:
        return {**entry, "skipped": f"more than --max-rows {max_rows:,}"}
    started = time.perf_counter()
    rows = sum(1 for _ in iter_contracts(driver, f.model_copy(update={"group_by": None})))
    seconds = time.perf_counter() - started
    return {**entry, "rows": rows, "rows_equal_matches": rows == total, "seconds": round(seconds, 2),
            "rows_per_second": round(rows / seconds) if seconds else None, "load_avg_end": list(os.getloadavg())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.export", description=__doc__.splitlines()[0])
    parser.add_argument("--home", required=True, help="a kept benchmark home under the work folder")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--max-rows", type=int, default=200_000)
    args = parser.parse_args(argv)
    srv = bench_server(args.home, args.port)
    process.start(srv)
    driver = open_driver(srv)
    try:
        contracts = search_contracts(driver, ContractFilter(limit=0)).total_count
        # The first pass after the server's start reads the store from disk; the second is warm.
        runs = [{**export_one(driver, name, f, args.max_rows), "pass": n} for n in (1, 2) for name, f in _filters()]
    finally:
        driver.close()
        process.stop(srv)
    info = {"date": date.today().isoformat(), "home": args.home, "contracts": contracts, "chunk": EXPORT_CHUNK,
            "machine": machine(), "python_peak_rss_bytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
            "server": {"heap": srv.heap, "pagecache": srv.pagecache}, "exports": runs}
    path = unused(RESULTS / f"export-{info['date']}-{contracts}.json")
    path.write_text(json.dumps(info, indent=1, default=str))
    for run in runs:
        figure = run.get("skipped") or (f"{run['rows']:,} rows in {run['seconds']} s ({run['rows_per_second']:,}/s), "
                                        f"rows == matches: {run['rows_equal_matches']}")
        sys.stdout.write(f"pass {run['pass']} {run['name']:22s} {run['matches']:>9,} matches: {figure}\n")
    sys.stdout.write(f"written to {path}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
