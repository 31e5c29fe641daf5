"""The Explorer's review grid in headless Chromium: built over the License filter with the default categories,
its Excel download opens with openpyxl and holds one row per contract of the grid, in its order; selecting a row
opens that contract's cells, and confirming one with a name stores the decision and marks the cell. Screenshots
at 1366x768 and 1920x1080 go to test-artifacts/; a console error fails."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook
from playwright.sync_api import Page, expect

from components.explorer.clause_grid import DEFAULT
from graph.query.filters import ContractFilter
from graph.retrieval.clause_grid import Column, clause_grid
from graph.server.db import read
from tests.browser.test_dashboard_browser import assert_no_console_errors, open_path, wait_idle
from tests.integration.test_clause_decisions import clean  # noqa: F401 (the fixture: no decision before or after)

pytestmark = [pytest.mark.browser, pytest.mark.integration]

SIZES = ((1366, 768), (1920, 1080))


def shots(page: Page, artifacts: Path, name: str) -> None:
    """The grid's heading at the top of the viewport at each size."""
    top = page.get_by_role("heading", name="Review grid")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(800)
        top.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(800)
        page.screenshot(path=str(artifacts / f"{name}-{width}x{height}.png"))
    page.set_viewport_size({"width": 1600, "height": 1000})


@pytest.mark.usefixtures("clean")
def test_review_grid_excel_row_selection_and_decision(page, app, driver, artifacts, console, tmp_path):
    grid = clause_grid(driver, [Column(c, c) for c in DEFAULT], ContractFilter(contract_types=("License",)))
    open_path(page, app, "/explorer?contract_types=License")
    page.get_by_role("button", name="Build the grid").click()
    excel = page.get_by_role("button", name=f"Download the grid ({len(grid.rows)} rows, Excel)")
    expect(excel).to_be_visible()
    wait_idle(page)
    shots(page, artifacts, "review-grid")

    with page.expect_download() as info:
        excel.click()
    path = tmp_path / "clause-grid.xlsx"
    info.value.save_as(path)
    values = list(load_workbook(path).active.iter_rows(values_only=True))
    assert [v[0] for v in values[1:]] == [r.file_id for r in grid.rows]

    table = page.locator('[data-testid="stDataFrame"]').filter(has=page.locator(f"text={DEFAULT[0]}")).last
    table.scroll_into_view_if_needed()
    box = table.locator("canvas").first.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + 12, box["y"] + 36 + 18)  # the selection column of the first data row
    first = grid.rows[0]
    expect(page.get_by_role("heading", name=first.title)).to_be_visible()
    sidebar_name = page.get_by_role("textbox", name="Your name")
    if sidebar_name.count():
        sidebar_name.first.fill("B. Browser")
        sidebar_name.first.press("Enter")
    else:
        page.get_by_role("textbox", name="Your name (stored with the decision)").fill("B. Browser")
    wait_idle(page)
    page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_text("confirmed by B. Browser on").first).to_be_visible()
    wait_idle(page)
    shots(page, artifacts, "review-grid-decided")
    stored = read(driver, "MATCH (d:ClauseDecision) RETURN d.file_id AS f, d.verdict AS v, d.reviewer AS r")
    assert stored == [{"f": first.file_id, "v": "confirmed", "r": "B. Browser"}]
    assert_no_console_errors(console)
