"""The one settings loader: every setting is read here, from the environment, else (for most) a key of
`.streamlit/secrets.toml`, else a default (environment first so CI and scripts can override a developer's
file). `SETTINGS` registers each one (name, default, meaning, where used, sources); `setting` and
`env_setting` refuse a name it does not list, and docs/CONFIGURATION.md is its table (`settings_table()`,
checked by tests/unit/test_settings_registry.py; regenerate with `python -m core.settings`).

Neo4j's connection settings are assembled in graph/server/config.py, the LLM and agent settings in `AgentSettings`,
the ingest settings in `ExtractionConfig`, all from the functions here.
"""

from __future__ import annotations

import os
import sys
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from core.errors import ConfigError

REPO_ROOT = Path(__file__).resolve().parents[1]
SECRETS_PATH = REPO_ROOT / ".streamlit" / "secrets.toml"
DEFAULT_MODEL = "gpt-4.1-mini"
PROVIDERS = ("openai", "scripted", "offline")
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


@dataclass(frozen=True)
class Setting:
    """One registered setting: its default (as documented), meaning, the modules that read it, and whether
    secrets.toml may hold it (False: the environment only, e.g. what a test run pins)."""

    name: str
    default: str
    meaning: str
    used_in: str
    secrets: bool = True


_NEO4J = "graph/server/config.py"
_AGENT = "core/settings.py (AgentSettings)"
_INGEST = "core/settings.py (ExtractionConfig)"
SETTINGS: dict[str, Setting] = {s.name: s for s in (
    Setting("NEO4J_URI", "-", "external Neo4j (bolt://, neo4j://, +s, +ssc); unset: the local server", _NEO4J),
    Setting("NEO4J_USERNAME", "neo4j", "user for NEO4J_URI", _NEO4J),
    Setting("NEO4J_PASSWORD", "-", "password for NEO4J_URI (required with it)", _NEO4J),
    Setting("NEO4J_DATABASE", "-", "database name (the server's default when unset)", _NEO4J),
    Setting("CG_NEO4J_LOCAL", "-", "1 pins the local server whatever NEO4J_URI says (`make test`)", _NEO4J, False),
    Setting("CG_NEO4J_HOME", ".data/neo4j", "home of the local server (data, conf, password file)", _NEO4J, False),
    Setting("CG_NEO4J_PORT", "7687", "bolt port of the local server", _NEO4J, False),
    Setting("CG_NEO4J_HEAP", "1g", "Java heap of the local server", _NEO4J, False),
    Setting("CG_NEO4J_PAGECACHE", "512m", "page cache of the local server", _NEO4J, False),
    Setting("CG_NEO4J_TX_TIMEOUT", "120s", "transaction timeout of the local server", _NEO4J, False),
    Setting("CG_NEO4J_JIT", "full", "JVM profile of the local server: full (C2 compiler, G1: a long-running server) "
            "or quick (C1 only, serial GC: a short-lived test server warms up on about a third less CPU)",
            _NEO4J, False),
    Setting("CG_NEO4J_CLASS_ARCHIVE", "use", "JVM class-data sharing archive of the local server: use (map it when it "
            "exists), write (also write one at exit when there is none; tests/with_test_db.sh) or off",
            "graph/server/class_sharing.py", False),
    Setting("JAVA_HOME", "-", "Java 17 to run the local server (else `java` on PATH)",
            "graph/server/process.py", False),
    Setting("CONTRACTS_SAMPLE", "-", "path of the CUAD sample (contract_data.json), looked at first",
            "graph/store/sample.py", False),
    Setting("CONTRACTS_SAMPLE_URL", "the reference repository's contract_data.json",
            "where to download the sample when no local copy exists", "graph/store/sample.py", False),
    Setting("CG_BUILD_DIR", ".data", "lock, state, progress and log files of the background document-layer build",
            "ingest/background.py", False),
    Setting("CG_FILE_STORE", ".data/files", "directory keeping each uploaded PDF by its SHA-256 (and a scan's OCR "
            "word boxes) for the Contract page's page images", "ingest/pages/store.py"),
    Setting("CG_LAYER_CACHE", "-", "directory caching each text file's document-layer rows, keyed by the text, "
            "the code and the clause model (tests/with_test_db.sh sets it); unset: no cache", "ingest/layer_cache.py",
            False),
    Setting("EMBEDDING_DIMENSIONS", "1536", "vector size of EMBEDDING_MODEL (the contract vector index)",
            "graph/store/schema.py"),
    Setting("LLM_PROVIDER", "openai", "openai (any OpenAI-compatible server), scripted (replays LLM_SCRIPT) or "
            "offline (the exact question parser; the assistant's default when no LLM is configured)", _AGENT),
    Setting("OPENAI_API_KEY", "-", "key for OpenAI / Azure / a hosted server (local servers need none)", _AGENT),
    Setting("OPENAI_BASE_URL", "-", "e.g. http://localhost:11434/v1 (Ollama), http://localhost:8000/v1 (vLLM)",
            _AGENT),
    Setting("LLM_MODEL", DEFAULT_MODEL, "chat model name as the server knows it", _AGENT),
    Setting("LLM_TEMPERATURE", "0", "sampling temperature (0 to 2)", _AGENT),
    Setting("LLM_TIMEOUT", "60", "seconds per LLM request (1 to 600)", _AGENT),
    Setting("LLM_MAX_RETRIES", "2", "retries on transient LLM errors (0 to 10)", _AGENT),
    Setting("LLM_SCRIPT", "-", "JSON script for LLM_PROVIDER=scripted (see core/scripted.py)", _AGENT),
    Setting("LLM_JUDGE_MODEL", "LLM_MODEL", "model the evaluation harness uses as judge", _AGENT),
    Setting("EMBEDDING_MODEL", "-", "e.g. text-embedding-3-small; enables vector search in summary_search", _AGENT),
    Setting("AGENT_MAX_STEPS", "8", "tool rounds per question before the agent stops politely (1 to 50)", _AGENT),
    Setting("AGENT_QUERY_TIMEOUT", "10", "seconds per Cypher statement an LLM wrote (0.5 to 120)", _AGENT),
    Setting("AGENT_ROW_CAP", "100", "rows cypher_aggregation returns at most (1 to 1000)", _AGENT),
    Setting("INGEST_CONTEXT_TOKENS", "30000", "the LLM engine's context budget in tokens", _INGEST),
    Setting("INGEST_CONTEXT_CHARS", "-", "the same budget in characters (wins when set)", _INGEST),
    Setting("INGEST_CHUNK_OVERLAP", "2000", "characters two chunks share (at most a quarter of the budget)", _INGEST),
    Setting("INGEST_LLM_ATTEMPTS", "3", "attempts per chunk on transient LLM errors", _INGEST),
    Setting("INGEST_LLM_BACKOFF", "2", "seconds before the first retry (doubling)", _INGEST),
    Setting("INGEST_TESSERACT", "tesseract", "the Tesseract program that OCRs scanned PDFs", "ingest/ocr.py"),
    Setting("BENCH_NEO4J_HEAP", "1g", "Java heap of a benchmark server", "benchmarks/bench_db.py", False),
    Setting("BENCH_NEO4J_PAGECACHE", "512m", "page cache of a benchmark server", "benchmarks/bench_db.py", False),
    Setting("BENCH_WORK", "benchmarks/.work", "folder of the benchmark servers' homes and data files",
            "benchmarks/bench_db.py", False),
)}


