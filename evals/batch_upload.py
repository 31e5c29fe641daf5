"""A batch upload over a folder of PDFs, timed per file: what `python -m ingest FOLDER --engine rules --yes` does.

Usage: python -m evals.batch_upload [--pdfs DIR] [--on-duplicate keep] [--out evals/results/batch_upload.json]

Each PDF goes through `ingest.cli.ingest_one` (the CLI's own step: read, OCR where needed, rules extraction,
duplicate check, commit, flagged "needs review" when parties or type are missing) against the configured
database. Recorded per file: the outcome (ingested, linked, skipped, failed with its reason), the known
contract it was recognised as (if any), the review reasons, and wall-clock seconds. With `--on-duplicate keep`
(default here) a PDF of a contract already in the graph is still committed as a new contract, so every commit
path (flagging included) runs on every PDF; the duplicate is recorded. The results file is rewritten after
every PDF, so a stopped run leaves its figures (`complete: false`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from graph.server.db import build_driver
from ingest.batch_files import collect_files
from ingest.cli import Summary, ingest_one
from ingest.commit_steps import configured_embeddings
from ingest.duplicates import CHOICES
from ingest.pipeline import RULES

DEFAULT_PDFS = Path("../shared/data/cuad/pdf")


def _outcome(summary: Summary, path: Path) -> tuple[str, str]:
    for kind in ("failed", "skipped", "linked", "ingested"):
        for p, detail in getattr(summary, kind):
            if p == path:
                return kind, detail
    return "unknown", ""


def _totals(rows: list[dict[str, Any]], seconds: float, complete: bool, set_name: str) -> dict[str, Any]:
    count = {k: sum(r["outcome"] == k for r in rows) for k in ("ingested", "linked", "skipped", "failed")}
    return {"set": set_name, "pdfs": len(rows), "complete": complete, **count,
            "needs_review": sum(bool(r["needs_review"]) for r in rows),
            "duplicates_recognised": sum(bool(r["duplicate_of"]) for r in rows),
            "failures": {r["file"]: r["detail"] for r in rows if r["outcome"] == "failed"},
            "seconds_per_pdf": round(seconds / len(rows), 1) if rows else None, "files": rows}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals.batch_upload", description=__doc__.splitlines()[0])
    parser.add_argument("--pdfs", type=Path, default=DEFAULT_PDFS)
    parser.add_argument("--on-duplicate", choices=tuple(CHOICES), default="keep")
    parser.add_argument("--out", type=Path, default=Path("evals/results/batch_upload.json"))
    args = parser.parse_args(argv)
    files, _missing = collect_files([str(args.pdfs)])
    set_name = f"every PDF in {args.pdfs} ({len(files)}), into the loaded sample, --on-duplicate {args.on_duplicate}"
    summary, rows, seconds = Summary(), [], 0.0
    embeddings = configured_embeddings()
    with build_driver() as driver:
        for i, path in enumerate(files, 1):
            started = time.perf_counter()
            ingest_one(path, driver, RULES, summary, yes=True, ask=lambda _q: "", embeddings=embeddings,
                       on_duplicate=args.on_duplicate)
            took = time.perf_counter() - started
            seconds += took
            kind, detail = _outcome(summary, path)
            rows.append({"file": path.name, "outcome": kind, "detail": detail, "seconds": round(took, 1),
                         "duplicate_of": summary.duplicates.get(path),
                         "needs_review": summary.needs_review.get(detail, "") if kind != "failed" else ""})
            sys.stderr.write(f"{i}/{len(files)} {path.name[:60]}: {kind} {detail[:80]} ({took:.0f} s)\n")
            args.out.write_text(json.dumps(_totals(rows, seconds, False, set_name), indent=1) + "\n")
    result = _totals(rows, seconds, True, set_name)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    sys.stdout.write(json.dumps({k: v for k, v in result.items() if k != "files"}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
