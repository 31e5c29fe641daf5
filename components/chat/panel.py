"""The compact chat in the sidebar of the dashboard pages. It shares the agent and the conversation with the
Chat page; next to an Explorer filter it offers to ask about exactly those contracts (the filter goes to
the agent as context and stays in focus until dismissed).

It imports the agent (langgraph, langchain: seconds) only when a question is asked or a past turn is drawn,
so a dashboard page does not wait for it (docs/PERFORMANCE.md, fix 17)."""

from __future__ import annotations

from typing import Any

import streamlit as st

from components.chat.conversation import can_answer, clear_conversation, focus_filter, history
from components.formatting import escape_md
from components.routes import CHAT_PAGE
from components.session import CHAT_CONTEXT_FILTER, EXPLORER_FILTER
from core.errors import FilterValidationError
from core.untrusted import MAX_QUESTION_CHARS
from graph.query.filter_text import summary
from graph.query.filter_url import LIST_FIELDS, SCALAR_FIELDS, filter_from_query
from graph.query.filters import ContractFilter

PANEL_TURNS = 6
URL_FILTER_FIELDS = (*LIST_FIELDS, *SCALAR_FIELDS, "monetary_value")
FOCUS_QUESTION = ("Give me an overview of the contracts in this filter: how many there are, their types, "
                  "the most frequent parties and the range of effective dates.")


def render_chat_panel(page: str | None = None) -> None:
    """Draw the sidebar chat. `page` is the current page's url_path ("explorer" shows the filter button;
    None shows it whenever the Explorer has a filter)."""
    with st.sidebar:
        _panel(page)


def explorer_filter(page: str | None) -> ContractFilter | None:
    """The Explorer's current filter: from the URL (the Explorer's source of truth, readable before the page
    body runs), else the last one the Explorer submitted this session."""
    if page not in (None, "explorer"):
        return None
    if any(name in st.query_params for name in URL_FILTER_FIELDS):
        try:
            return filter_from_query(st.query_params.get_all)
        except FilterValidationError:
            pass  # the Explorer shows the error; fall back to the last valid filter
    value = st.session_state.get(EXPLORER_FILTER)
    return value if isinstance(value, ContractFilter) else None


def _focus_controls(page: str | None) -> tuple[ContractFilter | None, str | None]:
    """The filter in focus and a question to ask right away (after 'ask about this filter')."""
    explorer = explorer_filter(page)
    focus, question = focus_filter(), None
    if explorer is not None and st.button("Ask about the contracts in this filter", key="panel_ask_filter",
                                          icon=":material/filter_alt:", width="stretch"):
        st.session_state[CHAT_CONTEXT_FILTER] = focus = explorer
        question = FOCUS_QUESTION
    if focus is not None:
        st.caption(f":material/filter_alt: Questions are about this filter: {escape_md(summary(focus))}")
        st.button("Stop focusing on the filter", key="panel_unfocus", on_click=_unfocus)
    return focus, question


def _unfocus() -> None:
    st.session_state[CHAT_CONTEXT_FILTER] = None


def _conversation(page: str | None) -> None:
    focus, question = _focus_controls(page)
    turns = history()
    box = st.container(height=380, border=False) if turns or question else st.container()
    if turns:
        from components.chat.ui import render_history  # the agent's modules: only once there is a conversation

        with box:
            render_history(turns[-PANEL_TURNS:], compact=True)
    typed = st.chat_input("Ask the assistant…", key="panel_input", max_chars=MAX_QUESTION_CHARS)
    question = question or typed
    if question:
        _ask(question, focus, box)
    if history():
        cols = st.columns(2)
        with cols[0]:
            st.page_link(CHAT_PAGE, label="Full chat", icon=":material/chat:")
        cols[1].button("Clear", icon=":material/delete:", key="panel_clear", on_click=clear_conversation)


def _ask(question: str, focus: ContractFilter | None, box: Any) -> None:
    """Load the agent (imported here, on the first question) and stream its answer into the panel."""
    from components.chat.assistant import load_assistant
    from components.chat.ui import ask_and_record

    assistant = load_assistant()
    if assistant.agent is None:
        _not_configured()
        return
    with box:
        ask_and_record(assistant, question, focus, compact=True)


def _not_configured() -> None:
    """The short note; the Chat page (ui.not_configured) says how to configure a model."""
    st.caption(":material/smart_toy: The assistant needs a language model.")
    st.page_link(CHAT_PAGE, label="How to configure one", icon=":material/settings:")


@st.fragment
def _panel(page: str | None) -> None:
    st.divider()
    st.markdown("**:material/smart_toy: Assistant**")
    if not can_answer():
        _not_configured()
        return
    _conversation(page)
