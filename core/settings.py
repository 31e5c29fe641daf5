"""The one settings loader: every setting is an environment variable, else a key of
`.streamlit/secrets.toml`, else a default (environment first so CI and scripts can override a developer's
file). Neo4j's connection settings build on `setting` in graph/server/config.py; this module holds the rest.

LLM and agent settings (AgentSettings), each an environment variable or a key of secrets.toml (top level or
its `[llm]` table):

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
| LLM_SCRIPT         | -                | JSON script for LLM_PROVIDER=scripted (see core/scripted.py)         |
| LLM_JUDGE_MODEL    | LLM_MODEL        | model the evaluation harness uses as judge                           |
| EMBEDDING_MODEL    | -                | e.g. text-embedding-3-small; enables vector search in summary_search |
| AGENT_MAX_STEPS    | 8                | tool rounds per question before the agent stops politely             |
| AGENT_QUERY_TIMEOUT| 10               | seconds per Cypher statement an LLM wrote                            |
| AGENT_ROW_CAP      | 100              | rows returned by cypher_aggregation at most                          |

Ingest settings (ExtractionConfig): INGEST_CONTEXT_TOKENS (default 30000) or INGEST_CONTEXT_CHARS (wins when
set) for the LLM engine's context budget, INGEST_CHUNK_OVERLAP (characters, default 2000),
INGEST_LLM_ATTEMPTS (default 3) and INGEST_LLM_BACKOFF (seconds, default 2).
"""

from __future__ import annotations

import os
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from core.errors import ConfigError

REPO_ROOT = Path(__file__).resolve().parents[1]
SECRETS_PATH = REPO_ROOT / ".streamlit" / "secrets.toml"
CHARS_PER_TOKEN = 4  # a conservative average for English contract prose with OpenAI-style tokenizers


def read_secrets(path: Path = SECRETS_PATH) -> dict[str, object]:
    """Flattened secrets.toml: top-level keys, plus `[neo4j]` keys as NEO4J_* and `[llm]` keys upper-cased."""
    if not path.is_file():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise ConfigError(f"{path} is not valid TOML: {e}") from e
    flat = {k: v for k, v in data.items() if not isinstance(v, dict)}
    for section, prefix in (("neo4j", "NEO4J_"), ("llm", "")):
        table = data.get(section)
        if isinstance(table, dict):
            flat.update({_prefixed(k.upper(), prefix): v for k, v in table.items()})
    return flat


def _prefixed(key: str, prefix: str) -> str:
    return key if key.startswith(prefix) else prefix + key


def setting(name: str, default: str | None = None, secrets: dict[str, object] | None = None) -> str | None:
    """One setting: the environment first, then secrets.toml, then `default`."""
    if os.environ.get(name):
        return os.environ[name]
    value = (secrets if secrets is not None else read_secrets()).get(name)
    return str(value) if value not in (None, "") else default


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


def assistant_settings(settings: AgentSettings, exact: bool = False) -> AgentSettings:
    """The settings the assistant runs with: offline when asked (`exact`) or when no LLM is configured and
    LLM_PROVIDER was left unset (an explicit provider that lacks its key stays an error to report). Here,
    not in agent/, so the UI can decide without importing langchain (see docs/PERFORMANCE.md, fix 16)."""
    if exact:
        return replace(settings, provider="offline")
    if settings.configured or setting("LLM_PROVIDER", None, secrets=read_secrets()):
        return settings
    return replace(settings, provider="offline")


def _script_path(value: str) -> Path:
    path = Path(value).expanduser()
    return path if path.is_absolute() else (REPO_ROOT / path).resolve()


def budget_from_tokens(tokens: int) -> int:
    """A character budget for a token budget (see CHARS_PER_TOKEN)."""
    return tokens * CHARS_PER_TOKEN


@dataclass(frozen=True)
class ExtractionConfig:
    """Context budget and retry policy; `sleep` is injectable so tests need not wait."""

    budget_chars: int = budget_from_tokens(30_000)
    overlap_chars: int = 2_000
    attempts: int = 3
    backoff_s: float = 2.0
    sleep: Callable[[float], None] = field(default=time.sleep, compare=False)

    @classmethod
    def load(cls) -> ExtractionConfig:
        """Read the INGEST_* settings (environment, then secrets.toml, then the defaults)."""
        secrets = read_secrets()
        chars, tokens = setting("INGEST_CONTEXT_CHARS", None, secrets), setting("INGEST_CONTEXT_TOKENS", None, secrets)
        budget = _int("INGEST_CONTEXT_CHARS", chars) if chars else \
            budget_from_tokens(_int("INGEST_CONTEXT_TOKENS", tokens)) if tokens else cls.budget_chars
        overlap = setting("INGEST_CHUNK_OVERLAP", None, secrets)
        attempts = setting("INGEST_LLM_ATTEMPTS", None, secrets)
        backoff = setting("INGEST_LLM_BACKOFF", None, secrets)
        return cls(budget_chars=budget,
                   overlap_chars=_int("INGEST_CHUNK_OVERLAP", overlap) if overlap else min(2_000, budget // 4),
                   attempts=max(1, _int("INGEST_LLM_ATTEMPTS", attempts)) if attempts else cls.attempts,
                   backoff_s=float(_int("INGEST_LLM_BACKOFF", backoff)) if backoff else cls.backoff_s)


def _int(name: str, raw: str | None) -> int:
    try:
        return int(str(raw))
    except ValueError as e:
        raise ConfigError(f"{name} must be a whole number, got '{str(raw)[:40]}'.") from e


