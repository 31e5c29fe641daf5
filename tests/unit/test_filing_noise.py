"""Filing noise (ingest/rules/filing.py): EDGAR cover and footer text, confidential-treatment notices, SEC
exhibit labels, page numbers and running headers are masked before the rules read title, parties and dates
(offsets kept, document text unchanged); and over every dev PDF no extracted party is filing text."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from ingest.cuad_labels import load_labels, name_key
from ingest.ocr import scan_pages
from ingest.pdf import read_pdf
from ingest.rules import extract_rules
from ingest.rules.filing import is_noise, mask
from tests.ingest_support import NETGEAR, PDF_DIR, real_pdf
from tests.pdf_pages import pdf_pages

LABELS = PDF_DIR.parent / "labels_dev.csv"
# What filing text looks like when it leaks into a party (independent of the masking patterns).
FILING_TEXT = re.compile(r"disclaimer|incorporated\s+by\s+reference|confidential\s+treatment|\bsource:|morningstar|"
                         r"securities\s+and\s+exchange|\b(?:10-K|10-Q|8-K|S-1)\b|^\s*exhibit\s+\d|^\s*page\s+\d|"
                         r"^\s*[\d\s.-]+$|omitted|^\s*(?:by\s+and\s+)?between\b|"
                         # the regulator and the statutes a filing cites (an OCRed preamble once read them as parties)
                         r"exchange\s+commission|\bact(?:\s+of\s+\d{4})?\s*$", re.IGNORECASE)
NETZEE = "NETZEEINC_11_14_2002-EX-10.3-MAINTENANCE AGREEMENT.PDF"


@pytest.mark.parametrize("line", [
    "Source: NETGEAR INC, 10-K, 3/28/2003", "Source: BLOOM ENERGY CORP, DRS/A (on S-1), 3/12/2018",
    "Powered by Morningstar® Document Research℠",
    "The information contained herein may not be copied, adapted or distributed and is not warranted to be "
    "accurate, complete or timely.",
    "CONFIDENTIAL TREATMENT REQUESTED", "*** Confidential treatment requested pursuant to Rule 24b-2",
    "[***] INDICATES MATERIAL THAT HAS BEEN OMITTED AND FOR WHICH CONFIDENTIAL TREATMENT HAS BEEN REQUESTED.",
    "* Portions denoted with an asterisk have been omitted and filed separately with the Securities and Exchange "
    "Commission pursuant to a request for confidential treatment.",
    "EXHIBIT 10.3", "Exhibit 10.16", "EX-10.31", "Exhibit 4.(b)", "   12   ", "- 7 -", "Page 7 of 30", "iv",
])
def test_filing_lines_are_noise(line):
    assert is_noise(line)


@pytest.mark.parametrize("line", [
    "Exhibit A", "EXHIBIT B - PRICING", "This Agreement is made on May 1, 2010 between Acme Inc. and Widget Ltd.",
    "19. ENTIRE AGREEMENT, GOVERNING LAW", "Source code shall be deposited in escrow, 10 days after 3/4/2005.",
    "The Licensee shall seek confidential treatment of this Agreement. " + "It shall do so diligently. " * 30,
])
def test_agreement_lines_are_not_noise(line):
    assert not is_noise(line)


def test_mask_blanks_noise_and_running_headers_keeping_every_offset():
    words = ["price", "term", "notice", "law"]
    pages = [f"ACME CONFIDENTIAL - DRAFT {n}\nThe {w} clause.\nMore about the {w}.\nEnd of {w}.\n"
             f"Source: ACME INC, 10-K, 3/28/2003\n{n}" for n, w in enumerate(words, 1)]
    masked = mask(pages)
    assert [len(p) for p in masked] == [len(p) for p in pages]
    assert [" ".join(p.split()) for p in masked] == [f"The {w} clause. More about the {w}. End of {w}." for w in words]
    assert mask(pages[:2])[0].split()[:3] == ["ACME", "CONFIDENTIAL", "-"]  # two pages cannot show a running line


@pytest.mark.skipif(not PDF_DIR.is_dir(), reason="CUAD sample PDFs not present")
def test_the_issue_examples_no_longer_give_filing_parties_or_a_section_title():
    netzee = extract_rules(read_pdf(real_pdf(NETZEE)).pages, "x")
    assert [p.name for p in netzee.contract.parties] == ["NETZEE"]  # not "DISCLAIMER", "INCORPORATED BY ..."
    netgear = extract_rules(read_pdf(real_pdf(NETGEAR)).pages, "x")
    assert [p.name for p in netgear.contract.parties] == ["NETGEAR, Inc.", "Ingram Micro"]  # not "by and between"
    assert netgear.value("document_name") == "Distributor Agreement"  # not "ENTIRE AGREEMENT" (section 19)


@pytest.mark.skipif(not LABELS.is_file(), reason="CUAD dev labels not present")
@pytest.mark.timeout(3600)  # 47 PDFs read by pypdf: minutes, far more on a loaded machine
def test_no_party_of_any_dev_pdf_is_filing_text():
    keys = {c.key for c in load_labels(LABELS)}
    pdfs = [p for p in sorted(PDF_DIR.iterdir()) if name_key(p.name) in keys]
    assert len(pdfs) == 47
    # Read as an upload reads them: ingest.ocr.read_text returns read_pdf's pages when no page is a scan, which
    # scan_pages checks on the same pages (the OCR path on scans of them: tests/unit/test_ocr_quotes.py). The
    # pages come from the run's PDF cache (tests/pdf_pages.py): test_duplicates reads the same files.
    pages = {p.name: pdf_pages(p) for p in pdfs}
    assert {name: scans for name, texts in pages.items() if (scans := _scans(PDF_DIR / name, texts))} == {}
    leaked = {name: party for name, texts in pages.items()
              for party in (o.name for o in extract_rules(texts, name).contract.parties) if FILING_TEXT.search(party)}
    assert leaked == {}


def _scans(path, texts: list[str]) -> list[int]:
    doc = pdfium.PdfDocument(path)
    try:
        return scan_pages(doc, texts)
    finally:
        doc.close()
