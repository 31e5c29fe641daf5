"""The original page end to end (issue 34 item 5): a real CUAD PDF ingested by `python -m ingest` into the
test database keeps its bytes in the file store; the renewal quotes stored for it are found on the page poppler
(`pdftotext -f N -l N`, an independent reader) has them on, and on no other; deleting the contract deletes its
file; bytes the graph already knows are kept again when uploaded again (a file from before the store); a scan
keeps Tesseract's word boxes and its stored section is highlighted on them."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from graph.reads.renewals import contract_terms
from graph.server.db import read
from graph.store.files import contract_files
from ingest.pages.cleanup import delete_upload
from ingest.pages.locate import fold
from ingest.pages.render import find_quote
from ingest.pages.store import load_ocr_words, load_pdf
from ingest.pdf import sha256_of
from tests.ingest_support import PDF_DIR, exact_cleanup, real_pdf
from tests.ocr_support import BELLRING, scan_of
from tests.unit.test_page_image import EMERALD, TERM_QUOTE, poppler_text

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(not (PDF_DIR / EMERALD).is_file(), reason="CUAD sample PDFs not present")]
EMERALD_ID = f"{Path(EMERALD).stem}-2"  # the sample has the contract itself: kept beside it
SECTIONS = "MATCH (s:Section {file_id: $file_id}) RETURN s.text AS text, s.page AS page"


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A file store of this test's own (the CLI subprocess inherits the setting)."""
    monkeypatch.setenv("CG_FILE_STORE", str(tmp_path / "files"))
    return tmp_path / "files"


def ingest(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ingest", *args], capture_output=True, text=True, check=False,
                          env=dict(os.environ))


def test_an_ingested_pdf_is_kept_and_its_quotes_are_on_poppler_s_page(driver, store):
    path = PDF_DIR / EMERALD
    sha = sha256_of(path.read_bytes())
    with exact_cleanup(driver) as committed:
        done = ingest(str(path), "--yes", "--on-duplicate", "keep")
        committed.append(EMERALD_ID)
        assert done.returncode == 0 and f"ingested: {EMERALD} -> {EMERALD_ID}" in done.stdout, done.stderr
        assert sorted(p.name for p in store.iterdir()) == [f"{sha}.pdf"]  # a text PDF: no OCR word boxes
        assert (store / f"{sha}.pdf").read_bytes() == path.read_bytes()
        assert contract_files(driver, EMERALD_ID) == [sha]
        evidence = contract_terms(driver, EMERALD_ID, date(2019, 1, 1)).evidence
        assert sorted(evidence) == ["expiration", "notice_period", "renewal_term", "renewal_type"]
        assert evidence["notice_period"]["quote"] == TERM_QUOTE
        pages = {n: fold(poppler_text(path, n)) for n in range(1, 7)}
        data = load_pdf(sha)
        for name, ev in evidence.items():
            found = find_quote(data, ev["quote"], ev["page"])
            on = [n for n, text in pages.items() if fold(ev["quote"]) in text]
            assert (name, found.page, found.match) == (name, 3, "exact") and on == [3] and ev["page"] == 3
            assert len(found.boxes) >= 2  # a quote over several printed lines: one box per line segment
        assert delete_upload(driver, EMERALD_ID) == [sha] and list(store.iterdir()) == []
        assert contract_files(driver, EMERALD_ID) == []


def test_known_bytes_uploaded_again_are_kept_again(driver, store):
    path = PDF_DIR / EMERALD
    sha = sha256_of(path.read_bytes())
    with exact_cleanup(driver) as committed:
        assert ingest(str(path), "--yes", "--on-duplicate", "keep").returncode == 0
        committed.append(EMERALD_ID)
        (store / f"{sha}.pdf").unlink()  # as for a contract uploaded before PDFs were kept
        again = ingest(str(path), "--yes")
        assert f"skipped:  {EMERALD}: This file is already in the graph as '{EMERALD_ID}'." in again.stdout
        assert (store / f"{sha}.pdf").read_bytes() == path.read_bytes()
        assert delete_upload(driver, f"{EMERALD_ID}-none") == []  # no such contract: no file goes
        assert (store / f"{sha}.pdf").is_file()


def test_a_scan_keeps_its_ocr_word_boxes_and_a_section_is_highlighted_on_them(driver, store, tmp_path):
    """One real page made a scan (no text layer), read by Tesseract at commit: its word boxes are kept beside
    the PDF and a stored section is found on them exactly."""
    scan = tmp_path / "bellring scan.pdf"
    scan.write_bytes(scan_of(real_pdf(BELLRING)))
    sha = sha256_of(scan.read_bytes())
    with exact_cleanup(driver) as committed:
        done = ingest(str(scan), "--yes", "--on-duplicate", "keep", "--contract-type", "Manufacturing")
        committed.append("bellring scan")
        assert done.returncode == 0, done.stderr
        assert sorted(p.name for p in store.iterdir()) == [f"{sha}.ocr.json", f"{sha}.pdf"]
        words = load_ocr_words(sha)
        assert list(words) == [1] and len(words[1]) > 300
        sections = read(driver, SECTIONS, {"file_id": "bellring scan"})
        longest = max(sections, key=lambda s: len(s["text"]))
        found = find_quote(load_pdf(sha), longest["text"], longest["page"], words)
        assert (found.page, found.match, found.source) == (1, "exact", "ocr")
        assert found.boxes and set(found.boxes) <= {box for _, box in words[1]}
        assert delete_upload(driver, "bellring scan") == [sha] and list(store.iterdir()) == []


def test_replacing_an_upload_removes_the_replaced_pdf(driver, store, tmp_path):
    """A replace used to leave the old upload's PDF in the store until `prune`; now it goes once the new contract
    is committed, and the new upload's PDF is kept."""
    path = PDF_DIR / EMERALD
    old_sha = sha256_of(path.read_bytes())
    changed = tmp_path / EMERALD
    changed.write_bytes(path.read_bytes() + b"\n% the same agreement, saved again\n")  # same text, other bytes
    new_sha = sha256_of(changed.read_bytes())
    with exact_cleanup(driver) as committed:
        assert ingest(str(path), "--yes", "--on-duplicate", "keep").returncode == 0
        committed.append(EMERALD_ID)
        assert sorted(p.name for p in store.iterdir()) == [f"{old_sha}.pdf"]
        done = ingest(str(changed), "--yes", "--on-duplicate", "replace")
        assert done.returncode == 0, done.stderr
        assert contract_files(driver, EMERALD_ID) == [new_sha]
        assert sorted(p.name for p in store.iterdir()) == [f"{new_sha}.pdf"]
        assert delete_upload(driver, EMERALD_ID) == [new_sha] and list(store.iterdir()) == []
