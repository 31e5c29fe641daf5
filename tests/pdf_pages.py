"""The page texts of a sample PDF as `ingest.pdf.read_pdf` reads them, computed once per test run and shared by
the pytest-xdist workers.

pypdf is the slow part of every test that reads the whole CUAD PDF sample: the 154-page CERES collaboration
agreement alone takes 88 CPU seconds (its content streams draw each glyph in its own graphics state), and
both tests/integration/test_duplicates.py (all 120 PDFs) and tests/unit/test_filing_noise.py (the 47 dev PDFs)
read it. With this cache the first test to need a PDF reads it and the other waits for its result.

Off unless CG_TEST_PDF_CACHE names a directory (tests/with_test_db.sh sets one beside the test server's home).
An entry can only stand for what the code computes now: its key hashes the PDF's bytes, the source of the
ingest, graph and core packages (`ingest.layer_cache.code_fingerprint`) and pypdf's version. A per-key file
lock makes a second worker wait instead of reading the same PDF twice.
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import json
import os
import tempfile
from importlib.metadata import version
from pathlib import Path

from ingest.layer_cache import code_fingerprint
from ingest.pdf import read_pdf


@functools.cache
def _fingerprint() -> str:
    return hashlib.sha256(f"{code_fingerprint()} pypdf {version('pypdf')}".encode()).hexdigest()[:16]


def _cache_dir() -> Path | None:
    value = os.environ.get("CG_TEST_PDF_CACHE", "").strip()
    return Path(value) if value else None


def pdf_pages(path: Path) -> list[str]:
    """`read_pdf(path.read_bytes()).pages`, from the run's cache when another test already read the file."""
    data = path.read_bytes()
    folder = _cache_dir()
    if folder is None:
        return read_pdf(data).pages
    folder.mkdir(parents=True, exist_ok=True)
    entry = folder / f"{hashlib.sha256(data).hexdigest()}-{_fingerprint()}.json"
    with open(entry.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes: a second reader waits here
        if entry.is_file():
            return json.loads(entry.read_text(encoding="utf-8"))
        pages = read_pdf(data).pages
        # Written whole under a temporary name, so a test killed mid-write leaves no half entry.
        with tempfile.NamedTemporaryFile("w", dir=folder, suffix=".tmp", delete=False, encoding="utf-8") as out:
            json.dump(pages, out)
        os.replace(out.name, entry)
        return pages
