"""OCR's misread quotes and a lost ")" do not turn clause text into parties (issue 32: the OCRed IntegrityFunds
scan gave the parties "Investment Company Act" and "Exchange Commission", its text layer none).

Tesseract reads a closing double quote as ’’, ”’, ’” or a lone ’ (`ingest.ocr.mend_quotes` mends those), and
may drop the ")" that closes a parenthetical, which ran the preamble's party list on past "SECTION 1." into
the clauses (`ingest.rules.preamble`: a capitalised first-article heading ends the list in any case). The OCR
excerpt below is Tesseract 5's reading (pdftoppm at 200 dpi) of that contract's first page, shortened."""

from __future__ import annotations

import subprocess

import img2pdf
import pytest

from ingest.ocr import mend_quotes, ocr_lines, parse_tsv, read_text
from ingest.pdf import read_pdf
from ingest.rules import extract_rules
from tests.ingest_support import PDF_DIR, real_pdf
from tests.unit.test_filing_noise import FILING_TEXT

INTEGRITY = "IntegrityFunds_20200121_485BPOS_EX-99.E UNDR CONTR_11948727_EX-99.E UNDR CONTR_Service Agreement.pdf"
OCR_EXCERPT = (
    "DISTRIBUTION AND SERVICES AGREEMENT\n\nJanuary 18, 2020\n\nThis is to confirm that, in consideration of the "
    "agreements hereinafter contained, the undersigned, the Integrity Short Term Government Fund, (the “Fund”’), an "
    "open-end, diversified, management investment company organized as a series of The Integrity Funds, a Delaware "
    "statutory trust, has agreed that Integrity Funds Distributor, LLC, (“Integrity’’), shall be, for the period of "
    "this distribution agreement (the “Agreement’”), the principal underwriter of shares issued by the Fund, "
    "including such classes of shares as may now or hereafter be authorized (the “Shares”.\n\nSECTION 1. SERVICES "
    "AS UNDERWRITER\n\nSection 1.1 Integrity will act as principal underwriter for the distribution of the Shares "
    "covered by the registration statement, prospectus, and statement of additional information then in effect of "
    "the Fund (the “Registration Statement’’) under the Securities Act of 1933, as amended (the “1933 Act’’), and "
    "the Investment Company Act of 1940, as amended (the “1940 Act’).\n\nSection 1.3 All activities by Integrity "
    "as underwriter of the Shares shall comply with all applicable laws, rules, and regulations, including, without "
    "limitation, all rules and regulations made or adopted by the Securities and Exchange Commission (the “SEC’’) "
    "or by any securities association registered under the Securities Exchange Act of 1934 and the Fund’s "
    "Registration Statement.\n")


@pytest.mark.parametrize(("ocr", "mended"), [
    ("(the “SEC’’) or", "(the “SEC”) or"), ("(the “Fund”’), an", "(the “Fund”), an"),
    ("(the “Agreement’”), the", "(the “Agreement”), the"), ("(the “1940 Act’).", "(the “1940 Act”)."),
    ("‘‘Licensee’’ means", "“Licensee” means"), ("(“Integrity''), shall", "(“Integrity”), shall"),
    # left alone: apostrophes, single quotes, well-formed quotes, a quote without its opening mark
    ("the Fund’s “Shares” and ‘single’", "the Fund’s “Shares” and ‘single’"),
    ("Licensee’s rights", "Licensee’s rights"),
    ("“the Company’s Products” here", "“the Company’s Products” here"),
])
def test_misread_closing_quotes_are_mended_and_apostrophes_kept(ocr, mended):
    assert mend_quotes(ocr) == mended
    assert mend_quotes(mended) == mended


def test_ocr_lines_mend_the_quotes_of_each_line():
    header = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext"
    words = ["(the", "“SEC’’)", "or", "the", "Fund’s"]
    rows = [f"5\t1\t1\t1\t1\t{i}\t{100 + 60 * i}\t50\t50\t20\t95.0\t{w}" for i, w in enumerate(words, 1)]
    lines, _ = ocr_lines(parse_tsv("\n".join([header, *rows])), height=1000)
    assert [ln.text for ln in lines] == ["(the “SEC”) or the Fund’s"]


def test_the_ocr_excerpt_gives_no_party_from_the_clauses():
    mended = "\n".join(mend_quotes(line) for line in OCR_EXCERPT.split("\n"))
    for text in (OCR_EXCERPT, mended):  # the heading rule alone holds even where quotes were not mended
        assert [p.name for p in extract_rules([text], "x").contract.parties] == []


@pytest.mark.skipif(not (PDF_DIR / INTEGRITY).is_file(), reason="CUAD sample PDFs not present")
def test_the_integrityfunds_scan_gets_the_text_layers_parties_and_none_from_filing_text(tmp_path):
    subprocess.run(["pdftoppm", "-r", "200", "-png", "-f", "1", "-l", "1", str(PDF_DIR / INTEGRITY),
                    str(tmp_path / "page")], check=True, capture_output=True)
    scan = img2pdf.convert(sorted(str(p) for p in tmp_path.glob("page*.png")))
    read = read_text(scan)
    assert [p.page for p in read.ocr] == [1]
    from_scan = [p.name for p in extract_rules(read.pdf.pages, "x").contract.parties]
    from_text = [p.name for p in extract_rules(read_pdf(real_pdf(INTEGRITY)).pages[:1], "x").contract.parties]
    assert [name for name in from_scan if FILING_TEXT.search(name)] == []
    assert from_scan == from_text
