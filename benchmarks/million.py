"""One million contracts, in steps that each run in their own process (`nice -n 10` on a shared machine).

    python -m benchmarks.million generate --contracts 1000000     # records -> benchmarks/.work/synth-N-S.pkl
    python -m benchmarks.million load --contracts 1000000 --port 7940   # the app's loader, fresh server
    python -m benchmarks.million csv --contracts 1000000                # CSV from the same records
    python -m benchmarks.million import --contracts 1000000 --port 7941 # neo4j-admin import, fresh home
    python -m benchmarks.million questions --contracts 1000000 --port 7940 --home size-1000000 [--reps 30]

Each step records its figures (seconds, peak RSS of Python and of the JVM, store size, load average) in
`benchmarks/.work/million-<N>.json`; `questions` also writes `benchmarks/results/<date>-<N>.json` through
`benchmarks.measure.write_result`. The homes stay under `benchmarks/.work/` for the next step.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import shutil
import time
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
    timed_load,
)
from benchmarks.measure import machine, time_pages, write_result
from benchmarks.mix import busiest_party_fragment, questions_for
from benchmarks.renewal_synth import facts_rows, load_profile, write_facts
from benchmarks.synth import generate
from benchmarks.timing import measure
from graph.server.bulk_import import admin_import
from graph.server.config import LocalServer
from graph.store.bulk_csv import finish_bulk_import, organisation_keys, write_csv
from graph.store.prepare import prepare


def records_path(contracts: int, seed: int) -> Path:
    return WORK / f"synth-{contracts}-{seed}.pkl"


def notes_path(contracts: int) -> Path:
    return WORK / f"million-{contracts}.json"


def note(contracts: int, step: str, figures: dict[str, Any]) -> None:
    """Merge one step's figures into the size's notes file."""
    path = notes_path(contracts)
    notes = json.loads(path.read_text()) if path.is_file() else {}
    notes[step] = figures
    path.write_text(json.dumps(notes, indent=1, default=str) + "\n")


def read_records(contracts: int, seed: int) -> list[dict[str, Any]]:
    with records_path(contracts, seed).open("rb") as f:
        records: list[dict[str, Any]] = pickle.load(f)
    return records


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
    started, load = time.perf_counter(), os.getloadavg()
    records = generate(args.contracts, args.seed)
    seconds = time.perf_counter() - started
    WORK.mkdir(parents=True, exist_ok=True)
    with records_path(args.contracts, args.seed).open("wb") as f:
        pickle.dump(records, f, protocol=pickle.HIGHEST_PROTOCOL)
    return {"seconds": seconds, "contracts": len(records), "python_peak_rss_bytes": peak_rss(),
            "pickle_bytes": records_path(args.contracts, args.seed).stat().st_size,
            "load_avg_start": load, "load_avg_end": os.getloadavg()}


def step_load(args: argparse.Namespace) -> dict[str, Any]:
    records = read_records(args.contracts, args.seed)
    srv = server(f"size-{args.contracts}", args.port)
    info: dict[str, Any] = {"server": {"heap": srv.heap, "pagecache": srv.pagecache, "home": str(srv.home)},
                            "load_avg_start": os.getloadavg()}
    with fresh_server(srv) as driver:
        imported = timed_load(driver, records)
        info["import"] = {"contracts": imported.contracts, "seconds": imported.seconds,
                          "per_second": imported.per_second, "summary": imported.summary,
                          "load_avg_end": os.getloadavg()}
        print(f"import {imported.per_second:,.0f} contracts/s ({imported.seconds:.1f}s)", flush=True)
        started = time.perf_counter()
        written = write_facts(driver, facts_rows(records, load_profile(), args.seed))
        info["renewal_facts"] = {"contracts": written, "seconds": time.perf_counter() - started}
        info["jvm_peak_rss_bytes"] = peak_rss(jvm_pid(srv))
    return closing_figures(info, srv)


def step_csv(args: argparse.Namespace) -> dict[str, Any]:
    """CSV from the same records (prepared as the loader prepares them); what the import needs besides.
    The records go as soon as they are prepared (1M records and their prepared rows do not fit together
    beside the other engineers' servers)."""
    records = read_records(args.contracts, args.seed)
    folder = WORK / f"csv-{args.contracts}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    info: dict[str, Any] = {"load_avg_start": os.getloadavg(), "csv_dir": str(folder)}
    with (folder / "renewal.pkl").open("wb") as f:
        pickle.dump(facts_rows(records, load_profile(), args.seed), f, protocol=pickle.HIGHEST_PROTOCOL)
    started = time.perf_counter()
    prepared = prepare(records, source="synthetic")
    info["prepare_s"] = time.perf_counter() - started
    del records
    info["busiest_party_fragment"] = busiest_party_fragment(prepared)
    started = time.perf_counter()
    files = write_csv(prepared, folder)
    info["write_csv_s"] = time.perf_counter() - started
    info["csv_bytes"] = disk_bytes(folder)
    extra = {"arguments": files.arguments(), "org_keys": organisation_keys(prepared),
             "contracts": len(prepared.contracts)}
    with (folder / "extra.pkl").open("wb") as f:
        pickle.dump(extra, f, protocol=pickle.HIGHEST_PROTOCOL)
    info["python_peak_rss_bytes"] = peak_rss()
    info["load_avg_end"] = os.getloadavg()
    return info


def step_import(args: argparse.Namespace) -> dict[str, Any]:
    """`neo4j-admin database import full` from step_csv's files, then the loader's closing steps."""
    with (WORK / f"csv-{args.contracts}" / "extra.pkl").open("rb") as f:
        extra = pickle.load(f)
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
            with (WORK / f"csv-{args.contracts}" / "renewal.pkl").open("rb") as f:
                written = write_facts(driver, pickle.load(f))
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
    info["disk"] = notes.get("load", notes.get("import", {})).get("disk", {})
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
            info["pages"] = time_pages(server_env(srv), args.page_runs) if args.page_runs else {}
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
