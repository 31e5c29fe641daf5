"""`python -m evals.agent QUESTIONS.csv [--out DIR] [--limit N] [--ids a,b]`: run the evaluation with the
configured LLM (see agent/context.py) and write results.csv, summary.json and summary.md.

Without an LLM configured it says so and exits 0 without running anything.
"""

from __future__ import annotations

import argparse
import logging
import sys
from datetime import UTC, datetime
from pathlib import Path

from agent.context import Context
from agent.graph import build_agent
from core.errors import ContractGraphError
from core.llm import build_chat_model
from core.settings import AgentSettings
from evals.agent import DEFAULT_QUESTIONS
from evals.agent.harness import Result, load_questions, run_eval, summarize, summary_markdown, write_outputs
from graph.server.config import REPO_ROOT, Neo4jSettings
from graph.server.db import build_driver

SKIPPED = ("skipped: no LLM is configured, so nothing was evaluated. Set OPENAI_API_KEY (or OPENAI_BASE_URL "
           "for a local OpenAI-compatible server) in the environment or .streamlit/secrets.toml; see "
           "agent/context.py.")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m evals.agent", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("questions", nargs="?", type=Path, default=DEFAULT_QUESTIONS)
    parser.add_argument("--out", type=Path, help="output directory (default .data/eval/<UTC timestamp>)")
    parser.add_argument("--limit", type=int, help="only the first N questions")
    parser.add_argument("--ids", help="only these question ids, comma-separated")
    return parser.parse_args(argv)


def _progress(result: Result) -> None:
    mark = "PASS" if result.score else "FAIL"
    print(f"{mark} {result.id}: {result.reason}", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    settings = AgentSettings.load()
    if not settings.configured:
        print(SKIPPED)
        return 0
    questions = load_questions(args.questions)
    if args.ids:
        wanted = set(args.ids.split(","))
        questions = [q for q in questions if q.id in wanted]
    questions = questions[: args.limit] if args.limit else questions
    agent = build_agent(build_chat_model(settings))
    judge_model = build_chat_model(settings, model=settings.judge_model)
    out = args.out or REPO_ROOT / ".data" / "eval" / datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    neo4j = Neo4jSettings.load()
    with build_driver(neo4j) as driver:
        ctx = Context.create(driver, settings, database=neo4j.database)
        results = run_eval(agent, ctx, judge_model, questions, progress=_progress)
    summary = summarize(results, settings.describe())
    paths = write_outputs(results, summary, out)
    print(summary_markdown(summary))
    print(f"results: {paths['results']}\nsummary: {paths['summary_json']}")
    return 0


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        return run(parse_args(argv))
    except ContractGraphError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
