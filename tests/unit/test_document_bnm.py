"""The BNM e-KYC policy document (30-page PDF): paragraphs, definitions, footnotes and references.

Expected values were counted by reading the pypdf text of the document:
- Parts A-C hold chapters 1-12 ("1 Introduction" ... "12 Enforcement"; their titles are printed in the
  page margin and extracted at the end of each page). Numbered paragraphs per chapter:
  1: 1.1-1.3, 2: 2.1-2.2, 3: 3.1, 4: 4.1, 5: 5.1-5.2, 6: 6.1-6.2, 7: 7.1, 8: 8.1-8.33, 9: 9.1-9.5,
  10: 10.1-10.4, 11: 11.1-11.2, 12: 12.1 = 57 paragraphs.
- Appendices 1-6, numbered "1." onwards each: 2, 13, 8, 10 (Appendix 4 has no paragraph 5), 9, 2 = 44.
- Paragraph 5.2 (Interpretation) defines 16 quoted terms with "means"/"refers to"/"denotes"; two of them,
  "S" and "G" (the markers of standards and guidance), are single letters and not terms (issue 14): 14 terms.
- 34 footnotes, numbered 1-34 on pages 4-29, each cited once by a superscript glued to the text.
"""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pytest

from ingest.document import ParsedDocument, parse_document

PDF = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "regulatory" / "bnm_ekyc_policy_2024.pdf"
CHAPTERS = {1: 3, 2: 2, 3: 1, 4: 1, 5: 2, 6: 2, 7: 1, 8: 33, 9: 5, 10: 4, 11: 2, 12: 1}
TITLES = ["Introduction", "Applicability", "Legal provisions", "Effective date", "Interpretation",
          "Related legal instruments and policy documents", "Policy documents superseded", "e-KYC implementation",
          "Reporting requirements", "Notification for licensed persons and prescribed development financial "
          "institutions", "Approval for licensed money services businesses", "Enforcement"]
APPENDIX_PARAGRAPHS = {1: [1, 2], 2: list(range(1, 14)), 3: list(range(1, 9)), 4: [1, 2, 3, 4, 6, 7, 8, 9, 10, 11],
                       5: list(range(1, 10)), 6: [1, 2]}
TERMS = ["authorised person", "beneficial owner", "biometric", "Board", "customer",
         "electronic Know-Your-Customer (e-KYC)", "financial institution", "False Negative", "False Positive",
         "individual", "legal person", "the Bank", "True Positive", "True Negative"]
FOOTNOTE_PAGES = {1: 4, 2: 5, 3: 9, 4: 10, 5: 10, 6: 10, 7: 10, 8: 12, 9: 12, 10: 12, 11: 12, 12: 13, 13: 13,
                  14: 15, 15: 15, 16: 15, 17: 15, 18: 16, 19: 17, 20: 18, 21: 18, 22: 18, 23: 19, 24: 20,
                  25: 22, 26: 22, 27: 22, 28: 23, 29: 23, 30: 24, 31: 26, 32: 27, 33: 27, 34: 29}
# The paragraph whose text carries each superscript ("writing1", "(CDD) 2", "ID3", ...). Note 5 sits in the
# un-numbered sub-heading "C. IDV through e-KYC for legal person5", which follows paragraph 8.11.
CITED_IN = {1: "5.2", 2: "5.2", 3: "8.10(ii)", 4: "8.10(iii)", 5: "8.11", 6: "8.12", 7: "8.13(iii)", 8: "8.21",
            9: "8.22(i)", 10: "8.22(ii)", 11: "8.23(ii)", 12: "8.27", 13: "8.29", 14: "10.1", 15: "10.1",
            16: "10.1", 17: "10.3", 18: "11.1", 19: "Appendix 1 2(ii)", 20: "Appendix 2 2", 21: "Appendix 2 3",
            22: "Appendix 2 5", 23: "Appendix 2 6", 24: "Appendix 2 11(ii)", 25: "Appendix 3 1",
            26: "Appendix 3 1", 27: "Appendix 3 2", 28: "Appendix 3 6(c)", 29: "Appendix 3 6(c)",
            30: "Appendix 3 7(e)", 31: "Appendix 4 1", 32: "Appendix 4 7(ii)", 33: "Appendix 4 8(i)",
            34: "Appendix 5 4"}


@pytest.fixture(scope="module")
def pages() -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(PDF).pages]


@pytest.fixture(scope="module")
def doc(pages: list[str]) -> ParsedDocument:
    return parse_document(pages, "bnm_ekyc_policy_2024")


