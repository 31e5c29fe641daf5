"""Issue 18's command-line reproductions, each one a test: out-of-range numbers, text that is not text, deep
JSON and meaningless filter values end in one `error:` line and exit code 2, never a traceback; `agent ask`
exits 3 when the database is down or a tool failed with a database error. In-process through each CLI's
`main(argv)`, and through the real interpreter for bytes that are not UTF-8."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from graph.cli import main as graph_main
from graph.reads.repository import graph_counts
from graph.server.config import REPO_ROOT
from graph.server.db import read

pytestmark = pytest.mark.integration
DEEP = "[" * 5000 + "]" * 5000


def run(main, argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of one in-process run (argparse's usage errors raise SystemExit)."""
    try:
        code = main(argv)
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 2
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code: int, err: str, expected: str) -> None:
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("error: ") and "Traceback" not in err, err
    assert expected in err, err


@pytest.mark.parametrize("value", ["9223372036854775808", "1e23", "1e30", "-1", "1e400"])
@pytest.mark.parametrize(("command", "field", "what"), [
    ("search", "offset", "filter"), ("search", "limit", "filter"), ("search", "agg_limit", "filter"),
    ("parties", "offset", "party query"), ("parties", "limit", "party query"),
])
def test_out_of_range_numbers_are_one_line_errors(command, field, what, value, capsys, driver) -> None:
    code, out, err = run(graph_main, [command, f'{{"{field}": {value}}}'], capsys)
    expected = {"1e400": "not finite", "9223372036854775808": f"Argument value {field}: the integer "}.get(
        value, f"Invalid {what}: {field}: ")
    assert_one_line_error(code, err, expected)
    assert out == ""


@pytest.mark.parametrize("argv", [
    ["search", '{"parties": ["\ud800"]}'],
    ["parties", "\udcff"],
    ["query", "RETURN '\ud800' AS x"],
    ["query", "RETURN 1", "--params", '{"x": "\udc80"}'],
])
def test_arguments_that_are_not_text_are_refused(argv, capsys) -> None:
    code, _, err = run(graph_main, argv, capsys)
    position = next(i for i, a in enumerate(argv, 1) if any(0xD800 <= ord(ch) <= 0xDFFF for ch in a))
    assert_one_line_error(code, err, f"argument {position} is not valid text")


@pytest.mark.parametrize(("argv", "expected"), [
    (["search", DEEP], "nested deeper than 32 levels"),
    (["search", '{"parties": ["\\ud800"]}'], "parties[0] is not valid text"),
    (["parties", '{"name": "\\udfff"}'], "name is not valid text"),
    (["query", "RETURN $x AS x", "--params", '{"x": 9223372036854775808}'], "outside the 64-bit range"),
    (["query", "RETURN $x AS x", "--params", '{"x": -9223372036854775809}'], "outside the 64-bit range"),
    (["query", "RETURN $x AS x", "--params", '{"x": "\\ud800"}'], "x is not valid text"),
    (["query", "RETURN $x AS x", "--params", DEEP], "nested deeper than 32 levels"),
    (["query", "RETURN $x AS x", "--params", '{"x": NaN}'], "not a finite number"),
])
def test_json_arguments_are_bounded(argv, expected, capsys, driver) -> None:
    code, _, err = run(graph_main, argv, capsys)
    assert_one_line_error(code, err, expected)


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "-inf", "120.5", "100000", "1e400", "soon"])
def test_timeout_must_be_more_than_0_and_at_most_120(value, capsys) -> None:
    code, _, err = run(graph_main, ["query", "RETURN 1 AS x", f"--timeout={value}"], capsys)
    assert_one_line_error(code, err, "argument --timeout: timeout must be")


@pytest.mark.parametrize("value", ["0", "-1", "nan", "100001", "9223372036854775808", "2.5"])
def test_row_cap_must_be_1_to_100000(value, capsys) -> None:
    code, _, err = run(graph_main, ["query", "RETURN 1 AS x", f"--row-cap={value}"], capsys)
    assert_one_line_error(code, err, "argument --row-cap: row cap must be")


def test_bounds_still_let_ordinary_values_through(capsys, driver) -> None:
    code, out, err = run(graph_main, ["query", "RETURN $x AS x", "--params", '{"x": 9223372036854775807}',
                                      "--timeout", "120", "--row-cap", "1"], capsys)
    assert (code, err) == (0, "")
    assert json.loads(out)["rows"] == [{"x": 9223372036854775807}]


