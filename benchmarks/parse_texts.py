"""`python -m benchmarks.parse_texts`: time the document-text parser on the CUAD texts and digest its output.

Every text is parsed exactly as `load-texts` does it (`ingest.layer.parse_text_file`: read, parse,
build the rows the loader writes), in `--workers` processes. Reported: the wall time of the whole run, and
the CPU seconds each document took in its worker (`time.process_time`, so other load on the shared machine
does not inflate it). The rows of every document are reduced to a SHA-256 of their canonical JSON (sections,
references, terms, footnotes, clause types, in order); `--write-digest` stores them and `--check-digest`
compares a run against a stored digest, so a speed-up can prove that the parsed output is identical.
The result lands in `benchmarks/results/parse-texts-<date>.json`. The digest of what the loader's batches
(parsed in worker processes, merged per batch) and the graph hold is checked by `benchmarks.layer_workers`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import date
from pathlib import Path
from typing import Any

from benchmarks.results_path import unused
from graph.documents.rows import ROW_KEYS
from ingest.layer import default_workers, parse_text_file

DEFAULT_TEXTS = Path("../shared/data/cuad/txt")
RESULTS = Path(__file__).parent / "results"
DIGEST = RESULTS / "parse-digest.json"


def _without(row: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in row.items() if k not in keys}


def rows_digest(rows: dict[str, Any]) -> str:
    """SHA-256 of the rows' canonical JSON (key order fixed, list order kept: order is part of the output)."""
    rows = {key: rows[key] for key in ROW_KEYS}  # the parser's rows (the text title row came later)
    # What the parser read, not what was added beside it later: the layer's version number and the text's
    # duplicate-detection fingerprint (and its band keys) are left out, so the digest taken before the
    # speed-up stays the reference.
    rows["documents"] = [_without(d, "fingerprint", "fingerprint_bands") for d in rows["documents"]]
    rows["info"] = [_without(i, "version") for i in rows["info"]]
    payload = json.dumps(rows, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def timed_parse(item: tuple[str, str]) -> tuple[str, str, float, int]:
    """(file_id, digest, CPU seconds, sections) for one text file (runs in a worker process)."""
    started = time.process_time()
    rows = parse_text_file(item)
    cpu = time.process_time() - started
    return item[0], rows_digest(rows), cpu, len(rows["sections"])


def run(paths: list[Path], workers: int) -> tuple[list[tuple[str, str, float, int]], float]:
    """Parse every path; returns the per-document results (in path order) and the wall time."""
    items = [(p.stem, str(p)) for p in paths]
    started = time.perf_counter()
    if workers <= 1:
        results = [timed_parse(i) for i in items]
    else:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            results = list(pool.map(timed_parse, items, chunksize=4))
    return results, time.perf_counter() - started


def compare(digests: dict[str, str], stored: dict[str, str]) -> list[str]:
    """File ids whose digest differs from the stored one (or is missing on either side)."""
    return sorted(f for f in set(digests) | set(stored) if digests.get(f) != stored.get(f))


def summary(results: list[tuple[str, str, float, int]], wall: float, workers: int) -> dict[str, Any]:
    cpu = [r[2] for r in results]
    slowest = sorted(results, key=lambda r: -r[2])[:5]
    return {"date": date.today().isoformat(), "documents": len(results), "workers": workers,
            "cpu_count": os.cpu_count(), "load_average_1m": round(os.getloadavg()[0], 2),
            "wall_s": round(wall, 2), "cpu_total_s": round(sum(cpu), 2),
            "cpu_per_doc_mean_s": round(statistics.mean(cpu), 4) if cpu else 0.0,
            "cpu_per_doc_p50_s": round(statistics.median(cpu), 4) if cpu else 0.0,
            "cpu_per_doc_max_s": round(max(cpu), 4) if cpu else 0.0,
            "sections": sum(r[3] for r in results),
            "slowest": [{"file_id": r[0], "cpu_s": round(r[2], 3)} for r in slowest]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--texts", type=Path, default=DEFAULT_TEXTS, help="directory of .txt files")
    parser.add_argument("--limit", type=int, default=0, help="only the first N files (0: all)")
    parser.add_argument("--workers", type=int, default=default_workers(), help="default: one per usable core")
    parser.add_argument("--label", default="", help="suffix of the result file name (e.g. before)")
    parser.add_argument("--write-digest", type=Path, nargs="?", const=DIGEST, default=None)
    parser.add_argument("--check-digest", type=Path, nargs="?", const=DIGEST, default=None)
    args = parser.parse_args(argv)
    os.environ.pop("CG_LAYER_CACHE", None)  # time and digest real parses (the workers inherit this environment)
    paths = sorted(args.texts.glob("*.txt"))
    if not paths:
        print(f"No .txt files in {args.texts}.", file=sys.stderr)
        return 2
    paths = paths[:args.limit] if args.limit > 0 else paths
    results, wall = run(paths, args.workers)
    report = summary(results, wall, args.workers)
    digests = {r[0]: r[1] for r in results}
    if args.check_digest:
        stored = json.loads(args.check_digest.read_text())
        stored = {k: v for k, v in stored.items() if k in digests}
        report["digest_mismatches"] = compare(digests, stored)
    if args.write_digest:
        args.write_digest.write_text(json.dumps(digests, indent=0, sort_keys=True) + "\n")
    RESULTS.mkdir(parents=True, exist_ok=True)
    name = f"parse-texts-{report['date']}{'-' + args.label if args.label else ''}.json"
    path = unused(RESULTS / name)
    path.write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps({k: v for k, v in report.items() if k != "slowest"}, indent=2))
    print(f"Wrote {path}")
    return 1 if report.get("digest_mismatches") else 0


if __name__ == "__main__":
    raise SystemExit(main())
