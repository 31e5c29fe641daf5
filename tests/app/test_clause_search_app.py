"""The dashboard's ways into clause search, in AppTest against the real graph: the Contract page's Document
tab search (the cards are exactly what graph.retrieval.search.clause_search returns, in order, each linking to an
anchor the document view has; the not-addressed sentence replaces the cards; sections no rule classified in
the question's category come under a caveat; bad questions get a one-line message) and the Explorer's clause
review (the table and the downloaded CSV hold one row per contract of the filter with a match, as
graph.retrieval.clause_review computes it); a hostile question stays literal text."""

from __future__ import annotations

import csv
import io
import re

import pytest
from streamlit.runtime.media_file_manager import MediaFileManager
from streamlit.testing.v1 import AppTest

from components import reads
from components.contract.clause_html import reach_kind
from components.explorer.clause_review import CYPHER as CLAUSE_CYPHER
from graph.query.filters import ContractFilter
from graph.retrieval.clause_review import clause_review
from graph.retrieval.search import ClauseResult, clause_search
from graph.server.config import REPO_ROOT
from tests.app.shown import shown
from tests.app.test_markdown_injection import markdown_sources
from tests.hostile_contract import live_markdown
from tests.integration.test_document_layer import BELLICUM

pytestmark = pytest.mark.integration

APP = str(REPO_ROOT / "app.py")
CONTRACT = "pages/portfolio/contract.py"
EXPLORER = "pages/portfolio/explorer.py"
QUESTION = "termination for breach"
SUBMIT_DOC = "FormSubmitter:contract_clause_form-Search"
SUBMIT_EXPLORER = "FormSubmitter:explorer_clause_form-Search clauses"
DOC_TAB = {"file_id": BELLICUM, "contract_tab": "Document"}  # only the open tab runs
HOSTILE = "[x](http://127.0.0.1:9/q) ![i](http://127.0.0.1:9/i.png) majeure"


def open_page(page: str, params: dict[str, str]) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.query_params.update(params)
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def ask_document(at: AppTest, question: str) -> AppTest:
    at.text_input(key=f"contract_clause_q_{BELLICUM}").set_value(question)
    at.button(key=SUBMIT_DOC).click().run()
    assert not at.exception, at.exception
    return at


def _bodies(at: AppTest) -> tuple[str, str]:
    """The clause-search cards' HTML and the document view's HTML of the Document tab."""
    bodies = [h.proto.body for h in at.get("html")]
    hits = [b for b in bodies if 'class="cg-hits"' in b]
    doc = [b for b in bodies if 'class="cg-doc"' in b]
    assert len(doc) == 1
    return (hits[0] if hits else ""), doc[0]


def test_document_tab_search_shows_what_clause_search_returns(driver) -> None:
    at = ask_document(open_page(CONTRACT, DOC_TAB), QUESTION)
    expected = clause_search(driver, QUESTION, file_id=BELLICUM)
    kinds = [reach_kind(i) for i in expected.items]
    assert {"hit", "reference", "definition"} <= set(kinds)  # not vacuous: every kind of path is on show
    hits, doc = _bodies(at)
    assert re.findall(r'data-kind="(\w+)"', hits) == kinds
    cites = re.findall(r'<a class="cg-ref" href="#([^"]+)" title="Show ([^"]+) in the document below">', hits)
    assert [c for _, c in cites] == [i.cite().replace('"', "&quot;") for i in expected.items]
    for target, _ in cites:  # every citation jumps to an anchor the document view has
        assert f'id="{target}"' in doc, target
    first = expected.items[0]
    assert f"Reached: {first.path[0]}</div>" in hits
    assert "<mark>termination</mark>" in hits.lower() and "<mark>breach</mark>" in hits.lower()
    counts = {k: kinds.count(k) for k in ("hit", "reference", "definition")}
    summary = next(c.value for c in at.caption if "matching section" in c.value)
    assert summary.startswith(f"{counts['hit']} matching sections, {counts['reference']} referenced section")
    assert f"{counts['definition']} definitions" in summary


