"""The lexical guard in front of EXPLAIN for user- and LLM-written Cypher."""

from __future__ import annotations

import pytest

from core.errors import UnsafeQueryError
from graph.readonly import check_lexically


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
