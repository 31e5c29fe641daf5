"""`python -m ingest families [--list] [--markdown]`: re-detect every contract family over the stored texts
(amendments, addenda, restatements, statements of work, renewal letters linked to the agreement they change)
and print them; `--list` only prints the stored families. JSON by default; `--markdown` prints the list that
docs/FAMILIES.md shows, `--short` the README's. Errors are one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys

from core.cli_support import run_cli
from graph.reads.families import all_families, markdown, short
from graph.server.db import build_driver
from graph.store.families import ensure_family_schema
from ingest.families.link import link_all


def cmd_families(args: argparse.Namespace) -> int:
    with build_driver() as driver:
        if not args.list:
            ensure_family_schema(driver)
            print(link_all(driver).line(), file=sys.stderr)
        families = all_families(driver)
    if args.short:
        print(short(families))
    else:
        print(markdown(families) if args.markdown else json.dumps(families, indent=2, ensure_ascii=False))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m ingest families", description=__doc__)
    parser.add_argument("--list", action="store_true", help="print the stored families; detect nothing")
    parser.add_argument("--markdown", action="store_true", help="a Markdown list instead of JSON")
    parser.add_argument("--short", action="store_true", help="one Markdown line a family (the README's list)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return run_cli(lambda: cmd_families(args))
