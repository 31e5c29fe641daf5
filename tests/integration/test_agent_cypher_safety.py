"""cypher_aggregation: writes, procedures and multiple statements are refused as tool errors and leave the
graph untouched; valid aggregations return the rows a pure-Python computation over the sample gives."""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import date
from typing import Any

import pytest

from agent.context import Context
from agent.graph import build_agent
from agent.runner import AgentAnswer, ask
from core.scripted import ScriptedChatModel, parse_script
from core.settings import AgentSettings
from graph.reads.repository import graph_counts
from graph.server.db import read

TODAY = date(2021, 6, 30)
NULL_SUMMARIES = "MATCH (c:Contract) WHERE c.summary IS NULL RETURN count(c) AS n"

UNSAFE = {
    "create": "CREATE (x:Hacked {by: 'agent'}) RETURN x",
    "merge": "MERGE (x:Hacked {by: 'agent'}) RETURN x",
    "set": "SET c.hacked = true RETURN count(c) AS n",
    "delete": "DELETE c RETURN count(*) AS n",
    "detach_delete": "DETACH DELETE c RETURN count(*) AS n",
    "remove": "REMOVE c.summary RETURN count(c) AS n",
    "load_csv": "LOAD CSV FROM 'file:///etc/passwd' AS row RETURN row",
    "dbms_call": "CALL dbms.components() YIELD name RETURN name",
    "dbms_security": "CALL dbms.security.createUser('mallory', 'secret', false) RETURN 1 AS ok",
    "apoc": "CALL apoc.periodic.iterate('MATCH (n) RETURN n', 'DETACH DELETE n', {}) YIELD batches RETURN batches",
    "in_transactions": "CALL { WITH c SET c.hacked = true } IN TRANSACTIONS OF 10 ROWS RETURN count(*) AS n",
    "in_transactions_read": "CALL { WITH c RETURN c.file_id AS id } IN TRANSACTIONS RETURN count(id) AS n",
    "multiple_statements": "RETURN count(c) AS n; MATCH (n) DETACH DELETE n",
    "lowercase_write": "with c set c.hacked = 1 return count(c) as n",
    "foreach": "FOREACH (x IN [1] | SET c.hacked = x) RETURN count(c) AS n",
    "no_return": "MATCH (c)<-[:PARTY_TO]-(p:Party)",
}


def run_agent(driver, steps: list[Any], settings: AgentSettings | None = None) -> AgentAnswer:
    model = ScriptedChatModel(turns=parse_script([{"steps": steps}]))
    ctx = Context.create(driver, settings or AgentSettings(provider="scripted"), today=TODAY)
    return ask(build_agent(model), ctx, "question")


def aggregate(cypher: str, filter_: dict[str, Any] | None = None) -> dict[str, Any]:
    args: dict[str, Any] = {"cypher": cypher}
    if filter_ is not None:
        args["filter"] = filter_
    return {"tool_calls": [{"name": "cypher_aggregation", "args": args}]}


@pytest.mark.parametrize("name", list(UNSAFE))
def test_unsafe_cypher_is_a_tool_error_and_changes_nothing(driver, name: str) -> None:
    before = graph_counts(driver)
    nulls = read(driver, NULL_SUMMARIES)
    answer = run_agent(driver, [aggregate(UNSAFE[name]), "I cannot run that."])
    [trace] = answer.traces
    assert trace.error, trace.content
    assert trace.content.startswith("Error: ") and "Fix the arguments" in trace.content
    assert answer.error is None and answer.text == "I cannot run that."
    assert graph_counts(driver) == before
    assert read(driver, "MATCH (n) WHERE n:Hacked OR n.hacked IS NOT NULL RETURN count(n) AS n")[0]["n"] == 0
    assert read(driver, NULL_SUMMARIES) == nulls


