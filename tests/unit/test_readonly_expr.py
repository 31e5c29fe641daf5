"""Expression shapes the server cannot stop (issue #27 findings 1 and 2): regular expressions, quoted
function names, reduce(), nested comprehensions and replace() growth are refused by the lexical guard; the
plan backstop refuses a regex or reduce() in Neo4j's rendering of the plan whatever the spelling."""

from __future__ import annotations

import pytest

from core.errors import UnsafeQueryError
from graph.readonly.expr import MAX_RANGE_STEPS, REFUSED_FUNCTIONS, REGEX_MESSAGE, check_plan_details
from graph.readonly.guard import check_lexically
from graph.readonly.plan import check_plan

COLLECTED = "MATCH (c:Contract) WITH collect(c.summary) AS l "


@pytest.mark.parametrize("cypher", [
    "MATCH (c:Contract) WHERE c.summary =~ '(.*.*.*.*.*)*x' RETURN count(c)",  # the probe's statement
    "MATCH (c:Contract) WHERE c.summary=~'x' RETURN count(c)",
    "MATCH (c:Contract) WHERE c.summary =/**/~ 'x' RETURN count(c)",
    "MATCH (c:Contract) WHERE c.summary =~ $pattern RETURN count(c)",
    "MATCH (c:Contract) RETURN CASE WHEN c.title =~ '(a+)+b' THEN 1 ELSE 0 END AS x",
    "MATCH (c:Contract) RETURN [p IN c.party_names WHERE p =~ '.*x'] AS x",
])
def test_regular_expressions_are_refused_with_the_reason(cypher: str) -> None:
    with pytest.raises(UnsafeQueryError) as caught:
        check_lexically(cypher)
    assert str(caught.value) == REGEX_MESSAGE


def test_a_regex_inside_a_string_is_only_text() -> None:
    assert check_lexically("MATCH (c:Contract) WHERE c.summary CONTAINS '=~' RETURN count(c) AS n")


@pytest.mark.parametrize(("cypher", "message"), [
    ('RETURN size(reduce(s = "", x IN `range`(1, 300000) | s + "x"))', "reduce() is not allowed"),
    ("RETURN `range`(1, 300000) AS r", "at most 10,000 elements in one statement (this one: 300,000)"),
    ("RETURN `RANGE`(1, 300000) AS r", "(this one: 300,000)"),
    ("RETURN `ｒａｎｇｅ`(1, 300000) AS r", "(this one: 300,000)"),
    ("RETURN `Range` /* gap */ (1, 20000) AS r", "(this one: 20,000)"),
    ("RETURN {a: range(1, 300000)} AS m", "(this one: 300,000)"),
    ("MATCH (c:Contract) RETURN `range`(1, c.party_count*10000) AS r", "range() takes integer literals only"),
    ("RETURN size([x IN `range`(1, toInteger('300000')) | x]) AS n", "range() takes integer literals only"),
    ("RETURN `range`(1.5, 3) AS r", "range() takes integer literals only"),
    ("RETURN `range`(1, 5000) + `range`(1, 5001) AS r", "(this one: 10,001)"),
])
def test_quoted_range_is_range(cypher: str, message: str) -> None:
    with pytest.raises(UnsafeQueryError) as caught:
        check_lexically(cypher)
    assert message in str(caught.value)


@pytest.mark.parametrize("cypher", [
    "RETURN reduce(s = '', x IN range(1, 40) | s + s) AS doubled",
    "MATCH (c:Contract) WITH collect(c.summary) AS l RETURN size(reduce(s = 'x', t IN l | s + s)) AS n",
    "RETURN REDUCE(total = 0, x IN [1, 2, 3] | total + x) AS n",
    "RETURN `reduce`(s = '', x IN [1] | s) AS n",
])
def test_reduce_is_refused(cypher: str) -> None:
    with pytest.raises(UnsafeQueryError) as caught:
        check_lexically(cypher)
    assert str(caught.value) == REFUSED_FUNCTIONS["reduce"]