def _paragraph_lines(pages: list[str]) -> int:
    """Independent count: lines starting with "x.y " (after an optional S/G marker), except wrapped
    references ("... in paragraph" / "8.22 for continued relevance")."""
    count = 0
    for page in pages:
        lines = page.split("\n")
        for i, line in enumerate(lines):
            wrapped = i > 0 and re.search(r"paragraphs?\s*$", lines[i - 1])
            count += bool(re.match(r"^\s*(?:[SG]\s+)?\d{1,2}\.\d{1,2}\s", line)) and not wrapped
    return count


def test_numbered_paragraphs_and_chapters(doc: ParsedDocument, pages: list[str]):
    expected = [f"{c}.{p}" for c, n in CHAPTERS.items() for p in range(1, n + 1)]
    found = [s.number for s in doc.sections if re.fullmatch(r"\d+\.\d+", s.number)]
    print(f"BNM numbered paragraphs: {len(found)} (expected {len(expected)})")
    assert found == expected
    assert _paragraph_lines(pages) == len(expected) == 57
    chapters = [s for s in doc.sections if re.fullmatch(r"\d+", s.number)]
    assert [s.number for s in chapters] == [str(c) for c in CHAPTERS]
    assert [s.title for s in chapters[:9]] == TITLES[:9]
    assert all(doc.section(p).parent_number == p.split(".")[0] for p in expected)
    assert doc.section("8.16").page == 11


def test_appendices_and_their_paragraphs(doc: ParsedDocument):
    appendices = [s for s in doc.sections if s.kind == "exhibit"]
    assert [s.number for s in appendices] == [f"Appendix {n}" for n in range(1, 7)]
    assert [s.page for s in appendices] == [17, 18, 22, 26, 29, 30]
    for number, paragraphs in APPENDIX_PARAGRAPHS.items():
        got = [s.number for s in doc.sections if re.fullmatch(rf"Appendix {number} \d+", s.number)]
        assert got == [f"Appendix {number} {p}" for p in paragraphs]
    total = sum(len(p) for p in APPENDIX_PARAGRAPHS.values())
    print(f"BNM appendix paragraphs: {total}")
    assert total == 44


def test_interpretation_definitions(doc: ParsedDocument):
    print(f"BNM definitions: {len(doc.definitions)}")
    assert [d.term for d in doc.definitions] == TERMS
    assert all(d.section_number == "5.2" and not d.inline for d in doc.definitions)
    by_term = {d.term: d.definition for d in doc.definitions}
    assert by_term["the Bank"] == "means Bank Negara Malaysia."
    assert by_term["individual"] == "refers to a natural person."
    assert by_term["Board"].startswith("refers to- (i) directors of the company")
    uses = {(u.section_number, u.term) for u in doc.term_uses}
    assert ("8.1", "Board") in uses and ("Appendix 4 2(iv)", "customer") in uses


def test_footnotes_and_citations(doc: ParsedDocument):
    print(f"BNM footnotes: {len(doc.footnotes)}, citations: {len(doc.footnote_citations)}")
    assert {f.number: f.page for f in doc.footnotes} == FOOTNOTE_PAGES
    assert {c.footnote_number: c.section_number for c in doc.footnote_citations} == CITED_IN
    assert len(doc.footnote_citations) == 34
    assert doc.footnotes[13].text == "As defined under the FSA or IFSA."
    assert doc.footnotes[0].text.endswith("can be referred in paragraph 8.16 of this policy document.")
    assert "writing1" not in doc.text and "paragraph 8.2211" not in doc.text and "paragraph 8.22." in doc.text


def test_paragraph_references_resolve(doc: ParsedDocument):
    internal = [r for r in doc.references if not r.external]
    paragraph_refs = [r for r in internal if r.text.lower().startswith("paragraph")]
    print(f"BNM references: {len(doc.references)} ({len(paragraph_refs)} internal paragraph references, "
          f"{len(doc.references) - len(internal)} external)")
    assert [r for r in internal if r.target_number is None] == []
    # every "paragraph(s) x.y" written in the body (footnotes removed; 36 times, 17 distinct numbers,
    # not counting further list items such as "and 8.13") is a resolved reference target
    written = re.findall(r"paragraphs?,?\s+(\d{1,2}\.\d{1,2})(?![\d.])(?!\s+of\s+the\b)", doc.text)
    targets = {re.match(r"\d+\.\d+", r.target_number).group(0) for r in paragraph_refs
               if re.match(r"\d+\.\d+", r.target_number)}
    assert len(written) == 36 and len(set(written)) == 17
    assert set(written) <= targets
    assert {r.text for r in doc.references if r.external} == {
        "sections 47(1) and 261(1)", "sections 57(1) and 272", "sections 41(1),126 and 123A", "sections 74",
        "sections 16 and 83", "paragraph 6.2", "paragraph 24"}
    assert ("Appendix 2 7", "Appendix 2 3", "paragraph 3") in {
        (r.source_number, r.target_number, r.text) for r in doc.references}
