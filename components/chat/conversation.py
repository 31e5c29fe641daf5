"""The chat's session state (shared history, filter in focus) and whether the assistant can run, without
importing the agent: the side panel draws on every dashboard page, and langgraph/langchain take seconds to
import, so they load only when a question is asked (docs/PERFORMANCE.md, fix 17)."""

from __future__ import annotations

import importlib
import logging
import sys
import threading
from typing import Any

import streamlit as st

from components.session import CHAT_CONTEXT_FILTER, CHAT_EXACT, CHAT_HISTORY
from core.errors import ConfigError
from core.settings import AgentSettings, assistant_settings
from graph.query.filters import ContractFilter

log = logging.getLogger(__name__)
AGENT_MODULE = "components.chat.assistant"


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


def warm_agent_in_background() -> None:
    """Import the agent's modules in a daemon thread, once per server process, after a page has been drawn:
    the Chat page (or the first question) then finds them loaded instead of waiting seconds for them."""
    if AGENT_MODULE not in sys.modules:
        _agent_import_thread()


@st.cache_resource(show_spinner=False)
def _agent_import_thread() -> threading.Thread:
    """The one importing thread of this server process (cache_resource: no module-level state of our own)."""
    thread = threading.Thread(target=_import_agent, name="agent-import", daemon=True)
    thread.start()
    return thread


def _import_agent() -> None:
    try:
        importlib.import_module(AGENT_MODULE)
    except ImportError:  # the Chat page will show the same error when it imports the module itself
        log.exception("Importing the assistant in the background failed")
