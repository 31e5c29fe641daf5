"""The Contract page's "Delete this contract": a wrong upload (or a contract that should not be in the portfolio)
removed with everything that hangs on it (ingest.pages.cleanup.delete_upload: the contract, its clauses and
document layer, its renewal and clause decisions, parties only it had, and its stored PDF), after the user types
its file id. One write transaction; the stored PDF goes after it commits."""

from __future__ import annotations

import streamlit as st

from components import reads
from components.db import clear_read_caches, get_driver
from components.formatting import escape_md
from ingest.pages.cleanup import delete_upload

DELETED_KEY = "contract_deleted"  # the message shown after the rerun that follows a delete


def show_deleted() -> None:
    """The message of a delete that just happened (once)."""
    if message := st.session_state.pop(DELETED_KEY, None):
        st.success(message, icon=":material/delete:")


def render_delete(file_id: str, label: str) -> None:
    """A collapsed expander with the confirmation form."""
    with st.expander("Delete this contract", icon=":material/delete:"):
        st.caption("Removes the contract from the graph with its clauses, document text, renewal and clause "
                   "decisions, the parties no other contract has, and its stored PDF. It cannot be undone; the "
                   "file can be uploaded again.")
        with st.form(f"contract_delete_{file_id}", border=False):
            typed = st.text_input("Type the file id to confirm", key=f"contract_delete_typed_{file_id}",
                                  placeholder=file_id[:60], help=f"The file id is: {file_id}")
            submitted = st.form_submit_button("Delete permanently", icon=":material/delete_forever:",
                                              type="primary")
    if submitted:
        _delete(file_id, label, typed)


def _delete(file_id: str, label: str, typed: str) -> None:
    if typed.strip() != file_id:
        st.error("The file id typed does not match this contract's; nothing was deleted.", icon=":material/block:")
        return
    with reads.guarded(stop=False):
        removed = delete_upload(get_driver(), file_id)
        clear_read_caches()
        files = f" and {len(removed)} stored PDF{'s' * (len(removed) != 1)}" if removed else ""
        st.session_state[DELETED_KEY] = escape_md(f"Deleted {label} ({file_id}){files}.")
        st.query_params.pop("file_id", None)
        st.query_params.pop("section", None)
        st.query_params.pop("clause", None)
        st.rerun()
