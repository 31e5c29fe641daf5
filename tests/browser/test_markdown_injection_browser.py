"""In Chromium, the Contract page of a contract whose summary, scope, clause and party name carry Markdown
images, links and bare URLs to a local HTTP listener: the browser makes no request to it and the page has no
link or image pointing there; the text is shown as written (issue 18)."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from playwright.sync_api import Page

from components.formatting import WORD_JOINER
from tests.browser.conftest import App, ConsoleLog
from tests.browser.test_dashboard_browser import open_path
from tests.hostile_contract import FILE_ID, hostile_contract, listener

pytestmark = [pytest.mark.browser, pytest.mark.integration]

POINTING_AT = """base => {
  const all = [document, ...[...document.querySelectorAll('iframe')].map(f => f.contentDocument).filter(d => d)];
  return all.flatMap(d => [...d.querySelectorAll('a[href], img[src], link[href], source[src], image')]
    .map(e => e.getAttribute('href') || e.getAttribute('src') || e.getAttribute('xlink:href') || '')
    .filter(url => url.includes(base)));
}"""


def test_contract_page_makes_no_request_for_injected_markdown(page: Page, app: App, console: ConsoleLog,
                                                             driver) -> None:
    with listener() as http, hostile_contract(driver, http.base) as stored:
        open_path(page, app, f"/contract?file_id={quote(FILE_ID)}")
        page.get_by_text("Supply of widgets", exact=False).first.wait_for()
        page.locator('[data-testid="stExpander"]').filter(has_text="Confidentiality").first.click()
        page.wait_for_timeout(1500)  # give any image or prefetch time to go out
        assert http.paths == []
        assert page.evaluate(POINTING_AT, http.base.removeprefix("http://")) == []
        text = page.locator('[data-testid="stMain"]').inner_text().replace(WORD_JOINER, "")
        assert stored["summary"] in text and f"[secret]({http.base}/clause-link)" in text
        assert console.errors == []
    assert http.paths == []
