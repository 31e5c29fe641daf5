"""Issue 34, "Document outline", on the Contract page's Document tab of a real filing: the filing's own label
("Exhibit 10.38" atop every page) is no section, so no phantom "Exhibit 10.38 (2)" ... "(5)" and citations read
"§27.1", not "Exhibit 10.38 27.1"; a reference to an exhibit the filing does not contain is shown and counted as
"not in this filing", apart from the references not found and those to other documents."""

from __future__ import annotations

import re

import pytest

from graph.server.db import read
from tests.app.test_document_tab import _section_block, open_contract
from tests.integration.test_document_layer import document_layer  # noqa: F401 (fixture)

pytestmark = pytest.mark.integration

SCANSOURCE = "ScansourceInc_20190822_10-K_EX-10.38_11793958_EX-10.38_Distributor Agreement1"
OUTCOMES = """
MATCH (:Contract {file_id: $f})-[:HAS_DOCUMENT]->(d:Document)
RETURN COUNT { MATCH (s:Section {file_id: $f}) } AS sections,
       COUNT { MATCH (:Section {file_id: $f})-[:REFERENCES]->() } AS refs,
       COUNT { MATCH (:Section {file_id: $f})-[r:UNRESOLVED_REFERENCE]->() WHERE r.reason = 'absent' } AS absent,
       COUNT { MATCH (:Section {file_id: $f})-[r:UNRESOLVED_REFERENCE]->()
               WHERE NOT r.external AND r.reason <> 'absent' } AS unresolved,
       COUNT { MATCH (:Section {file_id: $f})-[r:UNRESOLVED_REFERENCE]->() WHERE r.external } AS external,
       COUNT { (d)-[:HAS_TERM]->() } AS terms,
       COUNT { MATCH (s:Section {file_id: $f}) WHERE s.number STARTS WITH 'Exhibit 10.38' } AS filing_sections
"""


@pytest.fixture
def document_body(driver, document_layer) -> tuple[dict, list[str], str]:  # noqa: F811
    at = open_contract(SCANSOURCE)
    [document] = [t for t in at.tabs if t.label == "Document"]
    return read(driver, OUTCOMES, {"f": SCANSOURCE})[0], [c.value for c in document.caption], \
        document.get("html")[0].proto.body


def test_filing_label_is_no_section_and_citations_read_plain(document_body) -> None:
    counts, _, body = document_body
    assert counts["filing_sections"] == 0  # were 160: "Exhibit 10.38", its phantoms "(2)" ... "(5)" and all below
    assert "Exhibit 10.38 (" not in body and 'id="cg-sec-exhibit-10-38' not in body
    block = _section_block(body, "cg-sec-27-1")
    assert '<span class="cg-num">§27.1</span>' in block
    assert len(re.findall(r'<div class="cg-sec" id="cg-sec-', body)) == counts["sections"]
    assert "Exhibit 10.38" in body  # the label stays in the text


def test_exhibits_not_in_this_filing_are_their_own_outcome(document_body) -> None:
    counts, captions, body = document_body
    assert counts["absent"] == 3 and counts["unresolved"] >= 1 and counts["external"] >= 1
    assert captions[0].startswith(
        f"{counts['sections']} sections · {counts['refs']} cross-references · {counts['absent']} not in this filing"
        f" · {counts['unresolved']} unresolved · {counts['external']} to other documents · "
        f"{counts['terms']} defined terms")
    absent = re.findall(r'<span class="cg-absent" title="Not in this filing: [^"]*">([^<]*)</span>', body)
    # "EXHIBIT 1.0" is the third, counted above; its text is not marked in the view (the view marks a reference
    # where its exact text stands, and the stored text differs from the printed one)
    assert sorted(set(absent)) == ["Appendix A", "Exhibit 3.1"]
    assert '<span class="cg-unres" title="Reference not found in this document">sub-section 17.2.2</span>' in body
    assert '<span class="cg-ext" title="Refers to another document">' in body