def test_rejection_reasons_are_specific(driver) -> None:
    answer = run_agent(driver, [aggregate(UNSAFE["create"]), aggregate(UNSAFE["multiple_statements"]),
                                aggregate(UNSAFE["dbms_call"]), aggregate(UNSAFE["no_return"]), "ok"])
    contents = [t.content for t in answer.traces]
    assert "'CREATE' is not" in contents[0]
    assert "Only one statement" in contents[1]
    assert "Procedure 'dbms.components' is not allowed" in contents[2]
    assert "must end with a RETURN" in contents[3]


def test_count_by_type(driver, prepared_sample) -> None:
    answer = run_agent(driver, [aggregate("RETURN c.contract_type AS type, count(c) AS n ORDER BY n DESC, type"),
                                "ok"])
    data = answer.traces[0].data
    expected = Counter(c.props["contract_type"] for c in prepared_sample.contracts)
    assert {r["type"]: r["n"] for r in data["rows"]} == dict(expected)
    assert data["contracts_in_filter"] == len(prepared_sample.contracts)
    assert data["cypher"][0].startswith("MATCH (c:Contract)\nWITH c\nRETURN c.contract_type")


def test_average_duration_by_type(driver, prepared_sample) -> None:
    tail = ("WITH c WHERE c.duration_days IS NOT NULL "
            "RETURN c.contract_type AS type, avg(c.duration_days) AS avg_days, count(c) AS n")
    answer = run_agent(driver, [aggregate(tail), "ok"])
    days: dict[str, list[int]] = defaultdict(list)
    for c in prepared_sample.contracts:
        if c.props["duration_days"] is not None:
            days[c.props["contract_type"]].append(c.props["duration_days"])
    rows = {r["type"]: r for r in answer.traces[0].data["rows"]}
    assert set(rows) == set(days)
    for ctype, values in days.items():
        assert rows[ctype]["n"] == len(values)
        assert rows[ctype]["avg_days"] == pytest.approx(sum(values) / len(values), abs=0.01)


def test_contracts_per_year_within_a_filter(driver, prepared_sample) -> None:
    answer = run_agent(driver, [aggregate("RETURN c.effective_date.year AS year, count(c) AS n ORDER BY year",
                                          {"contract_types": ["license"]}), "ok"])
    data = answer.traces[0].data
    expected = Counter(c.props["effective_date"].year if c.props["effective_date"] else None
                       for c in prepared_sample.contracts if c.props["contract_type"] == "License")
    assert {r["year"]: r["n"] for r in data["rows"]} == dict(expected)
    assert data["contracts_in_filter"] == sum(expected.values())
    assert data["filter"] == {"contract_types": ["License"]}


def test_row_cap_truncates(driver) -> None:
    settings = AgentSettings(provider="scripted", row_cap=3)
    answer = run_agent(driver, [aggregate("MATCH (c)<-[:PARTY_TO]-(p:Party) RETURN p.name AS name"), "ok"],
                       settings)
    data = answer.traces[0].data
    assert data["row_count"] == 3 and data["truncated"] is True and "first 3 rows" in data["note"]


def test_server_unstoppable_shapes_are_tool_errors_that_say_why(driver) -> None:
    """Issue #27: a regex (which Neo4j cannot interrupt) and a quoted range() never reach the server."""
    answer = run_agent(driver, [aggregate("WHERE c.summary =~ '(.*.*.*.*.*)*x' RETURN count(c) AS n"),
                                aggregate("RETURN size([x IN `range`(1, 300000000) WHERE x % 7 = 0]) AS n"),
                                aggregate("RETURN 1.0/0 AS x LIMIT 1"), "ok"])
    regex, quoted, infinite = (t.content for t in answer.traces)
    assert regex.startswith("Error: ") and "Regular expressions (=~) are not allowed" in regex
    assert quoted.startswith("Error: ") and "at most 10,000 elements in one statement (this one: 300,000,000)" in quoted
    assert answer.traces[2].data["rows"] == [{"x": None}] and "rows[0].x: Infinity" in answer.traces[2].data["note"]
    assert '"x":null' in infinite and ":Infinity" not in infinite  # valid JSON for the model
