"""`python -m ingest PATH... [--engine rules|llm] [--model NAME] [--yes]`: ingest contract PDFs in batch.

PATHs are PDF files or folders (searched recursively for *.pdf). Each file is hashed (a file already in
the graph is skipped), read, extracted and matched against existing parties; a file whose content is
already in the graph (`ingest.duplicates`) is reported and linked to that contract (--on-duplicate), never
silently added again. Without --yes every file's
fields are shown with confidence and evidence, each fuzzy party match is asked about, and the commit is
confirmed per file. With --yes files are committed unreviewed, accepting exact-name party matches only.
A file whose parties or contract type were not found is committed as type Other, flagged "needs review"
(listed in the Upload page's review queue); --strict refuses it instead. A scan is OCRed first (a progress
line per page on stderr).
A progress bar runs on stderr; the summary (every file: ingested, skipped or failed, with the reason) goes
to stdout. A file that fails, for whatever reason, never stops the batch. A file whose bytes are already in
the graph, also when another run commits them at the same moment, is skipped (a run still writing them is
waited for, up to IN_PROGRESS_WAIT_S; a run that died half-way is completed: graph.store.pending). The exit
code is 0 when nothing failed, 1 when a file failed, 2 when the run could not start.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from neo4j import Driver
from tqdm import tqdm

from core.cli_support import run_cli
from core.errors import ContractGraphError
from core.text_safety import printable
from core.vocab import CONTRACT_TYPES
from graph.server.db import build_driver
from graph.store.write import DuplicateFile
from ingest.batch_files import collect_files, display_name
from ingest.commit_steps import configured_embeddings
from ingest.duplicates import CHOICES, Choice
from ingest.evidence import LOW_CONFIDENCE, REVIEW_FIELDS
from ingest.ocr import low_confidence_note, ocr_summary
from ingest.pipeline import (
    RULES,
    Engine,
    Review,
    commit_review,
    llm_engine,
    process_file,
)
from ingest.resolve import PartySuggestion, auto_same_as

if TYPE_CHECKING:  # LangChain is loaded only when a model is configured (core.llm)
    from langchain_core.embeddings import Embeddings

Ask = Callable[[str], str]
log = logging.getLogger(__name__)
# The same bytes being written by another live run (graph.store.pending): wait this long for it to finish
# (its document layer: about a minute for the sample's longest contract), then skip the file saying so.
IN_PROGRESS_WAIT_S = 600.0


@dataclass
class Summary:
    """What happened to each file."""

    ingested: list[tuple[Path, str]] = field(default_factory=list)
    skipped: list[tuple[Path, str]] = field(default_factory=list)
    failed: list[tuple[Path, str]] = field(default_factory=list)
    linked: list[tuple[Path, str]] = field(default_factory=list)
    needs_review: dict[str, str] = field(default_factory=dict)  # file_id -> why it was flagged
    duplicates: dict[Path, str] = field(default_factory=dict)  # file -> the known contract it was recognised as

    def lines(self) -> list[str]:
        linked = f", linked {len(self.linked)}" if self.linked else ""
        flagged = f" ({len(self.needs_review)} flagged: needs review)" if self.needs_review else ""
        out = [f"Ingested {len(self.ingested)}{flagged}{linked}, skipped {len(self.skipped)}, "
               f"failed {len(self.failed)}."]
        out += [f"  ingested: {display_name(p)} -> {printable(file_id)}"
                + (f" (needs review: {self.needs_review[file_id]})" if file_id in self.needs_review else "")
                for p, file_id in self.ingested]
        out += [f"  linked:   {display_name(p)} -> {printable(file_id)} (already in the graph: no new contract)"
                for p, file_id in self.linked]
        out += [f"  skipped:  {display_name(p)}: {printable(why)}" for p, why in self.skipped]
        out += [f"  failed:   {display_name(p)}: {printable(why)}" for p, why in self.failed]
        return out


def _value(value: object) -> str:
    if isinstance(value, list):
        return "; ".join(getattr(v, "name", None) or getattr(v, "clause_type", None) or str(v) for v in value) or "-"
    if hasattr(value, "model_dump"):
        return ", ".join(f"{k}={v}" for k, v in value.model_dump().items() if v)  # type: ignore[union-attr]
    return "-" if value in (None, "") else str(value)


def format_review(review: Review) -> list[str]:
    """The extracted fields with confidence and evidence, and the party suggestions."""
    lines = [f"{review.file_name}  ->  {review.file_id}  ({len(review.pages)} pages, {review.engine.label})"]
    lines += _ocr_review(review)
    for name in REVIEW_FIELDS:
        found = review.evidence.get(name)
        value = _value(getattr(review.draft, name))
        if value == "-":
            lines.append(f"  {name:15} NOT FILLED")
            continue
        confidence = f"{found.confidence:.2f}" if found else "  - "
        flag = " LOW" if found and found.confidence < LOW_CONFIDENCE else ""
        lines.append(f"  {name:15} {value[:100]}  [confidence {confidence}{flag}]")
        if found and found.evidence:
            quote = " ".join(found.evidence.text.split())[:100]
            lines.append(f"  {'':15} evidence p.{found.evidence.page}: \"{quote}\"")
    return lines


def _ocr_lines(name: str) -> Callable[[str, float], None]:
    """Progress lines on stderr for the slow step, OCR of a scan (one per page); other steps are quick."""
    def report(message: str, _fraction: float) -> None:
        if message.startswith("OCR"):
            tqdm.write(f"  {name}: {message}", file=sys.stderr)
    return report


def _ocr_review(review: Review) -> list[str]:
    """What OCR did (pages, mean confidence) and the low-confidence pages to check."""
    lines = [ocr_summary(review.ocr, len(review.pages)), low_confidence_note(review.ocr)]
    return [f"  OCR: {line}" for line in lines if line]


def _ask_party(suggestion: PartySuggestion, ask: Ask) -> str | None:
    if suggestion.exact:
        print(f"  party '{suggestion.name}': same as {suggestion.exact.describe()}")
        return suggestion.exact.key
    if not suggestion.candidates:
        print(f"  party '{suggestion.name}': new party (no similar party in the graph)")
        return None
    print(f"  party '{suggestion.name}' may be an existing party:")
    for i, candidate in enumerate(suggestion.candidates, 1):
        print(f"    [{i}] same as {candidate.describe()}")
    answer = ask("    choose a number, or press Enter for a new party: ").strip()
    if answer.isdigit() and 1 <= int(answer) <= len(suggestion.candidates):
        return suggestion.candidates[int(answer) - 1].key
    return None


def _duplicate_action(review: Review, *, yes: bool, ask: Ask, default: Choice) -> Choice:
    if review.duplicate is None:
        return "keep"
    print(f"  {printable(review.file_name)}: {printable(review.duplicate.describe())}")
    if yes:
        return default
    answer = ask(f"  [l]ink the document / [r]eplace it / [k]eep both? [{default[0]}] ").strip().lower()[:1]
    return next((c for c in CHOICES if c[0] == answer), default)


def _ask_type(ask: Ask) -> str | None:
    answer = ask(f"  contract type ({', '.join(CONTRACT_TYPES)}; Other if none fits): ").strip().casefold()
    return next((t for t in CONTRACT_TYPES if t.casefold() == answer), None)


def review_interactively(review: Review, ask: Ask) -> dict[str, str | None] | None:
    """Show the review, ask about parties and confirm; None when the reviewer declines."""
    print("\n".join(format_review(review)))
    same_as = {s.name: _ask_party(s, ask) for s in review.suggestions}
    answer = ask(f"Commit {review.file_name} as '{review.file_id}'? [y/N] ").strip().lower()
    return same_as if answer in {"y", "yes"} else None


def ingest_one(path: Path, driver: Driver, engine: Engine, summary: Summary, *, yes: bool, ask: Ask,
               embeddings: Embeddings | None, contract_type: str | None = None,
               on_duplicate: Choice = "link", strict: bool = False) -> None:
    """Process, review (unless --yes) and commit one file, recording the outcome in `summary`.

    `contract_type` is used when the engine found none. Without a type or without parties the file is
    committed as type "Other" flagged "needs review" (the Upload page's review queue); `strict` refuses it. A file whose
    content is already in the graph is reported, and linked (default), replaced or kept per `on_duplicate`
    (asked when reviewing interactively): never silently added again.
    """
    try:
        review = process_file(path.read_bytes(), display_name(path), driver, engine,
                              progress=_ocr_lines(display_name(path)), wait_s=IN_PROGRESS_WAIT_S)
        if yes:
            same_as = auto_same_as(review.suggestions)
        else:
            with tqdm.external_write_mode(file=sys.stderr):
                same_as = review_interactively(review, ask)
        if same_as is None:
            summary.skipped.append((path, "not confirmed by the reviewer"))
            return
        draft = review.draft
        chosen = contract_type or (None if yes or draft.contract_type else _ask_type(ask))
        if not draft.contract_type and chosen:
            draft = draft.model_copy(update={"contract_type": chosen})
        action = _duplicate_action(review, yes=yes, ask=ask, default=on_duplicate)
        if review.duplicate is not None:
            summary.duplicates[path] = review.duplicate.file_id
        committed = commit_review(driver, review, draft, same_as, embeddings=embeddings, on_duplicate=action,
                                  flag_missing=not strict)
    except DuplicateFile as e:  # found before reading, or refused by the constraint at commit
        summary.skipped.append((path, str(e)))
        return
    except (ContractGraphError, OSError) as e:
        summary.failed.append((path, " ".join(str(e).split())))
        return
    except Exception as e:  # one file's unforeseen failure must not abort the batch
        log.warning("unexpected failure on %s", display_name(path), exc_info=True)
        summary.failed.append((path, f"unexpected error ({type(e).__name__}): {' '.join(str(e).split())[:300]}"))
        return
    (summary.linked if committed.action == "link" else summary.ingested).append((path, committed.file_id))
    if committed.review_reasons:
        summary.needs_review[committed.file_id] = ", ".join(committed.review_reasons)
    if committed.note:
        print(f"  note: {printable(committed.note)}")


def _ask(prompt: str) -> str:
    try:
        return input(prompt)
    except EOFError:
        return ""


def run(args: argparse.Namespace, ask: Ask = _ask) -> Summary:
    """Ingest every file the arguments name."""
    files, missing = collect_files(args.paths)
    summary = Summary(failed=list(missing))
    engine = llm_engine(model=args.model) if args.engine == "llm" else RULES
    embeddings = configured_embeddings()
    with build_driver() as driver, tqdm(files, unit="file", desc=f"Ingesting ({engine.label})",
                                        file=sys.stderr, disable=not files) as bar:
        for path in bar:
            bar.set_postfix_str(display_name(path)[:40])
            ingest_one(path, driver, engine, summary, yes=args.yes, ask=ask, embeddings=embeddings,
                       contract_type=args.contract_type, on_duplicate=args.on_duplicate, strict=args.strict)
    return summary


class _Parser(argparse.ArgumentParser):
    """Usage mistakes end like every other error: one `error: ...` line on stderr, exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {printable(' '.join(message.split()))} (see python -m ingest --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m ingest", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="+", metavar="PATH", help="PDF files or folders")
    parser.add_argument("--engine", choices=("rules", "llm"), default="rules",
                        help="extraction engine: offline rules (default) or the configured LLM")
    parser.add_argument("--model", default=None, help="chat model name for --engine llm (default: LLM_MODEL)")
    parser.add_argument("--yes", action="store_true",
                        help="commit without review, accepting exact-name party matches only")
    parser.add_argument("--contract-type", choices=CONTRACT_TYPES, default=None, metavar="TYPE",
                        help="contract type for files whose title names none (one of the vocabulary, or Other); "
                             "without it such files are committed as Other, flagged 'needs review'")
    parser.add_argument("--strict", action="store_true",
                        help="refuse a file whose parties or type were not found (default: commit it as type "
                             "Other, flagged 'needs review' for the Upload page's review queue)")
    parser.add_argument("--on-duplicate", choices=tuple(CHOICES), default="link",
                        help="a file whose content is already in the graph: link it to the existing contract "
                             "(default), replace that contract, or keep both")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)

    def command() -> int:
        summary = run(args)
        print("\n".join(summary.lines()))
        return 1 if summary.failed else 0

    return run_cli(command)
