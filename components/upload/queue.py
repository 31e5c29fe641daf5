"""The Upload page's review queue: contracts a batch import committed flagged "needs review".

`python -m ingest --yes` commits a contract whose parties or type the engine could not find as type Other,
flagged (graph.store.review_queue). The page lists them with the reasons and a link to each contract; "Mark
reviewed" clears the flag once the reviewer has checked (and, on the Contract page, corrected) it.
"""

from __future__ import annotations

import streamlit as st

from components.db import clear_read_caches, get_driver, get_settings
from components.formatting import escape_md
from components.routes import CONTRACT_PAGE
from core.errors import ContractGraphError
from graph.store.review_queue import mark_reviewed, review_queue


def render_review_queue() -> None:
    """An expander listing the flagged contracts (nothing when the queue is empty)."""
    try:
        rows = review_queue(get_driver(), get_settings().database)
    except ContractGraphError as e:
        st.error(f"The review queue cannot be read: {escape_md(e)}", icon=":material/error:")
        return
    if not rows:
        return
    with st.expander(f"Review queue: {len(rows)} imported contract{'s' if len(rows) != 1 else ''} "
                     "need review", icon=":material/rule:"):
        st.caption("Committed by a batch import although the engine found no party or no contract type "
                   "(type set to Other). Check each one, then mark it reviewed.")
        for row in rows:
            left, right = st.columns([4, 1], vertical_alignment="center")
            left.page_link(CONTRACT_PAGE, label=escape_md(f"{row['file_id']}: {', '.join(row['reasons'])}"),
                           icon=":material/description:", query_params={"file_id": row["file_id"]})
            if right.button("Mark reviewed", key=f"upload_reviewed_{row['file_id']}"):
                try:
                    mark_reviewed(get_driver(), row["file_id"], get_settings().database)
                except ContractGraphError as e:
                    st.error(escape_md(e), icon=":material/error:")
                    return
                clear_read_caches()
                st.rerun()
