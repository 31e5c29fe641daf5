"""The exact-mode runner (agent.exact, what an offline `python -m agent ask` runs without LangGraph) gives the
same answer, tool calls, tool results and parse as the offline chat model inside the real agent loop (the Chat
page's path), question by question, on the real graph: counts, lists, rankings, an overall average, a status
date, an overview, one contract's details, a clause search, a text search, a clarifying question, a refusal,
a filter in focus and the step limit."""

from __future__ import annotations

from datetime import date

import pytest

from agent.context import Context
from agent.events import AgentAnswer
from agent.exact import ask_exact
from agent.graph import build_agent
from agent.offline import OfflineChatModel
from agent.offline_plan import PARSE_META
from agent.runner import ask
from core.settings import AgentSettings
from graph.query.filters import ContractFilter

pytestmark = pytest.mark.integration
TODAY = date(2021, 6, 30)
QUESTIONS = [
    "How many supply contracts?",
    "Which distributor agreements are worth the most?",
    "What is the average value of license and supply agreements?",
    "How many contracts were in force on 1 July 2012?",
    "Give me an overview of the contracts",
    "What is the governing law of the Intersect ENT supply agreement?",
    "What does the Honeywell agreement say about termination?",
    "Which contracts mention 'most favored nation'?",
    "How many contracts with Federated?",
    "How many contracts don't renew?",
    "hello",
]


def both(driver, question: str, focus: ContractFilter | None = None,
         settings: AgentSettings | None = None) -> tuple[AgentAnswer, AgentAnswer]:
    ctx = Context.create(driver, settings or AgentSettings(provider="offline"), focus=focus, today=TODAY)
    return ask_exact(ctx, question), ask(build_agent(OfflineChatModel()), ctx, question)


def same(exact: AgentAnswer, loop: AgentAnswer) -> None:
    assert exact.error == loop.error
    assert exact.text == loop.text
    assert [(t.id, t.name, t.args, t.content, t.error, t.done) for t in exact.traces] == \
        [(t.id, t.name, t.args, t.content, t.error, t.done) for t in loop.traces]
    assert exact.meta.get(PARSE_META) == loop.meta.get(PARSE_META)


@pytest.mark.parametrize("question", QUESTIONS)
def test_exact_runner_answers_as_the_agent_loop(driver, question) -> None:
    exact, loop = both(driver, question)
    same(exact, loop)
    assert exact.text  # an answer, a clarifying question or a refusal: never empty


def test_with_a_filter_in_focus(driver) -> None:
    exact, loop = both(driver, "How many of these were signed after 2010?",
                       focus=ContractFilter(contract_types=("License",)))
    same(exact, loop)
    assert exact.traces[-1].args["contract_types"] == ["License"]


def test_the_step_limit(driver) -> None:
    # contract_details takes two rounds (find the contract, then read it): with one allowed, both stop alike.
    exact, loop = both(driver, "What is the governing law of the Intersect ENT supply agreement?",
                       settings=AgentSettings(provider="offline", max_steps=1))
    same(exact, loop)
    assert exact.text.startswith("I stopped after 1 rounds") and len(exact.traces) == 1


def test_a_question_too_long_fails_before_any_tool(driver) -> None:
    exact, loop = both(driver, "how many contracts " * 400)
    assert exact.error == loop.error and exact.error and exact.traces == loop.traces == []
