"""OCR of scans (ingest/ocr.py) with the real Tesseract: a CUAD page rendered to an image-only PDF reads back
like its text layer and extracts the same fields; only pages without text are OCRed; a missing or failing
Tesseract and a corrupt image each raise their own IngestError with a message for the uploader."""

from __future__ import annotations

import pytest
from rapidfuzz import fuzz

from core.names import norm_party
from ingest.ocr import (
    LOW_OCR_CONFIDENCE,
    OcrFailedError,
    OcrPage,
    OcrUnavailableError,
    ScanUnreadableError,
    low_confidence_note,
    ocr_lines,
    ocr_summary,
    pages_to_ocr,
    parse_tsv,
    read_text,
)
from ingest.pdf import PdfNoTextError, read_pdf
from ingest.rules import extract_rules
from tests.ingest_support import PDF_DIR, real_pdf
from tests.ocr_support import BELLRING, corrupt_scan, failing_tesseract, scan_of, with_scanned_page

needs_pdfs = pytest.mark.skipif(not (PDF_DIR / BELLRING).is_file(), reason="CUAD sample PDFs not present")


@pytest.fixture(scope="module")
def bellring_scan() -> bytes:
    return scan_of(real_pdf(BELLRING))


@pytest.fixture(scope="module")
def bellring_read(bellring_scan):
    progress: list[tuple[int, int]] = []
    return read_text(bellring_scan, lambda done, total: progress.append((done, total))), progress


@needs_pdfs
def test_a_scan_is_read_page_by_page_with_its_confidence(bellring_scan, bellring_read):
    with pytest.raises(PdfNoTextError):
        read_pdf(bellring_scan)  # no text layer at all
    assert pages_to_ocr(bellring_scan) == 1
    result, progress = bellring_read
    assert progress == [(0, 1), (1, 1)]
    assert [p.page for p in result.ocr] == [1] and result.ocr[0].confidence > LOW_OCR_CONFIDENCE
    assert result.ocr[0].words > 300 and result.low_pages == []
    text_layer = read_pdf(real_pdf(BELLRING)).pages[0]
    assert fuzz.ratio(" ".join(result.pdf.pages[0].split()), " ".join(text_layer.split())) > 95


@needs_pdfs
def test_the_ocr_text_extracts_the_same_fields_as_the_text_layer(bellring_read):
    scanned = extract_rules(bellring_read[0].pdf.pages, "x").contract
    text = extract_rules(read_pdf(real_pdf(BELLRING)).pages, "x").contract
    # The text layer lost the apostrophe of "Stremick's" that the page prints and OCR reads: same party key.
    assert [norm_party(p.name) for p in scanned.parties] == [norm_party(p.name) for p in text.parties] == [
        "stremicks heritage foods", "premier nutrition"]
    assert scanned.effective_date == text.effective_date == "2018-06-11"


@needs_pdfs
def test_only_pages_without_a_text_layer_are_ocred(bellring_scan):
    text_pdf = real_pdf(BELLRING)
    mixed = with_scanned_page(text_pdf, bellring_scan)
    result = read_text(mixed)
    assert [p.page for p in result.ocr] == [2] and result.pdf.n_pages == 2
    assert result.pdf.pages[0] == read_pdf(text_pdf).pages[0]  # the text page is untouched
    assert "Premier Nutrition" in result.pdf.pages[1]
    assert read_text(text_pdf).ocr == ()  # a text PDF needs no OCR


@needs_pdfs
def test_missing_tesseract_is_a_clear_error_and_text_pdfs_do_not_need_it(bellring_scan, monkeypatch, tmp_path):
    monkeypatch.setenv("INGEST_TESSERACT", str(tmp_path / "no-such-tesseract"))
    with pytest.raises(OcrUnavailableError, match=r"needs OCR, but Tesseract is not installed \(run `make setup`"):
        read_text(bellring_scan)
    assert read_text(real_pdf(BELLRING)).pdf.n_pages == 1


@needs_pdfs
def test_a_failing_tesseract_names_the_page(bellring_scan, monkeypatch, tmp_path):
    monkeypatch.setenv("INGEST_TESSERACT", str(failing_tesseract(tmp_path)))
    with pytest.raises(OcrFailedError, match=r"^OCR failed on page 1: Tesseract exited with code 1 \(Error in "
                                             r"pixReadStream: Unknown format: no pix returned\)\.$"):
        read_text(bellring_scan)


def test_a_corrupt_image_is_reported_not_committed_as_empty_text():
    with pytest.raises(ScanUnreadableError, match=r"OCR read no text on its 1 page.*images may be corrupt"):
        read_text(corrupt_scan())


def test_tsv_words_become_lines_bottom_up_with_a_length_weighted_confidence():
    header = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext"
    rows = ["5\t1\t1\t1\t1\t1\t100\t50\t80\t20\t90.0\tSUPPLY", "5\t1\t1\t1\t1\t2\t190\t52\t90\t20\t60.0\tAGREEMENT",
            "4\t1\t1\t1\t2\t0\t100\t90\t300\t20\t-1\t", "5\t1\t1\t1\t2\t1\t100\t90\t40\t20\t100.0\tby",
            "5\t1\t1\t1\t2\t2\t150\t90\t40\t20\t95.0\t  ", "garbage"]
    lines, page = ocr_lines(parse_tsv("\n".join([header, *rows])), height=1000)
    assert [(ln.text, ln.y, ln.x) for ln in lines] == [("SUPPLY AGREEMENT", 928.0, 100.0), ("by", 890.0, 100.0)]
    assert page == OcrPage(0, round((6 * 90 + 9 * 60 + 2 * 100) / 17, 1), 3)


def test_the_review_notes_name_the_low_confidence_pages():
    pages = (OcrPage(1, 95.0, 400), OcrPage(2, 61.4, 120), OcrPage(3, 79.9, 300))
    assert ocr_summary(pages, 5) == "3 of 5 pages were read by OCR (mean confidence 79/100)"
    assert low_confidence_note(pages) == ("Low OCR confidence on p.2 (61), p.3 (80): check the fields read from "
                                          "these pages against the scan")
    assert ocr_summary((), 5) is None and low_confidence_note(pages[:1]) is None
