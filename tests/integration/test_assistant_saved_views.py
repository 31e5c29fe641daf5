"""The assistant's `saved_view` tool on the real server: a view's total_count equals the independent oracle's count
of the view's filter on the view's as-of date (a fixed date and 'today'), the list names every view with its
filter, an unknown name and a view this version cannot read are errors the model can act on, user-typed names
are quoted as data, and the LLM path (scripted model in the real agent loop) answers with the view's count and
links its filter."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date

import pytest
from neo4j import Driver

from agent.context import Context
from agent.graph import build_agent
from agent.runner import ask
from agent.tool_output import QUOTE_CLOSE, QUOTE_OPEN
from agent.view_impl import run_saved_view
from core.errors import ContractGraphError, NotFound
from core.scripted import ScriptedChatModel, parse_script
from core.settings import AgentSettings
from graph.query.filters import ContractFilter
from graph.server.db import write
from graph.store.saved_views import save_view
from tests.oracle import Oracle, graph_oracle
from tests.saved_views_support import no_views

pytestmark = pytest.mark.integration

PREFIX = "pytest assistant view "
TODAY = date(2021, 6, 30)
FIXED = date(2012, 1, 1)
LICENCES = ContractFilter(active=True, contract_types=("License",), sort_by="end_date")


@pytest.fixture
def views(driver: Driver) -> Iterator[None]:
    with no_views(driver, PREFIX):
        save_view(driver, f"{PREFIX}Licences 2012", LICENCES, "fixed", saved_by="Ana", as_of=FIXED)
        save_view(driver, f"{PREFIX}Licences now", LICENCES, "today", saved_by="Ben")
        yield


@pytest.fixture(scope="module")
def oracle(driver: Driver, prepared_sample) -> Oracle:
    return graph_oracle(driver, prepared_sample)


def ctx(driver: Driver) -> Context:
    return Context.create(driver, AgentSettings(provider="scripted"), today=TODAY)


def expected(oracle: Oracle, on: date) -> int:
    return len(oracle.select(LICENCES.model_dump(exclude_defaults=True), on))


def test_a_views_count_is_its_filter_on_its_own_date(driver, views, oracle: Oracle) -> None:
    fixed = json.loads(run_saved_view(ctx(driver), f"{PREFIX.upper()}licences   2012"))
    today = json.loads(run_saved_view(ctx(driver), f"{PREFIX}licences now"))
    assert fixed["total_count"] == expected(oracle, FIXED) > 0
    assert today["total_count"] == expected(oracle, TODAY) > 0
    assert fixed["total_count"] != today["total_count"]  # the two dates differ, so the rule is what decides
    assert fixed["view"] == {"name": f"{QUOTE_OPEN}{PREFIX}Licences 2012{QUOTE_CLOSE}", "as_of": "as of 2012-01-01",
                             "saved": f"{QUOTE_OPEN}{fixed['view']['saved'][len(QUOTE_OPEN):-len(QUOTE_CLOSE)]}"
                                      f"{QUOTE_CLOSE}"}
    assert fixed["view"]["saved"].startswith(f"{QUOTE_OPEN}created by Ana on ")
    assert fixed["filter"] == {**LICENCES.describe(), "as_of": "2012-01-01"}
    assert today["view"]["as_of"] == "as of today" and "as_of" not in today["filter"]
    assert len(fixed["contracts"]) == 5 and fixed["cypher"]


def test_without_a_name_it_lists_the_views(driver, views) -> None:
    listed = json.loads(run_saved_view(ctx(driver)))
    mine = [v for v in listed["views"] if v["name"].startswith(f"{QUOTE_OPEN}{PREFIX}")]
    assert [(v["name"], v["as_of"]) for v in mine] == [
        (f"{QUOTE_OPEN}{PREFIX}Licences 2012{QUOTE_CLOSE}", "as of 2012-01-01"),
        (f"{QUOTE_OPEN}{PREFIX}Licences now{QUOTE_CLOSE}", "as of today")]
    assert mine[0]["filter"] == {**LICENCES.describe(), "as_of": "2012-01-01"}
    assert listed["total"] == len(listed["views"])


def test_an_unknown_or_unreadable_view_is_an_error_naming_why(driver, views) -> None:
    with pytest.raises(NotFound, match=f"No saved view is named {QUOTE_OPEN}{PREFIX}nope{QUOTE_CLOSE}. "
                                       f"Saved views: .*{PREFIX}Licences 2012"):
        run_saved_view(ctx(driver), f"{PREFIX}nope")
    # A view written by an older version whose filter no longer validates.
    write(driver, "MATCH (v:SavedView {name_key: $key}) SET v.filter = $filter",
          {"key": f"{PREFIX}licences now", "filter": json.dumps({"contract_type": ["License"]})})
    with pytest.raises(ContractGraphError, match="cannot be opened: its filter no longer validates"):
        run_saved_view(ctx(driver), f"{PREFIX}licences now")


def test_the_llm_path_answers_with_the_views_count(driver, views, oracle: Oracle) -> None:
    steps = [{"tool_calls": [{"name": "saved_view", "args": {"name": f"{PREFIX}Licences 2012"}}]},
             "{{total_count}} contracts are in the view."]
    model = ScriptedChatModel(turns=parse_script([{"steps": steps}]))
    answer = ask(build_agent(model), ctx(driver), "How many contracts are in the Licences 2012 view?")
    assert answer.error is None and answer.text == f"{expected(oracle, FIXED)} contracts are in the view."
    [trace] = answer.traces
    assert trace.total_count == expected(oracle, FIXED)
    assert trace.filter == {**LICENCES.describe(), "as_of": "2012-01-01"}  # the chat links the view's filter
