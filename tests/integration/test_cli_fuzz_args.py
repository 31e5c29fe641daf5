"""Seeded fuzz of the command lines' remaining arguments (issue 27's acceptance: >= 2,000 CLI cases with
tests/integration/test_cli_fuzz.py and test_ingest_fuzz.py): `graph load` with hostile files and options,
`ingest load-texts` with hostile directories, options and progress files, and `python -m ingest`'s options
(engine, contract type, on-duplicate) with missing paths. In process through each `main(argv)`.

Every case ends in exit 0 with its summary, exit 1 with a summary of failed files (ingest), or one `error:`
line with exit 2; never a traceback; and the database's node and relationship counts are unchanged: no
generated file is a loadable contract list or a text any contract matches. CG_FUZZ_SCALE scales the counts.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graph.cli import main as graph_main
from graph.reads.repository import graph_counts
from ingest.cli import main as ingest_main
from ingest.texts_cli import main as texts_main
from tests.integration.test_cli_fuzz import json_values
from tests.integration.test_ingest_fuzz import SUMMARY, run_main

pytestmark = pytest.mark.integration
SCALE = float(os.environ.get("CG_FUZZ_SCALE", "1"))
LOAD_EXAMPLES = int(250 * SCALE)
TEXTS_EXAMPLES = int(200 * SCALE)
INGEST_EXAMPLES = int(200 * SCALE)
FUZZ = settings(deadline=None, database=None, derandomize=True, print_blob=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])
FIXED_FILES = {
    "not-utf8.json": b"\xff\xfe[1]", "latin1.json": '[{"file_id": "Soci\u00e9t\u00e9"}]'.encode("latin-1"),
    "deep.json": b"[" * 50_000 + b"]" * 50_000, "deep-object.json": b'{"a": ' * 3000 + b"1" + b"}" * 3000,
    "truncated.json": b'[{"file_id": "x"', "object.json": b'{"file_id": "x"}', "strings.json": b'["a", "b"]',
    "nan.json": b"[NaN, Infinity]", "huge-int.json": b"[" + b"9" * 5000 + b"]", "empty.json": b"",
    "bom-object.json": b"\xef\xbb\xbf{}", "nul.json": b"\x00\x00", "one.txt": b"no contract has this text",
}


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("cli-args")
    for name, data in FIXED_FILES.items():
        (root / name).write_bytes(data)
    (root / "texts").mkdir()
    (root / "texts" / "Not A Contract Of The Sample.txt").write_text("nothing to match")
    (root / "empty-dir").mkdir()
    (root / "progress").mkdir()
    return root


@pytest.fixture(scope="module")
def counts_before(driver) -> dict[str, int]:
    return graph_counts(driver)


def not_loadable(value: Any) -> bool:
    """A JSON value `graph load` must refuse: anything but a list of objects (an empty list loads nothing
    but is a valid file, left out so every case here is refused)."""
    return not (isinstance(value, list) and all(isinstance(v, dict) for v in value))


def check(code: int, out: str, err: str, summary: bool = False) -> None:
    where = f"stdout={out[:500]!r}\nstderr={err[:1500]!r}"
    assert "Traceback" not in out + err, where
    if code == 2:
        lines = [line for line in err.splitlines() if line.strip() and not line.startswith("\r")]
        assert out == "" and lines[-1:] and lines[-1].startswith("error: "), where
        assert sum(line.startswith("error: ") for line in err.splitlines()) == 1, where
        return
    assert code in ((0, 1) if summary else (0,)), where
    if summary:
        assert SUMMARY.match(out.splitlines()[0]), where


def _option(name: str, values: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    return values.flatmap(lambda v: st.sampled_from([[name, v], [f"{name}={v}"], [name]]))


# What a real argv can hold: any text but NUL and lone surrogates other than the ones Python makes of
# undecodable bytes (os.fsdecode), which are generated too.
junk = (st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=20)
        | st.binary(max_size=10).filter(lambda b: b"\x00" not in b).map(os.fsdecode)
        | st.sampled_from(["-1", "0", "1e9", "nan", "100001", "--", "", " ", "\u200b", "[x](http://127.0.0.1:1/)"]))


@st.composite
def load_argv(draw: st.DrawFn, root: Path) -> list[str]:
    kind = draw(st.integers(0, 3))
    if kind == 0:
        path = str(root / draw(st.sampled_from(sorted(f for f in FIXED_FILES if f.endswith(".json")))))
    elif kind == 1:
        value = draw(json_values.filter(not_loadable))
        path = str(root / f"gen-{draw(st.integers(0, 10**9))}.json")
        Path(path).write_text(json.dumps(value, allow_nan=True), encoding="utf-8", errors="surrogatepass")
    elif kind == 2:
        path = draw(st.sampled_from([str(root), str(root / "missing.json"), "/etc", "/dev/null",
                                     str(root / "one.txt"), "x" * 5000]))
    else:
        path = draw(junk.filter(lambda p: p.strip() and not p.startswith("-") and not Path(p).exists()))
    options = draw(st.lists(st.one_of(_option("--source", junk), _option("--show-warnings", junk),
                                      st.just(["--bogus"])), max_size=2))
    return ["load", path, *[a for group in options for a in group]]


@settings(FUZZ, max_examples=LOAD_EXAMPLES)
@given(data=st.data())
def test_graph_load_arguments(data: st.DataObject, files: Path, capsys, driver, counts_before) -> None:
    argv = data.draw(load_argv(files))
    try:
        code = graph_main(argv)
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 2
    out, err = capsys.readouterr()
    check(code, out, err)
    assert code == 2, (argv, out, err)  # no generated file is a contract list


@st.composite
def texts_argv(draw: st.DrawFn, root: Path) -> list[str]:
    directory = draw(st.sampled_from([str(root / "texts"), str(root / "empty-dir"), str(root / "one.txt"),
                                      str(root / "missing"), "/dev/null", ""]) | junk)
    options = draw(st.lists(st.one_of(
        _option("--workers", junk | st.integers(-2, 70).map(str)),
        _option("--progress-file", st.sampled_from(["/etc", "/proc/self/x/y", str(root / "empty-dir"),
                                                    str(root / "progress.json")])
                | junk.map(lambda p: str(root / "progress" / p.replace("/", "_")))),  # never the working dir
        st.sampled_from([["--if-missing"], ["--bogus"], ["-h=1"]])), max_size=3))
    return [directory, *[a for group in options for a in group]]


@settings(FUZZ, max_examples=TEXTS_EXAMPLES)
@given(data=st.data())
def test_load_texts_arguments(data: st.DataObject, files: Path, driver, counts_before, monkeypatch) -> None:
    # An argv whose directory argparse reads as an option falls back to the default: not the 510 CUAD texts.
    monkeypatch.setattr("ingest.texts_cli.DEFAULT_TEXTS", files / "empty-dir")
    argv = data.draw(texts_argv(files))
    code, out, err = run_main_of(texts_main, argv)
    check(code, out, err)
    if code == 0:
        assert out.startswith("Document layer: 0 documents"), (argv, out)


def run_main_of(main: Any, argv: list[str]) -> tuple[int, str, str]:
    import tests.integration.test_ingest_fuzz as ingest_fuzz

    real = ingest_fuzz.main
    ingest_fuzz.main = main  # run_main calls the module's `main`
    try:
        return run_main(argv)
    finally:
        ingest_fuzz.main = real


@st.composite
def ingest_argv(draw: st.DrawFn, root: Path) -> list[str]:
    paths = draw(st.lists(st.sampled_from([str(root / "missing.pdf"), str(root / "empty-dir"),
                                           str(root / "one.txt")]) | junk.map(lambda p: str(root / p.replace(
                                               "/", "_"))), min_size=0, max_size=2))
    options = draw(st.lists(st.one_of(
        _option("--engine", st.sampled_from(["rules", "llm"]) | junk),
        _option("--contract-type", st.sampled_from(["Supply", "Other", "supply"]) | junk),
        _option("--on-duplicate", st.sampled_from(["link", "replace", "keep"]) | junk),
        _option("--model", junk), st.sampled_from([["--yes"], ["--bogus"]])), max_size=3))
    return [*paths, *[a for group in options for a in group]]


@settings(FUZZ, max_examples=INGEST_EXAMPLES)
@given(data=st.data())
def test_ingest_options(data: st.DataObject, files: Path, driver, counts_before, monkeypatch) -> None:
    monkeypatch.setenv("LLM_PROVIDER", "scripted")
    monkeypatch.setenv("LLM_SCRIPT", str(files / "not-utf8.json"))  # --engine llm: a one-line error
    argv = data.draw(ingest_argv(files))
    code, out, err = run_main_of(ingest_main, argv)
    check(code, out, err, summary=True)
    if code != 2:
        assert "Ingested 0," in out, (argv, out)


def test_the_fuzzed_runs_changed_nothing(driver, counts_before: dict[str, int]) -> None:
    assert graph_counts(driver) == counts_before
