"""Scans for the OCR tests: a real CUAD PDF's pages rendered to images and rebuilt as an image-only PDF (as a
scanner would give it), a PDF whose only image is corrupt, and a Tesseract stand-in that fails."""

from __future__ import annotations

import io
from pathlib import Path

import img2pdf
import pypdfium2 as pdfium
from pypdf import PdfReader, PdfWriter

BELLRING = "BellringBrandsInc_20190920_S-1_EX-10.12_11817081_EX-10.12_Manufacturing Agreement2.pdf"


def scan_of(data: bytes, dpi: int = 200, pages: list[int] | None = None) -> bytes:
    """An image-only PDF of `data`'s pages (0-based `pages`, default all), rendered at `dpi`."""
    doc = pdfium.PdfDocument(data)
    images = []
    for i in pages if pages is not None else range(len(doc)):
        png = io.BytesIO()
        doc[i].render(scale=dpi / 72, grayscale=True).to_pil().save(png, format="PNG", dpi=(dpi, dpi))
        images.append(png.getvalue())
    doc.close()
    return img2pdf.convert(images)


def with_scanned_page(text_pdf: bytes, scan: bytes) -> bytes:
    """`text_pdf` with the pages of `scan` appended: a document whose last pages have no text layer."""
    writer = PdfWriter()
    for source in (text_pdf, scan):
        for page in PdfReader(io.BytesIO(source)).pages:
            writer.add_page(page)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def corrupt_scan() -> bytes:
    """An image-only PDF whose JPEG image data is garbage after its header (a damaged scan)."""
    from PIL import Image
    jpeg = io.BytesIO()
    Image.new("L", (1700, 2200), 255).save(jpeg, format="JPEG")
    data = jpeg.getvalue()
    pdf = img2pdf.convert(data)
    broken = data[:20] + bytes(len(data) - 20)  # same length, so the PDF's stream length still holds
    return pdf.replace(data, broken)


def failing_tesseract(folder: Path) -> Path:
    """A program that behaves like Tesseract failing on its input: message on stderr, exit code 1."""
    program = folder / "tesseract"
    program.write_text("#!/bin/sh\necho 'Error in pixReadStream: Unknown format: no pix returned' >&2\nexit 1\n")
    program.chmod(0o755)
    return program
