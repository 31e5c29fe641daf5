"""One million contracts, in steps that each run in their own process (`nice -n 10` on a shared machine).

    python -m benchmarks.million generate --contracts 1000000     # records -> <work>/synth-N-S.jsonl
    python -m benchmarks.million csv --contracts 1000000                # CSV from the same records
    python -m benchmarks.million import --contracts 1000000 --port 7921 # neo4j-admin import, fresh home
    python -m benchmarks.million load --contracts 1000000 --port 7920   # the app's loader, fresh server
    python -m benchmarks.million questions --contracts 1000000 --port 7921 --home bulk-1000000 [--reps 30]

The records are one JSON line each, written as they are generated; `csv` and `load` read them back in
batches through graph.store.stream (two passes, the prepared contracts spooled to disk), so Python holds the
parties and their facts, never every record. Each step records its figures (seconds, peak RSS of Python and
of the JVM, store size, load average) in `<work>/million-<N>.json` (<work>: BENCH_WORK, by default
benchmarks/.work); `questions` also writes `benchmarks/results/<date>-<N>.json` through
`benchmarks.measure.write_result`. The homes stay under <work> for the next step.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import shutil
import time
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

from benchmarks.bench_db import (
    WORK,
    bench_server,
    disk_bytes,
    fresh_server,
    jvm_pid,
    neo4j_server,
    open_driver,
    page_cache_bytes,
    pagecache_for,
    peak_rss,
    server_env,
    store_sizes,
)
from benchmarks.measure import machine, time_pages, write_result
from benchmarks.mix import questions_for
from benchmarks.renewal_synth import iter_facts_rows, load_profile, write_facts
from benchmarks.synth import iter_records
from benchmarks.timing import measure
from graph.server.bulk_import import admin_import
from graph.server.config import LocalServer
from graph.store.bulk_csv import finish_bulk_import, write_batches_csv
from graph.store.load import BATCH_SIZE
from graph.store.stream import Streamed, load_stream, prepare_stream

P95_TARGET_MS = 300  # issue 33: every question at 1M


def records_path(contracts: int, seed: int) -> Path:
    return WORK / f"synth-{contracts}-{seed}.jsonl"


def record_batches(contracts: int, seed: int, size: int = BATCH_SIZE) -> Iterator[list[dict[str, Any]]]:
    """The generated records (one JSON object a line), `size` at a time, from the start on every call."""
    with records_path(contracts, seed).open(encoding="utf-8") as f:
        while batch := [json.loads(line) for line in itertools.islice(f, size)]:
            yield batch


def notes_path(contracts: int) -> Path:
    return WORK / f"million-{contracts}.json"


def note(contracts: int, step: str, figures: dict[str, Any]) -> None:
    """Merge one step's figures into the size's notes file."""
    path = notes_path(contracts)
    notes = json.loads(path.read_text()) if path.is_file() else {}
    notes[step] = figures
    path.write_text(json.dumps(notes, indent=1, default=str) + "\n")


def renewal_rows(contracts: int, seed: int) -> Iterator[dict[str, Any]]:
    """The benchmark's renewal facts for the generated records, read from their file."""
    records = (r for batch in record_batches(contracts, seed) for r in batch)
    return iter_facts_rows(records, load_profile(), seed)


def streamed(args: argparse.Namespace, spool: Path, info: dict[str, Any]) -> Streamed:
    """prepare_stream over the records file, timed into `info`."""
    started = time.perf_counter()
    result = prepare_stream(lambda: record_batches(args.contracts, args.seed), spool, source_name="synthetic")
    info["prepare_s"] = time.perf_counter() - started
    info["prepare_python_rss_bytes"] = peak_rss()
    info["spool_bytes"] = spool.stat().st_size
    info["load_avg_after_prepare"] = os.getloadavg()
    print(f"prepared {result.contracts:,} contracts, {len(result.prepared.parties):,} parties in "
          f"{info['prepare_s']:.0f}s", flush=True)
    return result


def busiest_fragment(result: Streamed) -> str:
    """benchmarks.mix.busiest_party_fragment from the stored contract counts."""
    key, _ = max(result.facts.contract_count.items(), key=lambda kv: (kv[1], kv[0]))
    return result.prepared.parties[key].name.split()[0].lower()


def server(name: str, port: int) -> LocalServer:
    """A benchmark server with an hour's transaction timeout (the end of a 1M load builds every index)."""
    srv = bench_server(name, port)
    return LocalServer(home=srv.home, port=srv.port, heap=srv.heap, pagecache=srv.pagecache, tx_timeout="3600s",
                       jvm_flags=srv.jvm_flags)


