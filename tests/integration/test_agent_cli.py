"""`python -m agent ask` end to end (scripted model via LLM_PROVIDER/LLM_SCRIPT, real graph), a conversation
over two turns, and summary_search through the vector index with a deterministic embedding model."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from datetime import date
from typing import Any

import pytest
from langchain_core.embeddings import DeterministicFakeEmbedding

import agent.semantic as semantic_module
from agent.context import Context
from agent.graph import build_agent
from agent.runner import ask
from core.scripted import ScriptedChatModel, parse_script
from core.settings import AgentSettings
from graph.reads.repository import graph_counts, search_contracts, search_parties
from graph.server.config import REPO_ROOT, read_secrets
from graph.server.db import read, write
from graph.store.schema import embedding_dimensions

TODAY = date(2021, 6, 30)
ARGS = {"contract_types": ["Distributor"], "governing_law_country": "US"}


def run_cli(tmp_path, turns: list[Any], *args: str, provider: str = "scripted") -> subprocess.CompletedProcess:
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"turns": turns}))
    env = {k: v for k, v in os.environ.items() if k not in ("OPENAI_API_KEY", "OPENAI_BASE_URL")}
    env.update(LLM_PROVIDER=provider, LLM_SCRIPT=str(script))
    return subprocess.run([sys.executable, "-m", "agent", "ask", *args], cwd=REPO_ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_cli_prints_answer_and_trace_matching_graph_search(tmp_path) -> None:
    turns = [{"steps": [{"tool_calls": [{"name": "contract_search", "args": ARGS}]},
                        "{{total_count}} US-law distributor contracts."]}]
    done = run_cli(tmp_path, turns, "How many US-law distributor contracts?")
    assert done.returncode == 0, done.stderr
    search = subprocess.run([sys.executable, "-m", "graph", "search", json.dumps(ARGS)], cwd=REPO_ROOT,
                            capture_output=True, text=True, check=True, timeout=120)
    expected = json.loads(search.stdout)["total_count"]
    assert done.stdout.splitlines() == [
        f"{expected} US-law distributor contracts.", "", "tools:",
        f"  - contract_search({json.dumps(ARGS, separators=(',', ':'))}) -> total_count={expected}"]


def test_cli_json_and_llm_errors(tmp_path) -> None:
    done = run_cli(tmp_path, [{"steps": [{"error": "rate_limit"}]}], "anything", "--json")
    assert done.returncode == 2
    assert "429" in json.loads(done.stdout)["error"]
    if any(read_secrets().get(k) for k in ("OPENAI_API_KEY", "OPENAI_BASE_URL")):
        pytest.skip("an LLM is configured in .streamlit/secrets.toml on this machine")
    unconfigured = run_cli(tmp_path, [["x"]], "anything", provider="openai")
    assert unconfigured.returncode == 2 and "No language model is configured" in unconfigured.stderr


def test_conversation_over_two_turns(driver) -> None:
    """Turn 1 finds the party; turn 2 ('their contracts') counts them with the spelling from turn 1."""
    party = search_parties(driver, {"name": "verticalnet"})["parties"][0]["name"]
    model = ScriptedChatModel(turns=parse_script([
        {"match": "who", "steps": [{"tool_calls": [{"name": "party_search", "args": {"name": "verticalnet"}}]},
                                   f"The party is {party}."]},
        {"match": "their", "steps": [{"tool_calls": [{"name": "contract_search", "args": {"parties": [party]}}]},
                                     "They have {{total_count}} contracts."]}]))
    agent = build_agent(model)
    ctx = Context.create(driver, AgentSettings(provider="scripted"), today=TODAY)
    first = ask(agent, ctx, "who is verticalnet?")
    history = [{"role": "user", "content": "who is verticalnet?"}, {"role": "assistant", "content": first.text}]
    second = ask(agent, ctx, "how many contracts are their contracts?", history)
    expected = search_contracts(driver, {"parties": [party]}).total_count
    assert first.text == f"The party is {party}."
    assert second.text == f"They have {expected} contracts." and second.traces[0].total_count == expected


@pytest.fixture
def embedded(driver):
    """Deterministic embeddings on 40 contracts (removed afterwards; node/relationship counts unchanged)."""
    fake = DeterministicFakeEmbedding(size=embedding_dimensions())
    rows = read(driver, "MATCH (c:Contract) RETURN c.file_id AS id, c.summary AS s, c.contract_type AS t "
                        "ORDER BY id LIMIT 40")
    before = graph_counts(driver)
    vectors = {r["id"]: fake.embed_query(_text(r)) for r in rows}
    write(driver, "UNWIND $rows AS r MATCH (c:Contract {file_id: r.id}) SET c.embedding = r.v",
          {"rows": [{"id": k, "v": v} for k, v in vectors.items()]})
    write(driver, "CALL db.awaitIndexes(300)")
    yield fake, rows, vectors
    write(driver, "MATCH (c:Contract) WHERE c.embedding IS NOT NULL REMOVE c.embedding")
    assert graph_counts(driver) == before


def test_summary_search_uses_the_vector_index(driver, embedded, monkeypatch) -> None:
    fake, rows, vectors = embedded
    monkeypatch.setattr(semantic_module, "build_embeddings", lambda settings: fake)
    text = _text(rows[3])
    ctype = rows[3]["t"]
    model = ScriptedChatModel(turns=parse_script([[{"tool_calls": [{"name": "contract_search", "args": {
        "summary_search": text, "contract_types": [ctype]}}]}, "ok"]]))
    settings = AgentSettings(provider="scripted", embedding_model="fake-embedding")
    answer = ask(build_agent(model), Context.create(driver, settings, today=TODAY), "q")
    data = answer.traces[0].data
    assert not answer.traces[0].error, answer.traces[0].content
    assert data["search"].startswith("vector index contract_embedding (fake-embedding)")
    query = fake.embed_query(text)
    nearest = sorted(vectors, key=lambda k: (-_cosine(query, vectors[k]), k))[: semantic_module.VECTOR_HITS]
    types = {r["id"]: r["t"] for r in rows}
    expected = [k for k in nearest if types[k] == ctype]
    assert data["total_count"] == len(expected)
    assert data["contracts"][0]["file_id"] == rows[3]["id"]
    assert {c["file_id"] for c in data["contracts"]} <= set(expected)


def _text(row: dict[str, Any]) -> str:
    return (row["s"] or row["id"])[:200]


def _cosine(a: list[float], b: list[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    return dot / (math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b)))
