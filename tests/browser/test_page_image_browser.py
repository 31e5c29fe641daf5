"""The original page in headless Chromium (issue 34 item 5): on the Contract page of an uploaded PDF (the Emerald
development agreement, committed through the upload path with a file store of this module's own), "Show on the
page" under the notice quote draws page 3 with the quote highlighted: the image loads at the page's size and its
pixels hold the highlight's yellow. Screenshots at 1366 and 1920 px. A console error fails."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from PIL import Image

from ingest.pipeline import RULES, commit_review, process_file
from tests.browser.conftest import App, start_app, stop_app
from tests.browser.test_dashboard_browser import open_path, wait_idle
from tests.ingest_support import PDF_DIR, exact_cleanup, real_pdf
from tests.unit.test_page_image import EMERALD

pytestmark = [pytest.mark.browser, pytest.mark.integration,
              pytest.mark.skipif(not (PDF_DIR / EMERALD).is_file(), reason="CUAD sample PDFs not present")]
SHOTS = Path(os.environ.get("CG_SHOTS_DIR") or "")  # also kept outside the artifacts when set


@pytest.fixture(scope="module")
def uploaded_app(driver, artifacts: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[App, str]]:
    """The Emerald PDF committed into a file store of this module's own, and the app serving it."""
    if os.environ.get("CG_NEO4J_LOCAL") != "1":
        pytest.fail("Browser tests run under `make test` (tests/with_test_db.sh starts the test server).")
    store = tmp_path_factory.mktemp("files")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CG_FILE_STORE", str(store))
        with exact_cleanup(driver) as committed:
            review = process_file(real_pdf(EMERALD), EMERALD, driver, RULES)
            committed.append(commit_review(driver, review, review.draft, {}, on_duplicate="keep",
                                           flag_missing=True).file_id)
            running = start_app(artifacts / "streamlit-page-image.log", os.environ.copy())
            try:
                yield running, committed[0]
            finally:
                stop_app(running)


def yellow_share(png: bytes) -> float:
    """The share of the image's pixels the highlight turned yellow (paper white under the translucent fill)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    pixels = list(image.get_flattened_data()) if hasattr(image, "get_flattened_data") else list(image.getdata())
    return sum(1 for r, g, b in pixels if r > 235 and 225 < g < 250 and 120 < b < 200) / len(pixels)


@pytest.mark.parametrize("width", [1366, 1920])
def test_show_on_the_page_draws_the_highlighted_page(page, uploaded_app, artifacts, console, width):
    app, file_id = uploaded_app
    page.set_viewport_size({"width": width, "height": 1000})
    open_path(page, app, f"/contract?file_id={quote(file_id)}")
    page.get_by_text("Term and renewal").wait_for()
    wait_idle(page)
    toggles = page.locator('[data-testid="stCheckbox"]').filter(has_text="Show on the page")
    toggles.nth(3).wait_for()  # the page draws progressively: all four are there once the last is
    assert toggles.count() == 4
    toggles.nth(3).get_by_text("Show on the page").click()  # the notice period's quote
    image = page.get_by_role("img", name=f"Page of {file_id} with the quote highlighted")
    image.wait_for()
    wait_idle(page)
    assert image.evaluate("i => [i.complete, i.naturalWidth, i.naturalHeight]") == [True, 1190, 1684]
    page.get_by_text("Page 3 of the uploaded PDF. Highlighted: the quote's text boxes").wait_for()
    image.scroll_into_view_if_needed()
    shot = image.screenshot()
    assert yellow_share(shot) > 0.005  # four highlighted lines: about 1-3% of the page's pixels
    full = artifacts / f"contract-page-image-{width}.png"
    toggles.nth(3).scroll_into_view_if_needed()  # the quote, its toggle, the caption and the page below
    page.screenshot(path=str(full))
    if SHOTS.parts:
        SHOTS.mkdir(parents=True, exist_ok=True)
        (SHOTS / full.name).write_bytes(full.read_bytes())
    assert console.errors == []
