"""Issue 27, finding 13: a PDF of 100,000 numbered lines (1.3 MB, 1,000 pages) took 4 min 45 s and 1.3 GB to
ingest. Uploads are now bounded: at most 500 pages (refused before any page is read), 1,000,000 characters
of text (refused at the page that crosses it: the pages after it are never laid out) and 5,000 sections per
contract, each with a message saying what to do. The hostile PDFs are made here with reportlab."""

from __future__ import annotations

import io

import pytest
from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

import ingest.pdf_layout as layout
from core.errors import IngestError
from ingest.document import parse_document
from ingest.layer import MAX_SECTIONS, check_sections, layer_rows
from ingest.pdf import MAX_PAGES, MAX_TEXT_CHARS, PdfTooManyPagesError, read_pdf
from ingest.pdf_layout import PdfTextTooLongError
from tests.synth_contracts import synthetic_text


def numbered_pdf(lines: int, per_page: int) -> bytes:
    """The probe's shape: numbered lines, `per_page` of them in a small font on each letter page."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=letter)
    for start in range(0, lines, per_page):
        pdf.setFont("Helvetica", 5)
        for i in range(start, min(lines, start + per_page)):
            pdf.drawString(40, 770 - (i - start) * 7.4, f"{i + 1}. Line {i + 1} of the agreement.")
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def test_the_limits_are_the_documented_figures() -> None:
    assert (MAX_PAGES, MAX_TEXT_CHARS, MAX_SECTIONS) == (500, 1_000_000, 5_000)


def test_more_pages_than_the_limit_are_refused_before_any_page_is_read(monkeypatch) -> None:
    data = numbered_pdf(MAX_PAGES + 1, per_page=1)
    laid_out: list[object] = []
    monkeypatch.setattr(layout, "page_lines", lambda page: laid_out.append(page) or [])
    with pytest.raises(PdfTooManyPagesError) as refused:
        read_pdf(data)
    assert str(refused.value) == ("The PDF has 501 pages; at most 500 are read (the longest contract in the "
                                  "sample has 154). Split the document and upload the parts.")
    assert laid_out == []


def test_text_past_the_limit_is_refused_at_the_page_that_crosses_it(monkeypatch) -> None:
    data = numbered_pdf(3000, per_page=100)  # 30 pages of ~30 characters a line: ~3,000 a page
    real = layout.page_lines
    laid_out: list[object] = []
    monkeypatch.setattr(layout, "page_lines", lambda page: laid_out.append(page) or real(page))
    with pytest.raises(PdfTextTooLongError) as refused:
        read_pdf(data, max_chars=10_000)
    message = str(refused.value)
    assert message.startswith("The PDF's text is longer than 10,000 characters (reached on page ")
    assert message.endswith("of 30); the longest contract in the sample has about 340,000. Split the document "
                            "and upload the parts.")
    crossing = int(message.split("reached on page ")[1].split()[0])
    assert 3 <= crossing <= 5 and len(laid_out) == crossing  # no page after it was read
    assert isinstance(refused.value, IngestError)  # the CLI and the Upload page show it as one line
    pages = read_pdf(data, max_chars=1_000_000).pages  # under the limit the same file reads whole
    assert len(pages) == 30 and "2950. Line 2950 of the agreement." in pages[-1]


def test_a_contract_of_more_sections_than_the_limit_is_refused() -> None:
    doc = parse_document(synthetic_text(7), "synthetic")
    rows = layer_rows(doc, "synthetic")
    count = len(rows["sections"])
    assert count > 10
    check_sections(rows, limit=count)  # at the limit: accepted
    with pytest.raises(IngestError, match=f"The text parses into {count:,} sections; at most {count - 1:,} are "
                                          r"stored for one contract \(the most sectioned contract in the sample "
                                          r"has 811\)\."):
        check_sections(rows, limit=count - 1)
