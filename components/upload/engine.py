"""The Upload page's engine choice: the configured LLM (through core.llm's one builder) or offline rules.

Settings are read on every run (environment, then `.streamlit/secrets.toml`), the same path the Chat page
uses, so LLM_PROVIDER=scripted + LLM_SCRIPT inject a scripted model here too (tests do exactly that).
"""

from __future__ import annotations

import streamlit as st

from components.formatting import escape_md
from core.errors import ConfigError, LLMError
from core.settings import AgentSettings
from ingest.pipeline import RULES, Engine, llm_engine

OFFLINE = "Offline rules (no model)"


@st.cache_resource(show_spinner=False, max_entries=4)
def _engine_for(settings: AgentSettings) -> Engine:
    return llm_engine(settings)


def _load_settings() -> AgentSettings | None:
    try:
        return AgentSettings.load()
    except ConfigError as e:
        st.warning(f"The LLM settings are invalid ({escape_md(e)}); using the offline rules.",
                   icon=":material/warning:")
        return None


def choose_engine() -> Engine:
    """A selector when an LLM is configured, else the offline rules; the engine in use is always shown."""
    settings = _load_settings()
    if settings is None or not settings.configured:
        st.caption(":material/rule: Extraction engine: **offline rules** (no language model is configured; "
                   "set OPENAI_API_KEY or OPENAI_BASE_URL to extract with an LLM).")
        return RULES
    llm_label = f"LLM: {'scripted model' if settings.provider == 'scripted' else settings.model}"
    choice = st.radio("Extraction engine", [llm_label, OFFLINE], horizontal=True, key="upload_engine",
                      help=f"The LLM is {settings.describe()}. The offline rules need no model and fill fewer "
                           "fields (no summary, type, scope or clauses).")
    if choice == OFFLINE:
        return RULES
    try:
        return _engine_for(settings)
    except LLMError as e:
        st.error(f"{escape_md(e)} Using the offline rules instead.", icon=":material/error:")
        return RULES
