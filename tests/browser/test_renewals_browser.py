"""The Renewals page in headless Chromium: the timeline draws, the table and the .ics download hold the
filter's total_count deadlines (the .ics parsed with icalendar), the evidence link opens the quoted section
in the Contract page's Document tab; a screenshot goes to test-artifacts/, and a console error fails."""

from __future__ import annotations

from datetime import date, timedelta

import icalendar
import pytest
from playwright.sync_api import expect

from graph.query.filters import ContractFilter
from graph.reads.repository import search_contracts
from tests.browser.test_dashboard_browser import metric, open_path, screenshot, wait_idle

pytestmark = [pytest.mark.browser, pytest.mark.integration]
AS_OF = date(2012, 1, 1)


def calendar_events(page, tmp_path) -> list:
    """The events of the page's downloaded .ics, parsed with icalendar."""
    with page.expect_download() as info:
        page.get_by_role("button", name="Download calendar (.ics)").click()
    path = tmp_path / "deadlines.ics"
    info.value.save_as(path)
    return icalendar.Calendar.from_ical(path.read_text(encoding="utf-8")).walk("VEVENT")


def test_renewals_page_timeline_table_and_calendar(page, app, driver, artifacts, console, tmp_path):
    f = ContractFilter(as_of=AS_OF, min_notice_by=AS_OF, max_notice_by=AS_OF + timedelta(days=365), limit=0)
    total = search_contracts(driver, f).total_count
    open_path(page, app, f"/renewals?as_of={AS_OF.isoformat()}")
    assert metric(page, "Notice deadlines") == f"{total:,}"
    expect(page.locator('[data-testid="stDataFrame"]')).to_be_visible()  # the first view: the table
    page.get_by_role("tab", name="Timeline").click()  # the timeline is one click away (issue 33)
    page.locator(".js-plotly-plot .barlayer .point").first.wait_for()
    assert page.locator(".js-plotly-plot .barlayer .point").count() >= min(total, 30)
    screenshot(page, artifacts / "renewals.png")
    events = calendar_events(page, tmp_path)
    assert len(events) == total
    assert console.errors == []


def test_evidence_link_opens_the_section(page, app, artifacts, console):
    energous = "ENERGOUSCORP_03_16_2017-EX-10.24-STRATEGIC ALLIANCE AGREEMENT"
    open_path(page, app, f"/contract?file_id={energous.replace(' ', '%20')}&section=15.1")
    wait_idle(page)
    focus = page.get_by_text("(linked from Renewals)")
    focus.wait_for()
    assert focus.is_visible()
    screenshot(page, artifacts / "renewals-evidence.png")
    assert console.errors == []
