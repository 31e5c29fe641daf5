"""Renewal decisions, the act-on list and the text search in headless Chromium: a decision typed on the Renewals
page with the sidebar's name is stored (exact node) and is in the downloaded .ics with its reminder; the
Overview lists the deadline with it; the Explorer's text search shows its counts and highlights. A console
error fails; screenshots go to test-artifacts/."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest

from graph.query.filters import ContractFilter
from graph.reads.renewals import renewal_schedule
from graph.server.db import read, write
from tests.browser.test_dashboard_browser import open_path, screenshot, wait_idle
from tests.browser.test_renewals_browser import calendar_events

pytestmark = [pytest.mark.browser, pytest.mark.integration]
AS_OF = date(2012, 1, 1)
YEAR = ContractFilter(as_of=AS_OF, min_notice_by=AS_OF, max_notice_by=AS_OF + timedelta(days=365), limit=0)
STORED = "MATCH (:Contract {file_id: $f})-[:HAS_RENEWAL_DECISION]->(d:RenewalDecision) RETURN d {.*} AS d"
DROP = "MATCH (d:RenewalDecision {file_id: $f}) OPTIONAL MATCH (d)-[:WAS]->(h) DETACH DELETE d, h"


def test_decision_is_stored_listed_and_in_the_calendar(page, app, driver, artifacts, console, tmp_path):
    first = renewal_schedule(driver, YEAR)[0]
    write(driver, DROP, {"f": first.file_id})
    try:
        open_path(page, app, f"/renewals?as_of={AS_OF.isoformat()}")
        name = page.get_by_role("textbox", name="Your name")
        name.fill("Rita Reviewer")
        name.press("Enter")
        wait_idle(page)
        page.get_by_role("textbox", name="Owner", exact=True).fill("Legal ops")
        page.get_by_role("button", name="Save decision").click()
        page.get_by_text("Saved: undecided").wait_for()
        [node] = [r["d"] for r in read(driver, STORED, {"f": first.file_id})]
        assert (node["owner"], node["decision"], node["decided_by"], node["deadline"]) == (
            "Legal ops", "undecided", "Rita Reviewer", first.deadlines.next_notice_by)
        screenshot(page, artifacts / "renewals-decision.png")
        mine = next(e for e in calendar_events(page, tmp_path)
                    if f"Contract file: {first.file_id}." in str(e.get("DESCRIPTION")))
        assert "Owner: Legal ops. Decision: undecided (Rita Reviewer)." in str(mine.get("DESCRIPTION"))
        assert next(iter(mine.walk("VALARM"))).decoded("TRIGGER") == timedelta(days=-14)
        open_path(page, app, f"/?as_of={AS_OF.isoformat()}")
        page.get_by_text("Act on these notice deadlines").wait_for()
        page.get_by_text(re.compile(r"^90 days \(\d+\)$")).click()
        wait_idle(page)
        screenshot(page, artifacts / "overview-act-on.png")
        assert console.errors == []
    finally:
        write(driver, DROP, {"f": first.file_id})


def test_explorer_text_search_highlights(page, app, artifacts, console):
    open_path(page, app, "/explorer")
    box = page.get_by_role("textbox", name="Words or \"a phrase\" in the contracts' text")
    box.fill('"governed by" delaware')
    page.get_by_role("button", name="Search text").click()
    page.get_by_text("contracts in this filter have").first.wait_for()
    wait_idle(page)
    marks = page.locator("[data-testid=stMarkdownContainer] span").filter(has_text="Delaware")
    assert marks.count() > 0
    screenshot(page, artifacts / "explorer-text-search.png")
    assert console.errors == []
