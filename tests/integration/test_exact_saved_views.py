"""Exact mode (no LLM) reads saved views: "how many contracts are in the <name> view?" runs the view on its own
as-of rule (the count equals the independent oracle's, and is not the count of the words in the name read as a
filter), "what saved views do we have?" lists them, a name with more words beside it is refused instead of
answered with the view's count alone, and a view the team does not have is said to be missing. The exact runner
and the offline model in the real agent loop give the same answer, tool calls and results."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest
from neo4j import Driver

from agent.context import Context
from agent.events import AgentAnswer
from agent.exact import ask_exact
from agent.graph import build_agent
from agent.offline import OfflineChatModel
from agent.runner import ask
from core.settings import AgentSettings
from graph.query.filters import ContractFilter
from graph.store.saved_views import save_view
from tests.oracle import Oracle, graph_oracle
from tests.saved_views_support import no_views

pytestmark = pytest.mark.integration

PREFIX = "pytest exact view "
TODAY = date(2021, 6, 30)
FIXED = date(2012, 1, 1)
LICENCES = ContractFilter(active=True, contract_types=("License",))
DELAWARE_SUPPLY = ContractFilter(contract_types=("Supply",), governing_law_state="DE")


@pytest.fixture
def views(driver: Driver) -> Iterator[None]:
    with no_views(driver, PREFIX):
        # Named like a filter on purpose: the name's words must not be read as Delaware-law supply contracts.
        save_view(driver, f"{PREFIX}Delaware supply", LICENCES, "fixed", saved_by="Ana", as_of=FIXED)
        yield


@pytest.fixture(scope="module")
def oracle(driver: Driver, prepared_sample) -> Oracle:
    return graph_oracle(driver, prepared_sample)


def both(driver: Driver, question: str) -> AgentAnswer:
    """The exact runner's answer, after checking that the agent loop with the offline model gives the same."""
    ctx = Context.create(driver, AgentSettings(provider="offline"), today=TODAY)
    exact, loop = ask_exact(ctx, question), ask(build_agent(OfflineChatModel()), ctx, question)
    assert (exact.error, exact.text) == (loop.error, loop.text)
    assert [(t.name, t.args, t.content) for t in exact.traces] == [(t.name, t.args, t.content) for t in loop.traces]
    return exact


def test_a_views_count_is_the_view_not_the_words_of_its_name(driver, views, oracle: Oracle) -> None:
    view_count = len(oracle.select(LICENCES.model_dump(exclude_defaults=True), FIXED))
    words_count = len(oracle.select(DELAWARE_SUPPLY.model_dump(exclude_defaults=True), TODAY))
    assert view_count != words_count  # so the test tells the two readings apart
    answer = both(driver, f"How many contracts are in the {PREFIX.upper()} delaware  SUPPLY view?")
    [trace] = answer.traces
    assert (trace.name, trace.args) == ("saved_view", {"name": f"{PREFIX}Delaware supply"})
    assert trace.total_count == view_count and trace.filter == {**LICENCES.describe(), "as_of": "2012-01-01"}
    assert answer.text.startswith(f"The saved view '{PREFIX}Delaware supply' (as of 2012-01-01; created by Ana on ")
    assert f"holds **{view_count:,} contracts**." in answer.text


def test_the_list_of_views(driver, views) -> None:
    answer = both(driver, "What saved views do we have?")
    [trace] = answer.traces
    assert (trace.name, trace.args) == ("saved_view", {})
    assert f"- '{PREFIX}Delaware supply', as of 2012-01-01" in answer.text
    assert answer.text.startswith("The team's saved views")


def test_words_beside_a_views_name_are_refused_not_dropped(driver, views) -> None:
    answer = both(driver, f"How many contracts in the {PREFIX}Delaware supply view are worth over $1M?")
    assert answer.traces == []
    assert answer.text.startswith(f"I can't answer this exactly without a language model: '{PREFIX}Delaware "
                                  "supply' is a saved view, which I run only as it was saved, and I cannot tell "
                                  "how 'over', '1m' should change it.")
    assert "open the view from the sidebar and narrow it in the Explorer" in answer.text


def test_a_view_the_team_does_not_have_is_said_to_be_missing(driver, views) -> None:
    answer = both(driver, "How many contracts are in the Zanzibar saved view?")
    [trace] = answer.traces
    assert (trace.name, trace.args) == ("saved_view", {})
    assert answer.text.startswith("No saved view is named in your question (I looked for: 'zanzibar'). The team's "
                                  "saved views")
    assert f"'{PREFIX}Delaware supply'" in answer.text
