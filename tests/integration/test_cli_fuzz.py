"""Property-based fuzz of the command lines' arguments (issue 18): `python -m graph` and `python -m agent`
called in-process through `main(argv)` with generated argv: random JSON, 64-bit edges and beyond, NaN and
infinities, lone surrogates, zero-width and meaningless strings, deep nesting, garbage option values.

Every run must end in a clean result (exit 0, JSON on stdout, nothing on stderr) or exactly one `error:` line
on stderr with exit code 2 (the documented code for bad input), never a traceback; and the database's node
and relationship counts must be what they were. CG_FUZZ_SCALE scales the number of cases (default 800
for graph, 300 for agent); commands that write or manage the server (load, load-texts, server) are left out.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from agent.cli import main as agent_main
from graph.cli import main as graph_main
from graph.query.filters import ContractFilter
from graph.reads.repository import PartyQuery, graph_counts

pytestmark = pytest.mark.integration

SCALE = float(os.environ.get("CG_FUZZ_SCALE", "1"))
GRAPH_EXAMPLES = int(800 * SCALE)
AGENT_EXAMPLES = int(300 * SCALE)
FUZZ = settings(deadline=None, database=None, derandomize=True, print_blob=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])

EDGE_INTS = [0, 1, -1, 20, 500, 501, 1_000_000, 1_000_001, 2**31, 2**63 - 1, 2**63, -(2**63), -(2**63) - 1,
             10**23, 10**30]
ODD_TEXT = ["", " ", "\u200b", "\u200b\u200b", "*:*", "12", "\ud800", "\udcff", "a\ud800b", "Delaware", "DE",
            "US", "Supply", "Bavaria", "[x](http://127.0.0.1:1/x)", "\x00", "’", "北京", "NaN", "Infinity"]
NUMBER_TEXT = ["0", "-1", "nan", "NaN", "inf", "-inf", "1e400", "100000", "300", "300.0001", "0.001", "1",
               "9223372036854775808", "1e23", "1e30", "", " ", "\ud800", "10s", "0x10"]

ints = st.sampled_from(EDGE_INTS) | st.integers()
floats = st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from([1e23, 1e30, 1e308, -0.0])
texts = st.sampled_from(ODD_TEXT) | st.text(max_size=20) | st.text(
    st.characters(codec=None, categories=None), max_size=10)  # any code point, surrogates included
scalars = st.none() | st.booleans() | ints | floats | texts
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(texts, inner, max_size=4), max_leaves=12)
filter_fields = st.sampled_from([*ContractFilter.model_fields, "bogus"])
party_fields = st.sampled_from([*PartyQuery.model_fields, "bogus"])
field_values = scalars | st.lists(texts, max_size=3) | json_values


def objects(fields: st.SearchStrategy[str]) -> st.SearchStrategy[dict[str, Any]]:
    return st.dictionaries(fields, field_values, max_size=4)


def dumped(value: Any, ascii_only: bool) -> str:
    """JSON text; with ascii_only=False a lone surrogate stays raw (invalid argv text), else it is a \\u escape."""
    return json.dumps(value, ensure_ascii=ascii_only, allow_nan=True)


def deep(n: int, kind: int) -> str:
    return ("[" * n + "]" * n) if kind == 0 else ('{"a": ' * n + "1" + "}" * n) if kind == 1 else "[" * n


# Plausible values too, so that a good share of the runs reach the database and end cleanly.
plausible_filter = st.fixed_dictionaries({}, optional={
    "contract_types": st.lists(st.sampled_from(["Supply", "license", "Service", "Distributor"]), max_size=2),
    "governing_law_state": st.sampled_from(["DE", "NY", "Delaware", "Bavaria", "ontario"]),
    "party_country": st.sampled_from(["US", "GB", "cn", "United Kingdom"]),
    "parties": st.lists(st.sampled_from(["inc", "Corp", "*:*", "\u200b", "'", "北京"]), max_size=2),
    "text": st.sampled_from(["license", "exclusive distributor", "a*:* b"]),
    "min_amount": st.floats(0, 1e9), "offset": st.integers(0, 1_000_000), "limit": st.integers(0, 500),
    "group_by": st.sampled_from(["contract_type", "party_country", "clause_type", "effective_year"]),
    "sort_by": st.sampled_from(["effective_date", "total_amount"]), "active": st.booleans(),
})
plausible_party_query = st.fixed_dictionaries({}, optional={
    "name": st.sampled_from(["inc", "*:*", "\u200b", "micro"]), "country": st.sampled_from(["US", "gb"]),
    "limit": st.integers(1, 500), "offset": st.integers(0, 1_000_000)})
plausible_params = st.fixed_dictionaries({"x": st.integers(-(2**63), 2**63 - 1) | st.floats(allow_nan=False,
                                          allow_infinity=False) | st.text(max_size=20) | st.none()})
json_args = st.one_of(
    st.builds(dumped, plausible_filter, st.booleans()),
    st.builds(dumped, plausible_party_query, st.booleans()),
    st.builds(dumped, plausible_params, st.booleans()),
    st.builds(dumped, objects(filter_fields), st.booleans()),
    st.builds(dumped, objects(party_fields), st.booleans()),
    st.builds(dumped, json_values, st.booleans()),
    st.builds(deep, st.integers(20, 6000), st.integers(0, 2)),
    texts,
)
number_args = st.sampled_from(NUMBER_TEXT) | st.floats().map(repr) | st.integers().map(str) | texts
CYPHER = ["RETURN $x AS x", "RETURN 1 AS one", "MATCH (c:Contract) RETURN count(c) AS n",
          "MATCH (c:Contract) RETURN c.file_id AS id ORDER BY id LIMIT 3", "MATCH (n) DETACH DELETE n",
          "CREATE (:Fuzz {x: 1})", "MATCH (c:Contract) SET c.fuzz = 1 RETURN 1"]
cypher_args = st.sampled_from(CYPHER) | texts


@st.composite
def query_argv(draw: st.DrawFn) -> list[str]:
    argv = ["query", draw(cypher_args)]
    for option, values in (("--params", json_args), ("--timeout", number_args), ("--row-cap", number_args)):
        if draw(st.booleans()):
            value = draw(values)
            argv += [f"{option}={value}"] if draw(st.booleans()) else [option, value]
    return argv


graph_argv = st.one_of(
    st.tuples(st.just("search"), json_args).map(list),
    st.tuples(st.just("parties"), json_args).map(list),
    query_argv(),
    st.just(["status"]),
    st.just(["search"]),
    st.lists(texts, max_size=4),
    st.lists(st.sampled_from(["search", "parties", "query", "--params", "--timeout", "--row-cap", "-h=1", "{}",
                              "--", "-x", *NUMBER_TEXT[:6]]), max_size=5),
)


@st.composite
def agent_argv(draw: st.DrawFn) -> list[str]:
    if draw(st.integers(0, 9)) == 0:
        return draw(st.lists(texts, max_size=3))
    argv = ["ask", draw(texts | st.just("How many supply contracts?"))]
    if draw(st.booleans()):
        argv += ["--filter", draw(json_args)]
    if draw(st.booleans()):
        argv.append("--json")
    return argv


def run(main: Any, argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as e:  # argparse: usage errors (2) and --help (0)
        code = e.code if isinstance(e.code, int) else 2
    out, err = capsys.readouterr()
    return code, out, err


def check_outcome(argv: list[str], code: int, out: str, err: str, json_out: bool) -> None:
    command = argv[0] if argv and argv[0] in ("search", "parties", "query", "status", "ask") else "other"
    event(f"{command}: exit {code}")  # --hypothesis-show-statistics shows the mix
    where = f"argv={argv!r}\nstdout={out[:500]!r}\nstderr={err[:2000]!r}"
    assert "Traceback" not in err, where
    assert code in (0, 2), where
    if code == 2:
        assert err.startswith("error: ") and err.count("\n") == 1, where
    elif err == "" and json_out and out and not out.startswith("usage:"):
        json.loads(out)
    else:
        assert err == "" or out.startswith("usage:"), where


@pytest.fixture(scope="module")
def counts_before(driver) -> dict[str, int]:
    return graph_counts(driver)


@settings(FUZZ, max_examples=GRAPH_EXAMPLES)
@given(argv=graph_argv)
def test_graph_cli_arguments(argv: list[str], capsys: pytest.CaptureFixture[str], driver,
                             counts_before: dict[str, int]) -> None:
    code, out, err = run(graph_main, argv, capsys)
    check_outcome(argv, code, out, err, json_out=True)


@pytest.fixture
def scripted_llm(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    script = tmp_path_factory.mktemp("fuzz") / "script.json"
    script.write_text(json.dumps({"turns": [{"steps": ["A scripted answer."]}]}))
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.setenv("LLM_PROVIDER", "scripted")
    monkeypatch.setenv("LLM_SCRIPT", str(script))


@settings(FUZZ, max_examples=AGENT_EXAMPLES)
@given(argv=agent_argv())
def test_agent_cli_arguments(argv: list[str], capsys: pytest.CaptureFixture[str], driver, scripted_llm: None,
                             counts_before: dict[str, int]) -> None:
    code, out, err = run(agent_main, argv, capsys)
    check_outcome(argv, code, out, err, json_out="--json" in argv)


def test_the_fuzzed_runs_changed_nothing(driver, counts_before: dict[str, int]) -> None:
    """Runs after both fuzz tests (file order): the counts are the ones taken before them."""
    assert graph_counts(driver) == counts_before
