"""Issue 27, finding 11: files and paths the command lines are pointed at. A contract file or LLM script that
is not UTF-8, nested past what json can read or holds lone-surrogate escapes, a directory as the progress
file and a 5,000-character CG_NEO4J_HOME each end in one `error:` line and exit code 2 (they were
UnicodeDecodeError, RecursionError, IsADirectoryError and OSError tracebacks), and change nothing in the
database. In-process through `main(argv)`, and once through the real interpreter."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from agent.cli import main as agent_main
from core.json_file import MAX_FILE_DEPTH, read_json_file
from graph.cli import main as graph_main
from graph.reads.repository import graph_counts
from graph.server.config import REPO_ROOT
from ingest.texts_cli import main as texts_main
from tests.integration.test_cli_hygiene import assert_one_line_error, run

pytestmark = pytest.mark.integration

HOSTILE_FILES = {
    "not-utf8.json": (b"\xff\xfe[{\"file_id\": \"x\"}]", "is not UTF-8 text (byte 0xff at position 0)"),
    "latin1.json": ('[{"file_id": "Société"}]'.encode("latin-1"), "is not UTF-8 text (byte 0xe9 at position 18)"),
    "deep-array.json": (("[" * 100_000 + "]" * 100_000).encode(), "is nested too deeply to read"),
    "deep-object.json": (('{"a": ' * 5_000 + "1" + "}" * 5_000).encode(), "is nested too deeply to read"),
    "deep-but-readable.json": (("[" * 200 + "]" * 200).encode(), f"is nested deeper than {MAX_FILE_DEPTH} levels"),
    "truncated.json": (b'[{"file_id": "x"', "is not valid JSON"),
    "huge-int.json": (b"[" + b"9" * 5000 + b"]", "cannot be read as JSON"),
}


def hostile(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    path.write_bytes(HOSTILE_FILES[name][0])
    return path


@pytest.mark.parametrize("name", sorted(HOSTILE_FILES))
def test_graph_load_of_a_hostile_file_is_one_line_and_writes_nothing(name, tmp_path, capsys, driver) -> None:
    before = graph_counts(driver)
    code, out, err = run(graph_main, ["load", str(hostile(tmp_path, name))], capsys)
    assert_one_line_error(code, err, f"The contract file {tmp_path / name} {HOSTILE_FILES[name][1]}")
    assert out == ""
    assert graph_counts(driver) == before


@pytest.mark.parametrize("name", sorted(HOSTILE_FILES))
def test_a_hostile_llm_script_is_one_line(name, tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("LLM_PROVIDER", "scripted")
    monkeypatch.setenv("LLM_SCRIPT", str(hostile(tmp_path, name)))
    code, _out, err = run(agent_main, ["ask", "how many contracts are there?"], capsys)
    assert_one_line_error(code, err, f"LLM_SCRIPT {tmp_path / name} {HOSTILE_FILES[name][1]}")


def test_surrogate_escapes_in_a_json_file_become_replacement_characters(tmp_path) -> None:
    path = tmp_path / "s.json"
    path.write_text('[{"file_id": "a\\ud800b", "\\udcff": ["\\ud83d\\ude00"]}]')
    assert read_json_file(path, "x") == [{"file_id": "a\ufffdb", "\ufffd": ["\U0001f600"]}]
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf[1]")
    assert read_json_file(bom, "x") == [1]


def test_a_directory_as_progress_file_is_refused_before_anything_runs(tmp_path, capsys, driver) -> None:
    before = graph_counts(driver)
    code, _out, err = run(texts_main, [str(tmp_path), "--progress-file", "/etc"], capsys)
    assert_one_line_error(code, err, "--progress-file /etc is a directory; give a file path.")
    assert graph_counts(driver) == before
    assert not list(Path("/").glob(".etc.*.tmp"))  # the old code left its temporary file in /


def test_an_unwritable_progress_file_is_one_line(tmp_path, capsys) -> None:
    texts = tmp_path / "texts"
    texts.mkdir()
    (texts / "nothing-matches-this.txt").write_text("text")
    code, _, err = run(texts_main, [str(texts), "--progress-file", "/proc/self/no/such/progress.json"], capsys)
    assert_one_line_error(code, err, "The progress file /proc/self/no/such/progress.json cannot be written: ")


@pytest.mark.parametrize(("home", "expected"), [
    ("a" * 5000, "CG_NEO4J_HOME is 5,000 characters long; at most 1,024."),
    ("/tmp/" + "b" * 300, "CG_NEO4J_HOME is not a usable directory path"),
])
@pytest.mark.parametrize("argv", [["status"], ["server", "status"], ["search", "{}"]])
def test_an_impossible_neo4j_home_is_one_line(home, expected, argv, capsys, monkeypatch) -> None:
    monkeypatch.setenv("CG_NEO4J_HOME", home)
    monkeypatch.delenv("NEO4J_URI", raising=False)
    code, _out, err = run(graph_main, argv, capsys)
    assert_one_line_error(code, err, expected)


def test_through_the_interpreter(tmp_path) -> None:
    """The real process: no traceback reaches the terminal for either file or the long home."""
    env = {**os.environ, "CG_NEO4J_HOME": "x" * 5000}
    for argv in (["graph", "load", str(hostile(tmp_path, "not-utf8.json"))], ["graph", "status"]):
        done = subprocess.run([sys.executable, "-m", *argv], cwd=REPO_ROOT, env=env, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 2, done.stderr
        assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr
