"""How `make test` shares the tests between its pytest-xdist workers (`-n 2 --dist loadgroup`): each test module
runs whole on one worker, so its module fixtures (a Streamlit server, a throwaway Neo4j, an oracle over the
graph) are built once, and the modules that read the parsed CUAD corpus share one worker (one parse).

xdist's own loadgroup cannot do this with pytest 9.2: it tags each test's node id with its `xdist_group`
through the old `_nodeid` field, which pytest 9.2 no longer reads (pytest-dev/pytest-xdist#1386), so every
test was scheduled on its own and each module's fixtures were built on both workers. This scheduler decides
the group from the node id on the controller instead.

Work units are handed out costliest first (longest-processing-time-first: the two workers then finish within
about one small module of each other), by the CPU seconds each module took in a measured run
(tests/xdist_costs.json, written from `pytest -p tests.timing` output by `python -m tests.timing --costs`); a
module the file does not name counts its tests at the file's median cost per test. Without the file, units go in
collection order (app, browser, integration, unit: the slow modules with few tests first).
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest
from xdist.remote import Producer
from xdist.scheduler import LoadScopeScheduling

CORPUS_GROUP = "cuad_corpus"
CORPUS_FIXTURE = "cuad_corpus"  # tests/conftest.py: the session's one parse of the 510 texts
COSTS = Path(__file__).with_name("xdist_costs.json")


def corpus_modules(rootdir: Path) -> frozenset[str]:
    """The test modules (as node id paths) whose source names the parsed-corpus fixture."""
    return frozenset(path.relative_to(rootdir).as_posix() for path in sorted((rootdir / "tests").rglob("test_*.py"))
                     if CORPUS_FIXTURE in path.read_text(encoding="utf-8"))


def read_costs(path: Path = COSTS) -> dict[str, dict[str, float]]:
    """Per work unit its measured CPU seconds ("cpu_s": the worker's, its children's and its Neo4j server's) and
    its number of tests ("tests"); {} when the file is missing."""
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def unit_cost(scope: str, tests: int, costs: dict[str, dict[str, float]]) -> float:
    """A work unit's expected cost: its measured CPU seconds, else its tests at the median cost per test."""
    if scope in costs:
        return costs[scope]["cpu_s"]
    if not costs:
        return 0.0  # nothing measured: collection order (app, browser, integration, unit)
    return tests * statistics.median([c["cpu_s"] / max(1, c["tests"]) for c in costs.values()])


def costliest(workqueue: dict[str, dict[str, bool]], costs: dict[str, dict[str, float]]) -> str:
    """The pending work unit to hand out next (the first of equals in queue order)."""
    return max(workqueue, key=lambda scope: unit_cost(scope, len(workqueue[scope]), costs))


class ModuleScheduling(LoadScopeScheduling):
    """One work unit per test module; the corpus modules form one unit together; the costliest unit first."""

    def __init__(self, config: pytest.Config, log: Producer | None = None) -> None:
        super().__init__(config, log)
        self.log = Producer("modulesched") if log is None else log.modulesched
        self.corpus = corpus_modules(config.rootpath)
        self.costs = read_costs()

    def _split_scope(self, nodeid: str) -> str:
        module = nodeid.split("::", 1)[0]
        return CORPUS_GROUP if module in self.corpus else module

    def _assign_work_unit(self, node: object) -> None:
        self.workqueue.move_to_end(costliest(self.workqueue, self.costs), last=False)
        super()._assign_work_unit(node)
