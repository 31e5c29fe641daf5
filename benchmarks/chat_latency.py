"""`python -m benchmarks.chat_latency [--reps N]`: how long the Chat page takes to show an exact-mode (offline)
answer after a question is sent (issue 31: target <= 1 s), measured with Streamlit's AppTest on the whole app.

Runs against the server the environment names (CG_NEO4J_HOME / CG_NEO4J_PORT with CG_NEO4J_LOCAL=1), with
`LLM_PROVIDER=offline` set by the caller (`LLM_PROVIDER=offline python -m benchmarks.chat_latency`). The app
is started and switched to the Chat page once (imports, driver, party index);
then each question is one `chat_input(...).set_value(q).run()`: the script rerun the browser would trigger,
the parse, the tool calls against Neo4j and the rendered answer. The load average is recorded at start and end
(the machine is shared; wall time moves with it). Result: `benchmarks/results/chat-latency-<date>.json`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from datetime import date
from pathlib import Path
from typing import Any

from streamlit.runtime.pages_manager import PagesManager
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1 import app_test as app_test_module

from core.settings import REPO_ROOT, AgentSettings

RESULTS = Path(__file__).parent / "results"
QUESTIONS = ("How many supply contracts?", "Which distributor agreements are worth the most?",
             "How many contracts were in force on 1 July 2012?", "What is the total value of license agreements?",
             "Which year saw the most agreements end?", "Which contracts mention 'most favored nation'?")


class _Pages(PagesManager):
    """As the real server: once app.py calls st.navigation, reruns run app.py (AppTest resets the flag)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        PagesManager.uses_pages_directory = False


def run(reps: int) -> dict[str, Any]:
    app_test_module.PagesManager = _Pages  # type: ignore[attr-defined]
    if AgentSettings.load().provider != "offline":
        raise SystemExit("run with LLM_PROVIDER=offline (exact mode) so no model is called")
    load_start = os.getloadavg()[0]
    at = AppTest.from_file(str(REPO_ROOT / "app.py"), default_timeout=300)
    at.run()
    at.switch_page("pages/assistant/chat.py").run()
    at.chat_input(key="chat_input").set_value("How many contracts?").run()  # warm-up: the party index
    times: dict[str, list[float]] = {q: [] for q in QUESTIONS}
    for _ in range(reps):
        for q in QUESTIONS:
            started = time.perf_counter()
            at.chat_input(key="chat_input").set_value(q).run()
            times[q].append(round(time.perf_counter() - started, 3))
    errors = [str(e.value)[:200] for e in at.exception]
    every = [t for ts in times.values() for t in ts]
    return {"date": date.today().isoformat(), "reps": reps, "load_average_1m_start": round(load_start, 2),
            "per_question_s": times, "median_s": statistics.median(every), "max_s": max(every),
            "errors": errors, "load_average_1m_end": round(os.getloadavg()[0], 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.chat_latency", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--label", default="")
    args = parser.parse_args(argv)
    result = run(args.reps)
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / f"chat-latency-{result['date']}{'-' + args.label if args.label else ''}.json"
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
