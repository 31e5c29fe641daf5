"""Property-based fuzz of `python -m ingest`'s arguments (issue 18), in process through `ingest.cli.main`.

Generated argv: odd file names (undecodable bytes, lone surrogates, NUL, very long, spaces, dashes), missing
paths, folders, junk and empty files, options with garbage values. Every case must end with either one
`error: ...` line and exit 2 (nothing on stdout), or a summary whose counts match its lines with exit 1 exactly
when a file failed; never a traceback; and the database unchanged (no generated file is a real contract).

stdout is a strict UTF-8 stream like a terminal's, so an unprintable name would raise here as it would there.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graph.reads.repository import graph_counts
from ingest.cli import main
from tests.ingest_support import text_renamed_pdf, write_script

pytestmark = pytest.mark.integration
SUMMARY = re.compile(r"^Ingested (\d+), skipped (\d+), failed (\d+)\.$")
EXAMPLES = 300


@pytest.fixture(scope="module")
def playground(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Junk files and folders with hostile names; nothing in it is a PDF that could be committed."""
    root = tmp_path_factory.mktemp("ingest-fuzz")
    raw = os.fsencode(root)
    (root / "empty.pdf").write_bytes(b"")
    (root / "text.pdf").write_bytes(text_renamed_pdf())
    (root / "header-only.pdf").write_bytes(b"%PDF-1.7\n%%EOF\n")
    (root / "folder" / "deeper").mkdir(parents=True)
    (root / "nothing").mkdir()  # a folder without PDFs: a clean, empty run
    (root / "folder" / "deeper" / "junk.PDF").write_bytes(os.urandom(512))
    (root / "-dash.pdf").write_bytes(b"%PDF-")
    for name in (b"\xff\xfe.pdf", b"caf\xe9.pdf", b"folder/\x80\x81.pdf", b"sp ace\t.pdf"):
        with open(os.path.join(raw, name), "wb") as handle:
            handle.write(b"%PDF-1.4 not really\n")
    os.mkdir(os.path.join(raw, b"dir\xff"))
    with open(os.path.join(raw, b"dir\xff", b"x.pdf"), "wb") as handle:
        handle.write(b"")
    yield root


def _names() -> st.SearchStrategy[str]:
    """A file or folder name inside the playground (never a separator, '.' or '..': no escaping it)."""
    text = st.text(st.characters(blacklist_categories=("Cs",)) | st.sampled_from("\ud800\udcff\x00 -"), max_size=40)
    undecodable = st.binary(min_size=1, max_size=40).map(os.fsdecode)
    long = st.integers(min_value=200, max_value=400).map(lambda n: "n" * n)
    fixed = st.sampled_from(["empty.pdf", "text.pdf", "header-only.pdf", "folder", "-dash.pdf", "missing.pdf",
                             "nothing",
                             os.fsdecode(b"\xff\xfe.pdf"), os.fsdecode(b"dir\xff"), "", "folder/deeper"])
    return (fixed | text | undecodable | long).map(lambda n: n.replace("/", "_") if n != "folder/deeper" else n)


def _path(root: Path) -> st.SearchStrategy[str]:
    return _names().filter(lambda n: n not in (".", "..")).map(lambda n: f"{root}/{n}")


def _options() -> st.SearchStrategy[list[str]]:
    junk = st.text(max_size=20) | st.binary(max_size=10).map(os.fsdecode)
    engine = st.sampled_from(["rules", "llm"]) | junk
    return st.lists(st.one_of(
        st.just(["--yes"]), engine.map(lambda v: ["--engine", v]), junk.map(lambda v: ["--model", v]),
        st.sampled_from([["--engine"], ["--model"], ["--bogus"], ["-y"], ["--"], ["--engine=llm"]]),
    ), max_size=3).map(lambda groups: [arg for group in groups for arg in group])


def _argv(root: Path) -> st.SearchStrategy[list[str]]:
    return st.tuples(st.lists(_path(root), max_size=4), _options(), st.booleans()).map(
        lambda t: [*t[1], *t[0]] if t[2] else [*t[0], *t[1]])


def run_main(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.BytesIO(), io.BytesIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8", errors="strict", write_through=True)
    stderr = io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace", write_through=True)
    with redirect_stdout(stdout), redirect_stderr(stderr):
        try:
            code = main(argv)
        except SystemExit as e:  # argparse: usage errors (2) and --help (0)
            code = int(e.code or 0)
    return code, out.getvalue().decode("utf-8"), err.getvalue().decode("utf-8")


def check(code: int, stdout: str, stderr: str) -> None:
    assert "Traceback" not in stdout + stderr
    if code == 2:
        assert stdout == ""
        lines = [line for line in stderr.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("error: "), stderr
        return
    lines = stdout.splitlines()
    counts = SUMMARY.match(lines[0])
    assert counts, stdout
    ingested, skipped, failed = map(int, counts.groups())
    assert ingested == 0  # nothing generated is a contract
    assert len(lines) == 1 + ingested + skipped + failed
    assert code == (1 if failed else 0)


def test_fuzzed_ingest_arguments(driver, playground, tmp_path_factory, monkeypatch) -> None:
    script = write_script(tmp_path_factory.mktemp("script") / "script.json")
    monkeypatch.setenv("LLM_PROVIDER", "scripted")
    monkeypatch.setenv("LLM_SCRIPT", str(script))
    monkeypatch.delenv("EMBEDDING_MODEL", raising=False)
    # A junk value after "--" ("." or "") is a relative path: inside the playground, never the repository, whose
    # .data/ holds the test file store's real uploaded PDFs.
    monkeypatch.chdir(playground)
    before = graph_counts(driver)
    seen: list[int] = []

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(argv=_argv(playground))
    def case(argv: list[str]) -> None:
        code, stdout, stderr = run_main(argv)
        check(code, stdout, stderr)
        seen.append(code)

    case()
    assert len(seen) >= EXAMPLES * 0.9 and {1, 2} <= set(seen)  # the fuzz reached both error outcomes
    assert run_main([f"{playground}/nothing", "--yes"]) == (0, "Ingested 0, skipped 0, failed 0.\n", "")
    assert graph_counts(driver) == before
