"""Duplicate recognition at portfolio size: the band-key candidates (graph.store.duplicates) against reading every
stored fingerprint (the shape before band keys), on a fresh server holding N documents with fingerprints.

Each document gets a random 128-slot fingerprint (distinct contracts share almost no MinHash band, which
random values model) and its band keys; the upload is a copy of one stored document with 10% of its slots
changed (J ~ 0.9, a PDF of a stored text). Both shapes must find that document. Results go to
benchmarks/results/duplicates-<date>.json. Usage: `python -m benchmarks.duplicates --sizes 10000,100000`.
"""

from __future__ import annotations

import argparse
import json
import os
import random
from datetime import date
from typing import Any

from neo4j import Driver

from benchmarks.bench_db import bench_server, fresh_server
from benchmarks.measure import RESULTS
from benchmarks.results_path import unused
from benchmarks.timing import stats_ms, timed
from graph.server.db import read, write
from graph.store.duplicates import candidate_fingerprints
from graph.store.fingerprint import PERMUTATIONS, band_keys
from graph.store.schema import ensure_schema
from ingest.duplicates import best_text_match

BATCH = 2000
ADD_DOCUMENTS = """
UNWIND $rows AS row
CREATE (c:Contract {file_id: row.id})-[:HAS_DOCUMENT]->(:Document {file_id: row.id, fingerprint: row.fp,
                                                                   fingerprint_bands: row.bands})
"""
# The shape before band keys: every stored fingerprint, compared in Python.
EVERY_FINGERPRINT = """
MATCH (c:Contract)-[:HAS_DOCUMENT]->(d:Document)
WHERE d.fingerprint IS NOT NULL
RETURN c.file_id AS file_id, d.fingerprint AS fingerprint
"""


def _fingerprint(rng: random.Random) -> list[int]:
    return [rng.randrange(2**32) for _ in range(PERMUTATIONS)]


def populate(driver: Driver, size: int, rng: random.Random) -> list[int]:
    """`size` documents; returns the fingerprint of the one the upload copies (the middle one)."""
    ensure_schema(driver, backfill=False)
    target: list[int] = []
    for start in range(0, size, BATCH):
        rows = []
        for i in range(start, min(size, start + BATCH)):
            fp = _fingerprint(rng)
            target = fp if i == size // 2 else target
            rows.append({"id": f"doc-{i:06d}", "fp": fp, "bands": band_keys(fp)})
        write(driver, ADD_DOCUMENTS, {"rows": rows})
    write(driver, "CALL db.awaitIndexes(600)")
    return target


def measure(driver: Driver, size: int, reps: int, rng: random.Random) -> dict[str, Any]:
    target = populate(driver, size, rng)
    upload = [v if rng.random() > 0.1 else rng.randrange(2**32) for v in target]
    expected = f"doc-{size // 2:06d}"
    shapes = {"band_candidates": lambda: best_text_match(upload, candidate_fingerprints(driver, upload), "x.pdf"),
              "every_fingerprint": lambda: best_text_match(upload, read(driver, EVERY_FINGERPRINT), "x.pdf")}
    times: dict[str, list[float]] = {name: [] for name in shapes}
    for _ in range(2):  # warm-up
        for call in shapes.values():
            call()
    for _ in range(reps):  # interleaved, so a change in machine load hits both
        for name, call in shapes.items():
            elapsed, found = timed(call)
            if found is None or found.file_id != expected:
                raise AssertionError(f"{name} did not find the duplicate at {size}: {found}")
            times[name].append(elapsed)
    return {"documents": size, "candidates": len(candidate_fingerprints(driver, upload)),
            **{f"{name}_ms": stats_ms(samples) for name, samples in times.items()}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000", help="comma-separated document counts")
    parser.add_argument("--reps", type=int, default=10, help="timed repetitions per shape")
    parser.add_argument("--port", type=int, default=7850)
    args = parser.parse_args(argv)
    rng = random.Random(20261201)
    report: dict[str, Any] = {"date": date.today().isoformat(), "cpu_count": os.cpu_count(),
                              "load_average_1m_before": round(os.getloadavg()[0], 2), "sizes": []}
    for size in (int(s) for s in args.sizes.split(",")):
        with fresh_server(bench_server(f"dups-{size}", args.port)) as driver:
            row = measure(driver, size, args.reps, rng)
        report["sizes"].append(row)
        print(json.dumps(row))
    report["load_average_1m_after"] = round(os.getloadavg()[0], 2)
    path = unused(RESULTS / f"duplicates-{report['date']}.json")
    path.write_text(json.dumps(report, indent=2) + "\n")
    print(f"Wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
