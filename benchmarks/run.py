"""`python -m benchmarks.run --sizes 510,10000[,100000]`: measure every size, then update docs/PERFORMANCE.md.

Each size runs in its own child process (`benchmarks.measure`) on its own fresh server, so peak RSS and
JVM state are per size. A size whose answers differ from the reference shape fails the run (exit code 1)
and writes no result file.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

from benchmarks.bench_db import BASE_PORT
from benchmarks.report import update_doc


def run_size(size: int, port: int, args: argparse.Namespace) -> int:
    cmd = [sys.executable, "-m", "benchmarks.measure", "--contracts", str(size), "--port", str(port),
           "--seed", str(args.seed), "--reps", str(args.reps), "--page-runs", str(args.page_runs)]
    print(f"== {size:,} contracts (port {port})", flush=True)
    return subprocess.run(cmd, check=False).returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="510,10000", help="comma-separated contract counts")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--reps", type=int, default=30, help="timed repetitions per question (>= 30)")
    parser.add_argument("--page-runs", type=int, default=5)
    parser.add_argument("--base-port", type=int, default=BASE_PORT)
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    started, failed = time.perf_counter(), []
    for i, size in enumerate(sizes):
        if run_size(size, args.base_port + i, args) != 0:
            failed.append(size)
    print(f"Updated {update_doc()} ({time.perf_counter() - started:.0f}s)")
    if failed:
        print(f"FAILED sizes: {failed} (answers differ from the reference shape, or the run crashed)")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
