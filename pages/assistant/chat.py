"""Chat: ask the assistant about the contract portfolio. Answers stream in; every tool call shows its
arguments, the Cypher that ran, the exact count and a link to the same filter in the Explorer."""

from __future__ import annotations

import streamlit as st

from components.chat.assistant import load_assistant
from components.chat.conversation import clear_conversation, focus_filter, history
from components.chat.ui import ask_and_record, exact_mode_toggle, not_configured, render_history
from components.formatting import escape_md
from core.untrusted import MAX_QUESTION_CHARS

EXAMPLES = (
    "How many supply contracts are there, and which parties appear most often?",
    "Which contracts are governed by Delaware law and worth more than $1M?",
    "Average contract duration per contract type?",
)


@st.fragment
def chat() -> None:
    """The conversation; a question reruns only this fragment, not the whole page."""
    assistant = load_assistant()
    if assistant.agent is None:
        not_configured(assistant.problem or "")
        return
    focus = focus_filter()
    top = st.columns([3, 2, 1], vertical_alignment="center")
    top[0].caption(f":material/smart_toy: {assistant.settings.describe() if assistant.settings else ''}")
    with top[1]:
        exact_mode_toggle()
    top[2].button("Clear chat", icon=":material/delete:", key="chat_clear", width="stretch",
                  on_click=clear_conversation)
    if focus is not None:
        st.caption(f":material/filter_alt: Questions refer to the Explorer filter {escape_md(focus.describe())}")
    messages = st.container(height=620, border=False)
    with messages:
        if not history():
            st.caption("Try: " + " · ".join(f"*{q}*" for q in EXAMPLES))
        render_history(history(), compact=False)
    question = st.chat_input("Ask about the contracts…", key="chat_input", max_chars=MAX_QUESTION_CHARS)
    if question:
        with messages:
            ask_and_record(assistant, question, focus, compact=False)


st.title("Ask the portfolio")
chat()
