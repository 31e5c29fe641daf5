"""Issue 27, finding 6: an upload killed between its steps. A real `python -m ingest` process is killed with
SIGKILL at each step of its commit (after the contract transaction; inside the layer's transaction; after the
layer, before the upload is marked complete), the database is checked half-written (text, no sections or
renewal facts, the marker set), and the same command run again must leave the contract whole: one contract
(no "-2"), its sections, references and renewal facts as an uninterrupted run writes them, its text title,
no marker. On the old code the second run answered "already in the graph" and the contract stayed broken.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from graph.reads.repository import graph_counts
from graph.server.db import read
from graph.store.pending import incomplete_uploads
from graph.store.titles import text_title
from ingest.document import parse_document
from ingest.layer import layer_rows
from ingest.pdf import read_pdf
from ingest.pipeline import RULES, UploadInProgress, process_file
from ingest.rules.title import document_name
from tests.ingest_support import exact_cleanup
from tests.synth_contracts import synthetic_text, text_pdf

pytestmark = pytest.mark.integration

# Runs the CLI with one step replaced by a SIGKILL of the process itself: the process dies there, with no
# cleanup, exception handler or finally block running (as with kill -9 or a power cut). "pause" instead holds
# the step until the file named by $GATE exists (a run still at work), then runs it.
KILLER = """
import os, signal, sys, time, importlib
module, name = sys.argv[1].rsplit(".", 1)
target = importlib.import_module(module)
real = getattr(target, name)
def die(*args, **kwargs):
    if sys.argv[2] == "pause":
        while not os.path.exists(os.environ["GATE"]):
            time.sleep(0.2)
        return real(*args, **kwargs)
    if sys.argv[2] == "after":
        real(*args, **kwargs)
    os.kill(os.getpid(), signal.SIGKILL)
setattr(target, name, die)
from ingest.cli import main
sys.exit(main(sys.argv[3:]))
"""
STATE = """
MATCH (c:Contract {file_id: $file_id})
OPTIONAL MATCH (c)-[:HAS_DOCUMENT]->(d:Document)
RETURN c.upload_incomplete AS pending, c.text_title AS text_title, size(d.text) AS text_chars,
       COUNT { MATCH (s:Section {file_id: $file_id}) } AS sections,
       COUNT { (d)-[:HAS_TERM_EVIDENCE]->() } AS renewal_evidence, d.layer_version AS layer_version
