"""`python -m benchmarks.first_visit`: first visit of every page in Chromium at 1366x768 (issue 33: <= 3 s),
from navigation start until the page's main content is visible (`benchmarks/first_visit_pages.py` says what
that is per page).

A first visit is a new browser context (empty HTTP cache) against a server whose caches were just cleared:
before every visit, a separate admin tab sends Streamlit's "Clear caches" (the `c` key; the server runs with
`client.toolbarMode=developer` for that), which empties `st.cache_data` and `st.cache_resource` (every read
goes to Neo4j again, and the driver is rebuilt). The Python modules stay imported: one unmeasured round over
every page comes first, as on a server that has been up. Runs against the Neo4j server the environment names
(CG_NEO4J_HOME / CG_NEO4J_PORT with CG_NEO4J_LOCAL=1); the Streamlit server gets `--port` (default 8550).

`--tree DIR` (repeatable) times another checkout of the app too (e.g. a worktree of main): the trees alternate
visit by visit, each on its own Streamlit server, so a change in the machine's load hits both. The 1-minute
load average is recorded before and after every round. Per visit the probe also records when each target
showed and when the script run started and ended, which says what the page waited for.

    python -m benchmarks.first_visit --runs 5 --label after
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

from benchmarks.first_visit_pages import VERTICALNET_PARTY, PageSpec, page_specs, probe_script
from graph.reads.repository import search_parties
from graph.server.config import REPO_ROOT, Neo4jSettings
from graph.server.db import build_driver

RESULTS = Path(__file__).parent / "results"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]
VIEWPORT = {"width": 1366, "height": 768}
VISIT_TIMEOUT_MS = 60_000
IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
LAST_CHUNKS = 5  # slow script fetches kept per visit: [name, start ms, duration ms], the last to finish


def start_server(tree: Path, port: int, log: Path) -> subprocess.Popen[bytes]:
    """`streamlit run app.py` in `tree` on `port`, waiting for its health endpoint."""
    cmd = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port), "--server.headless",
           "true", "--client.toolbarMode", "developer", "--browser.gatherUsageStats", "false"]
    process = subprocess.Popen(cmd, cwd=tree, stdout=log.open("wb"), stderr=subprocess.STDOUT,
                               env=os.environ.copy(), start_new_session=True)
    for _ in range(240):
        if process.poll() is not None:
            raise RuntimeError(f"streamlit in {tree} exited: see {log}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2):
                return process
        except OSError:
            time.sleep(0.5)
    process.terminate()
    raise RuntimeError(f"streamlit in {tree} did not answer on port {port}")


def clear_caches(admin: Page) -> None:
    """Streamlit's own "Clear caches" (developer toolbar): st.cache_data and st.cache_resource, server-wide."""
    admin.locator('[data-testid="stApp"]').press("c")
    admin.get_by_role("button", name="Clear caches").click()
    admin.get_by_role("button", name="Clear caches").wait_for(state="detached")


def visit(browser: Browser, base: str, spec: PageSpec) -> dict[str, Any]:
    """One first visit: a new context, navigation, until every target is visible (or the timeout)."""
    context = browser.new_context(viewport=VIEWPORT)
    context.add_init_script(probe_script(spec))
    page = context.new_page()
    try:
        page.goto(base + spec.path, wait_until="commit")
        page.wait_for_function(f"() => window.__firstVisit && {json.dumps(list(spec.targets))}"
                               ".every((t) => t in window.__firstVisit)", timeout=VISIT_TIMEOUT_MS)
        page.wait_for_selector(IDLE)
        marks = page.evaluate("() => window.__firstVisit")
        done = max(marks[t] for t in spec.targets)
        busy = page.evaluate(f"() => window.__longTasks.filter(([s]) => s < {done})"
                             ".reduce((n, [, d]) => n + d, 0)")
        chunks = page.evaluate("() => performance.getEntriesByType('resource').filter((r) => r.duration > 100 "
                               "&& /\\.js$/.test(r.name)).map((r) => [r.name.split('/').pop().split('.')[0], "
                               "Math.round(r.startTime), Math.round(r.duration)])")
        chunks = sorted(chunks, key=lambda c: c[1] + c[2])[-LAST_CHUNKS:]  # the fetches the page waited for last
        error = None
    except Exception as e:  # noqa: BLE001 - a timed-out or crashed visit is a result of the run, not its end
        marks, busy, chunks, error = partial_marks(page), None, [], str(e)[:300]
    finally:
        context.close()
    visible = [marks[t] for t in spec.targets if t in marks]
    return {"ms": round(max(visible)) if len(visible) == len(spec.targets) else None,
            "marks_ms": {k: round(v) for k, v in marks.items()},
            "long_tasks_ms": None if busy is None else round(busy), "slow_chunks": chunks, "error": error}


