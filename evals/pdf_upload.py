"""The upload path measured on PDFs: fields read from the dev contracts' PDFs, beside their `.txt`, and from scans.

Usage: python -m evals.pdf_upload [--pdfs DIR] [--texts DIR] [--labels labels_dev.csv] [--scans 20]
       [--skip-text] [--out evals/results/pdf_upload.json]

Set: the dev contracts (`labels_dev.csv`) that have a PDF among `--pdfs` (47 of the 120 CUAD PDFs).

1. **PDF vs text.** Each PDF is read as an upload reads it (`ingest.ocr.read_text`: pypdf text layer, layout
   normalisation, OCR where a page has no text) and its `.txt` as `graph load-texts` reads it; the offline
   rules engine (`ingest.rules.extract_rules`, what `--engine rules` and the Upload page run) extracts both,
   scored against the dev labels with `evals.ingest`'s matching rules (precision, recall, F1 per field).
2. **Scans.** The `--scans` dev PDFs with the fewest pages (ties by name) are turned into image-only PDFs as a
   scanner would: every page rendered by poppler's `pdftoppm` at 200 dpi, the PNGs rebuilt into a PDF by
   img2pdf, in a temporary directory (never kept). Each scan is read through OCR and extracted; its fields are
   compared with the text-layer PDF's: parties as the set of normalised names (`core.names.norm_party`),
   agreement/effective/expiration dates, governing law, title (normalised) and renewal fields as values.
   Reported: the share of fields equal (all fields, and only those the text-layer version filled), OCR seconds
   per page (wall clock on this machine, rendering included), mean OCR confidence, and the scans' F1 against
   the labels beside the text-layer PDFs' F1 on the same contracts.
   `--ocr-cache DIR` keeps each scan's OCR output (page texts, confidences and the seconds OCR took) in DIR and
   reuses it on the next run, so a change to the extractors is re-measured on the same OCR without redoing it
   (the seconds per page reported are those measured when the page was OCRed).
"""

from __future__ import annotations

import argparse
import json
import logging
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import img2pdf

from core.names import norm_party
from evals.gold import norm_title
from evals.ingest import FIELDS, Counts, _rules_predictions, format_table, score_contract
from ingest.cuad_labels import LabelledContract, index_texts, load_labels, name_key, read_text
from ingest.ocr import OcrPage, ReadResult
from ingest.ocr import read_text as read_upload
from ingest.pdf import PdfText

log = logging.getLogger(__name__)
DEFAULT_PDFS = Path("../shared/data/cuad/pdf")
DEFAULT_TEXTS = Path("../shared/data/cuad/txt")
DEFAULT_LABELS = Path("../shared/data/cuad/labels_dev.csv")
SCAN_DPI = 200


def dev_pdfs(pdfs: Path, labels: Path) -> list[tuple[Path, LabelledContract]]:
    """Every PDF whose contract is in the labels file, with its labels, in name order."""
    by_key = {c.key: c for c in load_labels(labels)}
    return [(p, by_key[name_key(p.name)]) for p in sorted(pdfs.iterdir(), key=lambda p: p.name)
            if p.suffix.lower() == ".pdf" and name_key(p.name) in by_key]


def comparable(predicted: dict[str, Any]) -> dict[str, Any]:
    """Predictions in the form two readings of one contract are compared in."""
    out = dict(predicted)
    out["parties"] = sorted({norm_party(name) for name in predicted.get("parties") or []})
    out["document_name"] = norm_title(str(predicted["document_name"])) if predicted.get("document_name") else None
    return {field: out.get(field) for field in FIELDS}


def scan_of(pdf: Path, folder: Path) -> bytes:
    """`pdf` as an image-only PDF: pdftoppm at SCAN_DPI, then img2pdf (files in `folder`)."""
    subprocess.run(["pdftoppm", "-r", str(SCAN_DPI), "-png", str(pdf), str(folder / "page")], check=True,
                   capture_output=True)
    return img2pdf.convert(sorted(str(p) for p in folder.glob("page*.png")))


