"""Tests for ingest.pdf: real CUAD PDFs (page counts checked with pdfinfo) and generated bad PDFs."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter
from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from core.errors import IngestError
from ingest.pdf import (
    CorruptPdfError,
    EmptyPdfError,
    EncryptedPdfError,
    NotAPdfError,
    PdfNoPagesError,
    PdfNoTextError,
    PdfTooLargeError,
    read_pdf,
    sha256_of,
)

PDF_DIR = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "cuad" / "pdf"

# Page counts verified with `pdfinfo` (poppler-utils); used when pdfinfo is not installed. The 154-page
# CERES collaboration agreement is left out: pypdf needs ~95 s for its very dense content streams.
KNOWN_PAGES = {
    "NETGEAR,INC_04_21_2003-EX-10.16- AMENDMENT #2 TO THE DISTRIBUTION AGREEMENT.pdf": 1,
    "UNITEDNATIONALBANCORP_03_03_1999-EX-99-Outsourcing Agreement with the BISYS Group, Inc..PDF": 1,
    "BANGIINC_05_25_2005-EX-10-Premium Managed Hosting Agreement.PDF": 2,
    "ACCELERATEDTECHNOLOGIESHOLDINGCORP_04_24_2003-EX-10.13-JOINT VENTURE AGREEMENT.PDF": 3,
    "XENCORINC_10_25_2013-EX-10.24-COLLABORATION AGREEMENT (3).PDF": 104,
}
SHORT = "BANGIINC_05_25_2005-EX-10-Premium Managed Hosting Agreement.PDF"

pytestmark = pytest.mark.skipif(not PDF_DIR.is_dir(), reason="CUAD sample PDFs not present")


def _pdfinfo_pages(path: Path) -> int:
    if shutil.which("pdfinfo") is None:
        return KNOWN_PAGES[path.name]
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", out, re.MULTILINE).group(1))


def _real(name: str) -> bytes:
    return (PDF_DIR / name).read_bytes()


@pytest.mark.parametrize("name", sorted(KNOWN_PAGES))
def test_real_pdf_page_count_matches_pdfinfo(name):
    path = PDF_DIR / name
    result = read_pdf(path.read_bytes())
    expected = _pdfinfo_pages(path)
    assert expected == KNOWN_PAGES[name]
    assert result.n_pages == expected
    assert len(result.pages) == expected


def test_real_pdf_text_is_page_aware_and_hashed():
    data = _real(SHORT)
    result = read_pdf(data)
    assert result.sha256 == sha256_of(data)
    assert len(result.sha256) == 64
    assert "HOSTING" in result.pages[0].upper()
    assert all(page.strip() for page in result.pages)


def test_sha256_of_known_value():
    assert sha256_of(b"abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


def test_empty_file():
    with pytest.raises(EmptyPdfError, match="empty"):
        read_pdf(b"")


def test_text_file_renamed_to_pdf():
    with pytest.raises(NotAPdfError, match="not a PDF"):
        read_pdf(b"This is a plain text contract between A and B.\n" * 20)


def test_truncated_pdf():
    data = _real(SHORT)
    with pytest.raises(CorruptPdfError, match="truncated"):
        read_pdf(data[: len(data) // 2])


def test_garbage_body_with_header_and_trailer_is_corrupt():
    with pytest.raises(CorruptPdfError):
        read_pdf(b"%PDF-1.7\n" + b"\x00garbage\xff" * 300 + b"\n%%EOF\n")


def test_over_size_limit():
    data = _real(SHORT)
    with pytest.raises(PdfTooLargeError, match="limit"):
        read_pdf(data, max_bytes=len(data) - 1)
    assert read_pdf(data, max_bytes=len(data)).n_pages == 2


def test_encrypted_pdf():
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(_real(SHORT))))
    writer.encrypt(user_password="secret", owner_password="owner", algorithm="RC4-128")
    buffer = io.BytesIO()
    writer.write(buffer)
    with pytest.raises(EncryptedPdfError, match="password"):
        read_pdf(buffer.getvalue())


def test_owner_password_only_pdf_is_readable():
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(_real(SHORT))))
    writer.encrypt(user_password="", owner_password="owner", algorithm="RC4-128")
    buffer = io.BytesIO()
    writer.write(buffer)
    assert read_pdf(buffer.getvalue()).n_pages == 2


def test_zero_pages():
    buffer = io.BytesIO()
    PdfWriter().write(buffer)
    with pytest.raises(PdfNoPagesError):
        read_pdf(buffer.getvalue())


def test_image_only_pdf_has_no_text_layer():
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=letter)
    for _ in range(2):
        pdf.setFillGray(0.4)
        pdf.rect(72, 72, 300, 400, fill=1)
        pdf.showPage()
    pdf.save()
    with pytest.raises(PdfNoTextError, match="OCR is not available"):
        read_pdf(buffer.getvalue())


def test_every_error_is_an_ingest_error():
    errors = (EmptyPdfError, PdfTooLargeError, NotAPdfError, CorruptPdfError, EncryptedPdfError,
              PdfNoPagesError, PdfNoTextError)
    for cls in errors:
        assert issubclass(cls, IngestError)
