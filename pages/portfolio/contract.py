"""Contract: pick a contract (search box, or arrive with `?file_id=`) and see it in full with its subgraph;
the Document tab searches its clauses ("what does this contract say about ...", asked already when the link
carries `?clause=`, as the Explorer's clause review does) and shows its text as a section tree with linked
references and defined terms."""

from __future__ import annotations

from datetime import date

import streamlit as st

from components import reads
from components.contract.delete import render_delete, show_deleted
from components.contract.document import render_document
from components.contract.family import render_family
from components.contract.view import render_contract, render_contract_graph
from components.footer import render_footer
from components.formatting import choice_label
from components.renewals.cards import render_contract_terms, render_section_focus
from components.renewals.decisions import render_contract_decision

PICK_LIMIT = 500


def pick_contract(current: str | None) -> str | None:
    """Search box and picker; the choice goes to the URL so the page can be bookmarked."""
    left, right = st.columns([1, 2], vertical_alignment="bottom")
    fragment = left.text_input("Search contracts", key="contract_search", placeholder="e.g. supply, NUVEEN, 2019",
                               help="Matches any part of the contract's title, a party's name or the file id.")
    with reads.guarded():
        found = reads.contract_choices(fragment or "", PICK_LIMIT + 1)  # one more: is the list cut?
    labels = {row["file_id"]: choice_label(row) for row in found[:PICK_LIMIT]}
    ids = list(labels)
    options = ids if (current is None or current in ids) else [current, *ids]
    count = f"first {PICK_LIMIT:,} listed; type to narrow" if len(found) > PICK_LIMIT else f"{len(ids):,} matching"
    choice = right.selectbox(
        f"Contract ({count})", options,
        index=options.index(current) if current in options else None, key=f"contract_pick_{current}",
        placeholder="Choose a contract", format_func=lambda fid: labels.get(fid, fid))
    if choice and choice != current:
        st.query_params["file_id"] = choice
        st.query_params.pop("clause", None)  # a clause-review link's question was about the previous contract
    return choice or current


reads.require_db()
st.title("Contract")
show_deleted()
file_id = pick_contract(st.query_params.get("file_id") or None)
if file_id is None:
    st.info("Choose a contract above, or open one from the Explorer.", icon=":material/description:")
else:
    with reads.guarded():
        details = reads.contract(file_id)
    focus = st.query_params.get("section")  # a Renewals link: open the Document tab at that section
    question = st.query_params.get("clause")  # a clause-review link: open the Document tab with its search
    # Only the open tab runs (a tab switch reruns the page): a long contract's document view is ~0.7 MB of
    # HTML that a visit to the Overview no longer builds or sends. The open tab is in the URL (`contract_tab`).
    overview_tab, document_tab = st.tabs(["Overview", "Document"], default="Document" if focus or question else None,
                                         key="contract_tab", bind="query-params")
    if overview_tab.open:
        with overview_tab:
            render_contract(details)
            render_family(file_id)
            render_contract_terms(file_id, date.today(), (details or {}).get("end_date"))
            render_contract_decision(file_id, date.today())
            render_contract_graph(file_id)
            if details:
                render_delete(file_id, details.get("title") or file_id)
    if document_tab.open:
        with document_tab:
            if focus:
                render_section_focus(file_id, focus)
            render_document(file_id, question)
render_footer()
