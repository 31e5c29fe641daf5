"""Same rows: dump `search_contracts` for every filter question of the mix, with every sort key, both orders
and offsets 0, 5, 100 and 3,000 (957 pages), from a running benchmark server, one JSON line a page (or its
error). Run it on two checkouts against the same database and compare the files (`cmp`): a change to the
compiler must leave every line equal.

    BENCH_WORK=benchmarks/.work python -m benchmarks.page_dump --name keep-10000 --port 7935 > pages.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from benchmarks.bench_db import bench_server, open_driver
from benchmarks.mix import questions_for
from benchmarks.timing import TODAY
from core.errors import DatabaseError
from graph.reads.repository import search_contracts
from graph.server.db import read

SORT_KEYS = ("effective_date", "end_date", "total_amount", "party_count")
OFFSETS = (0, 5, 100, 3000)
BUSIEST = ("MATCH (g:Party) WHERE g.role_only IS NULL RETURN g.name AS name "
           "ORDER BY g.contract_count DESC, g.key DESC LIMIT 1")


def specs(busiest: str) -> list[tuple[str, dict[str, Any]]]:
    """The 29 filter questions as the mix asks them, then each with every sort key, order and offset."""
    filters = [q for q in questions_for(busiest) if not q.is_aggregation]
    out = [(q.name, q.spec) for q in filters]
    out += [(q.name, {**q.spec, "sort_by": key, "sort_order": order, "offset": offset})
            for q in filters for key in SORT_KEYS for order in ("asc", "desc") for offset in OFFSETS]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--name", required=True, help="the benchmark server's home under BENCH_WORK")
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args(argv)
    driver = open_driver(bench_server(args.name, args.port))
    busiest = read(driver, BUSIEST)[0]["name"].split()[0].lower()
    for name, spec in specs(busiest):
        line: dict[str, Any] = {"question": name, "filter": spec}
        try:
            result = search_contracts(driver, spec, today=TODAY)
            line.update(total_count=result.total_count, contracts=result.contracts)
        except DatabaseError as e:  # e.g. over db.memory.transaction.max: the line says so, and the run goes on
            line["error"] = str(e)[:200]
        sys.stdout.write(json.dumps(line, sort_keys=True, default=str) + "\n")
    driver.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
