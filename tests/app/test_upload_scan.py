"""Scans on the Upload page (AppTest, real Tesseract): the file is read in a worker thread, the page shows a
running status with the OCR progress and stays usable; when the job ends the review shows how many pages OCR
read and their confidence. A corrupt scan ends as "failed" with its message. Nothing is written either way."""

from __future__ import annotations

import pytest

from graph.reads.repository import graph_counts
from tests.app.shown import shown
from tests.app.test_chat_support import LLM_VARS, navigate_like_the_server, start_app
from tests.app.test_upload import PAGE, upload
from tests.ingest_support import PDF_DIR, image_only_pdf
from tests.ocr_support import corrupt_scan

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(not PDF_DIR.is_dir(), reason="CUAD sample PDFs not present")]


@pytest.fixture
def offline(monkeypatch):
    navigate_like_the_server(monkeypatch)
    for name in LLM_VARS:
        monkeypatch.delenv(name, raising=False)
    at = start_app(PAGE)
    if any(r.key == "upload_engine" for r in at.radio):
        at.radio(key="upload_engine").set_value("Offline rules (no model)").run()
    return at


def _finish(at) -> None:
    """Wait for every background scan of the session, then rerun as the polling fragment would."""
    for item in at.session_state["upload_items"].values():
        if item.job is not None:
            item.job.future.exception(timeout=300)
    at.run()
    assert not at.exception, at.exception


def test_a_scan_is_read_in_the_background_then_reviewed_with_its_ocr_confidence(driver, offline):
    at = offline
    before = graph_counts(driver)
    upload(at, ("scan.pdf", image_only_pdf()), ("damaged.pdf", corrupt_scan()))
    assert [shown(s.label) for s in at.status] == ["scan.pdf: reading the scan (1 page to OCR)",
                                                  "damaged.pdf: reading the scan (1 page to OCR)"]
    assert all(item.status == "reading" for item in at.session_state["upload_items"].values())
    assert "OCR runs in the background" in " ".join(c.value for c in at.caption)
    _finish(at)
    assert [(shown(s.label), s.state) for s in at.status] == [("scan.pdf: ready for review", "complete"),
                                                               ("damaged.pdf: failed", "error")]
    assert shown(at.info[0].value).startswith("1 of 1 pages were read by OCR (mean confidence 9")
    assert at.selectbox(key="upload_1_contract_type").value == "Supply"  # read off the OCRed title
    assert shown(at.error[0].value).split("\n\n")[0] == (
        "**damaged.pdf**: The PDF is a scan and OCR read no text on its 1 page(s): the images may be corrupt, "
        "blank or too low in resolution.")
    at.button(key="upload_1_discard").click().run()
    assert graph_counts(driver) == before
