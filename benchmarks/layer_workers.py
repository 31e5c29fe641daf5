"""`python -m benchmarks.layer_workers`: the throughput of a full document-layer build at 1 and 2 workers.

Each run starts a fresh benchmark server (benchmarks.bench_db, its own port), loads the CUAD sample's
contracts through the app's import, then builds the layer of every CUAD text with `ingest.layer.load_texts`
(what `python -m ingest load-texts --workers N` runs, family linking aside) and reads what the build wrote back
(graph.documents.digest). The layer cache is off (CG_LAYER_CACHE unset): every text is parsed.

Per run: wall seconds; texts/s and sections/s; CPU seconds of this process (the writes, and the parse at 1
worker), of the worker processes and of the Neo4j JVM; the seconds this process spent in `write_layer` calls;
the load average (1, 5, 15 min) before and after. `--runs 1,2,1,2` alternates worker counts so a change in the
shared machine's load hits both. The run fails (exit 1) unless every run wrote the same layer: the per-document
digests of the graph are equal across runs, and `--check-digest` also compares the parser's rows with
benchmarks/results/parse-digest.json as the build produced them. The result lands in
`benchmarks/results/layer-workers-<date>[-label].json`.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import time
from datetime import date
from pathlib import Path
from typing import Any

import psutil

import ingest.layer
from benchmarks.bench_db import bench_server, fresh_server, jvm_pid
from benchmarks.parse_texts import DEFAULT_TEXTS, DIGEST, RESULTS, compare, rows_digest
from benchmarks.results_path import unused
from graph.documents.digest import combined_digest, layer_digests
from graph.documents.load import contract_ids
from graph.documents.rows import split_rows
from graph.store.load import load_records
from graph.store.sample import read_records, resolve_sample
from ingest.layer import default_workers, load_texts

DEFAULT_PORT = 7931  # the 7930-7939 range of this branch; 7930 is its test server


class _TimedWrites:
    """Stands in for `ingest.layer.write_layer` during a run: times each batch write and digests each
    document's rows as the build produced them (after the workers' results were merged into batches)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.batches = 0
        self.row_digests: dict[str, str] = {}
        self.order: list[str] = []
        self._write = ingest.layer.write_layer

    def __call__(self, driver: Any, rows: dict[str, Any], *args: Any, **kwargs: Any) -> None:
        started = time.perf_counter()
        self._write(driver, rows, *args, **kwargs)
        self.seconds += time.perf_counter() - started
        self.batches += 1
        for file_id, part in split_rows(rows).items():
            self.order.append(file_id)
            self.row_digests[file_id] = rows_digest(part)


def _cpu(times: Any) -> float:
    return times.user + times.system


def one_run(workers: int, texts: Path, port: int) -> tuple[dict[str, Any], dict[str, str], dict[str, str]]:
    """One build into a fresh server: (figures, graph digests, row digests)."""
    srv = bench_server("layer-workers", port)
    with fresh_server(srv) as driver:
        load_records(driver, read_records(resolve_sample(None)), source="sample")
        jvm = psutil.Process(jvm_pid(srv))
        timed = _TimedWrites()
        load_before = [round(x, 2) for x in os.getloadavg()]
        own, children, server = resource.getrusage(resource.RUSAGE_SELF), \
            resource.getrusage(resource.RUSAGE_CHILDREN), jvm.cpu_times()
        started = time.perf_counter()
        ingest.layer.write_layer = timed
        try:
            summary = load_texts(driver, texts, workers=workers)
        finally:
            ingest.layer.write_layer = timed._write
        wall = time.perf_counter() - started
        own_after, children_after = resource.getrusage(resource.RUSAGE_SELF), \
            resource.getrusage(resource.RUSAGE_CHILDREN)
        server_cpu = _cpu(jvm.cpu_times()) - _cpu(server)
        load_after = [round(x, 2) for x in os.getloadavg()]
        digests = layer_digests(driver, contract_ids(driver))
    figures = {
        "workers": workers, "documents": summary.documents, "sections": summary.sections,
        "references": summary.references, "terms": summary.terms, "wall_s": round(wall, 2),
        "texts_per_s": round(summary.documents / wall, 2), "sections_per_s": round(summary.sections / wall, 1),
        "cpu_main_s": round(own_after.ru_utime + own_after.ru_stime - own.ru_utime - own.ru_stime, 2),
        "cpu_workers_s": round(children_after.ru_utime + children_after.ru_stime
                               - children.ru_utime - children.ru_stime, 2),
        "cpu_neo4j_s": round(server_cpu, 2), "write_calls_s": round(timed.seconds, 2),
        "write_batches": timed.batches, "load_before": load_before, "load_after": load_after,
        "graph_digest": combined_digest(digests), "rows_digest": combined_digest(timed.row_digests),
        "documents_in_order": timed.order == sorted(timed.order),
    }
    return figures, digests, timed.row_digests


def _medians(runs: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    keys = ("wall_s", "texts_per_s", "sections_per_s", "cpu_main_s", "cpu_workers_s", "cpu_neo4j_s",
            "write_calls_s")
    out = {}
    for workers in sorted({r["workers"] for r in runs}):
        mine = [r for r in runs if r["workers"] == workers]
        out[str(workers)] = {k: round(statistics.median(r[k] for r in mine), 2) for k in keys} | {"runs": len(mine)}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--texts", type=Path, default=DEFAULT_TEXTS, help="directory of .txt files")
    parser.add_argument("--runs", default="1,2", help="worker count of each run, in order (e.g. 1,2,1,2)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--label", default="", help="suffix of the result file name")
    parser.add_argument("--check-digest", type=Path, nargs="?", const=DIGEST, default=None)
    args = parser.parse_args(argv)
    os.environ.pop("CG_LAYER_CACHE", None)  # parse every text (the workers inherit this environment)
    runs, graph_sets, row_sets = [], [], []
    for workers in [int(w) for w in args.runs.split(",")]:
        figures, graph, rows = one_run(workers, args.texts, args.port)
        print(json.dumps(figures), file=sys.stderr)
        runs.append(figures)
        graph_sets.append(graph)
        row_sets.append(rows)
    report: dict[str, Any] = {
        "date": date.today().isoformat(), "texts": str(args.texts), "cpu_count": os.cpu_count(),
        "default_workers": default_workers(), "runs": runs, "by_workers": _medians(runs),
        "graph_digests_equal": all(g == graph_sets[0] for g in graph_sets),
        "row_digests_equal": all(r == row_sets[0] for r in row_sets)}
    if args.check_digest:
        # The stored digest is keyed by text file name; the 4 contracts whose file_id differs from it carry
        # their file_id in every row, so only documents whose file_id is the file name are comparable.
        stored = json.loads(args.check_digest.read_text())
        same = [{f: d for f, d in rows.items() if f in stored} for rows in row_sets]
        report["parse_digest_compared"] = len(same[0])
        report["parse_digest_mismatches"] = sorted({f for rows in same
                                                     for f in compare(rows, {f: stored[f] for f in rows})})
    name = f"layer-workers-{report['date']}{'-' + args.label if args.label else ''}.json"
    unused(RESULTS / name).write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps({k: v for k, v in report.items() if k != "runs"}, indent=2))
    print(f"Wrote {RESULTS / name}")
    ok = report["graph_digests_equal"] and report["row_digests_equal"] and not report.get("parse_digest_mismatches")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