def test_clause_link_opens_the_document_tab_with_the_search(driver) -> None:
    at = open_page(CONTRACT, {"file_id": BELLICUM, "clause": QUESTION})
    assert at.text_input(key=f"contract_clause_q_{BELLICUM}").value == QUESTION
    hits, _ = _bodies(at)
    assert hits.count(' data-kind="') == len(clause_search(driver, QUESTION, file_id=BELLICUM).items)


def test_not_addressed_sentence_replaces_the_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    sentence = 'No section of this contract addresses "non-compete".'

    def fake(driver, question, *, file_id=None, **kwargs) -> ClauseResult:
        return ClauseResult(question, [], "full-text", [file_id], not_addressed=sentence)

    monkeypatch.setattr(reads, "clause_search", fake)
    at = ask_document(open_page(CONTRACT, DOC_TAB), "non-compete restrictions")
    assert [shown(i.value) for i in at.info] == [sentence]
    hits, _ = _bodies(at)
    assert hits == ""



def test_sections_no_rule_classified_show_the_caveat_above_the_cards(driver) -> None:
    # Bellicum has sections with "exclusive" but none classified Exclusivity: the cards come under the caveat
    expected = clause_search(driver, "exclusivity", file_id=BELLICUM)
    assert expected.items and expected.unclassified and expected.unclassified.startswith(
        'None of the sections found is classified as "exclusivity"')
    at = ask_document(open_page(CONTRACT, DOC_TAB), "exclusivity")
    assert [shown(w.value) for w in at.warning] == [expected.unclassified]
    assert _bodies(at)[0].count(' data-kind="') == len(expected.items)
    at = ask_document(open_page(CONTRACT, DOC_TAB), "governing law")  # a classified governing-law section
    assert [w.value for w in at.warning] == [] and _bodies(at)[0]

@pytest.mark.parametrize(("question", "message"), [
    ("", "Type a question, e.g. “termination for convenience”."),
    ("what does the contract say", "“what does the contract say” has only common words; name the clause, e.g. "
                                   "“governing law” or “termination for convenience”.")])
def test_bad_question_gets_one_line_message(question: str, message: str) -> None:
    at = ask_document(open_page(CONTRACT, DOC_TAB), question)
    assert [shown(e.value) for e in at.error] == [message]
    assert _bodies(at)[0] == ""


