"""Clause search in headless Chromium: the Explorer's clause review lists one row per contract of the filter
with a match and its CSV download holds exactly those rows; selecting a row opens that contract's Document
tab with the search already run; a citation in the Document tab's results scrolls the document view to the
section. Screenshots at 1280x800 and 1920x1080 go to test-artifacts/; a console error fails."""

from __future__ import annotations

import csv
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Locator, Page, expect

from components.contract.document_html import anchor
from graph.query.filters import ContractFilter
from graph.retrieval.clause_review import clause_review
from graph.retrieval.search import clause_search
from tests.browser.test_dashboard_browser import assert_no_console_errors, open_path, wait_idle
from tests.integration.test_document_layer import BELLICUM

pytestmark = [pytest.mark.browser, pytest.mark.integration]

SIZES = ((1280, 800), (1920, 1080))
QUESTION = "termination for breach"


def shots(page: Page, artifacts: Path, name: str, top: Locator) -> None:
    """The viewport at each size with `top` scrolled to its top (what a person sees there), then back to the
    fixture's size."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(800)
        top.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(800)
        page.screenshot(path=str(artifacts / f"{name}-{width}x{height}.png"))
    page.set_viewport_size({"width": 1600, "height": 1000})


def test_explorer_clause_review_table_csv_and_row_link(page, app, driver, artifacts, console, tmp_path):
    open_path(page, app, "/explorer?contract_types=License")
    review = clause_review(driver, "majeure", ContractFilter(contract_types=("License",)))
    box = page.get_by_role("textbox", name="What do these contracts say about ...")
    box.fill("majeure")
    page.get_by_role("button", name="Search clauses").click()
    download = page.get_by_role("button", name=f"Download the clause review ({review.total} rows, CSV)")
    expect(download).to_be_visible()
    wait_idle(page)
    heading = page.get_by_role("heading", name="Search clauses in these contracts")
    shots(page, artifacts, "clause-review", heading)

    with page.expect_download() as info:
        download.click()
    path = tmp_path / "clause-review.csv"
    info.value.save_as(path)
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == review.total
    assert [r["file_id"] for r in rows] == [r.file_id for r in review.rows]

    # Select the first row (the checkbox column of the grid) -> the contract's Document tab with the search.
    grid = page.locator('[data-testid="stDataFrame"]').filter(has=page.locator("text=Quote")).first
    grid.scroll_into_view_if_needed()
    cell = grid.locator("canvas").first.bounding_box()
    assert cell is not None
    page.mouse.click(cell["x"] + 12, cell["y"] + 36 + 18)  # the selection column of the first data row
    page.wait_for_url("**/contract?**")
    wait_idle(page)
    assert "clause=majeure" in page.url and quote(review.rows[0].file_id, safe="")[:20] in page.url.replace("+", "%20")
    expect(page.locator(".cg-hits")).to_be_visible()
    assert_no_console_errors(console)


def test_document_tab_search_jumps_to_the_section(page, app, driver, artifacts, console):
    open_path(page, app, f"/contract?file_id={quote(BELLICUM)}")
    page.get_by_role("tab", name="Document").click()
    page.get_by_role("textbox", name="What does this contract say about ...").fill(QUESTION)
    page.get_by_role("button", name="Search", exact=True).click()
    cards = page.locator(".cg-hits .cg-hit")
    expected = clause_search(driver, QUESTION, file_id=BELLICUM)
    expect(cards).to_have_count(len(expected.items))
    wait_idle(page)
    assert page.locator(".cg-hits mark").count() > 0
    shots(page, artifacts, "document-search", page.get_by_role("tab", name="Document"))

    # A reference card's citation scrolls the document view to its section.
    reference = next(i for i in expected.items if i.kind == "section" and not i.reached.startswith("hit"))
    link = page.locator(".cg-hits a.cg-ref", has_text=reference.cite()).first
    link.click()
    target = page.locator(f"#{anchor('sec', reference.number)}")
    expect(target).to_be_in_viewport()
    page.wait_for_timeout(500)
    page.screenshot(path=str(artifacts / "document-search-jump.png"))
    assert_no_console_errors(console)
