"""The Contract page's family: the agreement this contract belongs to (a stored contract, or a placeholder when
it is not in the repository) and its amendments, addenda, restatements and statements of work in order, each
with the recital sentence that links it, and the end of term as the amendments changed it, with its quote."""

from __future__ import annotations

from typing import Any

import streamlit as st

from components import reads
from components.formatting import escape_md
from components.routes import CONTRACT_PAGE
from graph.reads.families import member_label


def _link(label: str, file_id: str, current: str, icon: str) -> None:
    """A link to another family member's Contract page; the contract shown is named, not linked."""
    if file_id == current:
        st.markdown(f"**{escape_md(label)}** (this contract)")
    else:
        st.page_link(CONTRACT_PAGE, label=escape_md(label), icon=icon, query_params={"file_id": file_id})


def _parent(parent: dict[str, Any], current: str) -> None:
    if parent["placeholder"]:
        parties = ", ".join(parent.get("parties") or [])
        st.markdown(f":orange-badge[placeholder] **{escape_md(parent['title'])}**, "
                    f"{escape_md(parent['date'] or 'undated')} · {escape_md(parties)}")
        st.caption("Not in the repository: known only from its amendments' recitals.")
        return
    _link(f"Agreement: {parent['title']} ({parent['date'] or 'undated'})", parent["file_id"], current,
          ":material/description:")
    if parent.get("end_date_source") == "amendment":
        st.markdown(f"End of term as amended: **{escape_md(parent['end_date'])}** (before the amendments: "
                    f"{escape_md(parent['end_date_before'] or 'unknown')})")
        st.caption(f"“{escape_md(parent['end_date_amended_quote'] or '')}” — "
                   f"{escape_md(parent['end_date_amended_by'] or '')}")


def _member(member: dict[str, Any], current: str) -> None:
    _link(f"{member_label(member)}: {member['title']}", member["file_id"], current, ":material/edit_document:")
    st.caption(f"“{escape_md(member['evidence'] or '')}” · linked by {escape_md(member['match'] or '')}")
    if member.get("term_quote"):
        change = member["term_end"] or f"{member['term_months']} months more"
        st.caption(f"Term change: {escape_md(change)} — “{escape_md(member['term_quote'])}”")


def render_family(file_id: str) -> None:
    """The contract's family, or nothing when it has none."""
    with reads.guarded(stop=False):
        family = reads.family(file_id)
        if family is None:
            return
        st.subheader("Family", anchor=False)
        with st.container(border=True):
            _parent(family["parent"], file_id)
            for member in family["members"]:
                _member(member, file_id)
