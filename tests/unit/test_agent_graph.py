"""The agent loop without a database: step limit, malformed tool calls, LLM errors, the runtime context and
the focus filter reaching the model, and tool failures that are bugs staying loud."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

import pytest
from langchain_core.tools import InjectedToolArg, tool

from agent.context import Context
from agent.graph import STEP_LIMIT_MESSAGE, build_agent
from agent.runner import Answer, Failure, Token, ToolFinished, ToolStarted, ask, stream_turn, to_messages
from core.errors import NotFound
from core.scripted import ScriptedChatModel, parse_script
from core.settings import AgentSettings
from graph.query.filters import ContractFilter

TODAY = date(2024, 2, 29)
CALLS: list[dict[str, Any]] = []


@tool
def echo(word: str, runtime: Annotated[Any, InjectedToolArg]) -> str:
    """Echo a word with the run's date."""
    CALLS.append({"word": word, "today": runtime.context.today})
    return f'{{"total_count": {len(word)}, "word": "{word}"}}'


@tool
def missing(name: str) -> str:
    """Always fails the way a lookup of an unknown contract does."""
    raise NotFound(f"No contract with file_id '{name}'.")


@tool
def buggy(x: int) -> str:
    """Has a bug."""
    raise RuntimeError("a bug, not a user error")


def run(steps: list[Any], settings: AgentSettings | None = None, focus: ContractFilter | None = None,
        question: str = "q", history: list[dict[str, Any]] | None = None) -> Any:
    CALLS.clear()
    model = ScriptedChatModel(turns=parse_script([{"steps": steps}]))
    agent = build_agent(model, tools=[echo, missing, buggy])
    ctx = Context(None, settings or AgentSettings(provider="scripted"), TODAY, focus)  # type: ignore[arg-type]
    return agent, ctx, ask(agent, ctx, question, history or [])


def call(tool_name: str, **args: Any) -> dict[str, Any]:
    return {"tool_calls": [{"name": tool_name, "args": args}]}


def test_tool_gets_scripted_args_and_runtime_context() -> None:
    _, _, answer = run([call("echo", word="hello"), "Echoed {{word}}: {{total_count}}."])
    assert CALLS == [{"word": "hello", "today": TODAY}]
    assert answer.text == "Echoed hello: 5." and answer.traces[0].total_count == 5


def test_step_limit_ends_politely() -> None:
    _, _, answer = run([call("echo", word="again")], settings=AgentSettings(provider="scripted", max_steps=3))
    assert len(CALLS) == 3 and len(answer.traces) == 3
    assert answer.error is None and answer.text == STEP_LIMIT_MESSAGE.format(steps=3)


def test_domain_errors_and_unknown_tools_go_back_to_the_model() -> None:
    _, _, answer = run([call("missing", name="X"), call("nonexistent", a=1), "Sorry."])
    first, second = answer.traces
    assert first.error and "No contract with file_id 'X'." in first.content
    assert second.error and "nonexistent is not a valid tool" in second.content
    assert answer.text == "Sorry."


def test_a_bug_in_a_tool_is_not_hidden() -> None:
    with pytest.raises(RuntimeError, match="a bug"):
        run([call("buggy", x=1), "never"])


def test_invalid_arguments_are_explained() -> None:
    _, _, answer = run([call("echo", wrd="typo"), "ok"])
    assert answer.traces[0].error and "invalid arguments for echo" in answer.traces[0].content
    assert "word: Field required" in answer.traces[0].content


def test_malformed_tool_call_is_retried_once() -> None:
    bad = {"invalid_tool_calls": [{"name": "echo", "args": "not json"}]}
    _, _, answer = run([bad, call("echo", word="fixed"), "done"])
    assert answer.error is None and answer.text == "done"
    assert [t.error for t in answer.traces] == [True, False]
    assert "could not be parsed" in answer.traces[0].content


def test_malformed_tool_calls_twice_is_an_llm_error() -> None:
    bad = {"invalid_tool_calls": [{"name": "echo", "args": "not json", "error": "bad JSON"}]}
    _, _, answer = run([bad, bad, "never"])
    assert answer.text == "" and "malformed tool calls twice in a row" in (answer.error or "")


@pytest.mark.parametrize(("kind", "words"), [("rate_limit", "429"), ("auth", "401"), ("timeout", "did not answer")])
def test_llm_errors_become_failures_and_the_session_goes_on(kind: str, words: str) -> None:
    _, ctx, answer = run([{"error": kind}])
    assert answer.text == "" and words in (answer.error or "")
    model = ScriptedChatModel(turns=parse_script([["Recovered."]]))
    assert ask(build_agent(model, tools=[echo]), ctx, "again", [{"role": "user", "content": "q"},
                                                                {"role": "assistant", "error": answer.error}]
               ).text == "Recovered."


def test_focus_filter_reaches_the_system_prompt() -> None:
    steps = [{"steps": ["Focused."], "system_match": r'Explorer with this filter: \{"contract_types": \["Supply"\]\}'},
             {"steps": ["Not focused."]}]
    model = ScriptedChatModel(turns=parse_script(steps))
    ctx = Context(None, AgentSettings(provider="scripted"), TODAY,  # type: ignore[arg-type]
                  ContractFilter(contract_types=("supply",)))
    assert ask(build_agent(model, tools=[echo]), ctx, "what about these?").text == "Focused."
    plain = Context(None, AgentSettings(provider="scripted"), TODAY)  # type: ignore[arg-type]
    assert ask(build_agent(model, tools=[echo]), plain, "what about these?").text == "Not focused."


def test_today_is_in_the_system_prompt() -> None:
    model = ScriptedChatModel(turns=parse_script([{"system_match": "Today is 2024-02-29", "steps": ["dated"]},
                                                  {"steps": ["undated"]}]))
    ctx = Context(None, AgentSettings(provider="scripted"), TODAY)  # type: ignore[arg-type]
    assert ask(build_agent(model, tools=[echo]), ctx, "q").text == "dated"


def test_event_order_streams_tokens_between_tools() -> None:
    agent, ctx, _ = run([{"content": "Let me look.", **call("echo", word="abc")}, "Three letters."])
    kinds = [type(e).__name__ for e in stream_turn(agent, ctx, "q")]
    assert kinds[0] == "Token" and "ToolStarted" in kinds and kinds[-1] == "Answer"
    events = list(stream_turn(agent, ctx, "q"))
    tokens_after_tool = [e.text for e in events[[type(e) for e in events].index(ToolFinished) + 1:]
                         if isinstance(e, Token)]
    assert "".join(tokens_after_tool) == "Three letters."
    assert isinstance(events[-1], Answer) and events[-1].text == "Three letters."
    assert not any(isinstance(e, Failure) for e in events)
    assert sum(isinstance(e, ToolStarted) for e in events) == 1


def test_history_skips_failed_turns() -> None:
    messages = to_messages([{"role": "user", "content": "a"}, {"role": "assistant", "content": "", "error": "x"},
                            {"role": "user", "content": "b"}, {"role": "assistant", "content": "B"}])
    assert [(m.type, m.text) for m in messages] == [("human", "a"), ("human", "b"), ("ai", "B")]
