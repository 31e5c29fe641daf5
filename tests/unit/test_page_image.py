"""The original page (issue 34 item 5): the file store, finding a quote on a real CUAD PDF's page and its boxes,
and the highlight drawn on the page image. The geometry is checked against poppler (`pdftotext -bbox`), an
independent reader of the same PDF: the words whose centres fall inside the highlight are the quote."""

from __future__ import annotations

import html
import io
import re
import subprocess
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image

from components.contract.page_image import caption
from core.errors import IngestError
from ingest.commit_steps import keep_pdf
from ingest.document import parse_document
from ingest.ocr import parse_tsv, word_boxes
from ingest.pages.cleanup import prune
from ingest.pages.locate import Located, find_spans, fold, locate
from ingest.pages.render import PAD, SCALE, find_quote, page_png, pixel_boxes
from ingest.pages.store import (
    StoredFileCorrupt,
    StoredFileMissing,
    delete_files,
    has_pdf,
    load_ocr_words,
    load_pdf,
    save_pdf,
    store_dir,
)
from ingest.pdf import read_pdf, sha256_of
from tests.ingest_support import PDF_DIR, real_pdf

EMERALD = ("EmeraldHealthBioceuticalsInc_20200218_1-A_EX1A-6 MAT CTRCT_11987205_EX1A-6 MAT CTRCT_Development "
           "Agreement.pdf")
# The renewal sentence of the Emerald development agreement as the upload's renewal evidence quotes it (page 3
# of 6; the quote runs over four printed lines).
TERM_QUOTE = ("The Services Term of this Agreement shall be automatically renewed for successive two-year terms "
              "thereafter unless written notice is given by either party to the other, indicating that party's "
              "intention not to renew the Services Term of this Agreement, at least ninety (90) days prior to the "
              "end of the initial Services Term or any renewed Services Term.")
needs_pdfs = pytest.mark.skipif(not (PDF_DIR / EMERALD).is_file(), reason="CUAD sample PDFs not present")


def poppler_words(path: Path, page: int) -> list[tuple[str, tuple[float, float, float, float]]]:
    """(word, box in points from the top-left) of one page, read by poppler, not PDFium."""
    out = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(path), "-"],
                         capture_output=True, text=True, check=True).stdout
    pattern = r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
    return [(html.unescape(w), (float(a), float(b), float(c), float(d))) for a, b, c, d, w in re.findall(pattern, out)]


def poppler_text(path: Path, page: int) -> str:
    return subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(path), "-"],
                          capture_output=True, text=True, check=True).stdout


def inside(box: tuple[float, float, float, float], boxes: tuple) -> bool:
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return any(x0 - PAD <= x <= x1 + PAD and y0 - PAD <= y <= y1 + PAD for x0, y0, x1, y1 in boxes)


def test_fold_keeps_letters_and_digits_only():
    assert fold("Agree-\nment “Term” § 8.1 ﬁve") == "agreementterm81five"


def test_spans_exact_pieces_and_none():
    x, y, z = "a1b2c3d4e5f6g7h8i9j0k1l2", "m3n4o5p6q7r8s9t0u1v2w3x4", "zzzzzzzzzzzzzzzzzzzzzzzz"
    page = "head" + x + "junk" + y + "tail"
    assert find_spans(page, "junk" + y[:4]) == ([(28, 36)], 1.0)
    # The middle piece is not on the page (another page, or the PDF spells it otherwise): two spans, 2 of 3.
    assert find_spans(page, x + z + y) == ([(4, 28), (32, 56)], pytest.approx(2 / 3))
    # All pieces found but not in one run is not the exact quote.
    assert find_spans(page, x + y) == ([(4, 28), (32, 56)], 0.99)
    assert find_spans(page, z * 2) == ([], 0.0)


@needs_pdfs
def test_a_renewal_quote_is_found_on_its_page_and_its_boxes_hold_its_words():
    path = PDF_DIR / EMERALD
    found = find_quote(path.read_bytes(), TERM_QUOTE, hint=1)  # the hint is wrong: the search goes on
    assert (found.page, found.match, found.share, found.source) == (3, "exact", 1.0, "text")
    assert fold(TERM_QUOTE) in fold(poppler_text(path, 3))  # poppler agrees on the page
    assert fold(TERM_QUOTE) not in fold(poppler_text(path, 2) + poppler_text(path, 4))
    covered = "".join(w for w, box in poppler_words(path, 3) if inside(box, found.boxes))
    assert fold(covered) == fold(TERM_QUOTE)  # exactly the quote's words are inside the highlight


@needs_pdfs
def test_every_section_of_a_real_pdf_is_located_on_its_page():
    data = real_pdf(EMERALD)
    doc = parse_document(read_pdf(data).pages, "emerald")
    results = [(s, find_quote(data, s.text, s.page)) for s in doc.sections if len(fold(s.text)) >= 40]
    exact = [s for s, f in results if f.match == "exact"]
    assert len(results) == 44 and len(exact) == 42  # the other 2 (Articles 7 and 9) run over a page break
    assert all(f.page == s.page for s, f in results if f.match == "exact")
    assert all(f.match == "approximate" and f.share >= 0.3 for s, f in results if f.match != "exact")


