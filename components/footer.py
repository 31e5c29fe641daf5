"""The page footer: the CUAD credit whenever the sample data is loaded."""

from __future__ import annotations

import streamlit as st

from components.db import db_status

CUAD_FOOTER = "Contract data: CUAD, The Atticus Project (CC BY 4.0)"


def render_footer() -> None:
    """Draw the credit line below a page's content when the CUAD sample is in the graph (never raises)."""
    status = db_status()
    if status.ok and status.numbers.get("has_sample"):
        st.divider()
        st.caption(CUAD_FOOTER)
