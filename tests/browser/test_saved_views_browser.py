"""Saved views in headless Chromium: a filter saved from the Explorer's "Save as a view" (with the sidebar's name)
is stored (exact node), listed in the sidebar of a fresh browser context (another person), and its link opens the
Explorer with the same count as the filter; Delete removes it. Screenshots at 1366 and 1920 px go to
test-artifacts/; a console error fails."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from neo4j import Driver

from graph.query.filters import ContractFilter
from graph.reads.repository import search_contracts
from graph.server.db import read, write
from tests.browser.test_dashboard_browser import metric, open_path, url_filter, wait_idle

pytestmark = [pytest.mark.browser, pytest.mark.integration]
NAME = "browser view licences 2015"
STORED = "MATCH (v:SavedView {name_key: $key}) RETURN v {.*} AS v"
DROP = "MATCH (v:SavedView {name_key: $key}) DELETE v"
LICENCES_2015 = ContractFilter.model_validate({"contract_types": ["License"], "active": True, "as_of": "2015-01-01"})


@pytest.fixture
def no_view(driver: Driver) -> Iterator[None]:
    write(driver, DROP, {"key": NAME})
    yield
    write(driver, DROP, {"key": NAME})


def test_save_open_from_the_sidebar_and_delete(page, chromium, app, driver, artifacts, console, no_view):
    open_path(page, app, "/")  # a first visit to the root: see test_cold_deep_link_runs_the_app_shell
    open_path(page, app, "/explorer?contract_types=License&active=true&as_of=2015-01-01")
    name = page.get_by_role("textbox", name="Your name")
    name.fill("Rita Reviewer")
    name.press("Enter")
    wait_idle(page)
    page.get_by_test_id("stMainBlockContainer").get_by_text("Save as a view").click()  # the sidebar names it too
    page.get_by_role("textbox", name="View name").fill(NAME)
    page.get_by_role("button", name="Save view").click()
    page.get_by_text(f"Saved the view '{NAME}'").wait_for()
    [node] = [r["v"] for r in read(driver, STORED, {"key": NAME})]
    assert (node["name"], node["filter"], node["as_of_rule"], node["as_of"].isoformat(), node["created_by"]) == (
        NAME, '{"active": true, "contract_types": ["License"]}', "fixed", "2015-01-01", "Rita Reviewer")

    expected = search_contracts(driver, LICENCES_2015).total_count
    other = chromium.new_context(viewport={"width": 1366, "height": 900})
    try:
        theirs = other.new_page()
        theirs.set_default_timeout(60_000)
        theirs.on("console", console.on_console)
        theirs.on("pageerror", console.on_page_error)
        open_path(theirs, app, "/")
        theirs.locator('[data-testid="stSidebar"]').get_by_role("link", name=NAME).click()
        theirs.get_by_text(f"Saved view: {NAME}").wait_for()
        wait_idle(theirs)
        assert url_filter(theirs) == LICENCES_2015
        assert expected > 0 and metric(theirs, "Matching contracts") == f"{expected:,}"
        for width in (1366, 1920):
            theirs.set_viewport_size({"width": width, "height": 900})
            theirs.mouse.move(width // 2, 5)  # no tooltip over the sidebar
            wait_idle(theirs)
            theirs.wait_for_timeout(1500)
            theirs.screenshot(path=str(artifacts / f"explorer-saved-view-{width}.png"))
    finally:
        other.close()

    page.get_by_role("button", name="Delete view").click()
    page.get_by_role("button", name=f"Delete '{NAME}'").click()
    page.get_by_text(f"Deleted the view '{NAME}'.").wait_for()
    assert read(driver, STORED, {"key": NAME}) == []
    wait_idle(page)
    assert page.locator('[data-testid="stSidebar"]').get_by_role("link", name=NAME).count() == 0
    assert console.errors == []
