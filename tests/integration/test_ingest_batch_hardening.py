"""`python -m ingest` under hostile batches (issue 18): file names that are not UTF-8, a file failing in an
unforeseen way, the same file named twice, and the same bytes ingested by two runs at once. Every file is in
the summary, the batch never aborts, and the hash constraint lets exactly one copy of a file in."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import threading

import pytest

from graph.reads.repository import graph_counts
from graph.server.db import read, write
from graph.store import write as graph_write
from graph.store.schema import ensure_schema
from graph.store.write import DuplicateFile, find_by_sha
from ingest import cli as ingest_cli
from ingest.pdf import sha256_of
from ingest.pipeline import RULES, commit_review, process_file
from ingest.resolve import auto_same_as
from tests.ingest_support import CURAEGIS, NETGEAR, PDF_DIR, exact_cleanup, real_pdf, text_renamed_pdf

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(not PDF_DIR.is_dir(), reason="CUAD sample PDFs not present")]
CONTRACTS = "MATCH (c:Contract) RETURN count(c) AS n"
SHA_CONSTRAINT = ("SHOW CONSTRAINTS YIELD name, type, labelsOrTypes, properties "
                  "WHERE name = 'contract_file_sha256' RETURN type, labelsOrTypes, properties")


# Sample PDFs are recognised as their contract (issue 17) and kept as new ones here (--on-duplicate keep); the
# CLI says so on a line of its own before the summary, which these tests leave aside.
DUPLICATE_NOTE = re.compile(r"^  .+: this is '.+': ")


def report(text: str) -> list[str]:
    return [line for line in text.splitlines() if not DUPLICATE_NOTE.match(line)]


def contracts(driver) -> int:
    return int(read(driver, CONTRACTS)[0]["n"])


def ingest(*args: str | bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "ingest", *args], capture_output=True, check=False)


def test_the_hash_is_unique_by_constraint(driver):
    assert read(driver, SHA_CONSTRAINT) == [{"type": "UNIQUENESS", "labelsOrTypes": ["Contract"],
                                             "properties": ["file_sha256"]}]


def test_the_schema_migration_replaces_the_old_hash_index(driver):
    """A database from before the constraint has a plain index on file_sha256; ensure_schema (which every
    load and commit runs) drops it and creates the constraint."""
    write(driver, "DROP CONSTRAINT contract_file_sha256 IF EXISTS")
    write(driver, "CREATE INDEX contract_sha256 IF NOT EXISTS FOR (c:Contract) ON (c.file_sha256)")
    ensure_schema(driver, backfill=False)
    test_the_hash_is_unique_by_constraint(driver)
    assert read(driver, "SHOW INDEXES YIELD name WHERE name = 'contract_sha256' RETURN name") == []


def test_non_utf8_names_never_abort_a_folder_run(driver, tmp_path):
    folder = os.fsencode(tmp_path / "batch")
    os.makedirs(os.path.join(folder, b"sub\xff"))
    # Sorted by their shown names: the undecodable file comes first, a good one after it, a bad one last.
    with open(os.path.join(folder, b"a-\xff\xfe.pdf"), "wb") as f:
        f.write(real_pdf(CURAEGIS))
    with open(os.path.join(folder, b"sub\xff", b"b-\xe9t\xe9.pdf"), "wb") as f:
        f.write(real_pdf(NETGEAR))
    with open(os.path.join(folder, b"z-\x80.pdf"), "wb") as f:
        f.write(text_renamed_pdf())
    before = contracts(driver)
    with exact_cleanup(driver) as committed:
        out = ingest(folder, "--yes", "--on-duplicate", "keep")
        committed += ["a-\\xff\\xfe", "b-\\xe9t\\xe9"]
        stdout, stderr = out.stdout.decode("utf-8"), out.stderr.decode("utf-8")
        assert out.returncode == 1, stderr
        assert report(stdout) == [
            # Amendment #2 kept as a new contract joins its agreement's family (docs/FAMILIES.md).
            "  note: Linked as amendment to NETGEAR,INC_04_21_2003-EX-10.16-DISTRIBUTOR AGREEMENT.",
            "Ingested 2, skipped 0, failed 1.",
            "  ingested: a-\\xff\\xfe.pdf -> a-\\xff\\xfe",
            "  ingested: b-\\xe9t\\xe9.pdf -> b-\\xe9t\\xe9",
            "  failed:   z-\\x80.pdf: This file is not a PDF (it has no PDF header). Upload the contract as a PDF.",
        ]
        assert "Traceback" not in stderr
        assert contracts(driver) == before + 2
        # Named directly (not through a folder) the same file is skipped as known, exit 0.
        again = ingest(os.path.join(folder, b"a-\xff\xfe.pdf"), "--yes", "--on-duplicate", "keep")
        assert (again.returncode, report(again.stdout.decode())) == (0, [
            "Ingested 0, skipped 1, failed 0.",
            "  skipped:  a-\\xff\\xfe.pdf: This file is already in the graph as 'a-\\xff\\xfe'."])
    assert contracts(driver) == before


def test_an_unforeseen_failure_is_reported_for_its_file_and_the_batch_goes_on(driver, tmp_path, monkeypatch,
                                                                              capsys):
    for name in ("1-boom.pdf", "2-good.pdf"):
        shutil.copy(PDF_DIR / (CURAEGIS if name == "2-good.pdf" else NETGEAR), tmp_path / name)
    real = ingest_cli.process_file

    def flaky(data: bytes, file_name: str, *args, **kwargs):
        if file_name == "1-boom.pdf":
            raise RuntimeError("simulated\nbug")
        return real(data, file_name, *args, **kwargs)

    monkeypatch.setattr(ingest_cli, "process_file", flaky)
    before = contracts(driver)
    with exact_cleanup(driver) as committed:
        code = ingest_cli.main([str(tmp_path), "--yes", "--on-duplicate", "keep"])
        committed.append("2-good")
        assert code == 1
        assert report(capsys.readouterr().out) == [
            "Ingested 1, skipped 0, failed 1.",
            "  ingested: 2-good.pdf -> 2-good",
            "  failed:   1-boom.pdf: unexpected error (RuntimeError): simulated bug",
        ]
        assert contracts(driver) == before + 1
    assert contracts(driver) == before


def test_the_same_file_named_twice_is_ingested_once_and_exit_0(driver, tmp_path):
    shutil.copy(PDF_DIR / CURAEGIS, tmp_path / "x.pdf")
    (tmp_path / "copy").mkdir()
    shutil.copy(PDF_DIR / CURAEGIS, tmp_path / "copy" / "x.pdf")  # same name, same bytes, another folder
    before = contracts(driver)
    with exact_cleanup(driver) as committed:
        out = ingest(str(tmp_path / "x.pdf"), str(tmp_path / "x.pdf"), f"{tmp_path}/copy/../x.pdf",
                     str(tmp_path / "copy" / "x.pdf"), "--yes", "--on-duplicate", "keep")
        committed.append("x")
        assert out.returncode == 0, out.stderr
        assert report(out.stdout.decode()) == [
            "Ingested 1, skipped 1, failed 0.",
            "  ingested: x.pdf -> x",
            "  skipped:  x.pdf: This file is already in the graph as 'x'.",
        ]
        assert contracts(driver) == before + 1
    assert contracts(driver) == before


def test_two_runs_of_the_same_bytes_at_once_commit_exactly_one(driver, tmp_path):
    for name in ("first.pdf", "second.pdf"):
        shutil.copy(PDF_DIR / CURAEGIS, tmp_path / name)
    before = contracts(driver)
    with exact_cleanup(driver) as committed:
        runs = [subprocess.Popen([sys.executable, "-m", "ingest", str(tmp_path / name), "--yes",
                                  "--on-duplicate", "keep"],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                for name in ("first.pdf", "second.pdf")]
        outs = [(run.wait(timeout=600), run.stdout.read(), run.stderr.read()) for run in runs]  # type: ignore[union-attr]
        winner = find_by_sha(driver, sha256_of(real_pdf(CURAEGIS)))
        committed.append(winner)
        assert winner in ("first", "second")
        assert [code for code, _, _ in outs] == [0, 0], outs
        summaries = sorted(report(out)[0] for _, out, _ in outs)
        assert summaries == ["Ingested 0, skipped 1, failed 0.", "Ingested 1, skipped 0, failed 0."], outs
        assert sum(f"already in the graph as '{winner}'." in out for _, out, _ in outs) == 1
        assert contracts(driver) == before + 1
    assert contracts(driver) == before


def test_the_constraint_refuses_a_duplicate_the_early_check_missed(driver, monkeypatch):
    """The race made deterministic: both reviews pass the hash check before either commits; the second
    commit then meets the constraint inside its transaction and reports the first as the duplicate."""
    first = process_file(real_pdf(CURAEGIS), "race-a.pdf", driver, RULES)
    second = process_file(real_pdf(CURAEGIS), "race-b.pdf", driver, RULES)
    before = contracts(driver)
    with exact_cleanup(driver) as committed:
        committed.append(commit_review(driver, first, first.draft, auto_same_as(first.suggestions),
                                       on_duplicate="keep").file_id)
        counts = graph_counts(driver)
        real, calls = graph_write.find_by_sha, []

        def late_lookup(*args, **kwargs) -> str | None:
            calls.append(args)  # commit_contract's own early look-up misses, as in a race; later ones see
            return None if len(calls) == 1 else real(*args, **kwargs)

        monkeypatch.setattr(graph_write, "find_by_sha", late_lookup)
        with pytest.raises(DuplicateFile, match=r"^This file is already in the graph as 'race-a'\.$") as caught:
            commit_review(driver, second, second.draft, auto_same_as(second.suggestions), on_duplicate="keep")
        assert caught.value.file_id == "race-a" and len(calls) == 2
        assert graph_counts(driver) == counts
        assert contracts(driver) == before + 1
    assert contracts(driver) == before


@pytest.mark.parametrize("names", [("thread-a.pdf", "thread-b.pdf"), ("same.pdf", "same.pdf")])
def test_two_threads_past_the_early_check_commit_exactly_one(driver, names):
    """A real race: both threads hash-check before either commits (a barrier holds them), then commit at once;
    under the same name both propose the same file_id, which must not merge the two into one node."""
    barrier, outcomes = threading.Barrier(2), []

    def run(name: str) -> None:
        review = process_file(real_pdf(CURAEGIS), name, driver, RULES)
        barrier.wait(timeout=300)
        try:
            outcomes.append(commit_review(driver, review, review.draft, auto_same_as(review.suggestions),
                                          on_duplicate="keep").file_id)
        except DuplicateFile as e:
            outcomes.append(f"duplicate of {e.file_id}")

    before = contracts(driver)
    with exact_cleanup(driver) as committed:
        threads = [threading.Thread(target=run, args=(name,)) for name in names]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=600)
        winners = [v for v in outcomes if not v.startswith("duplicate of ")]
        committed += winners
        assert len(winners) == 1 and sorted(outcomes) == sorted([winners[0], f"duplicate of {winners[0]}"])
        assert contracts(driver) == before + 1
    assert contracts(driver) == before
