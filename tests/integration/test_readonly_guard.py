"""The read-only guard against the real server: the project's own statements plan to allowed operators; the
plan check alone (lexical check bypassed) refuses LOAD CSV, SHOW/TERMINATE commands and other procedures;
the issue's runaway statements end with a one-line error and leave no transaction running; a fuzz of noisy
forbidden statements through EXPLAIN leaves node/relationship counts and a property fingerprint unchanged."""

from __future__ import annotations

import subprocess
import sys
from datetime import date
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent.cypher_tool import build_statement
from core.errors import ContractGraphError, UnsafeQueryError
from graph.query.filters import parse_filter
from graph.readonly.guard import explain_read_only, run_read_only
from graph.readonly.plan import READ_OPERATORS
from graph.reads.repository import graph_counts
from graph.server.config import REPO_ROOT
from graph.server.db import read

TODAY = date(2021, 6, 30)
FINGERPRINT = ("MATCH (c:Contract) RETURN count(c) AS contracts, sum(size(keys(c))) AS keys, "
               "sum(size(coalesce(c.summary, ''))) AS summary_chars, count(c.hacked) AS hacked, "
               "COUNT { MATCH (h:Hacked) } AS hacked_nodes")
OTHERS = "SHOW TRANSACTIONS YIELD currentQuery WHERE NOT currentQuery STARTS WITH 'SHOW' RETURN currentQuery"

TAILS = [
    "RETURN c.contract_type AS type, avg(c.duration_days) AS avg_days ORDER BY avg_days DESC",
    "MATCH (c)<-[:PARTY_TO]-(p:Party) WITH p, count(c) AS n WHERE n > 3 RETURN p.name AS party, n ORDER BY n DESC",
    "RETURN c.effective_date.year AS year, count(c) AS contracts ORDER BY year",
    "WHERE EXISTS { (c)-[:HAS_CLAUSE]->(:Clause {type: 'Non-Compete'}) } RETURN count(c) AS n",
    "OPTIONAL MATCH (c)-[:GOVERNED_BY]->(j:Jurisdiction) RETURN j.country AS k, count(c) AS n ORDER BY n DESC LIMIT 3",
    "CALL (c) { MATCH (c)<-[:PARTY_TO]-(p:Party) RETURN count(p) AS k } RETURN avg(k) AS parties",
]
FILTERS = [{}, {"contract_types": ["License"]}, {"text": "exclusive distribution"}, {"parties": ["Microsoft"]},
           {"party_country": "CN", "governing_law_country": "US"}, {"min_amount": 1000, "active": True}]
PLAN_REFUSED = {
    "load_csv": "LOAD CSV FROM 'http://127.0.0.1:1/probe.csv' AS r RETURN r",
    "show_settings": "SHOW SETTINGS YIELD name, value RETURN name, value",
    "show_transactions": "SHOW TRANSACTIONS YIELD currentQuery RETURN currentQuery",
    "show_procedures": "SHOW PROCEDURES", "show_indexes": "SHOW INDEXES",
    "terminate": "TERMINATE TRANSACTIONS 'neo4j-transaction-1'",
    "db_labels": "CALL db.labels() YIELD label RETURN label",
    "list_config": "CALL dbms.listConfig() YIELD name RETURN name",
    "show_users": "SHOW USERS", "create": "CREATE (x:Hacked) RETURN x",
}
RUNAWAYS = {
    "reduce_200k": "RETURN size(reduce(s='', x IN range(1,200000) | s + 'xxxxxxxxxx')) AS n",
    "reduce_30m": "RETURN size(reduce(s='', x IN range(1,30000000) | s + 'xxxxxxxxxx')) AS n",
    "comprehension_200m": "RETURN size([x IN range(1,200000000) WHERE x % 7 = 0]) AS n",
    "cartesian_4": "MATCH (a),(b),(c),(d) RETURN count(*) AS n",
    "cartesian_4_scanned": "MATCH (a),(b),(c),(d) RETURN count(a.file_id) AS n",
}


