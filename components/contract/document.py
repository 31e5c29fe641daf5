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
    """Counts of the tab; a reference that found no section is counted by its outcome: an exhibit or schedule
    the filing does not contain ("not in this filing") is not a failure to resolve, nor is another
    instrument's provision ("to other documents")."""
    outcomes = [f"{doc.not_in_filing_count:,} not in this filing"] if doc.not_in_filing_count else []
    outcomes.append(f"{doc.unresolved_count:,} unresolved")
    if doc.external_count:
        outcomes.append(f"{doc.external_count:,} to other documents")
    parts = [count_of(len(doc.sections), "section"), count_of(doc.reference_count, "cross-reference"), *outcomes,
             count_of(len(doc.terms), "defined term"), count_of(len(doc.footnotes), "footnote")]
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
                   "definition; references marked dotted name an exhibit or schedule not in this filing, dashed "
                   "ones were not found (hover for which).")
        st.html(document_html(doc))
