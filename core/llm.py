"""The one place that builds chat and embedding models, and turns LLM client errors into `LLMError`s.

`build_chat_model(settings)` returns a langchain-core chat model: `ChatOpenAI` for any OpenAI-compatible
server (OpenAI, Azure's v1 endpoint, Ollama, vLLM, LM Studio) or, with LLM_PROVIDER=scripted, the
`ScriptedChatModel`. Other packages (structured extraction in ingest/) use it too, so it knows nothing
about the agent.

The OpenAI client and langchain-openai (about 1 s of CPU to import) are imported only when a model is built
(or an OpenAI error is described), so the offline assistant and the CLIs start without them.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from core.errors import ConfigError, LLMError, LLMNotConfigured
from core.settings import AgentSettings

if TYPE_CHECKING:
    import openai
    from langchain_core.embeddings import Embeddings
    from langchain_core.language_models import BaseChatModel

# Local servers accept any key; the OpenAI client insists on one being set.
PLACEHOLDER_KEY = "not-needed"
HOW_TO_CONFIGURE = """No language model is configured. Set these in the environment or in `.streamlit/secrets.toml`
(top level or an `[llm]` table); they are read on every question:

    OPENAI_API_KEY = "sk-..."            # OpenAI (or a hosted OpenAI-compatible server)
    LLM_MODEL = "gpt-4.1-mini"           # optional

A local model through Ollama (`ollama pull qwen2.5:7b`, a model with tool calling) needs no key:

    OPENAI_BASE_URL = "http://localhost:11434/v1"
    LLM_MODEL = "qwen2.5:7b"

vLLM and LM Studio work the same way with their own /v1 URL. Everything else in the app works without it."""


def build_chat_model(settings: AgentSettings | None = None, model: str | None = None) -> BaseChatModel:
    """The configured chat model (`model` overrides LLM_MODEL, e.g. for a judge); raises LLMNotConfigured."""
    settings = settings or AgentSettings.load()
    if settings.provider == "scripted":
        return _scripted(settings)
    if not settings.configured:
        raise LLMNotConfigured(HOW_TO_CONFIGURE)
    from langchain_openai import ChatOpenAI

    return ChatOpenAI(
        model=model or settings.model,
        temperature=settings.temperature,
        api_key=settings.api_key or PLACEHOLDER_KEY,
        base_url=settings.base_url,
        timeout=settings.timeout_s,
        max_retries=settings.max_retries,
    )


def _scripted(settings: AgentSettings) -> BaseChatModel:
    # Imported here so the production path never loads the test double's module.
    from core.scripted import ScriptedChatModel, load_script

    if settings.script is None:
        raise LLMNotConfigured("LLM_PROVIDER=scripted needs LLM_SCRIPT, the path of a JSON script.")
    try:
        return ScriptedChatModel(turns=load_script(settings.script))
    except ConfigError as e:
        raise LLMNotConfigured(str(e)) from e


def build_embeddings(settings: AgentSettings | None = None) -> Embeddings | None:
    """The embedding model for semantic search, or None when EMBEDDING_MODEL is not set."""
    settings = settings or AgentSettings.load()
    if not settings.embedding_model or settings.provider != "openai" or not settings.configured:
        return None
    from langchain_openai import OpenAIEmbeddings

    return OpenAIEmbeddings(model=settings.embedding_model, api_key=settings.api_key or PLACEHOLDER_KEY,
                            base_url=settings.base_url, timeout=settings.timeout_s,
                            max_retries=settings.max_retries, check_embedding_ctx_length=False)


def describe_llm_error(error: openai.OpenAIError, settings: AgentSettings | None = None) -> str:
    """A message for the person using the app: what went wrong and what to check."""
    import openai  # loaded already: `error` is one of its exceptions

    where = settings.describe() if settings else "the language model"
    if isinstance(error, openai.APITimeoutError):
        timeout = f" after {settings.timeout_s:g}s" if settings else ""
        return f"The language model did not answer{timeout} ({where}). Try again, or raise LLM_TIMEOUT."
    if isinstance(error, openai.APIConnectionError):
        return f"The language model cannot be reached ({where}). Check OPENAI_BASE_URL and that the server runs."
    if isinstance(error, openai.AuthenticationError):
        return f"The language model rejected the API key (401, {where}). Check OPENAI_API_KEY."
    if isinstance(error, openai.PermissionDeniedError):
        return f"The API key may not use this model (403, {where}). Check LLM_MODEL and the key's access."
    if isinstance(error, openai.RateLimitError):
        return f"The language model is rate-limited or out of quota (429, {where}). Wait a moment and retry."
    if isinstance(error, openai.NotFoundError):
        return f"The model was not found (404, {where}). Check LLM_MODEL and OPENAI_BASE_URL."
    if isinstance(error, openai.APIStatusError):
        return f"The language model returned an error ({error.status_code}, {where}): {error.message[:300]}"
    return f"The language model failed ({where}): {str(error)[:300]}"


@contextmanager
def llm_errors(settings: AgentSettings | None = None) -> Iterator[None]:
    """Translate OpenAI client errors raised inside the block into LLMError (cause kept)."""
    try:
        yield
    except Exception as e:
        # Only a loaded OpenAI client raises its errors: without it (the offline model) nothing is translated,
        # and the block never pays for importing it.
        client = sys.modules.get("openai")
        if client is None or not isinstance(e, client.OpenAIError):
            raise
        raise LLMError(describe_llm_error(e, settings)) from e
