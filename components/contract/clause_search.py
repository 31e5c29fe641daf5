"""The Document tab's search box: "What does this contract say about ...". Runs clause search within the
contract (a fragment: a question reruns only this part, not the page) and shows the sections that answer it,
with the references, definitions and footnotes they lead to; each citation jumps to its place in the
document view below. The Explorer's clause review links here with `?clause=<question>`."""

from __future__ import annotations

import streamlit as st

from components import reads
from components.contract.clause_html import hits_html, reach_kind
from components.contract.page_image import render_items_on_page
from components.formatting import escape_md
from graph.retrieval.clause_review import check_question
from graph.retrieval.search import ClauseResult

ASKED = "contract_clause_asked"  # {file_id: the last question asked about that contract}
PLACEHOLDER = "e.g. termination for convenience, governing law, assignment"


def _summary(result: ClauseResult) -> str:
    kinds = [reach_kind(i) for i in result.items]
    counts = [(kinds.count(k), k) for k in ("hit", "reference", "definition", "footnote")]
    words = {"hit": "matching section", "reference": "referenced section", "definition": "definition",
             "footnote": "footnote"}
    parts = [f"{n} {words[k]}{'s' if n != 1 else ''}" for n, k in counts if n]
    cut = " (cut to the size limit)" if result.truncated else ""
    return (", ".join(parts) + cut + ". Click a citation to show it in the document below; highlighted: the "
            "question's words.")


def _ask(file_id: str, initial: str | None) -> str | None:
    """The search form; returns the question to answer (just submitted, asked before, or from the link)."""
    asked: dict[str, str] = st.session_state.setdefault(ASKED, {})
    if initial and file_id not in asked:
        asked[file_id] = initial
    with st.form("contract_clause_form", border=False):
        left, right = st.columns([5, 1], vertical_alignment="bottom")
        question = left.text_input("What does this contract say about ...", value=asked.get(file_id, ""),
                                   key=f"contract_clause_q_{file_id}", placeholder=PLACEHOLDER, max_chars=300)
        if right.form_submit_button("Search", icon=":material/search:", use_container_width=True):
            asked[file_id] = question
    return asked.get(file_id)


@st.fragment
def render_clause_search(file_id: str, initial: str | None = None, paged: bool = False) -> None:
    """Search box and results for one contract (`paged`: show each item's page, for PDFs)."""
    question = _ask(file_id, initial)
    if question is None:
        return
    with reads.guarded(stop=False):  # empty or stop-word-only questions and database errors: one-line banner
        question = check_question(question)
        with st.spinner("Searching this contract ..."):
            result = reads.clause_hits(file_id, question)
        _show(file_id, result, question, paged)


def _show(file_id: str, result: ClauseResult, question: str, paged: bool) -> None:
    if result.not_addressed:
        st.info(escape_md(result.not_addressed), icon=":material/search_off:")
    elif not result.items:
        st.info(escape_md(f"Nothing in this contract matches “{question}”."), icon=":material/search_off:")
    else:
        if result.unclassified:  # sections that only share the question's words: shown, with the caveat first
            st.warning(escape_md(result.unclassified), icon=":material/help:")
        st.caption(_summary(result))
        st.html(hits_html(result.items, question, paged))
        render_items_on_page(file_id, result.items)
        st.divider()  # the results scroll on their own; the document view follows
