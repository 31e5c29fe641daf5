"""Status questions in the assistant against the real graph (issue 29 item 6): the exact question of the
issue through the offline assistant (agent loop and `python -m agent ask`) and through a scripted model on the
LLM path, each equal to `python -m graph search '{"active": true, "as_of": "2012-07-01"}'`; a group by status
and a not-yet-started count equal to the oracle's status written out term by term (tests.oracle)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from datetime import date

import pytest

from agent.context import Context
from agent.graph import build_agent
from agent.offline import OfflineChatModel
from agent.runner import ask
from core.scripted import ScriptedChatModel, parse_script
from core.settings import REPO_ROOT, AgentSettings, read_secrets
from graph.query.filters import parse_filter
from tests.oracle import Oracle, graph_oracle, oracle_status

QUESTION = "How many contracts were in force on 1 July 2012?"
IN_FORCE_2012 = {"active": True, "as_of": "2012-07-01"}
TODAY = date(2025, 6, 15)
LLM_VARS = ("LLM_PROVIDER", "LLM_SCRIPT", "OPENAI_API_KEY", "OPENAI_BASE_URL", "LLM_MODEL")


@pytest.fixture(scope="module")
def oracle(driver, prepared_sample) -> Oracle:
    return graph_oracle(driver, prepared_sample)


@pytest.fixture(scope="module")
def cli_in_force() -> int:
    """The count the issue names: `python -m graph search '{"active": true, "as_of": "2012-07-01"}'`."""
    done = subprocess.run([sys.executable, "-m", "graph", "search", json.dumps(IN_FORCE_2012)], cwd=REPO_ROOT,
                          capture_output=True, text=True, check=True, timeout=120)
    return int(json.loads(done.stdout)["total_count"])


def offline_ask(driver, question: str):
    ctx = Context.create(driver, AgentSettings(provider="offline"), today=TODAY)
    return ask(build_agent(OfflineChatModel()), ctx, question)


def test_the_issue_question_counts_the_status_filter(driver, oracle, cli_in_force: int) -> None:
    # the oracle's own status, and the old misreading (signed on that day, active today), differ from it
    assert cli_in_force == len(oracle.select(IN_FORCE_2012, TODAY)) > 0
    misread = {"min_effective_date": "2012-07-01", "max_effective_date": "2012-07-01", "active": True}
    assert len(oracle.select(misread, TODAY)) != cli_in_force
    answer = offline_ask(driver, QUESTION)
    assert answer.error is None
    assert [(t.name, t.args, t.total_count) for t in answer.traces] == \
        [("contract_search", IN_FORCE_2012, cli_in_force)]
    assert answer.text.startswith(f"**{cli_in_force} contracts** match.")
    assert "Status on **2012-07-01**, the as-of date (not a signing or end date)." in answer.text
    assert "`in force on 2012-07-01`" in answer.text


def test_the_issue_question_through_the_cli_without_an_llm(cli_in_force: int) -> None:
    if any(read_secrets().get(k) for k in LLM_VARS):
        pytest.skip("an LLM is configured in .streamlit/secrets.toml on this machine")
    env = {k: v for k, v in os.environ.items() if k not in LLM_VARS}
    done = subprocess.run([sys.executable, "-m", "agent", "ask", QUESTION, "--json"], cwd=REPO_ROOT, env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert [(t["name"], t["args"], t["total_count"]) for t in out["tools"]] == \
        [("contract_search", IN_FORCE_2012, cli_in_force)]
    assert out["answer"].startswith(f"**{cli_in_force} contracts** match.")
    assert "Status on **2012-07-01**" in out["answer"]


def test_the_llm_path_with_a_scripted_model(driver, cli_in_force: int) -> None:
    """The real agent loop: the model's status call reaches contract_search and its count the answer."""
    script = [{"match": "in force on", "steps": [
        {"content": "", "tool_calls": [{"name": "contract_search", "args": IN_FORCE_2012}]},
        "{{total_count}} contracts were in force on 2012-07-01 (the as-of date).",
    ]}]
    model = ScriptedChatModel(turns=parse_script(script))
    ctx = Context.create(driver, AgentSettings(provider="scripted"), today=TODAY)
    answer = ask(build_agent(model), ctx, QUESTION)
    assert answer.error is None
    assert [(t.name, t.args, t.total_count) for t in answer.traces] == \
        [("contract_search", IN_FORCE_2012, cli_in_force)]
    assert answer.text == f"{cli_in_force} contracts were in force on 2012-07-01 (the as-of date)."


def _oracle_states(oracle: Oracle, on: date) -> Counter[str]:
    return Counter(oracle_status(oracle.facts.get(c.file_id, c.props), on) for c in oracle.contracts)


def test_group_by_status_equals_the_oracle(driver, oracle) -> None:
    answer = offline_ask(driver, "contracts per status as of 2012-01-01")
    (trace,) = answer.traces
    assert trace.args == {"group_by": "status", "as_of": "2012-01-01"}
    rows = {r["key"]: r["value"] for r in trace.data["aggregation"]["rows"]}
    assert rows == dict(_oracle_states(oracle, date(2012, 1, 1)))
    assert sum(rows.values()) == trace.total_count == 510
    assert "Status on **2012-01-01**" in answer.text and "| in force |" in answer.text


def test_not_yet_started_and_expired_by_a_date_equal_the_oracle(driver, oracle) -> None:
    states = _oracle_states(oracle, date(2005, 1, 1))
    answer = offline_ask(driver, "How many agreements had not started by 2005-01-01?")
    assert answer.traces[0].args == {"status": ["not_started"], "as_of": "2005-01-01"}
    assert answer.traces[0].total_count == states["not_started"] > 0
    answer = offline_ask(driver, "How many contracts had expired by 1 January 2005?")
    assert answer.traces[0].args == {"active": False, "as_of": "2005-01-01"}
    assert answer.traces[0].total_count == states["expired"] > 0
    expected = parse_filter({"active": False, "as_of": "2005-01-01"})
    assert len(oracle.select(expected.model_dump(mode="json"), TODAY)) == states["expired"]


def test_a_status_in_a_year_asks_which_day_and_runs_nothing(driver) -> None:
    answer = offline_ask(driver, "How many contracts were active in 2012?")
    assert answer.traces == []
    assert "Which day do you mean?" in answer.text
