"""Scans through `python -m ingest` (subprocess) against the real database: OCR progress lines, the review's
OCR line, the commit keeping each page's OCR confidence on the Document; a missing Tesseract, a failing one
and a corrupt image each fail that file with its message and write nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph.reads.repository import graph_counts
from graph.server.db import read
from tests.ingest_support import PDF_DIR, exact_cleanup, real_pdf
from tests.integration.test_ingest_cli import ingest
from tests.ocr_support import BELLRING, corrupt_scan, failing_tesseract, scan_of

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(not PDF_DIR.is_dir(), reason="CUAD sample PDFs not present")]
OCR_STATE = "MATCH (d:Document {file_id: $file_id}) RETURN d.ocr_pages AS pages, d.ocr_confidence AS confidence"


@pytest.fixture(scope="module")
def scan_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("scans") / "bellring scan.pdf"
    path.write_bytes(scan_of(real_pdf(BELLRING)))
    return path


def test_a_scan_is_ocred_with_progress_and_committed_with_its_page_confidence(driver, scan_file):
    with exact_cleanup(driver) as committed:
        done = ingest(str(scan_file), "--yes", "--on-duplicate", "keep", "--contract-type", "Manufacturing")
        committed.append("bellring scan")
        assert done.returncode == 0, done.stderr
        assert done.stdout.splitlines()[-2:] == ["Ingested 1, skipped 0, failed 0.",
                                                 "  ingested: bellring scan.pdf -> bellring scan"]
        assert "bellring scan.pdf: OCR: page 1 of 1" in done.stderr
        assert "bellring scan.pdf: OCR: 1 pages read" in done.stderr
        [row] = read(driver, OCR_STATE, {"file_id": "bellring scan"})
        assert row["pages"] == [1] and len(row["confidence"]) == 1 and 80 < row["confidence"][0] <= 100


def test_the_interactive_review_shows_what_ocr_read(driver, scan_file):
    before = graph_counts(driver)
    shown = ingest(str(scan_file), stdin="\nn\n")
    assert shown.returncode == 0, shown.stderr
    assert "  OCR: 1 of 1 pages were read by OCR (mean confidence 9" in shown.stdout
    assert "skipped:  bellring scan.pdf: not confirmed by the reviewer" in shown.stdout
    assert graph_counts(driver) == before


@pytest.mark.parametrize(("setup", "reason"), [
    (lambda tmp: {"INGEST_TESSERACT": str(tmp / "missing")},
     "This PDF is a scan and needs OCR, but Tesseract is not installed (run `make setup`, or apt-get install "
     "tesseract-ocr tesseract-ocr-eng)"),
    (lambda tmp: {"INGEST_TESSERACT": str(failing_tesseract(tmp))},
     "OCR failed on page 1: Tesseract exited with code 1 (Error in pixReadStream: Unknown format: no pix "
     "returned)."),
])
def test_without_a_working_tesseract_the_scan_fails_with_its_reason_and_nothing_is_written(
        driver, scan_file, tmp_path, setup, reason):
    before = graph_counts(driver)
    done = ingest(str(scan_file), "--yes", "--on-duplicate", "keep", env=setup(tmp_path))
    assert done.returncode == 1
    assert done.stdout.splitlines() == ["Ingested 0, skipped 0, failed 1.", f"  failed:   bellring scan.pdf: {reason}"]
    assert graph_counts(driver) == before


def test_a_corrupt_scan_fails_with_its_reason_and_nothing_is_written(driver, tmp_path):
    (tmp_path / "damaged.pdf").write_bytes(corrupt_scan())
    before = graph_counts(driver)
    done = ingest(str(tmp_path / "damaged.pdf"), "--yes")
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        "Ingested 0, skipped 0, failed 1.",
        "  failed:   damaged.pdf: The PDF is a scan and OCR read no text on its 1 page(s): the images may be "
        "corrupt, blank or too low in resolution."]
    assert graph_counts(driver) == before