def closing_figures(info: dict[str, Any], srv: LocalServer) -> dict[str, Any]:
    """After a clean shutdown: the store on disk, what the page cache should hold, peak RSS, load."""
    info["disk"] = store_sizes(srv) | page_cache_bytes(srv)
    info["pagecache_rule"] = pagecache_for(srv)
    info["python_peak_rss_bytes"] = peak_rss()
    info["load_avg_end"] = os.getloadavg()
    return info


def step_generate(args: argparse.Namespace) -> dict[str, Any]:
    """The records, written one JSON line each as they are generated (only the party pool stays in memory)."""
    started, load = time.perf_counter(), os.getloadavg()
    WORK.mkdir(parents=True, exist_ok=True)
    written = 0
    with records_path(args.contracts, args.seed).open("w", encoding="utf-8") as f:
        for record in iter_records(args.contracts, args.seed):
            f.write(json.dumps(record, ensure_ascii=False) + "\n")
            written += 1
    return {"seconds": time.perf_counter() - started, "contracts": written, "python_peak_rss_bytes": peak_rss(),
            "jsonl_bytes": records_path(args.contracts, args.seed).stat().st_size,
            "load_avg_start": load, "load_avg_end": os.getloadavg()}


def step_load(args: argparse.Namespace) -> dict[str, Any]:
    """The app's loader (graph.store.stream: load_records' first load, records read in batches), timed from
    the records file to the organisation groups; progress lines every 50,000 contracts."""
    srv = server(f"size-{args.contracts}", args.port)
    info: dict[str, Any] = {"server": {"heap": srv.heap, "pagecache": srv.pagecache, "home": str(srv.home)},
                            "load_avg_start": os.getloadavg()}
    started = time.perf_counter()  # the records are prepared before the server starts: less memory at once
    result = streamed(args, WORK / f"load-spool-{args.contracts}.pkl", info)
    with fresh_server(srv) as driver:
        done = [0]

        def progress(n: int) -> None:  # a run stopped part way leaves its rate in the notes as load_partial
            done[0] += n
            if done[0] % 50_000 < n:
                info["written"] = {"contracts": done[0], "seconds": time.perf_counter() - started,
                                   "load_avg": os.getloadavg(), "python_rss_bytes": peak_rss()}
                note(args.contracts, "load_partial", info)
                print(f"loaded {done[0]:,} at {info['written']['seconds']:.0f}s, "
                      f"load {os.getloadavg()[0]:.1f}", flush=True)

        summary = load_stream(driver, result, progress=progress)
        seconds = time.perf_counter() - started
        info["import"] = {"contracts": summary.contracts, "seconds": seconds,
                          "per_second": summary.contracts / seconds, "summary": summary.line(),
                          "load_avg_end": os.getloadavg()}
        print(f"import {summary.contracts / seconds:,.0f} contracts/s ({seconds:.1f}s)", flush=True)
        started = time.perf_counter()
        written = write_facts(driver, renewal_rows(args.contracts, args.seed))
        info["renewal_facts"] = {"contracts": written, "seconds": time.perf_counter() - started}
        info["jvm_peak_rss_bytes"] = peak_rss(jvm_pid(srv))
    return closing_figures(info, srv)


def step_csv(args: argparse.Namespace) -> dict[str, Any]:
    """CSV from the same records, prepared as the loader prepares them (graph.store.stream), and what the
    import step needs besides (extra.json)."""
    folder = WORK / f"csv-{args.contracts}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    info: dict[str, Any] = {"load_avg_start": os.getloadavg(), "csv_dir": str(folder)}
    result = streamed(args, WORK / f"csv-spool-{args.contracts}.pkl", info)
    info["busiest_party_fragment"] = busiest_fragment(result)
    started = time.perf_counter()
    files = write_batches_csv(result.batches(), result.prepared, result.facts, result.columns(), folder)
    info["write_csv_s"] = time.perf_counter() - started
    info["csv_bytes"] = disk_bytes(folder)
    extra = {"arguments": files.arguments(), "org_keys": result.org_keys(), "contracts": result.contracts}
    (folder / "extra.json").write_text(json.dumps(extra), encoding="utf-8")
    info["summary"] = result.summary().line()
    info["python_peak_rss_bytes"] = peak_rss()
    info["load_avg_end"] = os.getloadavg()
    return info


