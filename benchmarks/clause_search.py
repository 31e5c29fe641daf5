"""`python -m benchmarks.clause_search`: latency of a scoped clause search on the configured graph.

Runs `graph.retrieval.search.clause_search` (scope decision, ranked section search, defined terms, expansion through
references and definitions: the whole call the assistant's tool makes) for the fixed clause questions of
`evals.retrieval`-style categories, in two scopes: one contract (`--contracts` contracts spread over the
graph, each asked every question) and a ContractFilter (a few filters of different sizes). Timed from the
driver's side after one warm-up pass; reported p50/p95/max per scope, with the machine's load average (the
machine is shared, so the load is part of the reading). Meant for the sample graph (510 contracts with their
document layer) on your own server; the result lands in `benchmarks/results/clause-search-<date>.json`.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from datetime import date
from pathlib import Path
from typing import Any

from neo4j import Driver

from benchmarks.results_path import unused
from benchmarks.timing import stats_ms
from graph.documents.cypher import LAYER_VERSIONS
from graph.documents.load import contract_ids
from graph.query.filters import ContractFilter
from graph.retrieval.search import clause_search
from graph.server.db import build_driver, read

RESULTS = Path(__file__).parent / "results"
QUESTIONS = (
    "What law governs this agreement?", "Can a party terminate this agreement for convenience?",
    "Can this agreement be assigned to a third party?", "Is there a non-compete restriction?",
    "Is the relationship exclusive?", "Is liability capped or limited?", "What insurance must a party maintain?",
    "Does a party have the right to audit books and records?", "What license is granted?",
    "What happens on a change of control?", "Does the agreement renew automatically, and for how long?",
    "How much notice is needed to prevent renewal?",
)
FILTERS = {
    "license_agreements": ContractFilter(contract_types=("License",)),
    "party_pharma": ContractFilter(parties=("pharma",)),
    "effective_2010_2012": ContractFilter(min_effective_date=date(2010, 1, 1), max_effective_date=date(2012, 12, 31)),
}


def _with_layer(driver: Driver, count: int) -> list[str]:
    """`count` contracts with a document layer, spread evenly over the sorted file_ids."""
    ids = sorted(contract_ids(driver))
    layered = [r["file_id"] for r in read(driver, LAYER_VERSIONS, {"ids": ids}) if r["version"] is not None]
    step = max(1, len(layered) // max(1, count))
    return sorted(layered)[::step][:count]


def _timed(call: Any) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


def run(driver: Driver, contracts: int, reps: int = 1) -> dict[str, Any]:
    """Timings of both scopes (after a warm-up pass over the same calls), each call `reps` times."""
    ids = _with_layer(driver, contracts)
    one = [lambda f=f, q=q: clause_search(driver, q, file_id=f) for f in ids for q in QUESTIONS]
    scoped = [lambda s=s, q=q: clause_search(driver, q, scope=s) for s in FILTERS.values() for q in QUESTIONS]
    for call in one + scoped:  # warm-up: page cache, query plans
        call()
    one, scoped = one * reps, scoped * reps
    sizes = {name: len(clause_search(driver, QUESTIONS[0], scope=f).scope or []) for name, f in FILTERS.items()}
    return {"date": date.today().isoformat(), "contracts_in_graph": len(contract_ids(driver)),
            "cpu_count": os.cpu_count(), "load_average_1m_before": round(os.getloadavg()[0], 2),
            "one_contract": stats_ms([_timed(c) for c in one]) | {"contracts": len(ids)},
            "filter_scope": stats_ms([_timed(c) for c in scoped]) | {"scope_sizes": sizes},
            "target_p95_ms": 150,
            "load_average_1m_after": round(os.getloadavg()[0], 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--contracts", type=int, default=20, help="contracts for the one-contract scope")
    parser.add_argument("--reps", type=int, default=3, help="timed repetitions of every call")
    parser.add_argument("--label", default="", help="suffix of the result file name")
    args = parser.parse_args(argv)
    with build_driver() as driver:
        report = run(driver, args.contracts, args.reps)
    RESULTS.mkdir(parents=True, exist_ok=True)
    name = f"clause-search-{report['date']}{'-' + args.label if args.label else ''}.json"
    unused(RESULTS / name).write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))
    print(f"Wrote {RESULTS / name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