@pytest.mark.parametrize("value", ["*:*", "12", "\u200b", " \u200b "])
def test_a_meaningless_state_is_an_error_not_every_contract(value, capsys) -> None:
    code, out, err = run(graph_main, ["search", json.dumps({"governing_law_state": value})], capsys)
    assert_one_line_error(code, err, "Invalid filter: governing_law_state: ")
    assert out == ""


def test_a_region_name_is_a_condition(capsys, driver) -> None:
    code, out, _ = run(graph_main, ["search", '{"governing_law_state": "Bavaria", "limit": 0}'], capsys)
    expected = read(driver, "MATCH (c:Contract) WHERE c.governing_law_state = 'Bavaria' RETURN count(c) AS n")[0]["n"]
    assert code == 0 and json.loads(out)["total_count"] == expected
    everything = read(driver, "MATCH (c:Contract) RETURN count(c) AS n")[0]["n"]
    assert expected < everything


def interpreter(args: list[str | bytes], env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=REPO_ROOT, capture_output=True, timeout=180, check=False,
                          env=env or os.environ.copy())


@pytest.mark.parametrize("argv", [
    [b"-m", b"graph", b"search", b'{"parties": ["\xff\xfe"]}'],
    [b"-m", b"graph", b"query", b"RETURN 1", b"--params", b'{"x": "\xc3"}'],
    [b"-m", b"agent", b"ask", b"how many \xed\xa0\x80 contracts?"],
])
def test_invalid_utf8_bytes_in_argv_through_the_real_interpreter(argv) -> None:
    done = interpreter(argv)
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2, err
    assert err.count("\n") == 1 and "is not valid text" in err and "Traceback" not in err, err
    assert done.stdout == b""


def scripted_env(tmp_path: Path, steps: list) -> dict[str, str]:
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"turns": [{"steps": steps}]}))
    env = {k: v for k, v in os.environ.items() if k not in ("OPENAI_API_KEY", "OPENAI_BASE_URL")}
    env.update(LLM_PROVIDER="scripted", LLM_SCRIPT=str(script))
    return env


def test_agent_ask_exits_3_when_the_database_is_down(tmp_path) -> None:
    from tests.integration.throwaway import free_port

    env = scripted_env(tmp_path, ["An answer that must not be trusted."])
    env["CG_NEO4J_PORT"] = str(free_port())  # nothing listens there
    done = interpreter(["-m", "agent", "ask", "How many contracts?"], env)
    err = done.stderr.decode()
    assert done.returncode == 3, err
    assert err.startswith("error: Neo4j is not reachable at bolt://127.0.0.1:") and err.count("\n") == 1, err
    assert done.stdout == b""


def test_agent_ask_exits_3_when_a_tool_failed_with_a_database_error(tmp_path, driver) -> None:
    before = graph_counts(driver)
    call = {"name": "cypher_aggregation", "args": {"cypher": "RETURN count(c) / 0 AS x"}}
    env = scripted_env(tmp_path, [{"tool_calls": [call]}, "The database could not answer."])
    done = interpreter(["-m", "agent", "ask", "Divide by zero"], env)
    err = done.stderr.decode()
    assert done.returncode == 3, err
    assert err.startswith("error: database: cypher_aggregation failed: ") and err.count("\n") == 1, err
    assert "/ by zero" in err and "Fix the arguments" not in err
    assert done.stdout.decode().splitlines()[0] == "The database could not answer."
    assert graph_counts(driver) == before


def test_agent_ask_exits_0_when_tools_succeed_and_2_for_bad_input(tmp_path, driver) -> None:
    call = {"name": "contract_search", "args": {"contract_types": ["Supply"]}}
    env = scripted_env(tmp_path, [{"tool_calls": [call]}, "{{total_count}} supply contracts."])
    done = interpreter(["-m", "agent", "ask", "How many supply contracts?"], env)
    assert done.returncode == 0, done.stderr.decode()
    bad = interpreter(["-m", "agent", "ask", "x", "--filter", '{"governing_law_state": "*:*"}'], env)
    err = bad.stderr.decode()
    assert bad.returncode == 2 and err.startswith("error: Invalid filter: governing_law_state: "), err
    assert err.count("\n") == 1
