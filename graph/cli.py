"""`python -m graph`: manage the local Neo4j server, load data and query the contract graph from a shell.

Every command prints JSON (or a short status line) to stdout; errors are one line on stderr with a
non-zero exit code, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from pathlib import Path
from typing import Any

from tqdm import tqdm

from core.cli_input import CliParser, int_option, row_cap, seconds_option
from core.cli_support import json_object_arg, parse_args, run_cli
from core.errors import ContractGraphError
from core.json_finite import finite, non_finite_note
from graph.query.filters import parse_filter
from graph.readonly.guard import DEFAULT_ROW_CAP, DEFAULT_TIMEOUT_S, MAX_TIMEOUT_S, run_read_only
from graph.reads.contracts_csv import write_contracts_csv
from graph.reads.currencies import amounts_by_currency, markdown_table
from graph.reads.repository import graph_counts, headline, json_params, overview, search_contracts, search_parties
from graph.server import process as server
from graph.server.config import Neo4jSettings
from graph.server.db import build_driver
from graph.store.load import load_records
from graph.store.sample import read_records, resolve_sample
from graph.store.schema import ensure_schema

log = logging.getLogger("graph.cli")


def _print(data: Any) -> None:
    """Valid JSON always: a non-finite float left anywhere becomes null (`query` also notes where)."""
    print(json.dumps(finite(data)[0], indent=2, ensure_ascii=False, default=str, allow_nan=False))


def cmd_server(args: argparse.Namespace) -> int:
    settings = Neo4jSettings.load()
    if not settings.is_local:
        print(f"NEO4J_URI is set ({settings.uri}); the local server is not used.")
        return 0
    if args.action == "start":
        status, started = server.start()
        print(("Started: " if started else "Already running: ") + status.describe())
    elif args.action == "stop":
        print("Stopped." if server.stop() else "Not running.")
    else:
        print(server.status().describe())
    return 0


def cmd_load(args: argparse.Namespace) -> int:
    with build_driver() as driver:
        if args.if_empty and headline(driver)["contracts"] > 0:
            # Still bring the schema up to date: new indexes and backfills reach existing databases too.
            ensure_schema(driver)
            print("The graph already holds contracts; nothing loaded (schema up to date).")
            return 0
        path = resolve_sample(args.path)
        records = read_records(path)
        with tqdm(total=len(records), unit="contract", desc=f"Loading {path.name}", file=sys.stderr) as bar:
            summary = load_records(driver, records, source=args.source, progress=bar.update)
    print(summary.line())
    for warning in summary.warnings[: args.show_warnings]:
        print(f"  warning: {warning}")
    return 0


def cmd_search(args: argparse.Namespace) -> int:
    with build_driver() as driver:
        _print(search_contracts(driver, json_object_arg(args.filter)).to_json())
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """Every matching contract to a CSV file, written beside it first and renamed when complete, so an error
    or Ctrl-C midway leaves no half-written file (and an earlier file of that name as it was)."""
    f = parse_filter(json_object_arg(args.filter))
    target = Path(args.out)
    if target.is_dir():
        raise ContractGraphError(f"--out {target} is a folder; name the file, e.g. {target / 'contracts.csv'}")
    if not target.parent.is_dir():
        raise ContractGraphError(f"--out {target}: the folder {target.parent} does not exist")
    part = target.with_name(f".{target.name}.part")
    try:
        with build_driver() as driver, part.open("w", encoding="utf-8", newline="") as out:
            written = write_contracts_csv(driver, f, out)
        os.replace(part, target)
    finally:
        part.unlink(missing_ok=True)
    print(f"Wrote {written:,} contracts to {target}")
    return 0


def cmd_parties(args: argparse.Namespace) -> int:
    with build_driver() as driver:
        _print(search_parties(driver, json_object_arg(args.query)))
    return 0


def cmd_query(args: argparse.Namespace) -> int:
    params = json_object_arg(args.params)
    with build_driver() as driver:
        result = run_read_only(driver, args.cypher, params, timeout=args.timeout, row_cap=args.row_cap)
    rows, non_finite = finite(result.rows, "rows")
    payload: dict[str, Any] = {"rows": rows, "row_count": len(rows), "truncated": result.truncated,
                               "params": json_params(params)}
    if non_finite:
        payload["note"] = non_finite_note(non_finite)
    _print(payload)
    return 0


def cmd_currencies(args: argparse.Namespace) -> int:
    with build_driver() as driver:
        rows = amounts_by_currency(driver, include_usd=args.all)
    if args.markdown:
        print(markdown_table(rows))
    else:
        _print({"amount_count": len(rows), "amounts": rows})
    return 0


def cmd_status(_: argparse.Namespace) -> int:
    settings = Neo4jSettings.load()
    with build_driver(settings) as driver:
        _print({"uri": settings.uri, **overview(driver), **graph_counts(driver)})
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = CliParser(prog="python -m graph", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    srv = sub.add_parser("server", help="start, stop or inspect the local Neo4j server")
    srv.add_argument("action", choices=("start", "stop", "status"))
    srv.set_defaults(func=cmd_server)
    load = sub.add_parser("load", help="import seed-format contract JSON (default: the CUAD sample)")
    load.add_argument("path", nargs="?")
    load.add_argument("--if-empty", action="store_true", help="only load when the graph has no contracts")
    load.add_argument("--source", default="sample", help="provenance tag stored on each contract")
    load.add_argument("--show-warnings", type=int_option("show-warnings", 0, 100_000), default=0, metavar="N",
                      help="print the first N warnings")
    load.set_defaults(func=cmd_load)
    search = sub.add_parser("search", help="contracts matching a ContractFilter JSON")
    search.add_argument("filter", nargs="?", default="{}")
    search.set_defaults(func=cmd_search)
    export = sub.add_parser("export", help="every contract matching a ContractFilter JSON, as a CSV file")
    export.add_argument("filter", nargs="?", default="{}")
    export.add_argument("--out", required=True, metavar="PATH", help="the CSV file to write (replaced if it exists)")
    export.set_defaults(func=cmd_export)
    parties = sub.add_parser("parties", help="parties by name fragment and country")
    parties.add_argument("query", nargs="?", default="{}")
    parties.set_defaults(func=cmd_parties)
    query = sub.add_parser("query", help="run one read-only Cypher statement")
    query.add_argument("cypher")
    query.add_argument("--params", default="{}")
    query.add_argument("--timeout", type=seconds_option("timeout", MAX_TIMEOUT_S), default=DEFAULT_TIMEOUT_S,
                       help=f"seconds, more than 0 and at most {MAX_TIMEOUT_S:g} (default %(default)s)")
    query.add_argument("--row-cap", type=row_cap, default=DEFAULT_ROW_CAP,
                       help="rows returned at most, 1 to 100000 (default %(default)s)")
    query.set_defaults(func=cmd_query)
    cur = sub.add_parser("currencies", help="amounts not in US dollars, with the sentence naming the currency")
    cur.add_argument("--all", action="store_true", help="every amount, US dollars included")
    cur.add_argument("--markdown", action="store_true", help="a Markdown table instead of JSON")
    cur.set_defaults(func=cmd_currencies)
    sub.add_parser("status", help="database counts").set_defaults(func=cmd_status)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = parse_args(build_parser(), argv)
    # Server errors carry the log tail after their first line; other errors are one line.
    return run_cli(lambda: int(args.func(args)),
                   describe=str if args.command == "server" else lambda e: str(e).splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
