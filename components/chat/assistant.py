"""The UI's assistant: one cached agent per LLM configuration, the run context, and the shared history.
Without an LLM, or in exact mode, the agent runs the offline question parser (agent.offline).

Settings are read on every question (environment, then `.streamlit/secrets.toml`), so configuring a key or
switching LLM_PROVIDER needs no restart; the compiled agent is cached per configuration.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st
from langgraph.graph.state import CompiledStateGraph

from agent.context import Context
from agent.graph import build_agent
from agent.offline import assistant_model
from components.chat.conversation import current_settings, history
from components.db import get_driver, get_settings
from core.errors import ConfigError, LLMNotConfigured
from core.llm import HOW_TO_CONFIGURE
from core.settings import AgentSettings, assistant_settings
from graph.query.filters import ContractFilter


@dataclass(frozen=True)
class Assistant:
    """The agent and its settings, or why there is none (`problem` holds the message to show)."""

    agent: CompiledStateGraph | None
    settings: AgentSettings | None
    problem: str | None = None


@st.cache_resource(show_spinner=False, max_entries=8)
def _agent_for(settings: AgentSettings) -> CompiledStateGraph:
    return build_agent(assistant_model(settings))


def load_assistant() -> Assistant:
    """The agent for the current settings; never raises for a missing or broken configuration."""
    try:
        # No LLM configured (or exact mode on): the offline question parser answers through the same tools.
        settings = current_settings()
    except ConfigError as e:
        return Assistant(None, None, f"The LLM settings are invalid: {e}")
    if settings.provider != "offline" and not settings.configured:
        return Assistant(None, settings, HOW_TO_CONFIGURE)
    try:
        return Assistant(_agent_for(settings), settings)
    except LLMNotConfigured as e:
        return Assistant(None, settings, str(e))


def run_context(settings: AgentSettings, focus: ContractFilter | None) -> Context:
    """The run's context: the app's cached driver, the settings, today and the filter in focus."""
    return Context.create(get_driver(), settings, focus=focus, database=get_settings().database)


def llm_configured() -> bool:
    """Whether a language model is configured (the exact-mode toggle only matters then)."""
    try:
        return assistant_settings(AgentSettings.load()).provider != "offline"
    except ConfigError:
        return False


__all__ = ["Assistant", "history", "llm_configured", "load_assistant", "run_context"]
