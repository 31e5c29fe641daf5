"""`python -m ingest load-texts [DIR] [--if-missing] [--workers N] [--embed] [--progress-file F]`: parse
contract texts into the document layer (sections, references, defined terms, footnotes); by default the 510 CUAD texts.
Then links contract families over the stored texts (ingest.families.link_all: amendments to their agreements).

Prints the layer summary to stdout and a progress bar on stderr; errors are one line on stderr.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from tqdm import tqdm

from core.cli_input import CliParser, int_option
from core.cli_support import parse_args, run_cli
from core.errors import IngestError
from core.llm import build_embeddings
from core.settings import REPO_ROOT, AgentSettings
from core.text_safety import printable
from graph.server.db import build_driver
from graph.store.families import ensure_family_schema
from ingest.background import ProgressFile
from ingest.families.link import link_all
from ingest.layer import load_texts

DEFAULT_TEXTS = REPO_ROOT.parent / "shared" / "data" / "cuad" / "txt"


def _section_embedder() -> Callable[[list[str]], list[list[float]]] | None:
    """The configured embedding model's batch function, or None (no EMBEDDING_MODEL: the vector index is
    skipped)."""
    embeddings = build_embeddings(AgentSettings.load())
    return embeddings.embed_documents if embeddings is not None else None


def cmd_load_texts(args: argparse.Namespace) -> int:
    embed = _section_embedder() if args.embed else None
    if args.embed and embed is None:
        print("No EMBEDDING_MODEL configured: sections are loaded without embeddings.", file=sys.stderr)
    if args.progress_file and args.progress_file.is_dir():
        shown = printable(str(args.progress_file))[:200]
        raise IngestError(f"--progress-file {shown} is a directory; give a file path.")
    counts = ProgressFile(args.progress_file) if args.progress_file else None
    if counts:
        counts.advance(0)  # a path that cannot be written fails here, before any work
    with build_driver() as driver, tqdm(unit="document", desc="Parsing texts", file=sys.stderr) as bar:
        def advance(n: int) -> None:
            bar.update(n)
            if counts:
                counts.advance(n)

        summary = load_texts(driver, Path(args.directory), only_missing=args.if_missing, workers=args.workers,
                             embed=embed, progress=advance, on_plan=counts.plan if counts else None)
        ensure_family_schema(driver)
        families = link_all(driver)
    print(summary.line())
    print(families.line())
    return 0


def build_parser() -> argparse.ArgumentParser:
    texts = CliParser(prog="python -m ingest load-texts", description=__doc__)
    texts.add_argument("directory", nargs="?", default=str(DEFAULT_TEXTS))
    texts.add_argument("--if-missing", action="store_true",
                       help="skip documents whose layer this loader version already wrote")
    texts.add_argument("--workers", type=int_option("workers", 1, 64), default=None,
                       help="parser processes (default: one per usable core)")
    texts.add_argument("--embed", action="store_true", help="also embed sections (needs EMBEDDING_MODEL)")
    texts.add_argument("--progress-file", type=Path, default=None,
                       help="keep {done, total} documents in this JSON file (the app's progress display)")
    return texts


def main(argv: list[str] | None = None) -> int:
    args = parse_args(build_parser(), argv)
    return run_cli(lambda: cmd_load_texts(args))
