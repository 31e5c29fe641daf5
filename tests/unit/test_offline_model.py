"""The offline chat model inside the real agent graph, without a database: `contract_search` is replaced by a
tool of the same name and schema that counts with the pure-Python oracle. Checks the tool calls it makes,
the exact numbers in its answers, follow-ups through the UI's history, clarifying questions, refusals, the
filter in focus, and which settings pick it."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest
from langchain_core.tools import StructuredTool

from agent.context import AgentSettings, Context
from agent.graph import build_agent
from agent.offline import OfflineChatModel
from agent.runner import ask
from agent.tools import FILTER_FIELDS, ContractSearchArgs
from core.settings import assistant_settings
from evals.ask_offline import sample_party_rows
from graph.query.filters import parse_filter
from graph.store.prepare import prepare
from graph.store.sample import read_records, resolve_sample
from tests.oracle import Oracle

TODAY = date(2025, 6, 15)


@pytest.fixture(scope="module")
def oracle() -> Oracle:
    return Oracle(prepare(read_records(resolve_sample(allow_download=False))))


@pytest.fixture(scope="module")
def agent(oracle: Oracle) -> Any:
    def search(runtime: Any = None, summary_search: str | None = None, **fields: Any) -> str:
        f = parse_filter({k: v for k, v in fields.items() if k in FILTER_FIELDS})
        data = f.model_dump(mode="json")
        ids = oracle.page({**data, "limit": min(f.limit, 5)}, TODAY)
        by_id = {c.file_id: c for c in oracle.contracts}
        contracts = [{"file_id": i, "effective_date": str(by_id[i].props["effective_date"] or "") or None}
                     for i in ids]
        return json.dumps({"total_count": len(oracle.select(data, TODAY)), "contracts": contracts,
                           "filter": f.describe()})

    tool = StructuredTool.from_function(func=search, name="contract_search", args_schema=ContractSearchArgs,
                                        description="oracle-backed contract_search")
    return build_agent(OfflineChatModel(party_rows=sample_party_rows()), tools=[tool])


def context() -> Context:
    return Context(None, AgentSettings(provider="offline"), TODAY)  # type: ignore[arg-type]


def count(oracle: Oracle, data: dict[str, Any]) -> int:
    return len(oracle.select(data, TODAY))


def test_count_then_follow_ups_through_the_history(agent: Any, oracle: Oracle) -> None:
    history: list[dict[str, Any]] = []
    license_2019 = {"contract_types": ["License"], "min_effective_date": "2019-01-01",
                    "max_effective_date": "2019-12-31"}
    steps = [("How many license agreements were signed in 2019?", license_2019),
             ("what about 2018?", {**license_2019, "min_effective_date": "2018-01-01",
                                   "max_effective_date": "2018-12-31"}),
             ("and of those, which are governed by US law?",
              {"contract_types": ["License"], "min_effective_date": "2018-01-01", "max_effective_date": "2018-12-31",
               "governing_law_country": "US"})]
    for question, expected in steps:
        answer = ask(agent, context(), question, history)
        assert [(t.name, t.args) for t in answer.traces] == [("contract_search", expected)]
        n = count(oracle, expected)
        assert answer.text.startswith(f"**{n} contract{'s' if n != 1 else ''}** match.")
        history += [{"role": "user", "content": question},
                    {"role": "assistant", "content": answer.text, "tools": answer.traces}]


def test_overview_of_the_filter_in_focus(agent: Any, oracle: Oracle) -> None:
    focus = parse_filter({"contract_types": ["Supply"], "min_effective_date": "2010-01-01"})
    ctx = Context(None, AgentSettings(provider="offline"), TODAY, focus)  # type: ignore[arg-type]
    answer = ask(agent, ctx, "Give me an overview of the contracts in this filter: how many there are, their "
                             "types, the most frequent parties and the range of effective dates.")
    assert [t.args.get("group_by") for t in answer.traces] == ["contract_type", "party", None, None]
    assert all(t.args["contract_types"] == ["Supply"] for t in answer.traces)
    matched = oracle.select(focus.model_dump(mode="json"), TODAY)
    dates = sorted(c.props["effective_date"] for c in matched if c.props["effective_date"])
    assert answer.text.startswith(f"**{len(matched)} contracts** match.")
    assert f"Signed (effective) from {dates[0]} to {dates[-1]}." in answer.text


def test_ambiguous_party_asks_and_unknown_party_refuses_without_tools(agent: Any) -> None:
    asked = ask(agent, context(), "How many contracts with Bank of America?")
    assert asked.traces == [] and asked.text.startswith("Several parties match 'Bank of America':")
    assert "Bank of America, N.A. (" in asked.text and "BANK OF AMERICA CORPORATION (1 contract)" in asked.text
    refused = ask(agent, context(), "How many license agreements with Globex Corporation?")
    assert refused.traces == [] and "no party in the graph is called 'Globex'" in refused.text
    assert refused.meta["offline_parse"]["partial"] == {"contract_types": ["License"]}
    assert "](" not in refused.text and "What I did understand: `type: License`." in refused.text


def test_ignored_words_are_named_in_the_answer(agent: Any, oracle: Oracle) -> None:
    answer = ask(agent, context(), "How many exclusive license agreements?")
    assert answer.text.startswith(f"**{count(oracle, {'contract_types': ['License']})} contracts** match.")
    assert "I ignored: 'exclusive'." in answer.text


def test_which_settings_pick_the_offline_model(monkeypatch) -> None:
    for name in ("LLM_PROVIDER", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("core.settings.read_secrets", dict)
    assert assistant_settings(AgentSettings()).provider == "offline"
    keyed = AgentSettings(api_key="sk-test")
    assert assistant_settings(keyed) is keyed and assistant_settings(keyed, exact=True).provider == "offline"
    monkeypatch.setenv("LLM_PROVIDER", "openai")
    assert assistant_settings(AgentSettings()).provider == "openai"  # explicit and keyless: reported, not hidden


def test_a_new_question_after_others_stays_on_the_filter_in_focus(agent: Any, oracle: Oracle) -> None:
    """Issue 34: with a filter in focus, a question that is not a follow-up of the last one was answered over
    every contract while the panel still said it was focused."""
    focus = parse_filter({"contract_types": ["Supply"]})
    ctx = Context(None, AgentSettings(provider="offline"), TODAY, focus)  # type: ignore[arg-type]
    first = ask(agent, ctx, "How many contracts were signed in 2010?")
    assert [t.args for t in first.traces] == [{"contract_types": ["Supply"], "min_effective_date": "2010-01-01",
                                                "max_effective_date": "2010-12-31"}]
    history = [{"role": "user", "content": "How many contracts were signed in 2010?"},
               {"role": "assistant", "content": first.text, "tools": first.traces}]
    answer = ask(agent, ctx, "How many contracts are governed by US law?", history)
    assert [t.args for t in answer.traces] == [{"contract_types": ["Supply"], "governing_law_country": "US"}]
    n = count(oracle, {"contract_types": ["Supply"], "governing_law_country": "US"})
    assert n != count(oracle, {"governing_law_country": "US"})
    assert answer.text.startswith(f"**{n} contract{'s' if n != 1 else ''}** match.")