"""
# (what is replaced, kill before or after the real call): the three places a run can die in a commit.
KILL_POINTS = {
    "after the contract transaction": ("ingest.commit_steps.layer", "before"),
    "inside the layer's transaction": ("graph.documents.renewal_facts.write_renewal_rows", "before"),
    "after the layer, before the marker is cleared": ("ingest.commit_steps.mark_complete", "before"),
}


def started(*argv: str, kill: tuple[str, str] | None = None, gate: Path | None = None) -> subprocess.Popen[str]:
    command = ["-c", KILLER, *kill, *argv] if kill else ["-m", "ingest", *argv]
    return subprocess.Popen([sys.executable, *command], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "GATE": str(gate)})


def cli(*argv: str, kill: tuple[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    command = ["-c", KILLER, *kill, *argv] if kill else ["-m", "ingest", *argv]
    return subprocess.run([sys.executable, *command], capture_output=True, text=True, timeout=300,
                          env={**os.environ}, check=False)


def contracts(driver) -> int:
    return read(driver, "MATCH (c:Contract) RETURN count(c) AS n")[0]["n"]


def state(driver, file_id: str) -> dict:
    rows = read(driver, STATE, {"file_id": file_id})
    return rows[0] if rows else {}


@pytest.fixture(scope="module")
def upload(tmp_path_factory) -> tuple[Path, dict]:
    """A contract no other test has (a generated agreement), and the layer an uninterrupted run writes for it."""
    path = tmp_path_factory.mktemp("kill") / "Kestrel Hosting Agreement.pdf"
    renewal = ("\n20. Renewal. This Agreement shall automatically renew for successive one (1) year periods "
               "unless either party gives written notice of non-renewal at least ninety (90) days before the end "
               "of the then-current term.\n")
    path.write_bytes(text_pdf(synthetic_text(2704) + renewal))
    pages = read_pdf(path.read_bytes()).pages
    rows = layer_rows(parse_document("\f".join(pages).split("\f"), path.stem), path.stem)
    expected = {"sections": len(rows["sections"]), "renewal_evidence": len(rows["renewal_evidence"]),
                "title": text_title(document_name("\n".join(pages)))}
    assert expected["sections"] > 5 and expected["renewal_evidence"] > 0 and expected["title"]  # checks can tell
    return path, expected


@pytest.mark.parametrize(("point", "again"), [
    *((point, ["--yes"]) for point in sorted(KILL_POINTS)),
    ("after the contract transaction", ["--yes", "--on-duplicate", "replace"]),
])
def test_a_killed_upload_is_completed_by_the_next_run(point, again, upload, driver) -> None:
    path, expected = upload
    file_id = path.stem
    with exact_cleanup(driver) as committed:
        before = contracts(driver)
        killed = cli(str(path), "--yes", "--contract-type", "Hosting", kill=KILL_POINTS[point])
        committed.append(file_id)
        assert killed.returncode == -9, killed.stderr[-2000:]
        half = state(driver, file_id)
        assert half["pending"] == "commit" and half["text_chars"] > 1000
        if point != "after the layer, before the marker is cleared":
            assert half["sections"] == 0 and half["renewal_evidence"] == 0 and half["text_title"] is None
        assert {"file_id": file_id, "pending": "commit"} in incomplete_uploads(driver)

        done = cli(str(path), "--contract-type", "Hosting", *again)
        assert done.returncode == 0, done.stdout + done.stderr[-2000:]
        assert f"  ingested: {path.name} -> {file_id}" in done.stdout.splitlines(), done.stdout
        assert f"'{file_id}' was left half-written by an earlier run" in done.stdout
        whole = state(driver, file_id)
        assert whole["pending"] is None
        assert whole["sections"] == expected["sections"]
        assert whole["renewal_evidence"] == expected["renewal_evidence"]
        assert whole["text_title"] == expected["title"]
        assert contracts(driver) == before + 1  # written again in place: no "-2"
        after = graph_counts(driver)
        assert not incomplete_uploads(driver)

        third = cli(str(path), *again)  # a whole upload is refused as before
        assert third.returncode == 0
        assert f"This file is already in the graph as '{file_id}'." in third.stdout
        assert graph_counts(driver) == after


def test_a_run_still_writing_the_upload_is_not_taken_for_a_dead_one(upload, driver, tmp_path) -> None:
    """The first run is held inside its document layer (alive, marker set); the same bytes meanwhile are
    "being ingested by another run" (the Upload page: at once; the CLI waits for it and then finds the whole
    upload), and exactly one contract results. The marker without an owner took the live run for a dead one
    and wrote the upload a second time over it."""
    path, expected = upload
    file_id, gate = path.stem, tmp_path / "go"
    with exact_cleanup(driver) as committed:
        before = contracts(driver)
        first = started(str(path), "--yes", "--contract-type", "Hosting",
                        kill=("ingest.commit_steps.layer", "pause"), gate=gate)
        committed.append(file_id)
        deadline = time.monotonic() + 300
        while state(driver, file_id).get("pending") != "commit" and first.poll() is None:
            assert time.monotonic() < deadline, "the first run did not reach its layer"
            time.sleep(0.5)
        with pytest.raises(UploadInProgress, match=rf"^This file is being ingested by another run as '{file_id}' "
                                                    rf"\(process {first.pid} on .+\); nothing was written\."):
            process_file(path.read_bytes(), path.name, driver, RULES)
        second = started(str(path), "--yes", "--contract-type", "Hosting")
        time.sleep(3)  # the second run is waiting on the first
        assert second.poll() is None and state(driver, file_id)["sections"] == 0
        gate.touch()
        out_first, err_first = first.communicate(timeout=300)
        out_second, err_second = second.communicate(timeout=300)
        assert first.returncode == 0 and second.returncode == 0, err_first[-2000:] + err_second[-2000:]
        assert f"  ingested: {path.name} -> {file_id}" in out_first.splitlines(), out_first
        assert f"  skipped:  {path.name}: This file is already in the graph as '{file_id}'." in \
            out_second.splitlines(), out_second
        whole = state(driver, file_id)
        assert whole["pending"] is None and whole["sections"] == expected["sections"]
        assert contracts(driver) == before + 1
