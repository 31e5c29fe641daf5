"""`python -m ingest` end to end (subprocess): batch with --yes, skip known hashes, failures with reasons,
interactive confirmation, and the LLM engine through the scripted settings."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from graph.reads.repository import contract_details, graph_counts
from graph.store.duplicates import unlink_upload
from ingest.pdf import sha256_of
from tests.ingest_support import CURAEGIS, NETGEAR, PDF_DIR, exact_cleanup, text_renamed_pdf, write_script

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(not PDF_DIR.is_dir(), reason="CUAD sample PDFs not present")]
CURAEGIS_ID = f"{Path(CURAEGIS).stem}-2"
NETGEAR_ID = f"{Path(NETGEAR).stem}-2"


def ingest(*args: str, stdin: str = "", env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ingest", *args], input=stdin, capture_output=True, text=True,
                          check=False, env={**os.environ, **(env or {})})


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    batch = tmp_path / "batch"
    (batch / "nested").mkdir(parents=True)
    shutil.copy(PDF_DIR / CURAEGIS, batch / CURAEGIS)
    shutil.copy(PDF_DIR / NETGEAR, batch / "nested" / NETGEAR)
    (batch / "notes.pdf").write_bytes(text_renamed_pdf())
    (batch / "empty.pdf").write_bytes(b"")
    return batch


def test_batch_with_yes_then_again_skips_known_hashes(driver, folder):
    with exact_cleanup(driver) as committed:
        first = ingest(str(folder), "--yes", "--on-duplicate", "keep")
        committed += [CURAEGIS_ID, NETGEAR_ID]
        assert first.returncode == 1, first.stderr
        assert first.stdout.splitlines() == [
            *_recognised(first.stdout),
            # Amendment #2 kept as a new contract joins its agreement's family (docs/FAMILIES.md).
            "  note: Linked as amendment to NETGEAR,INC_04_21_2003-EX-10.16-DISTRIBUTOR AGREEMENT.",
            "Ingested 2, skipped 0, failed 2.",
            f"  ingested: {CURAEGIS} -> {CURAEGIS_ID}",
            f"  ingested: {NETGEAR} -> {NETGEAR_ID}",
            "  failed:   empty.pdf: The file is empty (0 bytes). Please upload the PDF again.",
            "  failed:   notes.pdf: This file is not a PDF (it has no PDF header). Upload the contract as a PDF.",
        ]
        assert "Ingesting (offline rules): 100%" in first.stderr and "4/4" in first.stderr
        netgear = contract_details(driver, NETGEAR_ID)
        # The bare "Ingram Micro" is the one Ingram Micro legal entity in the graph (core/names.py).
        assert sorted(p["name"] for p in netgear["parties"]) == ["INGRAM MICRO INC.", "NETGEAR, Inc."]
        assert netgear["effective_date"] == "1996-10-01" and netgear["source"] == "upload"
        before = graph_counts(driver)
        again = ingest(str(folder / CURAEGIS), str(folder / "nested"), "--yes")
        assert again.returncode == 0
        assert again.stdout.splitlines() == [
            "Ingested 0, skipped 2, failed 0.",
            f"  skipped:  {CURAEGIS}: This file is already in the graph as '{CURAEGIS_ID}'.",
            f"  skipped:  {NETGEAR}: This file is already in the graph as '{NETGEAR_ID}'.",
        ]
        assert graph_counts(driver) == before


def _recognised(stdout: str) -> list[str]:
    """The "this is <existing contract>" report lines, checked for both sample files, in order."""
    lines = [line for line in stdout.splitlines() if ": this is '" in line]
    assert [line.split(": this is '")[1].split("'")[0] for line in lines] == [Path(CURAEGIS).stem,
                                                                            Path(NETGEAR).stem]
    assert all(re.search(r"': same text \(\d+% of its fingerprint\)$", line) for line in lines)
    return lines


def test_duplicates_are_linked_by_default_and_never_added(driver, folder):
    before = graph_counts(driver)
    try:
        out = ingest(str(folder / CURAEGIS), str(folder / "nested"), "--yes")
        assert out.returncode == 0, out.stderr
        assert out.stdout.splitlines() == [
            *_recognised(out.stdout),
            "Ingested 0, linked 2, skipped 0, failed 0.",
            f"  linked:   {CURAEGIS} -> {Path(CURAEGIS).stem} (already in the graph: no new contract)",
            f"  linked:   {NETGEAR} -> {Path(NETGEAR).stem} (already in the graph: no new contract)",
        ]
        assert graph_counts(driver) == before
    finally:
        for name, path in ((CURAEGIS, folder / CURAEGIS), (NETGEAR, folder / "nested" / NETGEAR)):
            unlink_upload(driver, Path(name).stem, sha256_of(path.read_bytes()), name)
    assert graph_counts(driver) == before


def test_interactive_review_declined_writes_nothing_and_accepted_commits(driver, folder):
    before = graph_counts(driver)
    declined = ingest(str(folder / CURAEGIS), stdin="n\n")
    assert declined.returncode == 0
    assert "  effective_date  2010-05-18  [confidence 0.90]" in declined.stdout
    assert '                  evidence p.1: "May 18, 2010"' in declined.stdout
    assert "  summary         NOT FILLED" in declined.stdout
    assert "party 'Phoenix Performance, LLC': same as Phoenix Performance, LLC (US; 1 contract; exact name match)" \
        in declined.stdout
    assert f"  skipped:  {CURAEGIS}: not confirmed by the reviewer" in declined.stdout
    assert graph_counts(driver) == before
    with exact_cleanup(driver) as committed:
        accepted = ingest(str(folder / CURAEGIS), stdin="y\nk\n")
        committed.append(CURAEGIS_ID)
        assert accepted.returncode == 0 and f"  ingested: {CURAEGIS} -> {CURAEGIS_ID}" in accepted.stdout


def test_llm_engine_from_settings(driver, folder, tmp_path):
    env = {"LLM_PROVIDER": "scripted", "LLM_SCRIPT": str(write_script(tmp_path / "script.json"))}
    with exact_cleanup(driver) as committed:
        out = ingest(str(folder / CURAEGIS), "--engine", "llm", "--yes", "--on-duplicate", "keep", env=env)
        committed.append(CURAEGIS_ID)
        assert out.returncode == 0, out.stderr
        assert "Ingesting (LLM scripted)" in out.stderr
        details = contract_details(driver, CURAEGIS_ID)
        assert (details["contract_type"], details["end_date"]) == ("Sponsorship", "2010-10-31")


def test_llm_engine_without_a_model_is_a_one_line_error(driver, folder):
    out = ingest(str(folder), "--engine", "llm", env={"LLM_PROVIDER": "scripted", "LLM_SCRIPT": ""})
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == "error: LLM_PROVIDER=scripted needs LLM_SCRIPT, the path of a JSON script.\n"
