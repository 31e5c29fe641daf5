"""Under `make test` (pytest-xdist, `--dist loadgroup`) every test module runs whole on one worker, so its
module fixtures (Streamlit servers, throwaway Neo4j servers, oracles) are built once (tests/conftest.py).
Checked on a real two-worker run of a small module: with plain load scheduling (and with xdist's own
loadgroup under pytest 9.2, tests/xdist_modules.py) xdist hands its tests out two by two to both workers."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import defaultdict

from graph.server.config import REPO_ROOT
from tests.timing import unit_costs
from tests.xdist_modules import CORPUS_GROUP, ModuleScheduling, corpus_modules, costliest, unit_cost

MODULE = "tests/unit/test_cli_input.py"  # 43 quick tests, no database
RESULT = re.compile(r"^\[(gw\d+)\] .*?(?:PASSED|FAILED|ERROR|SKIPPED) (\S+?)::")


def test_each_module_runs_whole_on_one_worker() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CG_NEO4J", "PYTEST_XDIST"))}
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "2", "--dist", "loadgroup",
               "--no-loadscope-reorder", "-v", MODULE]
    done = subprocess.run(command, cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-3000:]
    workers: dict[str, set[str]] = defaultdict(set)
    ran = 0
    for line in done.stdout.splitlines():
        if found := RESULT.match(line):
            workers[found.group(2)].add(found.group(1))
            ran += 1
    assert ran >= 40 and dict(workers) == {MODULE: workers[MODULE]} and len(workers[MODULE]) == 1, done.stdout


def test_the_corpus_modules_share_one_unit_and_other_modules_are_their_own() -> None:
    corpus = corpus_modules(REPO_ROOT)
    assert corpus == {"tests/integration/test_text_clause_filter.py", "tests/unit/test_document_cuad.py",
                      "tests/unit/test_document_definitions_cuad.py"}
    scheduler = ModuleScheduling.__new__(ModuleScheduling)  # the scope rule alone, without a running session
    scheduler.corpus = corpus
    assert scheduler._split_scope("tests/unit/test_document_cuad.py::test_x[1]") == CORPUS_GROUP
    assert scheduler._split_scope("tests/integration/test_text_clause_filter.py::test_y") == CORPUS_GROUP
    assert scheduler._split_scope("tests/app/test_dashboard.py::TestA::test_z[a::b]") == "tests/app/test_dashboard.py"


def test_units_are_handed_out_costliest_first() -> None:
    costs = {"a.py": {"cpu_s": 30.0, "tests": 3}, "b.py": {"cpu_s": 90.0, "tests": 1},
             "c.py": {"cpu_s": 8.0, "tests": 4}}  # per test: 10, 90, 2 -> median 10
    assert unit_cost("b.py", 1, costs) == 90.0
    assert unit_cost("new.py", 5, costs) == 50.0  # unmeasured: its tests at the median cost per test
    assert unit_cost("new.py", 5, {}) == 0.0  # no measurements: ties, so queue (collection) order
    queue = {"c.py": dict.fromkeys("wxyz", False), "a.py": dict.fromkeys("xyz", False),
             "new.py": dict.fromkeys("vwxyz", False), "b.py": {"x": False}}
    order = []
    while queue:
        order.append(costliest(queue, costs))
        del queue[order[-1]]
    assert order == ["b.py", "new.py", "a.py", "c.py"]



def test_timed_modules_become_work_unit_costs() -> None:
    """`python -m tests.timing --costs DIR` (tests/timing.py): worker, children and Neo4j CPU summed per unit."""
    rows = {"tests/unit/test_document_cuad.py": {"wall_s": 9.0, "cpu_s": 50.0, "neo4j_cpu_s": 0.0, "tests": 4},
            "tests/integration/test_text_clause_filter.py": {"wall_s": 9.0, "cpu_s": 5.0, "neo4j_cpu_s": 7.5,
                                                             "tests": 2},
            "tests/app/test_dashboard.py": {"wall_s": 30.0, "cpu_s": 20.0, "neo4j_cpu_s": 4.0, "tests": 6}}
    assert unit_costs(rows, corpus_modules(REPO_ROOT)) == {
        CORPUS_GROUP: {"cpu_s": 62.5, "tests": 6}, "tests/app/test_dashboard.py": {"cpu_s": 24.0, "tests": 6}}