def _capture_csv(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    captured: list[str] = []
    original = MediaFileManager.add

    def add(self, data, mimetype, coordinates, file_name=None, *args, **kwargs):
        if file_name == "clause-review.csv":
            captured.append(data.decode() if isinstance(data, bytes) else data)
        return original(self, data, mimetype, coordinates, file_name, *args, **kwargs)

    monkeypatch.setattr(MediaFileManager, "add", add)
    return captured


def test_explorer_clause_review_table_and_csv(driver, monkeypatch: pytest.MonkeyPatch) -> None:
    captured = _capture_csv(monkeypatch)
    at = open_page(EXPLORER, {"contract_types": "License"})
    at.text_input(key="explorer_clause_q").set_value("majeure")
    at.button(key=SUBMIT_EXPLORER).click().run()
    assert not at.exception, at.exception
    review = clause_review(driver, "majeure", ContractFilter(contract_types=("License",)))
    assert 0 < review.total < len(review.scope or [])
    [table] = [d.value for d in at.dataframe if "quote" in d.value.columns]
    assert list(table["file_id"]) == [r.file_id for r in review.rows]
    assert list(table["section"]) == [f"{r.cite()} {r.section_title}".strip() for r in review.rows]
    caption = next(shown(c.value) for c in at.caption if "have a section matching" in c.value)
    assert caption.startswith(f"{review.total} contracts of the {len(review.scope or [])} in this filter have a "
                              "section matching “majeure”")
    [label] = [b.proto.label for b in at.get("download_button") if "clause review" in b.proto.label]
    assert label == f"Download the clause review ({review.total} rows, CSV)"
    rows = list(csv.DictReader(io.StringIO(captured[-1])))
    assert len(rows) == review.total
    assert [r["file_id"] for r in rows] == [r.file_id for r in review.rows]
    assert rows[0] == {"file_id": review.rows[0].file_id, "contract_title": review.rows[0].title,
                       "section": review.rows[0].cite(), "section_title": review.rows[0].section_title,
                       "band": "", "score": f"{review.rows[0].score:.4f}", "quote": review.rows[0].quote}
    # The review's own statements are listed like the filter's: the scope read, then the clause search.
    labels = [e.label for e in at.expander if e.label.startswith("Cypher and parameters")]
    assert f"Cypher and parameters ({len(review.queries)} queries)" in labels and len(labels) == 2
    assert review.queries[-1].cypher.strip() not in [c.value.strip() for c in at.code]  # drawn when opened
    at.session_state[CLAUSE_CYPHER] = True  # as a click on its expander does
    at.run()
    assert review.queries[-1].cypher.strip() in [c.value.strip() for c in at.code]


def test_explorer_clause_review_by_category_shows_bands_and_scores(driver) -> None:
    at = open_page(EXPLORER, {"contract_types": "License"})
    at.text_input(key="explorer_clause_q").set_value("governing law")
    at.button(key=SUBMIT_EXPLORER).click().run()
    assert not at.exception, at.exception
    review = clause_review(driver, "governing law", ContractFilter(contract_types=("License",)))
    [table] = [d.value for d in at.dataframe if "quote" in d.value.columns]
    assert list(table["band"]) == [r.band for r in review.rows] and set(table["band"]) <= {"found", "possible"}
    assert list(table["score"]) == [round(r.score, 2) for r in review.rows]
    found = sum(1 for r in review.rows if r.band == "found")
    caption = next(shown(c.value) for c in at.caption if "clause classifier" in c.value)
    assert f"“Governing Law”: {found} listed in the found band" in caption


def test_explorer_clause_review_without_matches_and_bad_input() -> None:
    at = open_page(EXPLORER, {"contract_types": "License"})
    at.text_input(key="explorer_clause_q").set_value("zzqxqv")
    at.button(key=SUBMIT_EXPLORER).click().run()
    assert [shown(i.value) for i in at.info] == ["No contract in this filter has a section matching “zzqxqv”."]
    assert not [d for d in at.dataframe if "quote" in d.value.columns]
    at.text_input(key="explorer_clause_q").set_value("the of")
    at.button(key=SUBMIT_EXPLORER).click().run()
    assert not at.exception and any("has only common words" in shown(e.value) for e in at.error)


def test_hostile_question_is_literal_text(monkeypatch: pytest.MonkeyPatch) -> None:
    at = open_page(EXPLORER, {"contract_types": "License"})
    at.text_input(key="explorer_clause_q").set_value(HOSTILE)
    at.button(key=SUBMIT_EXPLORER).click().run()

    def fake(driver, question, *, file_id=None, **kwargs) -> ClauseResult:  # the sentence quotes the question
        return ClauseResult(question, [], "full-text", [file_id],
                            not_addressed=f'No section of this contract addresses "{question}".')

    monkeypatch.setattr(reads, "clause_search", fake)
    doc = ask_document(open_page(CONTRACT, DOC_TAB), HOSTILE + " hostile")
    for page in (at, doc):
        sources = markdown_sources(page)
        assert {s: live_markdown(s) for s in sources if live_markdown(s)} == {}
    assert any(HOSTILE in shown(c.value) for c in at.caption)  # on the page, escaped, reads as typed
    assert [shown(i.value) for i in doc.info] == [f'No section of this contract addresses "{HOSTILE} hostile".']


def test_explorer_says_when_the_list_is_capped(driver, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reads, "clause_review", lambda drv, question, f: clause_review(drv, question, f, cap=3))
    at = open_page(EXPLORER, {"contract_types": "License"})
    at.text_input(key="explorer_clause_q").set_value("majeure capped")
    at.button(key=SUBMIT_EXPLORER).click().run()
    total = clause_review(driver, "majeure capped", ContractFilter(contract_types=("License",))).total
    assert total > 3
    assert [shown(w.value) for w in at.warning] == [
        f"Only the best 3 of {total} contracts are listed (and downloaded); narrow the filter to see the rest."]
    [table] = [d.value for d in at.dataframe if "quote" in d.value.columns]
    assert len(table) == 3
