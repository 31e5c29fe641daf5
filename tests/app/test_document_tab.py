"""The Contract page's Document tab on a real contract: the section tree (one anchored block per section),
cross-references as links to their targets, defined terms with their definitions on hover; and the graph
view's document-layer toggle."""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from graph.reads.documents import add_document_layer
from graph.reads.subgraph import contract_subgraph
from graph.server.config import REPO_ROOT
from graph.server.db import read
from graph.store.write import CommitRequest, commit_contract
from tests.ingest_support import exact_cleanup
from tests.integration.test_document_layer import BELLICUM, document_layer  # noqa: F401 (fixture)

pytestmark = pytest.mark.integration

APP = str(REPO_ROOT / "app.py")
COUNTS = """
MATCH (:Contract {file_id: $f})-[:HAS_DOCUMENT]->(d:Document)
RETURN COUNT { MATCH (s:Section {file_id: $f}) } AS sections,
       COUNT { MATCH (:Section {file_id: $f})-[:REFERENCES]->() } AS refs,
       COUNT { MATCH (:Section {file_id: $f})-[:UNRESOLVED_REFERENCE]->() } AS unresolved,
       COUNT { (d)-[:HAS_TERM]->() } AS terms
"""


def open_contract(file_id: str, tab: str = "Document") -> AppTest:
    """The Contract page with `tab` open (the tab is bound to the URL's `contract_tab`; only it runs)."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.query_params.update({"file_id": file_id, "contract_tab": tab})
    at.switch_page("pages/portfolio/contract.py").run()
    assert not at.exception, at.exception
    return at


def _section_block(body: str, anchor: str) -> str:
    start = body.index(f'id="{anchor}"')
    return body[start:body.index('<div class="cg-sec"', start)]


def test_document_tab_renders_sections_links_and_terms(driver, document_layer) -> None:  # noqa: F811
    at = open_contract(BELLICUM)
    assert [t.label for t in at.tabs] == ["Overview", "Document"]
    counts = read(driver, COUNTS, {"f": BELLICUM})[0]
    [document] = [t for t in at.tabs if t.label == "Document"]
    captions = [c.value for c in document.caption]
    assert captions[0].startswith(f"{counts['sections']} sections · {counts['refs']} cross-references · "
                                  f"{counts['unresolved']} unresolved · {counts['terms']} defined terms")
    body = document.get("html")[0].proto.body
    assert len(re.findall(r'<div class="cg-sec" id="cg-sec-', body)) == counts["sections"]
    block = _section_block(body, "cg-sec-4-6")
    assert '<span class="cg-num">§4.6</span> Rights to Master Files' in block
    assert '<a class="cg-ref" href="#cg-sec-4-5" title="Go to §4.5">Section 4.5</a>' in block
    assert 'id="cg-sec-4-5"' in body
    definition = read(driver, "MATCH (t:DefinedTerm {file_id: $f, term: 'Master File'}) RETURN t.definition AS d",
                      {"f": BELLICUM})[0]["d"]
    hover = re.search(r'<abbr class="cg-term" title="([^"]*)">Master File</abbr>', block)
    assert hover and hover.group(1).startswith("Master File: " + " ".join(definition.split())[:200])
    assert hover.group(1).endswith("(defined in §1.1)")
    assert _section_block(body, "cg-sec-4-5").count('href="#cg-sec-4-9"') == 1


def test_contract_without_document_layer_says_how_to_load_it(driver) -> None:
    record = {"file_id": "TEST-DOC-TAB-NO-LAYER", "summary": "No layer yet", "contract_type": "Supply",
              "parties": [{"name": "Doc Tab Test Co", "role": "Buyer"}]}
    request = CommitRequest(record=record, sha256="cd" * 32, file_name="no layer.pdf", pages=["Page one"],
                            engine="rules")
    with exact_cleanup(driver) as committed:
        committed.append(commit_contract(driver, request))  # stores the Document text, not its layer
        at = open_contract("TEST-DOC-TAB-NO-LAYER")
        [document] = [t for t in at.tabs if t.label == "Document"]
        assert "no document layer yet" in document.info[0].value and "load-texts" in document.info[0].value


def test_only_the_open_tab_runs(driver, document_layer) -> None:  # noqa: F811
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.query_params.update({"file_id": BELLICUM})
    at.switch_page("pages/portfolio/contract.py").run()  # no contract_tab: the Overview, the default
    assert not at.exception, at.exception
    overview, document = at.tabs
    assert any(t.key == "contract_doc_layer" for t in overview.toggle) and not document.get("html")
    at.query_params["contract_tab"] = "Document"
    at.run()
    overview, document = at.tabs
    assert not overview.toggle and 'class="cg-sec"' in document.get("html")[0].proto.body


def test_graph_toggle_adds_the_document_layer_within_the_cap(driver, document_layer) -> None:  # noqa: F811
    at = open_contract(BELLICUM, tab="Overview")
    at.toggle(key="contract_doc_layer").set_value(True).run()
    assert not at.exception, at.exception
    sub = contract_subgraph(driver, BELLICUM, node_cap=150)
    assert add_document_layer(driver, sub, BELLICUM)
    labels = {n.label for n in sub.nodes.values()}
    assert {"Contract", "Party", "Document", "Section"} <= labels and len(sub.nodes) == 150 and sub.capped
    assert any(e.type == "REFERENCES" for e in sub.edges.values())
    # The layer opens collapsed to the top-level sections ...
    collapsed = contract_subgraph(driver, BELLICUM, node_cap=150)
    add_document_layer(driver, collapsed, BELLICUM, max_level=1, with_terms=False)
    assert not collapsed.capped and {n.label for n in collapsed.nodes.values()} >= {"Document", "Section"}
    caption = next(c.value for c in at.caption if " nodes, " in c.value)
    assert caption.startswith(f"{len(collapsed.nodes)} nodes, {len(collapsed.edges)} relationships")
    # ... and the detail control draws everything (within the cap).
    at.select_slider(key="contract_doc_detail").set_value(3).run()
    caption = next(c.value for c in at.caption if " nodes, " in c.value)
    assert caption.startswith(f"{len(sub.nodes)} nodes, {len(sub.edges)} relationships")
    small = contract_subgraph(driver, BELLICUM, node_cap=500)
    add_document_layer(driver, small, BELLICUM)
    top = read(driver, "MATCH (:Document {file_id: $f})-[:HAS_SECTION]->(s) RETURN count(s) AS n", {"f": BELLICUM})
    assert sum(1 for e in small.edges.values() if e.type == "HAS_SECTION") == top[0]["n"]