def step_import(args: argparse.Namespace) -> dict[str, Any]:
    """`neo4j-admin database import full` from step_csv's files, then the loader's closing steps."""
    extra = json.loads((WORK / f"csv-{args.contracts}" / "extra.json").read_text(encoding="utf-8"))
    srv = server(f"bulk-{args.contracts}", args.port)
    info: dict[str, Any] = {"server": {"heap": srv.heap, "pagecache": srv.pagecache, "home": str(srv.home),
                                       "import_heap": args.import_heap, "off_heap": args.off_heap},
                            "load_avg_start": os.getloadavg()}
    neo4j_server.stop(srv)
    shutil.rmtree(srv.home, ignore_errors=True)
    started = time.perf_counter()
    output = admin_import(srv, extra["arguments"], heap=args.import_heap, off_heap=args.off_heap)
    info["admin_import_s"] = time.perf_counter() - started
    info["admin_import_tail"] = output[-700:]
    info["load_avg_after_import"] = os.getloadavg()
    neo4j_server.start(srv)
    try:
        with open_driver(srv) as driver:
            started = time.perf_counter()
            finish_bulk_import(driver, extra["org_keys"])
            info["schema_and_organisations_s"] = time.perf_counter() - started
            info["load_avg_after_schema"] = os.getloadavg()
            started = time.perf_counter()
            written = write_facts(driver, renewal_rows(args.contracts, args.seed))
            info["renewal_facts"] = {"contracts": written, "seconds": time.perf_counter() - started}
            info["jvm_peak_rss_bytes"] = peak_rss(jvm_pid(srv))
    finally:
        neo4j_server.stop(srv)
    return closing_figures(info, srv)


def step_questions(args: argparse.Namespace) -> dict[str, Any]:
    """The question mix (ours only: the reference shape's aggregations take seconds each at 1M), the page
    renders and the result file, on an existing home (`--home`), with the BENCH_NEO4J_* heap and page cache."""
    notes = json.loads(notes_path(args.contracts).read_text())
    srv = server(args.home, args.port)
    info: dict[str, Any] = {"size": args.contracts, "seed": args.seed, "date": date.today().isoformat(),
                            "machine": machine(), "source": "synthetic", "home": str(srv.home),
                            "server": {"heap": srv.heap, "pagecache": srv.pagecache, "port": srv.port},
                            "reference": "not run at this size (benchmarks.million)", "steps": notes}
    loaded = notes.get("load", {}).get("import")
    info["import"] = loaded or {"per_second": 0.0, "note": "loader run not finished; see steps"}
    info["disk"] = notes.get("import", notes.get("load", {})).get("disk", {})
    neo4j_server.start(srv)
    try:
        with open_driver(srv) as driver:
            info["queries"] = []
            for q in questions_for(notes["csv"]["busiest_party_fragment"]):
                started = time.perf_counter()
                row = measure(driver, q, reps=args.reps, reference=False)
                row["load_avg"] = os.getloadavg()
                info["queries"].append(row)
                print(f"  {q.name:28} n={row['count'] if row['count'] is not None else row['groups']!s:>8} "
                      f"p50 {row['ours_ms']['p50']:8.1f} p95 {row['ours_ms']['p95']:8.1f} "
                      f"max {row['ours_ms']['max']:8.1f} ms "
                      f"({time.perf_counter() - started:.0f}s, load {row['load_avg'][0]:.1f})", flush=True)
                note(args.contracts, "questions_partial", info["queries"])
            info["p95_over_300ms"] = [q["name"] for q in info["queries"] if q["ours_ms"]["p95"] > P95_TARGET_MS]
            info["load_avg_before_pages"] = os.getloadavg()
            info["pages"] = time_pages(server_env(srv), args.page_runs) if args.page_runs else {}
            info["load_avg_after_pages"] = os.getloadavg()
            info["jvm_peak_rss_bytes"] = peak_rss(jvm_pid(srv))
    finally:
        neo4j_server.stop(srv)
    info["python_peak_rss_bytes"] = max(peak_rss(), notes.get("load", {}).get("python_peak_rss_bytes", 0))
    info["machine"]["load_avg_end"] = os.getloadavg()
    print(f"wrote {write_result(info)}")
    return {"result_date": info["date"], "load_avg_end": info["machine"]["load_avg_end"]}


STEPS = {"generate": step_generate, "load": step_load, "csv": step_csv, "import": step_import,
         "questions": step_questions}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=sorted(STEPS))
    parser.add_argument("--contracts", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--port", type=int, default=7940)
    parser.add_argument("--home", default="", help="questions: the benchmark home to query")
    parser.add_argument("--reps", type=int, default=30)
    parser.add_argument("--page-runs", type=int, default=5)
    parser.add_argument("--import-heap", default="2g", help="bulk: the admin tool's heap")
    parser.add_argument("--off-heap", default="3G", help="bulk: the admin tool's --max-off-heap-memory")
    args = parser.parse_args(argv)
    figures = STEPS[args.step](args)
    figures["machine"] = machine()
    note(args.contracts, args.step, figures)
    print(json.dumps(figures, default=str)[:2000])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
