"""Cross-page session state, initialised once per session by app.py with `setdefault`.

Page-local keys are not listed here: they carry their page's prefix (`explorer_`, `contract_`, ...).
"""

from __future__ import annotations

import streamlit as st

CHAT_HISTORY = "chat_history"          # list of chat turns shared by the Chat page and the side panel
CHAT_CONTEXT_FILTER = "chat_context_filter"  # a ContractFilter the user asked the assistant to focus on
EXPLORER_FILTER = "explorer_filter"    # the Explorer's last submitted ContractFilter (for the side panel)
CHAT_EXACT = "chat_exact"              # True: the assistant answers with the offline parser even with an LLM
REVIEWER_NAME = "reviewer_name"        # the name the sidebar asks for; stored with decisions (no accounts)

REVIEWER_NAME_MAX = 80


def init_session_state() -> None:
    st.session_state.setdefault(CHAT_HISTORY, [])
    st.session_state.setdefault(CHAT_CONTEXT_FILTER, None)
    st.session_state.setdefault(EXPLORER_FILTER, None)
    st.session_state.setdefault(CHAT_EXACT, False)
    st.session_state.setdefault(REVIEWER_NAME, "")


def reviewer_name() -> str | None:
    """The sidebar's name, cleaned for storage (control characters out, at most 80 characters), or None when
    empty: pages that record a decision ask for a name first rather than store an anonymous one."""
    raw = str(st.session_state.get(REVIEWER_NAME) or "")
    name = " ".join("".join(ch for ch in raw if ch.isprintable()).split())[:REVIEWER_NAME_MAX]
    return name or None
