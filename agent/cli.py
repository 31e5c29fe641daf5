"""`python -m agent ask "question"`: answer one question with the configured LLM and print a tool trace.
With no LLM configured (or with --exact) the offline question parser answers through the same tools.

The answer goes to stdout, followed by one trace line per tool call (name, arguments, total_count or rows).
Errors are one line on stderr with exit code 2. `--json` prints {answer, error, tools} instead.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from agent.context import AgentSettings, Context
from agent.graph import build_agent
from agent.offline import PARSE_META, assistant_model, assistant_settings
from agent.runner import AgentAnswer, ask
from graph.cli_support import json_object_arg, run_cli
from graph.config import Neo4jSettings
from graph.db import build_driver
from graph.filters import parse_filter


def _answer_json(answer: AgentAnswer) -> dict[str, Any]:
    parse = answer.meta.get(PARSE_META) or {}
    return {"answer": answer.text, "error": answer.error,
            "tools": [{"name": t.name, "args": t.args, "outcome": t.outcome(), "total_count": t.total_count}
                      for t in answer.traces],
            # The offline parser's reading of the question (null with an LLM, which does not report one).
            "understood": parse.get("understood"), "ignored": parse.get("ignored"),
            "refusal": parse.get("refusal"), "clarify": parse.get("clarify")}


def cmd_ask(args: argparse.Namespace) -> int:
    settings = assistant_settings(AgentSettings.load(), exact=args.exact)
    agent = build_agent(assistant_model(settings))
    neo4j = Neo4jSettings.load()
    focus = parse_filter(json_object_arg(args.filter)) if args.filter else None
    with build_driver(neo4j) as driver:
        ctx = Context.create(driver, settings, focus=focus, database=neo4j.database)
        answer = ask(agent, ctx, args.question)
    if args.json:
        print(json.dumps(_answer_json(answer), indent=2, ensure_ascii=False, default=str))
        return 0 if answer.error is None else 2
    if answer.error:
        print(f"error: {answer.error}", file=sys.stderr)
    else:
        print(answer.text)
    if answer.traces:
        print("\ntools:")
        for trace in answer.traces:
            print(f"  - {trace.summary()}")
    return 0 if answer.error is None else 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m agent", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    ask_p = sub.add_parser("ask", help="answer one question about the contract portfolio")
    ask_p.add_argument("question")
    ask_p.add_argument("--filter", help="ContractFilter JSON to focus on (like the Explorer's side panel)")
    ask_p.add_argument("--json", action="store_true", help="print the answer and trace as JSON")
    ask_p.add_argument("--exact", action="store_true",
                       help="answer with the offline question parser even when an LLM is configured")
    ask_p.set_defaults(func=cmd_ask)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return run_cli(lambda: int(args.func(args)))
