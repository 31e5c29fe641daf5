"""The scripted chat model: reply selection from the conversation, streaming with tool calls, errors."""

from __future__ import annotations

import json

import openai
import pytest
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage

from core.errors import ConfigError
from core.scripted import ScriptedChatModel, load_script, parse_script

SCRIPT = {"turns": [
    {"match": "supply", "steps": [
        {"content": "Checking.", "tool_calls": [{"name": "contract_search", "args": {"contract_types": ["Supply"]}}]},
        "There are {{total_count}} supply contracts ({{missing}}).",
    ]},
    {"system_match": "Explorer", "steps": ["About your filter."]},
    {"steps": ["First fallback."]},
    {"steps": ["Second fallback."]},
]}


def model() -> ScriptedChatModel:
    return ScriptedChatModel(turns=parse_script(SCRIPT))


def test_match_then_steps_then_placeholder() -> None:
    m = model()
    first = m.invoke([HumanMessage("How many supply contracts?")])
    assert first.content == "Checking."
    assert first.tool_calls == [{"name": "contract_search", "args": {"contract_types": ["Supply"]},
                                 "id": "call_0_0", "type": "tool_call"}]
    tool = ToolMessage(json.dumps({"total_count": 20}), tool_call_id="call_0_0")
    second = m.invoke([HumanMessage("How many supply contracts?"), first, tool])
    assert second.content == "There are 20 supply contracts ({{missing}})."
    assert not second.tool_calls


def test_unmatched_questions_take_fallback_turns_in_order() -> None:
    m = model()
    assert m.invoke([HumanMessage("hello")]).content == "First fallback."
    history = [HumanMessage("hello"), AIMessage("First fallback."), HumanMessage("and?")]
    assert m.invoke(history).content == "Second fallback."
    assert m.invoke([*history, AIMessage("x"), HumanMessage("again")]).content == "First fallback."


def test_system_match() -> None:
    reply = model().invoke([SystemMessage("The user is looking at the Explorer"), HumanMessage("what now")])
    assert reply.content == "About your filter."


def test_streaming_yields_tokens_and_tool_call_chunks() -> None:
    chunks = list(model().stream([HumanMessage("supply?")]))
    assert "".join(str(c.content) for c in chunks) == "Checking."
    merged = chunks[0]
    for chunk in chunks[1:]:
        merged += chunk
    assert merged.tool_calls[0]["name"] == "contract_search"
    assert merged.tool_calls[0]["args"] == {"contract_types": ["Supply"]}


@pytest.mark.parametrize(("kind", "error"), [
    ("timeout", openai.APITimeoutError), ("auth", openai.AuthenticationError),
    ("rate_limit", openai.RateLimitError), ("connection", openai.APIConnectionError),
    ("bad_request", openai.BadRequestError)])
def test_error_steps_raise_the_openai_exception(kind: str, error: type[Exception]) -> None:
    m = ScriptedChatModel(turns=parse_script([{"steps": [{"error": kind}]}]))
    with pytest.raises(error):
        m.invoke([HumanMessage("hi")])


def test_invalid_tool_calls_survive_streaming() -> None:
    m = ScriptedChatModel(turns=parse_script([[{"invalid_tool_calls": [{"name": "contract_search",
                                                                         "args": "not json"}]}]]))
    merged = None
    for chunk in m.stream([HumanMessage("hi")]):
        merged = chunk if merged is None else merged + chunk
    assert merged is not None and not merged.tool_calls
    assert merged.invalid_tool_calls[0]["name"] == "contract_search"


@pytest.mark.parametrize("bad", [[], {"turns": "x"}, [{"steps": []}], [{"steps": [{"error": "boom"}]}],
                                 [{"steps": [{"contents": "typo"}]}]])
def test_invalid_scripts_are_config_errors(bad: object) -> None:
    with pytest.raises(ConfigError, match="script"):
        parse_script(bad)


def test_load_script_reports_bad_json(tmp_path) -> None:
    path = tmp_path / "s.json"
    path.write_text("{nope")
    with pytest.raises(ConfigError, match="is not valid JSON"):
        load_script(path)
    path.write_text(json.dumps(["Just an answer."]))
    assert load_script(path)[0].steps[0].content == "Just an answer."