def _scores(counts: dict[str, Counts]) -> dict[str, dict[str, Any]]:
    return {field: c.scores() for field, c in counts.items()}


def pdf_vs_text(contracts: list[tuple[Path, LabelledContract]], texts: Path) -> dict[str, Any]:
    """Part 1: F1 per field from the PDFs and from their `.txt`, same contracts."""
    index = index_texts(texts)
    pdf_counts, txt_counts = {f: Counts() for f in FIELDS}, {f: Counts() for f in FIELDS}
    used = []
    for path, contract in contracts:
        if contract.key not in index:
            continue
        used.append(path.name)
        pages = read_upload(path.read_bytes()).pdf.pages
        score_contract(pdf_counts, _rules_predictions(pages, contract.filename), contract)
        score_contract(txt_counts, _rules_predictions([read_text(index[contract.key])], contract.filename), contract)
    return {"contracts": len(used), "pdf": _scores(pdf_counts), "txt": _scores(txt_counts)}


def ocr_scan(path: Path, cache: Path | None) -> tuple[ReadResult, float]:
    """The image-only version of `path` read by OCR, and the seconds that took (from `cache` when it has it)."""
    cached = cache / f"{path.stem}.json" if cache else None
    if cached and cached.exists():
        found = json.loads(cached.read_text())
        pdf = PdfText(sha256=found["sha256"], pages=found["pages"], n_pages=len(found["pages"]))
        return ReadResult(pdf=pdf, ocr=tuple(OcrPage(**p) for p in found["ocr"])), found["seconds"]
    with tempfile.TemporaryDirectory(prefix="cg-scan-") as tmp:
        scan = scan_of(path, Path(tmp))
    started = time.perf_counter()
    read = read_upload(scan)
    took = time.perf_counter() - started
    if cached:
        cached.parent.mkdir(parents=True, exist_ok=True)
        cached.write_text(json.dumps({"sha256": read.pdf.sha256, "pages": read.pdf.pages, "seconds": took,
                                      "ocr": [vars(p) for p in read.ocr]}))
    return read, took


def scans(contracts: list[tuple[Path, LabelledContract]], n: int,
          partial: Callable[[dict[str, Any]], None] | None = None, cache: Path | None = None) -> dict[str, Any]:
    """Part 2: image-only versions of the `n` shortest dev PDFs, OCRed and compared with the text layer;
    `partial` gets the results so far after each PDF (a long run leaves its figures if stopped)."""
    import pypdfium2 as pdfium

    sized = sorted(((len(pdfium.PdfDocument(str(p))), p.name, p, c) for p, c in contracts))[:n]
    equal = filled_equal = total = filled = pages_read = 0
    seconds, confidences, rows = 0.0, [], []
    scan_counts, text_counts = {f: Counts() for f in FIELDS}, {f: Counts() for f in FIELDS}
    for n_pages, name, path, contract in sized:
        read, took = ocr_scan(path, cache)
        text_pred = _rules_predictions(read_upload(path.read_bytes()).pdf.pages, contract.filename)
        scan_pred = _rules_predictions(read.pdf.pages, contract.filename)
        score_contract(text_counts, text_pred, contract)
        score_contract(scan_counts, scan_pred, contract)
        a, b = comparable(text_pred), comparable(scan_pred)
        differs = [f for f in FIELDS if a[f] != b[f]]
        equal += len(FIELDS) - len(differs)
        total += len(FIELDS)
        filled += sum(a[f] not in (None, []) for f in FIELDS)
        filled_equal += sum(a[f] not in (None, []) and a[f] == b[f] for f in FIELDS)
        seconds += took
        pages_read += len(read.ocr)
        confidences += [p.confidence for p in read.ocr]
        rows.append({"name": name, "pages": n_pages, "ocr_pages": len(read.ocr), "seconds": round(took, 1),
                     "confidence": round(sum(p.confidence for p in read.ocr) / max(1, len(read.ocr)), 1),
                     "differs": {f: [str(a[f]), str(b[f])] for f in differs}})
        if partial:
            partial(_scan_summary(rows, equal, total, filled_equal, filled, seconds, pages_read, confidences,
                                  scan_counts, text_counts))
        sys.stderr.write(f"  scan {len(rows)}/{len(sized)}: {name[:60]} ({n_pages} p, {took:.0f} s): "
                         f"{len(FIELDS) - len(differs)}/{len(FIELDS)} fields equal\n")
    return _scan_summary(rows, equal, total, filled_equal, filled, seconds, pages_read, confidences, scan_counts,
                         text_counts)


