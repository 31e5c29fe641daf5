"""An SEC filing's own exhibit label ("Exhibit 10.38" atop the text and atop each page) is filing noise: no
section of the outline, no reference, its lines kept in the text (issue 34, "Document outline")."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.cuad_labels import read_text
from ingest.document import parse_document
from ingest.document.filing_label import filing_label_lines

CUAD_TXT = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "cuad" / "txt"
SOURCE = "Source: ACME INC, 10-K, 8/22/2019"

# A filing labelled "Exhibit 10.38" whose label tops every page; the label falls mid-clause twice.
PAGES = [
    "Exhibit 10.38\n\nDISTRIBUTOR AGREEMENT\n\n1.0 DEFINITIONS.\n\n1.1 Products are listed in Exhibit A.\n\n"
    "2.0 TERM.\n\n2.1 This Agreement runs for one year and\n\n" + SOURCE,
    "Exhibit 10.38\n\nrenews for one more year.\n\n2.2 Either party may end it.\n\n" + SOURCE,
    "Exhibit 10.38\n\n3.0 GENERAL.\n\n3.1 Delaware law governs, see Section 2.1.\n\n" + SOURCE,
    "Exhibit 10.38\n\nEXHIBIT A\n\nPRODUCTS\n\n1. Routers\n\n2. Switches\n\n" + SOURCE,
]


def _numbers(pages: list[str] | str) -> list[str]:
    return [s.number for s in parse_document(pages).sections]


def test_filing_label_and_its_page_repeats_are_no_sections() -> None:
    doc = parse_document(PAGES)
    numbers = [s.number for s in doc.sections]
    assert numbers == ["preamble", "1.0", "1.1", "2.0", "2.1", "2.2", "3.0", "3.1",
                       "Exhibit A", "Exhibit A 1", "Exhibit A 2"]
    assert {s.number: s.parent_number for s in doc.sections}["3.1"] == "3.0"
    # kept in the text: the label on page 2 stays inside 2.1, between the halves of its sentence
    section = {s.number: s for s in doc.sections}["2.1"]
    assert "runs for one year and" in section.text and "Exhibit 10.38" in section.text
    assert "renews for one more year." in section.text


def test_filing_label_is_no_reference_and_real_exhibit_still_resolves() -> None:
    doc = parse_document(PAGES)
    assert [(r.source_number, r.text, r.target_number) for r in doc.references] == [
        ("1.1", "Exhibit A", "Exhibit A"), ("3.1", "Section 2.1", "2.1")]


def test_filing_label_lines_finds_the_top_label_and_its_exact_repeats_only() -> None:
    text = "\n\n".join(PAGES)
    starts = filing_label_lines(text)
    assert len(starts) == 4 and all(text.startswith("Exhibit 10.38", s) for s in starts)
    # "Exhibit 10.2(b)" after a filing labelled "Exhibit 10.2" is an attachment of its own
    other = "Exhibit 10.2\n\nAGREEMENT\n\n1. Terms.\n\nExhibit 10.2(b)\n\nFORM OF CERTIFICATE\n\nExhibit 10.2\n\nmore"
    assert filing_label_lines(other) == [0, other.rindex("Exhibit 10.2\n")]


@pytest.mark.parametrize("text", [
    "Exhibit A\n\nAGREEMENT\n\n1. Terms.\n\nExhibit A\n\nmore",  # a letter: the document may be an annex itself
    "x" * 700 + "\n\nExhibit 10.1\n\nAGREEMENT",  # not at the top
    "Schedule 1.1\n\nAGREEMENT",  # only "Exhibit" carries an SEC number
])
def test_no_filing_label(text: str) -> None:
    assert filing_label_lines(text) == []


def test_exhibits_numbered_after_sections_stay_sections() -> None:
    text = ("Exhibit 10.7\n\nLICENSE AGREEMENT\n\n1. DEFINITIONS\n\n1.5 Compound has the meaning in Exhibit 1.5."
            "\n\n2. LICENSE\n\n2.1 Licensor grants a license.\n\nExhibit 1.5\n\nCOMPOUND\n\nThe compound is X.")
    assert _numbers(text)[-1] == "Exhibit 1.5"
    assert [(r.text, r.target_number) for r in parse_document(text).references] == [("Exhibit 1.5", "Exhibit 1.5")]


def _cuad(prefix: str) -> str:
    [path] = [p for p in CUAD_TXT.glob(prefix + "*")]
    return read_text(path)


@pytest.mark.skipif(not CUAD_TXT.is_dir(), reason="CUAD texts not available")
def test_scansource_distributor_agreement_outline_has_no_filing_parent() -> None:
    """The issue's example: before, "Exhibit 10.38" parented the whole agreement and repeated as "Exhibit 10.38
    (2)" ... "(5)" (27.1 read "Exhibit 10.38 27.1")."""
    doc = parse_document(_cuad("ScansourceInc_20190822_10-K_EX-10.38_11793958_EX-10.38_Distributor Agreement1"))
    numbers = [s.number for s in doc.sections]
    assert not [n for n in numbers if n.startswith("Exhibit 10.38")]
    assert not [n for n in numbers if n.endswith(")") and " (" in n and n.split(" (")[-1][:-1].isdigit()]
    by_number = {s.number: s for s in doc.sections}
    assert by_number["27.1"].parent_number == "27.0" and by_number["27.0"].parent_number is None
    assert {"2.0", "27.0", "Exhibit B 3.3.1"} <= set(numbers)  # 3.3.1 is in Exhibit B, not a phantom
    assert not [r for r in doc.references if r.text == "Exhibit 10.38"]


@pytest.mark.skipif(not CUAD_TXT.is_dir(), reason="CUAD texts not available")
@pytest.mark.parametrize("prefix", ["SPOKHOLDINGS,INC_06_19_2020", "CANOPETROLEUM,INC_12_13_2007",
                                    "TcPipelinesLp_20160226", "TURNKEYCAPITAL,INC_07_20_2017",
                                    "ScansourceInc_20190822_10-K_EX-10.39"])
def test_other_filings_lose_their_label_section(prefix: str) -> None:
    assert not [n for n in _numbers(_cuad(prefix)) if n.lower().startswith("exhibit ") and "." in n.split()[1]]


@pytest.mark.skipif(not CUAD_TXT.is_dir(), reason="CUAD texts not available")
def test_zogenix_keeps_its_exhibit_10_2_b() -> None:
    numbers = _numbers(_cuad("ZogenixInc_20190509_10-Q_EX-10.2"))
    assert "Exhibit 10.2" in numbers and "Exhibit 4.2" in numbers
