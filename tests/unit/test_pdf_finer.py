"""The check behind the PDF table's "verified finer" line (docs/DOCUMENT-LAYER.md): an off-target PDF counts as
*finer* only when its extra sections are headings the `.txt` ran into a line (or later items of a list / parts of
an exhibit whose start it ran in), never just because it has more sections."""

from __future__ import annotations

from pathlib import Path

import pytest

from evals.pdf_finer import ExtraSections, extra_sections, heading_key, pdf_finer
from evals.pdf_layer import layer_of
from ingest.cuad_labels import index_texts, name_key, read_text
from ingest.document import parse_document
from ingest.pdf import read_pdf

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "cuad"

PDF_TEXT = ("1. Scope. The Supplier shall deliver the goods on time.\n\n"
            "2. Services. The Supplier shall provide these services.\n\n"
            "A. Installation of the goods at the site.\n\nB. Training of the staff of the Buyer.\n\n"
            "C. Maintenance of the goods for a year.\n\n3. Fees. The Buyer pays within 30 days.")
# The .txt runs 2's list into its heading line (BNL's .txt does this): its parser sees no A, B, C.
TXT_RUN_IN = ("1. Scope. The Supplier shall deliver the goods on time.\n\n"
              "2. Services. The Supplier shall provide these services.   A. Installation of the goods at the site."
              "   B. Training of the staff of the Buyer.   C. Maintenance of the goods for a year.\n\n"
              "3. Fees. The Buyer pays within 30 days.")


def _check(pdf_text: str, txt_text: str) -> ExtraSections:
    return extra_sections(parse_document(pdf_text), parse_document(txt_text), txt_text)


def test_headings_the_txt_runs_into_a_line_are_verified():
    assert [s.number for s in parse_document(TXT_RUN_IN).sections] == ["preamble", "1", "2", "3"]
    extra = _check(PDF_TEXT, TXT_RUN_IN)
    assert (extra.extra, extra.run_in, extra.list_hidden, extra.unverified) == (3, 3, 0, ())
    assert pdf_finer(6, 4, 100.0, 100.0, extra)


def test_sections_the_txt_does_not_print_are_not_verified():
    # A page header or table row the PDF layout turned into a heading is not in the .txt at all.
    txt = TXT_RUN_IN.replace("   C. Maintenance of the goods for a year.", "")
    extra = _check(PDF_TEXT, txt)
    assert (extra.extra, extra.run_in) == (3, 2)
    assert extra.unverified == (heading_key("C. Maintenance of the goods for a year."),)
    assert not pdf_finer(6, 4, 100.0, 100.0, extra)  # 2 of 3 is below 90%


def test_same_lines_in_both_texts_prove_nothing():
    # The .txt prints B and C at line starts too but parses them as nothing (its A is missing entirely):
    # whatever the parser made of them, the .txt did not lose a line break, so they are not verified.
    txt = TXT_RUN_IN.replace("   A. Installation of the goods at the site.   ", "\n\n").replace("   C.", "\n\nC.")
    extra = _check(PDF_TEXT, txt)
    assert extra.run_in == 0 and extra.list_hidden == 0 and not pdf_finer(6, 4, 100.0, 100.0, extra)


def test_later_items_of_a_list_whose_first_item_is_run_in_are_verified():
    pdf = ("ARTICLE 9 - GENERAL LEGAL MATTERS\n\n(1) Governing Law: This Agreement is governed by the laws of Texas."
           "\n\n(2) Waiver: No waiver of a right on one occasion waives it on another.\n\n"
           "(3) Entire Agreement: This is the entire agreement.\n\nARTICLE 10 - OTHER\n\nText.")
    # (the parser now recovers "MATTERS (1) Governing": runin.py; a list run in after prose still hides it)
    txt = pdf.replace("MATTERS\n\n(1)", "MATTERS as below (1)")
    assert [s.number for s in parse_document(txt).sections] == ["preamble", "Article 9", "Article 10"]
    extra = _check(pdf, txt)
    assert (extra.extra, extra.run_in, extra.list_hidden) == (3, 1, 2)
    assert pdf_finer(6, 3, 100.0, 100.0, extra)


def test_more_sections_with_a_worse_resolution_rate_is_not_finer():
    extra = _check(PDF_TEXT, TXT_RUN_IN)
    assert not pdf_finer(6, 4, 80.0, 81.0, extra)
    assert not pdf_finer(4, 4, 100.0, 100.0, extra)  # not more sections


@pytest.mark.skipif(not (SHARED / "pdf").is_dir(), reason="CUAD sample PDFs not present")
def test_bnl_outsourcing_agreement_pdf_is_finer_than_its_txt():
    # Its .txt runs every lettered subclause into its clause's line ("4. INCLUDED SERVICES ... that:   A. It
    # has reviewed ..."); the PDF prints them on lines of their own (hand-checked, docs/DOCUMENT-LAYER.md).
    name = "BNLFINANCIALCORP_03_30_2007-EX-10.8-OUTSOURCING AGREEMENT.PDF"
    txt_text = read_text(index_texts(SHARED / "txt")[name_key(name)])
    pdf, txt = parse_document(read_pdf((SHARED / "pdf" / name).read_bytes()).pages), parse_document(txt_text)
    extra = extra_sections(pdf, txt, txt_text)
    # runin.py now recovers the lettered items after "that:" (32 -> 53 sections); headings it leaves run in
    # (a number whose predecessor was also run in) keep the PDF finer.
    assert (len(pdf.sections), len(txt.sections)) == (103, 53)
    assert (extra.extra, extra.run_in, extra.list_hidden) == (58, 55, 2)
    assert pdf_finer(len(pdf.sections), len(txt.sections), layer_of(pdf).rate, layer_of(txt).rate, extra)