def partial_marks(page: Page) -> dict[str, float]:
    """What the probe saw before a visit failed; nothing when the tab itself crashed."""
    try:
        return page.evaluate("() => window.__firstVisit || {}")
    except Exception:  # noqa: BLE001 - a crashed tab ("Target crashed") has no marks to give
        return {}


def summarise(visits: list[dict[str, Any]]) -> dict[str, Any]:
    times = [v["ms"] for v in visits if v["ms"] is not None]
    return {"median_ms": round(statistics.median(times)) if times else None, "max_ms": max(times, default=None),
            "runs_ms": [v["ms"] for v in visits], "failed": sum(v["ms"] is None for v in visits)}


def assemble(trees: dict[str, Path], specs: list[PageSpec], visits: dict[str, dict[str, list[dict[str, Any]]]],
             rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """The results so far: per tree, per page, median and max with every visit; the rounds' load averages."""
    result: dict[str, Any] = {"trees": {}, "rounds": rounds}
    for name, tree in trees.items():
        commit = subprocess.run(["git", "-C", str(tree), "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True, check=False).stdout.strip()
        result["trees"][name] = {"path": str(tree), "commit": commit,
                                 "pages": {s.name: {**summarise(visits[name][s.name]), "content": s.note,
                                                    "visits": visits[name][s.name]} for s in specs}}
    return result


def run(trees: dict[str, Path], runs: int, port: int, pages: list[str] | None,
        save: Callable[[dict[str, Any]], None]) -> None:
    """Warm-up, then `runs` rounds over every page; `save` gets the results so far after every round (a
    crash or a stopped run keeps the rounds done)."""
    settings = Neo4jSettings.load()
    with build_driver(settings) as driver:
        key = search_parties(driver, {"name": VERTICALNET_PARTY})["parties"][0]["key"]
    specs = [s for s in page_specs(key) if pages is None or s.name in pages]
    logs = RESULTS.parent.parent / "test-artifacts"
    logs.mkdir(exist_ok=True)
    servers = {name: start_server(tree, port + i, logs / f"first-visit-{name}.log")
               for i, (name, tree) in enumerate(trees.items())}
    bases = {name: f"http://127.0.0.1:{port + i}" for i, name in enumerate(trees)}
    rounds: list[dict[str, Any]] = []
    visits: dict[str, dict[str, list[dict[str, Any]]]] = {n: {s.name: [] for s in specs} for n in trees}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            admins = {}
            for name, base in bases.items():
                admins[name] = browser.new_context(viewport=VIEWPORT).new_page()
                admins[name].goto(base + "/chat")
                admins[name].wait_for_selector(IDLE)
                for spec in specs:  # warm-up round: imports, not measured
                    clear_caches(admins[name])
                    visit(browser, base, spec)
            for number in range(runs):
                entry: dict[str, Any] = {"run": number + 1, "started": f"{datetime.now(UTC):%H:%M:%S}",
                                         "load_1m_start": round(os.getloadavg()[0], 2)}
                for spec in specs:
                    order = list(trees) if number % 2 == 0 else list(reversed(trees))
                    for name in order:
                        clear_caches(admins[name])
                        visits[name][spec.name].append(visit(browser, bases[name], spec))
                entry["load_1m_end"] = round(os.getloadavg()[0], 2)
                rounds.append(entry)
                save(assemble(trees, specs, visits, rounds))
                print(json.dumps({**entry, **{n: {s: v[-1]["ms"] for s, v in pv.items()} for n, pv in visits.items()}}),
                      flush=True)
            browser.close()
    finally:
        for process in servers.values():
            process.terminate()
            process.wait(timeout=30)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.first_visit", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--port", type=int, default=8550, help="first Streamlit port (one per tree)")
    parser.add_argument("--tree", action="append", default=[], metavar="NAME=DIR",
                        help="another checkout to time as well, alternating (e.g. base=/path/to/main-worktree)")
    parser.add_argument("--page", action="append", help="only these pages (default: every page)")
    parser.add_argument("--label", default="", help="suffix of the results file")
    args = parser.parse_args(argv)
    trees = {"this": REPO_ROOT, **{t.split("=", 1)[0]: Path(t.split("=", 1)[1]) for t in args.tree}}
    started = datetime.now(UTC)
    header = {"benchmark": "first visit, Chromium headless 1366x768, new context and cleared Streamlit caches",
              "unit": "ms from navigation start until every target of the page is visible",
              "data": "CUAD sample (510 contracts) with its document layer", "cpu_count": os.cpu_count(),
              "date": f"{started:%Y-%m-%d}", "started": f"{started:%H:%M:%S}"}
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / f"page-first-visit-{header['date']}{'-' + args.label if args.label else ''}.json"

    def save(result: dict[str, Any]) -> None:
        out.write_text(json.dumps({**header, **result, "ended": f"{datetime.now(UTC):%H:%M:%S}"}, indent=1) + "\n")

    run(trees, args.runs, args.port, args.page, save)
    print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
