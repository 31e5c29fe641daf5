"""The assistant's boundaries on the real graph (docs/SECURITY.md, "The assistant"): a scripted model emitting a
lone surrogate and terminal escapes through `python -m agent ask` (subprocess: no traceback, clean output), a
cypher_aggregation whose result would be about 26 MB capped at 64 KB, a too-long question refused by the CLI,
and clause_search returning contract text as quoted data."""

from __future__ import annotations

import json
from datetime import date

import pytest

from agent.context import Context
from agent.graph import build_agent
from agent.runner import ask
from agent.tool_output import MAX_TOOL_BYTES, QUOTE_CLOSE, QUOTE_OPEN
from core.scripted import ScriptedChatModel, parse_script
from core.settings import AgentSettings
from graph.reads.repository import search_contracts
from graph.server.db import read
from tests.integration.test_agent_cli import run_cli
from tests.integration.test_document_layer import BELLICUM, document_layer  # noqa: F401 (fixture)
from tests.integration.test_retrieval import QUESTION

pytestmark = pytest.mark.integration
TODAY = date(2021, 6, 30)
LONE = "\ud800"
ARGS = {"contract_types": ["Distributor"], "parties": [f"acme{LONE}\x1b[2J"]}
CLEAN_ARGS = {"contract_types": ["Distributor"], "parties": ["acme\ufffd[2J"]}
TURNS = [{"steps": [{"content": f"Checking{LONE}.", "tool_calls": [{"name": "contract_search", "args": ARGS}]},
                    f"Found {{{{total_count}}}}{LONE} \x1b]0;owned\x07contracts.\r\nDone."]}]
COLLECT = "WITH collect(c.summary) AS summaries UNWIND range(1, 100) AS i RETURN i, summaries"


def test_cli_prints_a_lone_surrogate_from_the_model_cleanly(tmp_path, driver) -> None:
    done = run_cli(tmp_path, TURNS, "How many acme distributor contracts?")
    assert (done.returncode, done.stderr) == (0, "")
    total = search_contracts(driver, CLEAN_ARGS).total_count  # the tool ran on the cleaned arguments
    assert done.stdout.splitlines() == [
        f"Found {total}\ufffd ]0;ownedcontracts.", "Done.", "", "tools:",
        f"  - contract_search({json.dumps(CLEAN_ARGS, ensure_ascii=False, separators=(',', ':'))}) "
        f"-> total_count={total}"]


def test_cli_json_is_clean_too(tmp_path) -> None:
    done = run_cli(tmp_path, TURNS, "How many acme contracts?", "--json")
    assert (done.returncode, done.stderr) == (0, "")
    out = json.loads(done.stdout)
    assert out["answer"] == "Found 0\ufffd ]0;ownedcontracts.\nDone."
    assert out["tools"] == [{"name": "contract_search", "args": CLEAN_ARGS, "outcome": "total_count=0",
                             "total_count": 0}]


def test_cli_refuses_a_too_long_question_in_one_line(tmp_path) -> None:
    done = run_cli(tmp_path, [["never asked"]], "how many contracts " * 120)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == ("error: The question is too long (2,280 characters; at most 2,000). Please ask it in "
                           "fewer words.\n")


def test_a_26_mb_cypher_aggregation_result_is_capped(driver) -> None:
    summaries = read(driver, "MATCH (c:Contract) RETURN sum(size(coalesce(c.summary, ''))) AS n")[0]["n"]
    assert 100 * summaries > 20_000_000  # uncapped, the tool message would be over 20 MB
    model = ScriptedChatModel(turns=parse_script([{"steps": [
        {"tool_calls": [{"name": "cypher_aggregation", "args": {"cypher": COLLECT}}]}, "{{result_truncated}}"]}]))
    ctx = Context.create(driver, AgentSettings(provider="scripted"), today=TODAY)
    answer = ask(build_agent(model), ctx, "all the summaries, a hundred times")
    [trace] = answer.traces
    assert not trace.error, trace.content
    assert len(trace.content.encode("utf-8")) <= MAX_TOOL_BYTES
    data = trace.data
    shown = len(data["rows"])
    assert 0 < shown < 100 and data["row_count"] == 100 and data["cypher"][0].endswith(COLLECT)
    assert [row["i"] for row in data["rows"]] == list(range(1, shown + 1))
    assert all(len(row["summaries"]) == 21 and row["summaries"][-1].startswith("[clipped: 20 of ")
               for row in data["rows"])
    assert answer.text == data["result_truncated"]
    assert answer.text.startswith(f"truncated: {shown} of 100 rows shown (rows); ")


def test_clause_search_text_reaches_the_model_as_quoted_data(driver, document_layer) -> None:  # noqa: F811
    model = ScriptedChatModel(turns=parse_script([{"steps": [
        {"tool_calls": [{"name": "clause_search", "args": {"question": QUESTION, "file_id": BELLICUM, "hits": 1}}]},
        "ok"]}]))
    ctx = Context.create(driver, AgentSettings(provider="scripted"), today=TODAY)
    [trace] = ask(build_agent(model), ctx, "who owns the master files?").traces
    results = trace.data["results"]
    assert results and all(r.get("text", r.get("definition", "")).startswith(QUOTE_OPEN) for r in results)
    assert all(r.get("text", r.get("definition", "")).endswith(QUOTE_CLOSE) for r in results)
    assert all(QUOTE_OPEN not in r["cite"] for r in results)
