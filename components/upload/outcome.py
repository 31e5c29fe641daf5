"""What the Upload page shows after processing a file, and what Commit and Discard do.

Commit builds the reviewed `ContractDraft` from the form, writes it with `ingest.pipeline.commit_review`
(one transaction; embedding when a model is configured), forgets the dashboard's cached reads and links to
the new contract. Invalid input or a refused commit shows its message and writes nothing. Discard writes
nothing. A party renamed in the table no longer carries the "same as" choice made for its old name: it is
linked only when its merge key matches an existing party.
"""

from __future__ import annotations

import streamlit as st

from components.db import clear_read_caches, get_driver, get_settings
from components.formatting import escape_md
from components.routes import CONTRACT_PAGE
from components.upload.draft import build_draft
from components.upload.process import UploadItem
from components.upload.review import ReviewAction, render_review
from core.errors import ContractGraphError
from ingest.commit_steps import configured_embeddings
from ingest.pipeline import commit_review


def contract_link(file_id: str, label: str) -> None:
    """A link to the Contract page showing `file_id`."""
    st.page_link(CONTRACT_PAGE, label=escape_md(label), icon=":material/description:",
                 query_params={"file_id": file_id})


def commit(item: UploadItem, action: ReviewAction) -> None:
    """Write the reviewed contract; on success the item becomes "committed" and the page reruns."""
    if item.review is None:
        return
    try:
        draft = build_draft(action.values, action.parties, action.clauses)
        committed = commit_review(get_driver(), item.review, draft, action.same_as,
                                  embeddings=configured_embeddings(), database=get_settings().database,
                                  on_duplicate=action.values.get("on_duplicate", "link"))
    except ContractGraphError as e:
        st.error(f"{escape_md(e)}\n\nNothing was written.", icon=":material/error:")
        return
    clear_read_caches()
    item.status, item.file_id, item.note, item.review = "committed", committed.file_id, committed.note, None
    item.linked = committed.action == "link"
    st.rerun()


def render_outcome(item: UploadItem) -> None:
    """The message, link or review form that fits the item's status."""
    if item.status == "duplicate" and item.file_id:
        st.info(f"{escape_md(item.message)} Nothing was written.", icon=":material/content_copy:")
        contract_link(item.file_id, f"Open {item.file_id}")
    elif item.status == "failed":
        st.error(f"**{escape_md(item.name)}**: {escape_md(item.message)}\n\nNothing was written.",
                 icon=":material/error:")
    elif item.status == "committed" and item.file_id:
        verb = "was linked to the existing contract" if item.linked else "was committed as"
        st.success(f"**{escape_md(item.name)}** {verb} {escape_md(item.file_id)}.", icon=":material/check_circle:")
        if item.note:
            st.info(escape_md(item.note), icon=":material/info:")
        contract_link(item.file_id, f"Open {item.file_id} on the Contract page")
    elif item.status == "discarded":
        st.caption(f":material/delete: {escape_md(item.name)} was discarded; nothing was written.")
    else:
        action = render_review(item)
        if action is not None and action.kind == "discard":
            item.status, item.review = "discarded", None
            st.rerun()
        elif action is not None:
            commit(item, action)
