"""Issue 34 in headless Chromium: the Explorer's party picker after typing "cisco" and Enter (it picked
"Select 52 matches": ten unrelated parties ANDed, 0 contracts), and the Renewals downloads whose links
must work outside the app (the CSV's were relative; the .ics had no reminder and no link back)."""

from __future__ import annotations

import csv
import io

import icalendar
import pytest

from tests.browser.test_dashboard_browser import metric, open_path, screenshot, url_filter, wait_idle

pytestmark = [pytest.mark.browser, pytest.mark.integration]


def test_enter_in_the_party_picker_picks_one_matching_party(page, app, artifacts, console):
    open_path(page, app, "/explorer")
    picker = page.locator('[data-testid="stMultiSelect"]').filter(has_text="pick parties by name")
    box = picker.get_by_role("combobox")
    box.click()
    box.press_sequentially("cisco", delay=30)
    page.wait_for_timeout(500)
    options = [t.strip() for t in page.get_by_role("option").all_inner_texts()]
    assert options and not any(o.startswith("Select ") and "matches" in o for o in options), options
    assert all("cisco" in o.lower() for o in options), options
    box.press("Enter")
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Apply filters").click()
    wait_idle(page)
    picked = url_filter(page).parties
    assert len(picked) == 1 and "cisco" in picked[0].lower(), picked
    assert int(metric(page, "Matching contracts").replace(",", "")) > 0
    screenshot(page, artifacts / "explorer-party-picker.png")
    assert console.errors == []


def test_renewals_downloads_link_back_to_the_app(page, app, tmp_path, console):
    from components.renewals.export import REMINDER_DAYS

    open_path(page, app, "/renewals?as_of=2012-01-01")
    with page.expect_download() as info:
        page.get_by_role("button", name="Download CSV").click()
    rows = list(csv.DictReader(io.StringIO(info.value.path().read_text(encoding="utf-8"))))
    assert rows and all(r["Open"].startswith(f"{app.url}/contract?file_id=") for r in rows), rows[0]["Open"]
    with page.expect_download() as info:
        page.get_by_role("button", name="Download calendar (.ics)").click()
    events = icalendar.Calendar.from_ical(info.value.path().read_text(encoding="utf-8")).walk("VEVENT")
    assert len(events) == len(rows)
    assert all(str(e.get("URL")).startswith(f"{app.url}/contract?file_id=") for e in events)
    assert all(e.walk("VALARM")[0].decoded("TRIGGER").days == -REMINDER_DAYS for e in events)
    assert console.errors == []