@needs_pdfs
def test_the_page_image_is_the_page_with_the_boxes_filled():
    data = real_pdf(EMERALD)
    found = find_quote(data, TERM_QUOTE, 3)
    width, height = pdfium.PdfDocument(data)[2].get_size()
    image = Image.open(io.BytesIO(page_png(data, 3, found.boxes))).convert("RGB")
    assert image.size == (round(width * SCALE), round(height * SCALE))
    plain = Image.open(io.BytesIO(page_png(data, 3))).convert("RGB")
    x0, y0, x1, y1 = pixel_boxes(found.boxes[:1], SCALE)[0]
    # The margin left of the box is the same with and without the highlight; inside the box the white paper
    # turned yellow (blue channel down), and the outline is orange.
    assert image.getpixel((x0 - 8, (y0 + y1) // 2)) == plain.getpixel((x0 - 8, (y0 + y1) // 2))
    inner = [image.getpixel((x, y0 + 3)) for x in range(x0 + 3, x1 - 3, 4)]
    assert any(b < 200 and r > 240 for r, _, b in inner)
    assert image.getpixel((x0, (y0 + y1) // 2))[:3] == (230, 120, 0)


@needs_pdfs
def test_ocr_word_boxes_highlight_a_scan():
    """A scan has no text layer: the words OCR read, with their boxes, are what is matched and drawn."""
    path = PDF_DIR / EMERALD
    page = pdfium.PdfDocument(str(path))[2]
    scan = io.BytesIO()
    page.render(scale=2).to_pil().save(scan, format="PDF", resolution=144)
    words = poppler_words(path, 3)  # stands in for Tesseract's words (same page, same points)
    found = locate(pdfium.PdfDocument(scan.getvalue()), TERM_QUOTE, 1, {1: words})
    assert (found.page, found.match, found.source) == (1, "exact", "ocr")
    assert fold("".join(w for w, box in words if box in found.boxes)) == fold(TERM_QUOTE)
    without = locate(pdfium.PdfDocument(scan.getvalue()), TERM_QUOTE, 1)
    assert (without.match, without.source, without.boxes) == ("none", "empty", ())
    assert "word positions were not kept" in caption(without)


def test_captions_say_how_exact_the_highlight_is():
    assert caption(Located(3, ((0, 0, 1, 1),), "exact", 1.0, "text")) == (
        "Page 3 of the uploaded PDF. Highlighted: the quote's text boxes in the PDF's text layer.")
    assert "(62% of it)" in caption(Located(4, ((0, 0, 1, 1),), "approximate", 0.62, "text"))
    assert "not found in the PDF's text" in caption(Located(2, (), "none", 0.1, "text"))


@pytest.fixture
def store(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("CG_FILE_STORE", str(tmp_path / "files"))
    return tmp_path / "files"


def test_the_store_keeps_bytes_by_hash_and_reports_missing_and_damaged_files(store):
    data = b"%PDF-1.4 not really a pdf %%EOF"
    sha = save_pdf(data, {2: [("Term", (1.0, 2.0, 3.0, 4.0))]})
    assert store_dir() == store and sha == sha256_of(data) and has_pdf(sha)
    assert sorted(p.name for p in store.iterdir()) == [f"{sha}.ocr.json", f"{sha}.pdf"]
    assert load_pdf(sha) == data and load_ocr_words(sha) == {2: [("Term", (1.0, 2.0, 3.0, 4.0))]}
    assert save_pdf(data) == sha and load_ocr_words(sha)  # the same bytes again change nothing
    (store / f"{sha}.pdf").write_bytes(data + b"x")
    with pytest.raises(StoredFileCorrupt, match="damaged"):
        load_pdf(sha)
    assert delete_files(sha) and not has_pdf(sha) and list(store.iterdir()) == []
    with pytest.raises(StoredFileMissing, match="not in the file store"):
        load_pdf(sha)
    with pytest.raises(IngestError, match="not a SHA-256"):
        load_pdf("../../etc/passwd")
    assert not has_pdf(None) and load_ocr_words(sha) == {}


def test_a_damaged_pdf_in_the_store_is_reported_not_drawn(store):
    with pytest.raises(StoredFileCorrupt, match="cannot be opened"):
        page_png(b"%PDF-1.4 garbage %%EOF", 1)


def test_tesseract_words_become_boxes_in_points():
    tsv = ("level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
           "4\t1\t1\t1\t1\t0\t300\t600\t900\t50\t-1\t\n"
           "5\t1\t1\t1\t1\t1\t300\t600\t150\t50\t96.5\tRenewal\n"
           "5\t1\t1\t1\t1\t2\t480\t600\t90\t50\t91.0\tterm\n")
    boxes = word_boxes(parse_tsv(tsv))  # 300 dpi pixels -> points (x 72/300); the line row (conf -1) is no word
    assert [w for w, _ in boxes] == ["Renewal", "term"]
    assert [pytest.approx(b) for _, b in boxes] == [(72.0, 144.0, 108.0, 156.0), (115.2, 144.0, 136.8, 156.0)]


def test_a_store_that_cannot_be_written_costs_the_page_images_not_the_commit(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("CG_FILE_STORE", str(blocker / "files"))
    note = keep_pdf(b"%PDF-1.4 x %%EOF")
    assert note.startswith("The contract was committed, but its PDF was not kept, so its pages cannot be shown: "
                           "The PDF could not be kept in the file store")
    assert keep_pdf(b"") is None


def test_prune_removes_the_files_no_contract_records(store, monkeypatch):
    kept, orphan = save_pdf(b"%PDF kept %%EOF"), save_pdf(b"%PDF orphan %%EOF", {1: [("w", (0.0, 0.0, 1.0, 1.0))]})
    (store / ".tmp-abc.pdf").write_bytes(b"half")  # a writer's temporary file is no stored PDF
    asked: list[list[str]] = []

    def referenced(_driver, shas, _database=None):
        asked.append(shas)
        return {kept}

    monkeypatch.setattr("ingest.pages.cleanup.referenced_shas", referenced)
    assert prune(None) == [orphan] and asked == [sorted([kept, orphan])]
    assert sorted(p.name for p in store.iterdir()) == sorted([".tmp-abc.pdf", f"{kept}.pdf"])