@pytest.mark.parametrize("cypher", [
    COLLECTED + "RETURN size([a IN l | [b IN l WHERE b = a]]) AS n",
    COLLECTED + "RETURN size([a IN l WHERE any(b IN l WHERE b = a)]) AS n",
    COLLECTED + "RETURN all(a IN l WHERE none(b IN l WHERE b = a + 'x')) AS n",
    COLLECTED + "RETURN size([a IN l WHERE `single`(b IN l WHERE b = a)]) AS n",
    COLLECTED + "RETURN [a IN range(1, 10) | [b IN l | b]] AS n",
    COLLECTED + "RETURN [a IN l | size([b IN range(1, 10) | b])] AS n",
])
def test_nested_iteration_over_a_list_from_the_graph_is_refused(cypher: str) -> None:
    with pytest.raises(UnsafeQueryError, match="inside another is not allowed"):
        check_lexically(cypher)


@pytest.mark.parametrize(("cypher", "message"), [
    ("RETURN replace('ab', '', 'XY') AS r", "non-empty string literal"),
    ("MATCH (c:Contract) RETURN replace(c.summary, $search, 'x') AS r", "non-empty string literal"),
    ("MATCH (c:Contract) RETURN replace(c.summary, 'a', c.summary) AS r", "non-empty string literal"),
    ("MATCH (c:Contract) RETURN replace(c.summary, 'e', '" + "x" * 17 + "') AS r", "(this one: 17 times)"),
    ("MATCH (c:Contract) RETURN replace(replace(c.summary, 'a', 'bbbbb'), 'b', 'ccccc') AS r", "(this one: 25 times)"),
])
def test_replace_that_can_grow_a_text_is_refused(cypher: str, message: str) -> None:
    with pytest.raises(UnsafeQueryError) as caught:
        check_lexically(cypher)
    assert message in str(caught.value)


@pytest.mark.parametrize("cypher", [
    "MATCH (c:Contract) RETURN replace(toLower(c.title), '-', ' ') AS t",
    "MATCH (c:Contract) RETURN replace(replace(c.title, ',', ', '), ';', '; ') AS t",
    COLLECTED + "RETURN [x IN l WHERE x STARTS WITH 'A'] AS a, any(y IN l WHERE y = 'b') AS b",
    "MATCH (c:Contract) WHERE c.contract_type IN ['License'] AND (c.party_count IN [1, 2]) RETURN count(c) AS n",
    f"RETURN size([x IN range(1, {MAX_RANGE_STEPS // 2}) WHERE size([y IN range(1, 10) WHERE y = x]) > 0]) AS n",
    "MATCH (c:Contract) RETURN [(c)<-[:PARTY_TO]-(p:Party) | p.name] AS parties",
    "MATCH (c:Contract) RETURN c.`range` AS r, c.reduce AS s",
    "MATCH (c:Contract) RETURN size(c.party_names) AS n, `size`(c.party_names) AS m",
    "UNWIND range(1, 10) AS x RETURN sum(x) AS total",
])
def test_bounded_shapes_are_accepted(cypher: str) -> None:
    assert check_lexically(cypher)


def test_plan_backstop_refuses_a_regex_or_reduce_in_any_operator_details() -> None:
    def plan(details: str) -> dict:
        return {"operatorType": "ProduceResults@neo4j", "args": {"Details": "n"},
                "children": [{"operatorType": "Filter@neo4j", "args": {"Details": details}, "children": []}]}

    with pytest.raises(UnsafeQueryError) as caught:
        check_plan(plan("c.summary =~ $autostring_0"))
    assert str(caught.value) == REGEX_MESSAGE
    with pytest.raises(UnsafeQueryError, match=r"reduce\(\) is not allowed"):
        check_plan(plan("size(reduce(s = $autostring_1, x IN range($autoint_2, $autoint_3) | s + $autostring_0))"))
    assert check_plan(plan("c.`=~` = $autoint_0 AND c.`reduce(` IS NULL")) == ["ProduceResults", "Filter"]
    check_plan_details("c.summary CONTAINS $autostring_0")
