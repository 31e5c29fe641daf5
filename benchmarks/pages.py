"""Page render time with streamlit's AppTest, against whatever database the environment points at.

Run as a subprocess by `benchmarks.measure` with CG_NEO4J_HOME / CG_NEO4J_PORT / CG_NEO4J_LOCAL=1 set to
the benchmark server, so the app never touches the user's database. Each run builds a fresh AppTest
with `st.cache_data` cleared (a first visit: every read goes to Neo4j); the cached driver is kept, as in
a running app. Prints one JSON object: per page, the median and every run in seconds, plus any error.

    python -m benchmarks.pages --runs 5
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

import streamlit as st
from streamlit.testing.v1 import AppTest

from benchmarks.bench_db import peak_rss
from graph.server.config import REPO_ROOT

APP = REPO_ROOT / "app.py"
PAGES = {"overview": None, "explorer": "pages/explorer.py"}
TIMEOUT_S = 300


def render_once(page: str | None) -> tuple[float, list[str], str]:
    """Seconds to render `page` (None: the default page) on a fresh AppTest, its errors, and its text."""
    st.cache_data.clear()
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT_S)
    start = time.perf_counter()
    if page is None:
        at.run()
    else:
        at.switch_page(page).run()
    elapsed = time.perf_counter() - start
    errors = [str(e.value)[:300] for e in at.exception] + [str(e.value)[:300] for e in at.error]
    text = " ".join(str(m.value) for m in at.markdown)[:200] + " " + " ".join(str(i.value) for i in at.info)
    return elapsed, errors, text


def time_page(page: str | None, runs: int) -> dict[str, Any]:
    """Median of `runs` renders after one warm-up render (imports, driver pool; its time is reported too)."""
    warmup_s, errors, _ = render_once(page)
    times, text = [], ""
    for _ in range(runs):
        elapsed, errs, text = render_once(page)
        times.append(elapsed)
        errors.extend(errs)
    placeholder = "being built" in text
    return {"median_s": statistics.median(times), "runs_s": times, "warmup_s": warmup_s,
            "errors": sorted(set(errors))[:5],
            "placeholder": placeholder}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time page renders with AppTest")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    result = {name: time_page(page, args.runs) for name, page in PAGES.items()}
    result["python_peak_rss_bytes"] = peak_rss()
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
