"""Cross-page session state, initialised once per session by app.py with `setdefault`.

Page-local keys are not listed here: they carry their page's prefix (`explorer_`, `contract_`, ...).
"""

from __future__ import annotations

import streamlit as st

from core.text_safety import reviewer_name as clean_reviewer_name

CHAT_HISTORY = "chat_history"          # list of chat turns shared by the Chat page and the side panel
CHAT_CONTEXT_FILTER = "chat_context_filter"  # a ContractFilter the user asked the assistant to focus on
EXPLORER_FILTER = "explorer_filter"    # the Explorer's last submitted ContractFilter (for the side panel)
CHAT_EXACT = "chat_exact"              # True: the assistant answers with the offline parser even with an LLM
REVIEWER_NAME = "reviewer_name"        # the name the sidebar asks for; stored with decisions (no accounts)


def init_session_state() -> None:
    st.session_state.setdefault(CHAT_HISTORY, [])
    st.session_state.setdefault(CHAT_CONTEXT_FILTER, None)
    st.session_state.setdefault(EXPLORER_FILTER, None)
    st.session_state.setdefault(CHAT_EXACT, False)
    st.session_state.setdefault(REVIEWER_NAME, "")


def reviewer_name() -> str | None:
    """The sidebar's name, cleaned for storage (core.text_safety.reviewer_name, runs of spaces as one), or None
    when empty: pages that record a decision ask for a name first rather than store an anonymous one."""
    raw = str(st.session_state.get(REVIEWER_NAME) or "")
    return clean_reviewer_name(" ".join(raw.split())) or None
