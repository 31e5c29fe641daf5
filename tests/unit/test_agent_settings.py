"""Agent settings (environment over secrets.toml over defaults), the one chat-model builder and the messages
LLM client errors turn into."""

from __future__ import annotations

import json

import openai
import pytest
from langchain_openai import ChatOpenAI

import core.settings as context_module
import graph.server.config as config_module
from core.errors import ConfigError, LLMError, LLMNotConfigured
from core.llm import build_chat_model, build_embeddings, llm_errors
from core.scripted import ScriptedChatModel, openai_error
from core.settings import DEFAULT_MODEL, AgentSettings

NAMES = ("LLM_PROVIDER", "OPENAI_API_KEY", "OPENAI_BASE_URL", "LLM_MODEL", "LLM_TEMPERATURE", "LLM_TIMEOUT",
         "LLM_MAX_RETRIES", "LLM_SCRIPT", "LLM_JUDGE_MODEL", "EMBEDDING_MODEL", "AGENT_MAX_STEPS",
         "AGENT_QUERY_TIMEOUT", "AGENT_ROW_CAP")


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    """No LLM settings in the environment and a secrets.toml of the test's choosing."""
    for name in NAMES:
        monkeypatch.delenv(name, raising=False)
    secrets = tmp_path / "secrets.toml"
    monkeypatch.setattr(context_module, "read_secrets", lambda: config_module.read_secrets(secrets))
    return secrets


def test_defaults_are_not_configured(clean_env) -> None:
    settings = AgentSettings.load()
    assert settings.provider == "openai" and settings.model == DEFAULT_MODEL and not settings.configured
    with pytest.raises(LLMNotConfigured) as caught:
        build_chat_model(settings)
    message = str(caught.value)
    assert "OPENAI_API_KEY" in message and "http://localhost:11434/v1" in message and "secrets.toml" in message


def test_secrets_llm_table_and_env_precedence(clean_env, monkeypatch) -> None:
    clean_env.write_text('[llm]\nopenai_base_url = "http://localhost:11434/v1"\nllm_model = "qwen2.5:7b"\n'
                         'agent_max_steps = 4\n')
    settings = AgentSettings.load()
    assert settings.base_url == "http://localhost:11434/v1" and settings.model == "qwen2.5:7b"
    assert settings.max_steps == 4 and settings.configured and settings.api_key is None
    monkeypatch.setenv("LLM_MODEL", "llama3.1")
    assert AgentSettings.load().model == "llama3.1"


def test_openai_model_is_built_from_settings(clean_env, monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "http://localhost:1234/v1")
    monkeypatch.setenv("LLM_TEMPERATURE", "0.3")
    monkeypatch.setenv("LLM_TIMEOUT", "12")
    model = build_chat_model()
    assert isinstance(model, ChatOpenAI)
    assert model.model_name == DEFAULT_MODEL and model.temperature == 0.3 and model.request_timeout == 12
    assert model.openai_api_base == "http://localhost:1234/v1"
    assert build_chat_model(model="judge-model").model_name == "judge-model"


def test_scripted_provider_goes_through_the_same_settings(clean_env, monkeypatch, tmp_path) -> None:
    script = tmp_path / "script.json"
    script.write_text(json.dumps(["Scripted answer."]))
    monkeypatch.setenv("LLM_PROVIDER", "scripted")
    monkeypatch.setenv("LLM_SCRIPT", str(script))
    settings = AgentSettings.load()
    assert settings.configured and str(script) in settings.describe()
    model = build_chat_model(settings)
    assert isinstance(model, ScriptedChatModel)
    assert model.invoke("hi").content == "Scripted answer."
    assert build_embeddings(settings) is None


def test_scripted_without_script_is_not_configured(clean_env, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("LLM_PROVIDER", "scripted")
    with pytest.raises(LLMNotConfigured, match="LLM_SCRIPT"):
        build_chat_model()
    monkeypatch.setenv("LLM_SCRIPT", str(tmp_path / "missing.json"))
    with pytest.raises(LLMNotConfigured, match="cannot be read"):
        build_chat_model()


@pytest.mark.parametrize(("name", "value", "message"), [
    ("LLM_PROVIDER", "anthropic", "LLM_PROVIDER must be one of"),
    ("LLM_TEMPERATURE", "hot", "LLM_TEMPERATURE must be a number"),
    ("AGENT_MAX_STEPS", "0", "AGENT_MAX_STEPS must be between 1 and 50"),
])
def test_invalid_settings_name_the_setting(clean_env, monkeypatch, name: str, value: str, message: str) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError, match=message):
        AgentSettings.load()


@pytest.mark.parametrize(("kind", "words"), [
    ("timeout", "did not answer after 60s"), ("auth", "rejected the API key (401"),
    ("rate_limit", "rate-limited or out of quota (429"), ("connection", "cannot be reached"),
    ("bad_request", "returned an error (400"),
])
def test_llm_errors_become_llm_error_with_cause(kind: str, words: str) -> None:
    settings = AgentSettings(api_key="k")
    with pytest.raises(LLMError) as caught, llm_errors(settings):
        raise openai_error(kind)
    assert words in str(caught.value)
    assert isinstance(caught.value.__cause__, openai.OpenAIError)


def test_embeddings_only_when_configured() -> None:
    assert build_embeddings(AgentSettings(api_key="k")) is None
    embeddings = build_embeddings(AgentSettings(api_key="k", embedding_model="text-embedding-3-small"))
    assert embeddings is not None and embeddings.model == "text-embedding-3-small"
