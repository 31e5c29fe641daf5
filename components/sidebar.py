"""The shared sidebar: database status (URI, contract count) and the sample-data credit."""

from __future__ import annotations

import streamlit as st

from components.db import CUAD_CREDIT, db_status
from components.formatting import escape_md


def render_sidebar() -> None:
    status = db_status()
    with st.sidebar:
        if status.ok:
            st.caption(f":material/database: **{status.numbers['contracts']:,}** contracts · "
                       f"{status.numbers['parties']:,} parties")
            st.caption(f"Neo4j at {escape_md(status.uri)}")
        else:
            st.error(f"Database unavailable: {escape_md(status.message)}", icon=":material/cloud_off:")
            st.code(".venv/bin/python -m graph server start", language="bash")
        if status.ok and status.numbers.get("has_sample"):
            st.caption(CUAD_CREDIT)
