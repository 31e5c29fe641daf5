"""`python -m ingest renewals [--file-id ID ...]`: re-extract the renewal facts (ingest.renewals.rows) of every
contract whose Document has text, or only these. Prints a summary; errors are one line on stderr."""

from __future__ import annotations

import argparse
import sys

from tqdm import tqdm

from graph.cli_support import run_cli
from graph.db import build_driver
from ingest.renewals.rows import refresh_renewals


def cmd_renewals(args: argparse.Namespace) -> int:
    with build_driver() as driver, tqdm(unit="document", desc="Renewal facts", file=sys.stderr) as bar:
        count = refresh_renewals(driver, args.file_id or None, progress=bar.update)
    print(f"Renewal facts written for {count} contracts with a document.")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m ingest renewals", description=__doc__)
    parser.add_argument("--file-id", action="append", help="only this contract (repeatable)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return run_cli(lambda: cmd_renewals(args))
