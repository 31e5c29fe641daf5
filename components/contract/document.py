"""The Contract page's Document tab (the section tree with linked references, defined terms and footnotes)
and the contract graph with its document layer drawn in (the graph view's toggle)."""

from __future__ import annotations

import streamlit as st

from components import reads
from components.build_status import layer_note
from components.contract.clause_search import render_clause_search
from components.contract.document_html import document_html
from components.formatting import count_of
from graph.reads.documents import DocumentOutline

LOAD_HINT = ("Build it with `make run` (it runs in the background) or `python -m ingest load-texts`; uploads get "
             "theirs when committed.")


def _summary(doc: DocumentOutline) -> str:
    parts = [count_of(len(doc.sections), "section"), count_of(doc.reference_count, "cross-reference"),
             f"{doc.unresolved_count:,} unresolved", count_of(len(doc.terms), "defined term"),
             count_of(len(doc.footnotes), "footnote")]
    pages = f" · {count_of(doc.page_count, 'page')}" if (doc.page_count or 0) > 1 else ""
    return " · ".join(parts) + pages


def render_document(file_id: str, question: str | None = None) -> None:
    """Clause search over the contract (with `question` already asked when given), then the section tree
    with anchors: references link to their target, defined terms show their definition on hover, unresolved
    references are marked (dashed), footnotes are linked at the end."""
    with reads.guarded(stop=False):
        doc = reads.outline(file_id)
        if doc is None or not doc.sections:
            note = layer_note()
            if note:  # being built: ask again on the next rerun instead of caching the absence
                reads.outline.clear()
            st.info(f"This contract has no document layer yet. {note or LOAD_HINT}", icon=":material/article:")
            return
        render_clause_search(file_id, question, paged=(doc.page_count or 0) > 1)
        st.caption(_summary(doc) + ". Links jump to the referenced section; hover an underlined term for its "
                   "definition; dashed references point outside this document.")
        st.html(document_html(doc))
