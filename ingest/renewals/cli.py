"""`python -m ingest renewals [--file-id ID ...] [--engine rules|llm]`: re-extract the renewal facts
(ingest.renewals.rows) of every contract whose Document has text, or only these, with the rules engine or the
configured language model (ingest.renewals.llm: a reply that is not usable, or a quote not in the text, keeps
the rules engine's facts and is counted in the summary). Prints a summary; errors are one line on stderr."""

from __future__ import annotations

import argparse
import sys

from tqdm import tqdm

from core.cli_input import CliParser
from core.cli_support import parse_args, run_cli
from core.llm import build_chat_model
from graph.server.db import build_driver
from ingest.document.models import ParsedDocument
from ingest.renewals.extract import RenewalTerms
from ingest.renewals.llm import extract_renewals_llm
from ingest.renewals.rows import Extractor, refresh_renewals


def llm_extractor(notes: list[str]) -> Extractor:
    """The configured chat model as a renewal extractor (raises LLMNotConfigured when there is none);
    its notes are appended to `notes`, one line per contract."""
    model = build_chat_model()

    def extract(doc: ParsedDocument, file_id: str) -> RenewalTerms:
        found = extract_renewals_llm(doc, file_id, model)
        if found.note:
            notes.append(f"{file_id}: {found.note}")
        return found.terms

    return extract


def cmd_renewals(args: argparse.Namespace) -> int:
    notes: list[str] = []
    extract = llm_extractor(notes) if args.engine == "llm" else None
    with build_driver() as driver, tqdm(unit="document", desc="Renewal facts", file=sys.stderr) as bar:
        count = refresh_renewals(driver, args.file_id or None, progress=bar.update, extract=extract)
    print(f"Renewal facts written for {count} contracts with a document ({args.engine} engine).")
    if notes:
        print(f"{len(notes)} of them keep some or all of the rules engine's facts:")
        print("\n".join(f"  {line}" for line in notes))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = CliParser(prog="python -m ingest renewals", description=__doc__)
    parser.add_argument("--file-id", action="append", help="only this contract (repeatable)")
    parser.add_argument("--engine", choices=("rules", "llm"), default="rules",
                        help="the offline rules (default) or the configured language model")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = parse_args(build_parser(), argv)
    return run_cli(lambda: cmd_renewals(args))