def _scan_summary(rows: list[dict[str, Any]], equal: int, total: int, filled_equal: int, filled: int,
                  seconds: float, pages_read: int, confidences: list[float], scan_counts: dict[str, Counts],
                  text_counts: dict[str, Counts]) -> dict[str, Any]:
    return {"pdfs": len(rows), "pages": pages_read, "dpi": SCAN_DPI,
            "fields_equal_share": round(equal / total, 4) if total else None,
            "filled_fields_equal_share": round(filled_equal / filled, 4) if filled else None,
            "fields_compared": total, "filled_fields_compared": filled,
            "seconds_per_page": round(seconds / pages_read, 2) if pages_read else None,
            "mean_confidence": round(sum(confidences) / len(confidences), 1) if confidences else None,
            "scan_f1": _scores(scan_counts), "text_layer_f1": _scores(text_counts), "contracts": rows}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals.pdf_upload", description=__doc__.splitlines()[0])
    parser.add_argument("--pdfs", type=Path, default=DEFAULT_PDFS)
    parser.add_argument("--texts", type=Path, default=DEFAULT_TEXTS)
    parser.add_argument("--labels", type=Path, default=DEFAULT_LABELS)
    parser.add_argument("--scans", type=int, default=20, help="image-only PDFs to OCR (the shortest dev PDFs)")
    parser.add_argument("--skip-text", action="store_true", help="only the scans (part 2)")
    parser.add_argument("--out", type=Path, default=None, help="write the results as JSON")
    parser.add_argument("--ocr-cache", type=Path, default=None, help="keep and reuse the scans' OCR output here")
    args = parser.parse_args(argv)
    contracts = dev_pdfs(args.pdfs, args.labels)
    sys.stderr.write(f"Dev PDFs: {len(contracts)} (labels: {args.labels.name})\n")
    results: dict[str, Any] = {"set": f"dev contracts ({args.labels.name}) with a PDF in {args.pdfs}"}
    if not args.skip_text:
        results["pdf_vs_text"] = pdf_vs_text(contracts, args.texts)
    for path in ("pdf", "txt") if not args.skip_text else ():
        sys.stdout.write(f"\n{path.upper()} path, {results['pdf_vs_text']['contracts']} dev contracts:\n"
                         + format_table(results["pdf_vs_text"][path]) + "\n")
    if args.scans:
        def partial(found: dict[str, Any]) -> None:
            if args.out:
                args.out.write_text(json.dumps({**results, "scans": {**found, "complete": False}}, indent=1,
                                               default=str) + "\n")

        found = results["scans"] = scans(contracts, args.scans, partial, args.ocr_cache)
        found["complete"] = True
        sys.stdout.write(f"\nScans: {found['pdfs']} image-only PDFs ({found['pages']} pages, {SCAN_DPI} dpi): "
              f"{found['fields_equal_share']:.1%} of fields equal to the text layer's "
              f"({found['filled_fields_equal_share']:.1%} of the fields it filled), "
              f"{found['seconds_per_page']} s per page, mean OCR confidence {found['mean_confidence']}\n")
    if args.out:
        args.out.write_text(json.dumps(results, indent=1, default=str) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
