"""The agent's settings (environment, then `.streamlit/secrets.toml`, then defaults) and its runtime context.

Settings, each an environment variable or a key of secrets.toml (top level or its `[llm]` table):

| name               | default          | meaning                                                              |
|--------------------|------------------|----------------------------------------------------------------------|
| LLM_PROVIDER       | openai           | `openai` (any OpenAI-compatible server), `scripted` (a fake model     |
|                    |                  | that replays LLM_SCRIPT; for tests, demos) or `offline` (the exact    |
|                    |                  | question parser, agent/offline.py; the assistant's default when no    |
|                    |                  | LLM is configured and LLM_PROVIDER is unset)                          |
| OPENAI_API_KEY     | -                | key for OpenAI / Azure / a hosted server (local servers need none)    |
| OPENAI_BASE_URL    | -                | e.g. http://localhost:11434/v1 (Ollama), http://localhost:8000/v1     |
|                    |                  | (vLLM), http://localhost:1234/v1 (LM Studio)                          |
| LLM_MODEL          | gpt-4.1-mini     | chat model name as the server knows it                               |
| LLM_TEMPERATURE    | 0                | sampling temperature                                                 |
| LLM_TIMEOUT        | 60               | seconds per LLM request                                              |
| LLM_MAX_RETRIES    | 2                | retries on transient LLM errors                                      |
| LLM_SCRIPT         | -                | JSON script for LLM_PROVIDER=scripted (see agent/scripted.py)         |
| LLM_JUDGE_MODEL    | LLM_MODEL        | model the evaluation harness uses as judge                           |
| EMBEDDING_MODEL    | -                | e.g. text-embedding-3-small; enables vector search in summary_search |
| AGENT_MAX_STEPS    | 8                | tool rounds per question before the agent stops politely             |
| AGENT_QUERY_TIMEOUT| 10               | seconds per Cypher statement an LLM wrote                            |
| AGENT_ROW_CAP      | 100              | rows returned by cypher_aggregation at most                          |

The runtime `Context` carries what tools need per run (the Neo4j driver, these settings, today's date and
an optional filter the user asked to focus on); it is passed to `agent.invoke(..., context=...)`, never
kept in a module global.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

from neo4j import Driver

from graph.config import REPO_ROOT, read_secrets, setting
from graph.errors import ConfigError
from graph.filters import ContractFilter

DEFAULT_MODEL = "gpt-4.1-mini"
PROVIDERS = ("openai", "scripted", "offline")


def _number(name: str, default: float, secrets: dict[str, object], low: float, high: float) -> float:
    raw = setting(name, None, secrets=secrets)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError as e:
        raise ConfigError(f"{name} must be a number, got '{raw[:40]}'.") from e
    if not low <= value <= high:
        raise ConfigError(f"{name} must be between {low:g} and {high:g}, got {value:g}.")
    return value


@dataclass(frozen=True)
class AgentSettings:
    """LLM and agent settings; frozen and hashable so the UI can cache one agent per configuration."""

    provider: str = "openai"
    api_key: str | None = None
    base_url: str | None = None
    model: str = DEFAULT_MODEL
    temperature: float = 0.0
    timeout_s: float = 60.0
    max_retries: int = 2
    script: Path | None = None
    judge_model: str | None = None
    embedding_model: str | None = None
    max_steps: int = 8
    query_timeout_s: float = 10.0
    row_cap: int = 100

    @classmethod
    def load(cls) -> AgentSettings:
        """Read every setting from the environment, then secrets.toml, then the defaults above."""
        secrets = read_secrets()
        provider = (setting("LLM_PROVIDER", "openai", secrets=secrets) or "openai").strip().lower()
        if provider not in PROVIDERS:
            raise ConfigError(f"LLM_PROVIDER must be one of {', '.join(PROVIDERS)}, got '{provider[:40]}'.")
        script = setting("LLM_SCRIPT", None, secrets=secrets)
        return cls(
            provider=provider,
            api_key=setting("OPENAI_API_KEY", None, secrets=secrets),
            base_url=setting("OPENAI_BASE_URL", None, secrets=secrets),
            model=setting("LLM_MODEL", DEFAULT_MODEL, secrets=secrets) or DEFAULT_MODEL,
            temperature=_number("LLM_TEMPERATURE", 0.0, secrets, 0.0, 2.0),
            timeout_s=_number("LLM_TIMEOUT", 60.0, secrets, 1.0, 600.0),
            max_retries=int(_number("LLM_MAX_RETRIES", 2, secrets, 0, 10)),
            script=_script_path(script) if script else None,
            judge_model=setting("LLM_JUDGE_MODEL", None, secrets=secrets),
            embedding_model=setting("EMBEDDING_MODEL", None, secrets=secrets),
            max_steps=int(_number("AGENT_MAX_STEPS", 8, secrets, 1, 50)),
            query_timeout_s=_number("AGENT_QUERY_TIMEOUT", 10.0, secrets, 0.5, 120.0),
            row_cap=int(_number("AGENT_ROW_CAP", 100, secrets, 1, 1000)),
        )

    @property
    def configured(self) -> bool:
        """True when a chat model can be built (a key or a server for openai, a script for scripted). The
        offline parser is not a language model: False for it (ingestion then uses its offline rules)."""
        if self.provider == "scripted":
            return self.script is not None
        return self.provider == "openai" and bool(self.api_key or self.base_url)

    def describe(self) -> str:
        """Which model at which server, for status lines (never includes the key)."""
        if self.provider == "scripted":
            return f"scripted model ({self.script})"
        if self.provider == "offline":
            return "exact mode: the offline question parser (no language model)"
        return f"{self.model} at {self.base_url or 'api.openai.com'}"


def _script_path(value: str) -> Path:
    path = Path(value).expanduser()
    return path if path.is_absolute() else (REPO_ROOT / path).resolve()


@dataclass(frozen=True)
class Context:
    """Per-run context the agent's nodes and tools read through LangGraph's runtime."""

    driver: Driver
    settings: AgentSettings
    today: date
    focus: ContractFilter | None = None
    database: str | None = None

    @classmethod
    def create(cls, driver: Driver, settings: AgentSettings | None = None, focus: ContractFilter | None = None,
               today: date | None = None, database: str | None = None) -> Context:
        return cls(driver, settings or AgentSettings.load(), today or date.today(), focus, database)
