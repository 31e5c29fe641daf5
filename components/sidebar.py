"""The shared sidebar: database status (URI, contract count), the saved views, the reviewer's name and the
sample-data credit."""

from __future__ import annotations

import streamlit as st

from components.build_status import build_status, forget_reads_if_layer_changed, render_build_progress
from components.db import CUAD_CREDIT, db_status
from components.formatting import count_of, escape_md
from components.saved_views import render_saved_views
from components.session import REVIEWER_NAME
from core.text_safety import REVIEWER_NAME_MAX


def render_sidebar() -> None:
    """Drawn before the page runs: first drop reads cached from an earlier state of the document layer, so
    the counts here and on the page describe the layer as it is now."""
    build = build_status()
    forget_reads_if_layer_changed(build)
    status = db_status()
    with st.sidebar:
        if status.ok:
            contracts, parties = status.numbers["contracts"], status.numbers["parties"]
            st.caption(f":material/database: **{contracts:,}** {'contract' if contracts == 1 else 'contracts'} · "
                       f"{count_of(parties, 'party', 'parties')}")
            st.caption(f"Neo4j at {escape_md(status.uri)}")
            render_build_progress(build, status.numbers)
            render_saved_views()
        else:
            st.error(f"Database unavailable: {escape_md(status.message)}", icon=":material/cloud_off:")
            st.code(".venv/bin/python -m graph server start", language="bash")
        st.text_input("Your name", key=REVIEWER_NAME, max_chars=REVIEWER_NAME_MAX, placeholder="e.g. A. Analyst",
                      help="Stored with the decisions you record (renewal decisions, clause reviews). "
                           "There are no accounts: the name is what you type here.")
        if status.ok and status.numbers.get("has_sample"):
            st.caption(CUAD_CREDIT)
