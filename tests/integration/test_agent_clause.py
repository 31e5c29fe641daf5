"""The agent with the scripted model (LLM_PROVIDER=scripted, LLM_SCRIPT) calls clause_search on the real
graph, and its final message carries the section citations the tool returned."""

from __future__ import annotations

import json
from typing import Any

import pytest

from agent.context import Context
from agent.graph import build_agent
from agent.runner import AgentAnswer, ask
from core.llm import build_chat_model
from core.settings import AgentSettings
from graph.query.compiler import compile_projection
from graph.query.filters import ContractFilter
from graph.retrieval.search import clause_search
from tests.integration.test_document_layer import BELLICUM, document_layer  # noqa: F401 (fixture)
from tests.integration.test_retrieval import CHAIN, QUESTION

pytestmark = pytest.mark.integration

ANSWER = "Miltenyi solely owns the Master Files. Sources: {{citations}}"


def run_scripted(driver, tmp_path, monkeypatch, args: dict[str, Any], question: str) -> AgentAnswer:
    """One question through the configured (scripted) model; the turn only matches when the system prompt
    carries the citation rule."""
    script = {"turns": [{"system_match": "Cite every section you rely on by its number", "steps": [
        {"content": "", "tool_calls": [{"name": "clause_search", "args": args}]}, ANSWER]}]}
    path = tmp_path / "script.json"
    path.write_text(json.dumps(script), encoding="utf-8")
    monkeypatch.setenv("LLM_PROVIDER", "scripted")
    monkeypatch.setenv("LLM_SCRIPT", str(path))
    settings = AgentSettings.load()
    return ask(build_agent(build_chat_model(settings)), Context.create(driver, settings), question)


def test_final_answer_cites_the_sections_clause_search_returned(driver, document_layer, tmp_path,  # noqa: F811
                                                                monkeypatch) -> None:
    args = {"question": QUESTION, "file_id": BELLICUM, "hits": 1}
    answer = run_scripted(driver, tmp_path, monkeypatch, args, "Who owns the Master Files under Bellicum's deal?")
    assert answer.error is None
    [trace] = answer.traces
    assert (trace.name, trace.error) == ("clause_search", False)
    payload = json.loads(trace.content)
    expected = clause_search(driver, QUESTION, file_id=BELLICUM, hits=1)
    assert payload["citations"] == expected.citations()
    assert [(r["cite"], r["reached"]) for r in payload["results"]] == \
        [(i.cite(), i.reached) for i in expected.items]
    assert payload["contracts"] == [{"file_id": BELLICUM}]
    assert answer.text == ANSWER.replace("{{citations}}", expected.citations())
    assert all(f"§{n}" in answer.text for n in CHAIN)
    assert 'definition of "Master File" (§1.1)' in answer.text


def test_filter_fields_scope_the_search_through_the_compiler(driver, document_layer, tmp_path,  # noqa: F811
                                                             monkeypatch) -> None:
    args = {"question": QUESTION, "parties": ["miltenyi"], "hits": 2}
    answer = run_scripted(driver, tmp_path, monkeypatch, args, "What do Miltenyi's contracts say on Master Files?")
    payload = json.loads(answer.traces[0].content)
    scope = ContractFilter(parties=("miltenyi",))
    assert payload["filter"] == scope.describe()
    assert payload["cypher"][0].startswith(compile_projection(scope).cypher)
    assert payload["citations"] == clause_search(driver, QUESTION, scope=scope, hits=2).citations()
    assert payload["citations"] in answer.text


def test_bad_arguments_go_back_to_the_model(driver, tmp_path, monkeypatch) -> None:
    answer = run_scripted(driver, tmp_path, monkeypatch, {"file_id": BELLICUM}, "Anything about Master Files?")
    assert answer.traces[0].error and "question" in answer.traces[0].content