def _registered(name: str, secrets: bool) -> Setting:
    found = SETTINGS.get(name)
    if found is None:
        raise KeyError(f"{name} is not a registered setting: add it to core.settings.SETTINGS and "
                       "docs/CONFIGURATION.md")
    if secrets and not found.secrets:
        raise KeyError(f"{name} is read from the environment only: use env_setting")
    return found


def setting(name: str, default: str | None = None, secrets: dict[str, object] | None = None) -> str | None:
    """One setting: the environment first, then secrets.toml, then `default`."""
    _registered(name, secrets=True)
    if os.environ.get(name):
        return os.environ[name]
    value = (secrets if secrets is not None else read_secrets()).get(name)
    return str(value) if value not in (None, "") else default


def env_setting(name: str, default: str | None = None) -> str | None:
    """A setting read from the environment only (an empty value counts as unset), else `default`."""
    _registered(name, secrets=False)
    return os.environ.get(name) or default


def int_setting(name: str, default: int, secrets: dict[str, object] | None = None) -> int:
    """A whole-number setting (environment, then secrets.toml), or a one-line ConfigError naming it."""
    raw = setting(name, None, secrets=secrets)
    return default if raw is None else _int(name, raw)


def settings_table() -> str:
    """The Markdown table of every registered setting (docs/CONFIGURATION.md holds it)."""
    rows = ["| name | default | meaning | where used | secrets.toml |", "|---|---|---|---|---|"]
    rows += [f"| `{s.name}` | {s.default} | {s.meaning} | {s.used_in} | {'yes' if s.secrets else 'no'} |"
             for s in SETTINGS.values()]
    return "\n".join(rows) + "\n"


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




if __name__ == "__main__":
    sys.stdout.write(settings_table())
