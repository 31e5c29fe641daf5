"""The UI's assistant: one cached agent per LLM configuration, the run context, and the shared history.

Settings are read on every question (environment, then `.streamlit/secrets.toml`), so configuring a key or
switching LLM_PROVIDER needs no restart; the compiled agent is cached per configuration.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st
from langgraph.graph.state import CompiledStateGraph

from agent.context import Context
from agent.graph import build_agent
from components.db import get_driver, get_settings
from components.session import CHAT_CONTEXT_FILTER, CHAT_HISTORY
from core.errors import ConfigError, LLMNotConfigured
from core.llm import HOW_TO_CONFIGURE, build_chat_model
from core.settings import AgentSettings
from graph.filters import ContractFilter


@dataclass(frozen=True)
class Assistant:
    """The agent and its settings, or why there is none (`problem` holds the message to show)."""

    agent: CompiledStateGraph | None
    settings: AgentSettings | None
    problem: str | None = None


@st.cache_resource(show_spinner=False, max_entries=8)
def _agent_for(settings: AgentSettings) -> CompiledStateGraph:
    return build_agent(build_chat_model(settings))


def load_assistant() -> Assistant:
    """The agent for the current settings; never raises for a missing or broken configuration."""
    try:
        settings = AgentSettings.load()
    except ConfigError as e:
        return Assistant(None, None, f"The LLM settings are invalid: {e}")
    if not settings.configured:
        return Assistant(None, settings, HOW_TO_CONFIGURE)
    try:
        return Assistant(_agent_for(settings), settings)
    except LLMNotConfigured as e:
        return Assistant(None, settings, str(e))


def run_context(settings: AgentSettings, focus: ContractFilter | None) -> Context:
    """The run's context: the app's cached driver, the settings, today and the filter in focus."""
    return Context.create(get_driver(), settings, focus=focus, database=get_settings().database)


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
