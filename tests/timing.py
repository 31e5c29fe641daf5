"""Per-module cost of a test run, for balancing `make test`'s workers (tests/xdist_modules.py) and for
docs/PERFORMANCE.md: `pytest -p tests.timing` with CG_TEST_TIMING=DIR writes DIR/<worker>.json, one row per test
module with its wall seconds, its CPU seconds (this process's user+sys, plus its waited-for children: CLI
subprocesses, Streamlit servers, Chromium) and its Neo4j server's CPU seconds. CPU seconds, unlike wall time, do
not grow when other work shares the machine, so they are the figure to compare between runs."""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from pathlib import Path

import pytest


def _server_cpu() -> float:
    """The CPU seconds so far of this worker's Neo4j server (tests/with_test_db.sh started it; not our child)."""
    try:
        pid = (Path(os.environ.get("CG_NEO4J_HOME", "")) / "neo4j.pid").read_text().strip()
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


class ModuleTimer:
    """Charges each test's setup, call and teardown (module fixtures included) to the test's module."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.rows: dict[str, dict[str, float]] = {}

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item, nextitem: pytest.Item | None):
        wall, cpu, server = time.perf_counter(), _cpu(), _server_cpu()
        yield
        row = self.rows.setdefault(item.nodeid.split("::", 1)[0],
                                   {"wall_s": 0.0, "cpu_s": 0.0, "neo4j_cpu_s": 0.0, "tests": 0})
        row["wall_s"] += time.perf_counter() - wall
        row["cpu_s"] += _cpu() - cpu
        row["neo4j_cpu_s"] += _server_cpu() - server
        row["tests"] += 1
        if item.nodeid.split("::", 1)[0] != (nextitem.nodeid.split("::", 1)[0] if nextitem else None):
            self.write()  # after each module, so a run stopped half-way still leaves its figures

    def pytest_sessionfinish(self) -> None:
        self.write()

    def write(self) -> None:
        self.out.mkdir(parents=True, exist_ok=True)
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        rows = {k: {m: round(v, 2) for m, v in r.items()} for k, r in sorted(self.rows.items())}
        (self.out / f"{worker}.json").write_text(json.dumps(rows, indent=1), encoding="utf-8")


def pytest_configure(config: pytest.Config) -> None:
    out = os.environ.get("CG_TEST_TIMING")
    if out:
        config.pluginmanager.register(ModuleTimer(Path(out)), "cg_module_timer")


def unit_costs(rows: dict[str, dict[str, float]], corpus: frozenset[str]) -> dict[str, dict[str, float]]:
    """Per xdist work unit (tests/xdist_modules.py: a module, or the corpus modules together): CPU seconds of the
    worker, its children and its Neo4j server, and the number of tests."""
    from tests.xdist_modules import CORPUS_GROUP

    units: dict[str, dict[str, float]] = {}
    for module, row in rows.items():
        unit = units.setdefault(CORPUS_GROUP if module in corpus else module, {"cpu_s": 0.0, "tests": 0})
        unit["cpu_s"] = round(unit["cpu_s"] + row["cpu_s"] + row["neo4j_cpu_s"], 1)
        unit["tests"] += int(row["tests"])
    return dict(sorted(units.items()))


def main(argv: list[str]) -> int:
    """`python -m tests.timing --costs DIR`: tests/xdist_costs.json from a timed run's DIR/*.json (modules the run
    did not reach keep their old figures)."""
    from graph.server.config import REPO_ROOT
    from tests.xdist_modules import COSTS, corpus_modules, read_costs

    if len(argv) != 2 or argv[0] != "--costs":
        print(main.__doc__, file=sys.stderr)
        return 2
    rows = {k: v for path in sorted(Path(argv[1]).glob("*.json")) for k, v in json.loads(path.read_text()).items()}
    costs = {**read_costs(), **unit_costs(rows, corpus_modules(REPO_ROOT))}
    COSTS.write_text(json.dumps(dict(sorted(costs.items())), indent=1) + "\n", encoding="utf-8")
    print(f"{COSTS}: {len(costs)} units, {sum(c['cpu_s'] for c in costs.values()):.0f} CPU seconds")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
