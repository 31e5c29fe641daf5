"""Property-based fuzz of the lexical guard (2,100 cases): comments, Unicode whitespace and case around every
forbidden keyword must still be refused; the same noise around harmless keywords (inside strings, comments,
backtick names) must still be accepted; and arbitrary text must end in a clean result or UnsafeQueryError."""

from __future__ import annotations

import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.errors import UnsafeQueryError
from graph.readonly.guard import check_lexically

SPACES = [" ", "\t", "\n", "\r", "\x0b", "\x0c", "\u00a0", "\u1680", "\u2000", "\u2003", "\u200a", "\u2028",
          "\u2029", "\u202f", "\u205f", "\u3000", "\x1c", "\x1f"]
COMMENTS = ["/**/", "/* x */", "/*\n*/", "/* LOAD CSV */", "/* / */", "// c\n", "//\n", "// ;\r", "/***/"]
separator = st.lists(st.one_of(st.sampled_from(SPACES), st.sampled_from(COMMENTS)), min_size=1, max_size=4).map(
    "".join)
optional_separator = st.one_of(st.just(""), separator)

# Each forbidden construct as parts; noise goes between all of them, keywords get random case.
FORBIDDEN = [
    ("LOAD", "CSV", "FROM 'http://127.0.0.1:1/p.csv' AS r RETURN r"),
    ("LOAD", "CSV", "WITH", "HEADERS", "FROM 'file:///etc/passwd' AS r RETURN r"),
    ("MATCH (c)", "SET", "c.x = 1"), ("MATCH (c)", "DETACH", "DELETE", "c"), ("MATCH (c)", "DELETE", "c"),
    ("MATCH (c)", "REMOVE", "c.summary"), ("CREATE", "(x:Hacked)"), ("MERGE", "(x:Hacked)"),
    ("SHOW", "SETTINGS"), ("SHOW", "TRANSACTIONS"), ("SHOW", "USERS"), ("DROP", "INDEX", "x"),
    ("TERMINATE", "TRANSACTIONS", "'neo4j-transaction-1'"), ("USE", "system", "RETURN 1"),
    ("CALL { RETURN 1 AS x }", "IN", "TRANSACTIONS", "RETURN x"), ("CALL", "dbms.listConfig()"),
    ("CALL", "db.labels()", "YIELD label RETURN label"), ("CALL", "`dbms`.`components`()"),
    ("MATCH (c)", "FOREACH", "(x IN [1] | SET c.y = x)"), ("GRANT", "ROLE", "a TO b"),
    ("RETURN 1 AS x", ";", "MATCH (n) DETACH DELETE n"),
    ("RETURN", "size([x IN range(1,200000000) WHERE x % 7 = 0])", "AS n"),
]
# Harmless: the keyword is inside a string, a comment or a backtick name, or is a property key.
HARMLESS = [
    "RETURN 'LOAD CSV FROM x'{sep}AS s", "RETURN \"SHOW SETTINGS\"{sep}AS s",
    "MATCH (c:Contract){sep}RETURN c.file_id AS `DELETE`", "MATCH (c:Contract){sep}RETURN c.set AS s",
    "RETURN 1 AS x{sep}/* CREATE (n) */", "MATCH (c:Contract){sep}RETURN{sep}count(c) AS n",
    "RETURN [x IN range(1, 100) | x]{sep}AS r", "RETURN 'a;b'{sep}AS s",
]


def mixed_case(word: str, flips: list[bool]) -> str:
    return "".join(ch.swapcase() if flips[i % len(flips)] else ch for i, ch in enumerate(word))


@settings(max_examples=1200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(FORBIDDEN), noise=st.lists(separator, min_size=6, max_size=6),
       flips=st.lists(st.booleans(), min_size=12, max_size=12), trailing=st.sampled_from(["", ";", " ;", "\n"]))
def test_forbidden_constructs_are_refused_whatever_the_noise(case, noise, flips, trailing) -> None:
    parts = [mixed_case(p, flips) if p.isalpha() else p for p in case]
    statement = noise[0] + "".join(part + noise[i + 1] for i, part in enumerate(parts)) + trailing
    try:
        check_lexically(statement)
    except UnsafeQueryError as e:
        assert str(e) and "\n" not in str(e)
        return
    raise AssertionError(f"accepted: {statement!r}")


@settings(max_examples=400, deadline=None)
@given(template=st.sampled_from(HARMLESS), sep=separator)
def test_harmless_statements_survive_the_same_noise(template: str, sep: str) -> None:
    statement = template.format(sep=sep)
    assert check_lexically(statement) == statement.strip().rstrip(";").strip()


ALPHABET = st.one_of(st.sampled_from(list(string.printable)), st.sampled_from(SPACES),
                     st.sampled_from(["'", '"', "`", "\\", "/*", "*/", "//", "\u200b", "\ud800", "\x00", "é", "Ｌ"]),
                     st.characters())


@settings(max_examples=500, deadline=None)
@given(text=st.lists(ALPHABET, max_size=60).map("".join))
def test_arbitrary_text_gives_a_statement_or_a_clean_refusal(text: str) -> None:
    try:
        statement = check_lexically(text)
    except UnsafeQueryError as e:
        assert str(e) and "\n" not in str(e)
        return
    assert statement and statement in text
