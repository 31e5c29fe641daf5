"""PDF layout normalisation: running headers and page numbers go, hyphenated breaks join, wrapped lines
re-flow into paragraphs; and real CUAD PDFs (two of them parsed as ONE section before) now give a section tree
within 20% of the one their .txt gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.cuad_labels import index_texts, name_key, read_text
from ingest.document import parse_document
from ingest.pdf import read_pdf
from ingest.pdf_layout import Line, clean, reflow, strip_running

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "cuad"


def _page(*texts: str, top: float = 700.0, pitch: float = 12.0) -> list[Line]:
    return [Line(t, top - i * pitch, 72.0) for i, t in enumerate(texts)]


def test_wrapped_lines_reflow_and_gaps_split_paragraphs():
    lines = _page("1. Term. This Agreement starts on the Effective Date and continues for",
                  "three years unless it is terminated earlier in accordance with its terms and",
                  "conditions.")
    lines += [Line("2. Fees. The Customer shall pay the fees set out in Exhibit A within thirty", 640.0),
              Line("days of the invoice date.", 628.0)]
    assert reflow(lines) == (
        "1. Term. This Agreement starts on the Effective Date and continues for three years unless it is "
        "terminated earlier in accordance with its terms and conditions.\n\n"
        "2. Fees. The Customer shall pay the fees set out in Exhibit A within thirty days of the invoice date.")


def test_hyphenated_break_is_joined_and_a_heading_line_stands_alone():
    lines = _page("ARTICLE IV", "The parties agree that the confidential infor-",
                  "mation of each party remains its property and is returned on request.")
    assert reflow(lines) == ("ARTICLE IV\n\nThe parties agree that the confidential information of each party "
                             "remains its property and is returned on request.")


def test_running_header_and_page_numbers_are_removed():
    bodies = [("Scope of the services.", "Fees and payment.", "Term."), ("Warranties.", "Indemnity.", "Notices."),
              ("Insurance.", "Audit rights.", "Assignment."), ("Governing law.", "Counterparts.", "Signatures.")]
    pages = [_page("ACME CONFIDENTIAL - SUPPLY AGREEMENT", *body, f"- {n} -") for n, body in enumerate(bodies, 1)]
    assert [[ln.text for ln in page] for page in strip_running(pages)] == [list(body) for body in bodies]
    short = [_page("Signature page", "3") for _ in range(3)]  # every line is an edge line: keep the text
    assert [[ln.text for ln in page] for page in strip_running(short)] == [["Signature page"]] * 3


def test_part_labels_topping_consecutive_pages_are_headings_not_running_lines():
    # Cerus' amendment: "Schedule 1" / "Exhibit AA-1" ... "Exhibit AA-4" / "Schedule 2" / "SCHEDULE 3" top pages
    # 3-8; digit-blind they repeat ("schedule #" 3 times, "exhibit aa-#" 4 times) and were dropped as running.
    # "Exhibit A - Page N", the same label on every page of one exhibit, still is a running line.
    tops = ["Schedule 1", "Exhibit AA-2", "Exhibit AA-3", "Exhibit AA-4", "Schedule 2", "SCHEDULE 3"]
    bodies = [("Part numbers of the parts.", "Omitted."), ("Prices of the services.", "Omitted."),
              ("Stock levels.", "See list."), ("Repair lead times.", "Three days."), ("Pricing.", "Fees apply."),
              ("Form statement of work.", "Signatures.")]
    pages = [_page(top, f"Exhibit A - Page {n}", *body, "[*] = Certain confidential information omitted.")
             for n, (top, body) in enumerate(zip(tops, bodies, strict=True), 1)]
    kept = [[ln.text for ln in page] for page in strip_running(pages)]
    assert kept == [[top, *body] for top, body in zip(tops, bodies, strict=True)]


def test_a_page_of_few_lines_is_measured_with_the_document_pitch_and_line_length():
    # CANO Petroleum's last page: "QuickLinks" and "EXHIBIT 10.1", 22 points apart. One gap cannot show the
    # page's own pitch, and two short lines no typical length: they ran into one paragraph.
    last = [Line("QuickLinks", 763.5, 51.3), Line("EXHIBIT 10.1", 741.4, 76.6)]
    assert reflow(last) == "QuickLinks EXHIBIT 10.1"
    assert reflow(last, (14.0, 90)) == "QuickLinks\n\nEXHIBIT 10.1"
    full = _page("1. Term. This Agreement starts on the Effective Date and continues for", "three years.")
    assert reflow(full, (40.0, 10)) == reflow(full)  # a page with enough lines keeps its own measures


def test_look_alike_characters_are_plain():
    assert clean("forth\u037e (b)\u00a0next \ufb01le") == "forth; (b) next file"


CASES = [  # (PDF, sections its pypdf text gave before this module)
    ("ACCELERATEDTECHNOLOGIESHOLDINGCORP_04_24_2003-EX-10.13-JOINT VENTURE AGREEMENT.PDF", 1),
    ("ATMOSENERGYCORP_11_22_2002-EX-10.17-TRANSPORTATION SERVICE AGREEMENT.PDF", 1),
    ("ACCURAYINC_09_01_2010-EX-10.31-DISTRIBUTOR AGREEMENT.PDF", 23),
    ("CURAEGISTECHNOLOGIES,INC_05_26_2010-EX-1-CORPORATE SPONSORSHIP AGREEMENT.PDF", None),
    # Off target until the two fixes above: 8 sections against 12, 11% against 25% resolved (schedule labels
    # dropped as running lines); 0% against 100% ("QuickLinks EXHIBIT 10.1" run into one line).
    ("Cerus Corporation - FIRST AMEND TO SUPPLY AND MANUFACTURING AGREEMENT.PDF", None),
    ("CANOPETROLEUM,INC_12_13_2007-EX-10.1-Sponsorship Agreement.PDF", None),
]


@pytest.mark.skipif(not (SHARED / "pdf").is_dir(), reason="CUAD sample PDFs not present")
@pytest.mark.parametrize(("name", "before"), CASES)
def test_real_pdf_sections_within_20_percent_of_the_text(name, before):
    pdf = parse_document(read_pdf((SHARED / "pdf" / name).read_bytes()).pages)
    txt = parse_document(read_text(index_texts(SHARED / "txt")[name_key(name)]))
    assert abs(len(pdf.sections) - len(txt.sections)) <= 0.2 * len(txt.sections), (len(pdf.sections),
                                                                                   len(txt.sections))
    assert before is None or len(pdf.sections) > 5 * before
    resolved = [r for r in pdf.references if r.target_number is not None]
    internal = [r for r in pdf.references if not r.external]
    txt_internal = [r for r in txt.references if not r.external]
    pdf_rate = len(resolved) / len(internal) if internal else 1.0
    txt_rate = len([r for r in txt_internal if r.target_number]) / len(txt_internal) if txt_internal else 1.0
    assert abs(pdf_rate - txt_rate) <= 0.05
