"""The compiled agent, driven by a scripted chat model, against the real graph: each tool receives the
scripted arguments and returns exactly what the CLI and the pure-Python oracle compute for the same filter."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date
from typing import Any

import pytest

from agent.context import Context
from agent.graph import build_agent
from agent.runner import AgentAnswer, ask
from core.scripted import ScriptedChatModel, parse_script
from core.settings import AgentSettings
from graph.query.filters import parse_filter
from graph.reads.repository import contract_details, search_contracts, search_parties
from graph.server.config import REPO_ROOT
from graph.server.db import read
from tests.oracle import Oracle, graph_oracle

TODAY = date(2021, 6, 30)


def run_agent(driver, steps: list[Any], question: str = "question") -> AgentAnswer:
    model = ScriptedChatModel(turns=parse_script([{"steps": steps}]))
    ctx = Context.create(driver, AgentSettings(provider="scripted"), today=TODAY)
    return ask(build_agent(model), ctx, question)


def search_call(args: dict[str, Any]) -> dict[str, Any]:
    return {"tool_calls": [{"name": "contract_search", "args": args}]}


def cli_search(filter_: dict[str, Any]) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-m", "graph", "search", json.dumps(filter_)], cwd=REPO_ROOT,
                          capture_output=True, text=True, check=True, timeout=120)
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def oracle(driver, prepared_sample) -> Oracle:
    return graph_oracle(driver, prepared_sample)


FILTERS = [
    {"contract_types": ["Supply", "License"], "min_effective_date": "2015-01-01"},
    {"parties": ["inc"], "governing_law_state": "Delaware"},
    {"clause_types": ["Renewal & Termination"], "party_country": "US", "min_amount": 100000},
    {"governing_law_country": "GB"},
    {"text": "software license", "sort_by": "total_amount"},
    {"monetary_value": {"value": 1000000, "operator": ">"}, "contract_types": ["Distributor"]},
]


@pytest.mark.parametrize("args", FILTERS, ids=lambda a: ",".join(a))
def test_contract_search_count_matches_cli_and_oracle(driver, oracle: Oracle, args: dict[str, Any]) -> None:
    answer = run_agent(driver, [search_call(args), "Found {{total_count}} contracts."])
    assert answer.error is None
    [trace] = answer.traces
    assert trace.name == "contract_search" and trace.args == args and not trace.error
    cli = cli_search(args)
    expected = len(oracle.select(parse_filter(args).model_dump(mode="json"), TODAY))
    assert trace.total_count == cli["total_count"] == expected
    assert answer.text == f"Found {expected} contracts."
    data = trace.data
    assert data["filter"] == parse_filter(args).describe()
    listed = [c["file_id"] for c in data["contracts"]]
    assert listed == [c["file_id"] for c in cli["contracts"][:5]]
    assert data["cypher"][0] == cli["cypher"][0]


@pytest.mark.parametrize("args", [
    {"group_by": "contract_type"},
    {"group_by": "effective_year", "metric": "sum_amount", "contract_types": ["License"]},
    {"group_by": "governing_law_country", "metric": "avg_duration_days", "agg_order": "asc"},
    {"group_by": "party", "agg_limit": 5, "party_country": "US"},
], ids=lambda a: f"{a['group_by']}-{a.get('metric', 'count')}")
def test_contract_search_aggregation_matches_repository(driver, args: dict[str, Any]) -> None:
    answer = run_agent(driver, [search_call(args), "done"])
    [trace] = answer.traces
    expected = search_contracts(driver, args, today=TODAY)
    agg = trace.data["aggregation"]
    assert (agg["group_by"], agg["metric"]) == (args["group_by"], args.get("metric", "count"))
    assert [r["key"] for r in agg["rows"]] == [r["key"] for r in expected.aggregation]
    assert [r["value"] for r in agg["rows"]] == pytest.approx([r["value"] for r in expected.aggregation], abs=0.01)
    assert trace.total_count == expected.total_count


def test_contract_search_count_by_type_matches_oracle(driver, oracle: Oracle) -> None:
    answer = run_agent(driver, [search_call({"group_by": "contract_type", "agg_limit": 500, "limit": 0}), "ok"])
    rows = {r["key"]: r["value"] for r in answer.traces[0].data["aggregation"]["rows"]}
    expected: dict[str, int] = {}
    for c in oracle.contracts:
        if c.props["contract_type"]:
            expected[c.props["contract_type"]] = expected.get(c.props["contract_type"], 0) + 1
    assert rows == expected
    assert answer.traces[0].data["contracts"] == []


def test_summary_search_full_text_counts_hits_within_filter(driver) -> None:
    args = {"summary_search": "exclusive distribution territory", "contract_types": ["Distributor"]}
    answer = run_agent(driver, [search_call(args), "ok"])
    data = answer.traces[0].data
    assert data["search"].startswith("full-text index contract_text")
    hits = read(driver, "CALL db.index.fulltext.queryNodes('contract_text', 'exclusive distribution territory') "
                        "YIELD node, score WITH node, score ORDER BY score DESC LIMIT 100 "
                        "WHERE node.contract_type = 'Distributor' RETURN node.file_id AS id, score "
                        "ORDER BY score DESC, id")
    assert hits, "the sample has distributor contracts about exclusive territories"
    assert data["total_count"] == len(hits)
    assert [c["file_id"] for c in data["contracts"]] == [h["id"] for h in hits[:5]]
    assert answer.traces[0].filter is None  # the Explorer cannot reproduce a ranked search


def test_summary_search_groups_only_its_hits_even_by_party_over_everything(driver) -> None:
    # An unfiltered ranking of parties otherwise reads every party's stored count; here only the hits count.
    answer = run_agent(driver, [search_call({"summary_search": "exclusive distribution territory",
                                             "group_by": "party", "agg_limit": 500, "limit": 0}), "ok"])
    rows = {r["key"]: r["value"] for r in answer.traces[0].data["aggregation"]["rows"]}
    expected = {r["name"]: r["n"] for r in read(driver, """
        CALL db.index.fulltext.queryNodes('contract_text', 'exclusive distribution territory') YIELD node, score
        WITH node ORDER BY score DESC LIMIT 100
        MATCH (node)<-[:PARTY_TO]-(p:Party) WHERE p.role_only IS NULL  // role placeholders name nobody
        RETURN p.name AS name, count(DISTINCT node) AS n""")}
    assert len(expected) > 20 and rows == expected


def test_invalid_filter_comes_back_as_tool_error(driver) -> None:
    answer = run_agent(driver, [search_call({"contract_types": ["Spaceship"]}),
                                search_call({"contract_types": ["Supply"]}), "ok"])
    first, second = answer.traces
    assert first.error and "unknown contract type 'Spaceship'" in first.content and "Supply" in first.content
    assert not second.error and second.total_count == search_contracts(driver, {"contract_types": ["Supply"]}
                                                                       ).total_count
    assert answer.text == "ok"


def test_party_search_substring_and_fuzzy(driver) -> None:
    exact = search_parties(driver, {"name": "microsoft"})
    assert exact["total_count"] >= 1
    answer = run_agent(driver, [{"tool_calls": [{"name": "party_search", "args": {"name": "microsoft"}},
                                                {"name": "party_search", "args": {"name": "Mircosoft"}}]},
                                "ok"])
    substring, fuzzy = answer.traces
    assert substring.total_count == exact["total_count"] and substring.data["match"] == "substring"
    assert [p["name"] for p in substring.data["parties"]] == [p["name"] for p in exact["parties"][:10]]
    assert [p["contract_count"] for p in substring.data["parties"]] == \
           [p["contract_count"] for p in exact["parties"][:10]]
    assert fuzzy.data["match"].startswith("fuzzy")
    assert fuzzy.data["parties"][0]["name"] == exact["parties"][0]["name"]


def test_party_search_by_country_counts(driver) -> None:
    expected = search_parties(driver, {"country": "CN"})
    answer = run_agent(driver, [{"tool_calls": [{"name": "party_search", "args": {"country": "China"}}]}, "ok"])
    assert answer.traces[0].total_count == expected["total_count"] > 0


def test_contract_details_and_not_found(driver) -> None:
    file_id = read(driver, "MATCH (c:Contract) RETURN c.file_id AS id ORDER BY id LIMIT 1")[0]["id"]
    answer = run_agent(driver, [{"tool_calls": [{"name": "contract_details", "args": {"file_id": file_id}}]},
                                {"tool_calls": [{"name": "contract_details", "args": {"file_id": file_id + "X"}}]},
                                "ok"])
    found, missing = answer.traces
    expected = contract_details(driver, file_id)
    assert found.data["file_id"] == file_id
    assert found.data["parties"] == json.loads(json.dumps(expected["parties"], default=str))
    assert len(found.data["clauses"]) == len(expected["clauses"])
    assert missing.error and "No contract with file_id" in missing.content and file_id in missing.content


def test_two_tools_in_one_question(driver) -> None:
    """party_search finds the spelling, contract_search counts that party's contracts."""
    party = search_parties(driver, {"name": "microsoft"})["parties"][0]["name"]
    expected = search_contracts(driver, {"parties": [party]}).total_count
    answer = run_agent(driver, [
        {"content": "Looking up the party.", "tool_calls": [{"name": "party_search", "args": {"name": "microsoft"}}]},
        search_call({"parties": [party]}),
        "Microsoft is party to {{total_count}} contracts.",
    ], "How many contracts does Microsoft have?")
    assert [t.name for t in answer.traces] == ["party_search", "contract_search"]
    assert answer.traces[1].total_count == expected
    assert answer.text == f"Microsoft is party to {expected} contracts."
