"""`python -m benchmarks.cli_latency [--reps N] [--label L] [--compare DIR]`: how long `python -m agent ask`
takes to answer one offline question (issue 31: target <= 1.5 s wall on the 2-core machine), from a fresh
interpreter each time.

Runs against the server the environment names (CG_NEO4J_HOME / CG_NEO4J_PORT with CG_NEO4J_LOCAL=1, e.g. a
test server), with no LLM configured. Per repetition: wall time and the CPU seconds of the child process
(user + system, from `resource.getrusage(RUSAGE_CHILDREN)`, so other load on the shared machine does not
inflate it); once, `python -X importtime` of the same command for the packages that dominate start-up. The
load average is recorded at start and end: on this machine wall time moves 5-20x with it, CPU time far less.
The result lands in `benchmarks/results/cli-latency-<date>[-label].json`.

`--compare DIR` also runs the command from another checkout (e.g. a worktree of the commit before a change),
alternating the two on every repetition so a change in machine load hits both; its figures are under
"compare" in the same file.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

from core.settings import REPO_ROOT

RESULTS = Path(__file__).parent / "results"
QUESTION = "How many supply contracts?"
LLM_VARS = ("LLM_PROVIDER", "LLM_SCRIPT", "OPENAI_API_KEY", "OPENAI_BASE_URL", "LLM_MODEL")
PACKAGES = ("agent.cli", "neo4j", "pandas", "numpy", "openai", "langchain_openai", "langgraph.graph",
            "langchain_core.language_models", "agent.question", "agent.exact", "pydantic")


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in LLM_VARS}


def _one(repo: Path = REPO_ROOT) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "agent", "ask", QUESTION], cwd=repo, env=_env(), check=True,
                   capture_output=True, timeout=600)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def import_times(repo: Path = REPO_ROOT) -> dict[str, float]:
    """Cumulative import seconds (wall) of the dominant packages, as `python -X importtime` reports them."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "agent", "ask", QUESTION], cwd=repo,
                          env=_env(), check=True, capture_output=True, text=True, timeout=600)
    found: dict[str, float] = {}
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and line.count("|") == 2:
            _, cumulative, name = line.split("|")
            if name.strip() in PACKAGES and name.strip() not in found:
                found[name.strip()] = round(int(cumulative) / 1e6, 3)
    return found


def _figures(runs: list[tuple[float, float]]) -> dict[str, object]:
    walls, cpus = [w for w, _ in runs], [c for _, c in runs]
    return {"wall_s": [round(w, 2) for w in walls], "cpu_s": [round(c, 2) for c in cpus],
            "wall_median_s": round(statistics.median(walls), 2), "cpu_median_s": round(statistics.median(cpus), 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.cli_latency", description=__doc__)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--label", default="")
    parser.add_argument("--compare", type=Path, help="another checkout to run alternately (e.g. the commit before)")
    args = parser.parse_args(argv)
    load_start = os.getloadavg()[0]
    runs, other = [], []
    for _ in range(args.reps):
        runs.append(_one())
        if args.compare:
            other.append(_one(args.compare))
    result = {"date": date.today().isoformat(), "question": QUESTION, "reps": args.reps,
              "load_average_1m_start": round(load_start, 2), **_figures(runs), "import_s": import_times()}
    if args.compare:
        result["compare"] = {"repo": str(args.compare), **_figures(other), "import_s": import_times(args.compare)}
    result["load_average_1m_end"] = round(os.getloadavg()[0], 2)
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / f"cli-latency-{result['date']}{'-' + args.label if args.label else ''}.json"
    out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