def state(driver) -> tuple[dict[str, int], dict[str, Any]]:
    return graph_counts(driver), read(driver, FINGERPRINT)[0]


@pytest.mark.parametrize("tail", TAILS)
@pytest.mark.parametrize("filter_", FILTERS, ids=lambda f: "-".join(f) or "all")
def test_compiled_filters_with_agent_tails_plan_to_allowed_operators(driver, filter_, tail) -> None:
    statement, params = build_statement(parse_filter(filter_), tail, TODAY)
    operators = explain_read_only(driver, statement, params)
    assert operators[0] == "ProduceResults" and set(operators) <= READ_OPERATORS


@pytest.mark.parametrize("name", list(PLAN_REFUSED))
def test_plan_check_alone_refuses_what_query_type_r_lets_through(driver, name: str) -> None:
    with pytest.raises(UnsafeQueryError) as caught:
        explain_read_only(driver, PLAN_REFUSED[name], {})
    assert "\n" not in str(caught.value)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("name", list(RUNAWAYS))
def test_runaway_statements_end_with_one_line_and_leave_nothing_running(driver, name: str) -> None:
    before = state(driver)
    with pytest.raises(ContractGraphError) as caught:
        run_read_only(driver, RUNAWAYS[name], timeout=2)
    message = str(caught.value)
    assert "\n" not in message
    assert any(word in message for word in ("range()", "timeout", "overflow", "memory")), message
    running = [r["currentQuery"] for r in read(driver, OTHERS)]
    assert RUNAWAYS[name] not in running
    assert state(driver) == before


@pytest.mark.parametrize("timeout", [0, -1, float("nan"), float("inf")])
def test_timeouts_that_would_remove_the_limit_are_refused(driver, timeout: float) -> None:
    with pytest.raises(UnsafeQueryError, match="timeout"):
        run_read_only(driver, "MATCH (c:Contract) RETURN count(c) AS n", timeout=timeout)


def test_a_huge_timeout_is_clamped_and_the_query_still_answers(driver) -> None:
    expected = read(driver, "MATCH (c:Contract) RETURN count(c) AS n")
    assert run_read_only(driver, "MATCH (c:Contract) RETURN count(c) AS n", timeout=100000).rows == expected


SPACES = [" ", "\n", "\u00a0", "\u2003", "\u3000", "\u2028", "/**/", "/* x */", "// c\n"]
FORBIDDEN = [("LOAD", "CSV", "FROM 'http://127.0.0.1:1/x.csv' AS r RETURN r"), ("SHOW", "SETTINGS"),
             ("SHOW", "TRANSACTIONS"), ("MATCH (c:Contract)", "SET", "c.hacked = 1"),
             ("MATCH (c:Contract)", "DETACH", "DELETE c"), ("CALL", "db.labels()"), ("CREATE", "(:Hacked)"),
             ("TERMINATE", "TRANSACTIONS 'neo4j-transaction-1'"), ("MATCH (c:Contract)", "REMOVE", "c.summary")]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=st.sampled_from(FORBIDDEN), seps=st.lists(st.sampled_from(SPACES), min_size=3, max_size=3),
       lower=st.booleans())
def test_plan_check_fuzz_refuses_noisy_forbidden_statements(driver, case, seps, lower) -> None:
    before = state(driver)
    parts = [p.lower() if lower and p.isalpha() else p for p in case]
    statement = seps[0] + "".join(p + s for p, s in zip(parts, seps[1:] + [""] * 3, strict=False))
    with pytest.raises(UnsafeQueryError):
        explain_read_only(driver, statement, {})  # the lexical layer is skipped on purpose
    with pytest.raises(UnsafeQueryError):
        run_read_only(driver, statement)
    assert state(driver) == before


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf"])
def test_graph_query_cli_refuses_a_timeout_that_removes_the_limit(value: str) -> None:
    done = subprocess.run([sys.executable, "-m", "graph", "query", "MATCH (c:Contract) RETURN count(c) AS n",
                           f"--timeout={value}"], cwd=REPO_ROOT, capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode != 0 and done.stdout == ""
    assert "Traceback" not in done.stderr and "timeout" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
