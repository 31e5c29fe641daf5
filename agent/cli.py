"""`python -m agent ask "question"`: answer one question with the configured LLM and print a tool trace.
With no LLM configured (or with --exact) the offline question parser answers through the same tools, without
the agent loop (agent.exact: the same calls, results and answer, and no LangGraph / LangChain to import).

The answer goes to stdout, followed by one trace line per tool call (name, arguments, total_count or rows).
`--json` prints {answer, error, tools} instead. Errors are one line on stderr. Exit codes: 0 answered;
2 bad input or an LLM error; 3 the database is unreachable or a tool failed with a database error (the
answer, if any, is still printed); 130 interrupted. Everything printed is cleaned (`core.untrusted.clean_text`):
a lone surrogate or a terminal escape from the model never reaches the terminal. A question over
`core.untrusted.MAX_QUESTION_CHARS` characters is bad input (exit 2).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from agent.context import Context
from agent.events import AgentAnswer
from agent.exact import ask_exact
from agent.offline_plan import PARSE_META
from core.cli_input import CliParser
from core.cli_support import EXIT_ERROR, json_object_arg, parse_args, run_cli
from core.errors import DatabaseUnavailable
from core.settings import AgentSettings, assistant_settings
from core.untrusted import clean_data, clean_text, question_problem
from graph.query.filters import parse_filter
from graph.server.config import Neo4jSettings
from graph.server.db import build_driver, ping

EXIT_DATABASE = 3


def _answer_json(answer: AgentAnswer) -> dict[str, Any]:
    parse = answer.meta.get(PARSE_META) or {}
    return {"answer": answer.text, "error": answer.error,
            "tools": [{"name": t.name, "args": t.args, "outcome": t.outcome(), "total_count": t.total_count}
                      for t in answer.traces],
            # The offline parser's reading of the question (null with an LLM, which does not report one).
            "understood": parse.get("understood"), "ignored": parse.get("ignored"),
            "refusal": parse.get("refusal"), "clarify": parse.get("clarify")}


def _say(text: str, error: bool = False) -> None:
    print(clean_text(text), file=sys.stderr if error else sys.stdout)


def _database_failure(answer: AgentAnswer) -> str | None:
    """The first tool failure caused by the database, in a few words, or None."""
    failed = next((t for t in answer.traces if t.database_failed), None)
    return f"{failed.name} failed: {failed.outcome().removeprefix('database: ')}" if failed else None


def _answer(ctx: Context, question: str) -> AgentAnswer:
    """Exact mode runs the planner on the tools directly (agent.exact); only an LLM needs the agent loop, so
    LangGraph, LangChain and the OpenAI client are imported only then (issue 31: start-up time)."""
    if ctx.settings.provider == "offline":
        return ask_exact(ctx, question)
    from agent.graph import build_agent
    from agent.offline import assistant_model
    from agent.runner import ask
    return ask(build_agent(assistant_model(ctx.settings)), ctx, question)


def cmd_ask(args: argparse.Namespace) -> int:
    if problem := question_problem(args.question):  # before the database or a model is involved
        _say(f"error: {problem}", error=True)
        return EXIT_ERROR
    settings = assistant_settings(AgentSettings.load(), exact=args.exact)
    neo4j = Neo4jSettings.load()
    focus = parse_filter(json_object_arg(args.filter)) if args.filter else None
    with build_driver(neo4j) as driver:
        try:
            ping(driver)  # down before we start: one line, no model call
        except DatabaseUnavailable as e:
            print(f"error: {str(e).splitlines()[0]}", file=sys.stderr)
            return EXIT_DATABASE
        ctx = Context.create(driver, settings, focus=focus, database=neo4j.database)
        answer = _answer(ctx, args.question)
    database = _database_failure(answer)
    if args.json:
        _say(json.dumps(clean_data(_answer_json(answer)), indent=2, ensure_ascii=False, default=str))
    else:
        if answer.error:
            _say(f"error: {answer.error}", error=True)
        else:
            _say(answer.text)
        if answer.traces:
            _say("\ntools:")
            for trace in answer.traces:
                _say(f"  - {trace.summary()}")
    if database:
        # The model may still have answered ("the database is unreachable"): the exit code says it failed.
        _say(f"error: database: {database.splitlines()[0]}", error=True)
        return EXIT_DATABASE
    return 0 if answer.error is None else EXIT_ERROR


def build_parser() -> argparse.ArgumentParser:
    parser = CliParser(prog="python -m agent", description=__doc__,
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
    args = parse_args(build_parser(), argv)
    return run_cli(lambda: int(args.func(args)))
