"""The chat's session state (shared history, filter in focus) and whether the assistant can run, without
importing the agent: the side panel draws on every dashboard page, and langgraph/langchain take seconds to
import, so they load only when a question is asked (docs/PERFORMANCE.md, fix 16)."""

from __future__ import annotations

from typing import Any

import streamlit as st

from components.session import CHAT_CONTEXT_FILTER, CHAT_EXACT, CHAT_HISTORY
from core.errors import ConfigError
from core.settings import AgentSettings, assistant_settings
from graph.filters import ContractFilter


def history() -> list[dict[str, Any]]:
    """The conversation shared by the Chat page and the side panel."""
    return st.session_state.setdefault(CHAT_HISTORY, [])


def focus_filter() -> ContractFilter | None:
    value = st.session_state.get(CHAT_CONTEXT_FILTER)
    return value if isinstance(value, ContractFilter) else None


def clear_conversation() -> None:
    """Forget the conversation and any filter in focus."""
    st.session_state[CHAT_HISTORY] = []
    st.session_state[CHAT_CONTEXT_FILTER] = None


def current_settings() -> AgentSettings:
    """The settings the assistant would run with now (raises ConfigError for invalid ones)."""
    return assistant_settings(AgentSettings.load(), exact=bool(st.session_state.get(CHAT_EXACT)))


def can_answer() -> bool:
    """Whether a question would reach a model (the offline parser counts), decided without the agent."""
    try:
        settings = current_settings()
    except ConfigError:
        return False
    return settings.provider == "offline" or settings.configured
