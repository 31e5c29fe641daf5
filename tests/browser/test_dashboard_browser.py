"""The dashboard in headless Chromium: every page opens, a chart click and the Explorer form change the
count (checked against the compiler), the CSV download holds every match, the contract's pyvis graph shows
its nodes, a screenshot of each page goes to test-artifacts/, and any browser console error fails."""

from __future__ import annotations

import csv
from pathlib import Path
from urllib.parse import parse_qs, quote, urlparse

import pytest
from playwright.sync_api import Frame, Page, expect

from graph.query.filter_url import filter_from_query
from graph.query.filters import ContractFilter
from graph.reads.repository import overview, search_contracts, search_parties
from graph.reads.subgraph import contract_subgraph, party_network
from tests.browser.conftest import App, ConsoleLog, start_app, stop_app

pytestmark = [pytest.mark.browser, pytest.mark.integration]

VERTICALNET = "VERTICALNETINC_04_01_2002-EX-10.19-MAINTENANCE AND SUPPORT AGREEMENT"
IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'


def wait_idle(page: Page) -> None:
    page.wait_for_selector(IDLE)
    page.wait_for_timeout(300)  # let a rerun that was just requested start before checking again
    page.wait_for_selector(IDLE)


def open_path(page: Page, app: App, path: str) -> None:
    page.goto(app.url + path)
    wait_idle(page)


def screenshot(page: Page, path: Path) -> None:
    """The whole page: Streamlit scrolls inside its main container, so grow the viewport to fit it."""
    height = page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollHeight")
    page.set_viewport_size({"width": 1600, "height": min(int(height) + 40, 8000)})
    page.wait_for_timeout(1500)
    page.screenshot(path=str(path), full_page=True)
    page.set_viewport_size({"width": 1600, "height": 1000})


def metric(page: Page, label: str) -> str:
    card = page.locator('[data-testid="stMetric"]').filter(has_text=label).first
    return card.locator('[data-testid="stMetricValue"]').inner_text().strip()


def url_filter(page: Page) -> ContractFilter:
    params = parse_qs(urlparse(page.url).query)
    return filter_from_query(lambda key: params.get(key, []))


def graph_frame(page: Page, title: str) -> Frame:
    handle = page.locator(f'iframe[title="{title}"]').element_handle()
    frame = handle.content_frame() if handle else None
    assert frame is not None, f"no iframe titled {title!r}"
    frame.wait_for_function("() => typeof network !== 'undefined' && network.body.data.nodes.length > 0")
    return frame


def drawn_nodes(page: Page, title: str, expected: int) -> int:
    """Nodes in the graph iframe once it shows `expected` of them (or whatever it shows after 30 s)."""
    count = -1
    for _ in range(60):
        count = graph_frame(page, title).evaluate("() => network.body.data.nodes.length")
        if count == expected:
            break
        page.wait_for_timeout(500)
    return count


def assert_no_console_errors(console: ConsoleLog) -> None:
    assert console.errors == [], "browser console errors:\n" + "\n".join(console.errors)


def test_overview_chart_click_opens_explorer_filtered(page, app, driver, artifacts, console):
    open_path(page, app, "/")
    expect(page.locator('[data-testid="stPlotlyChart"]')).to_have_count(2)  # one per tab set (issue 33)
    page.get_by_role("tab", name="Value").click()  # a chart behind a tab is one click away
    expect(page.locator(".js-plotly-plot .gtitle").filter(has_text="Contract value distribution")).to_be_visible()
    wait_idle(page)
    assert parse_qs(urlparse(page.url).query)["charts_right"] == ["Value"]
    expect(page.locator('[data-testid="stPlotlyChart"]')).to_have_count(2)
    assert metric(page, "Contracts") == f"{overview(driver)['contracts']:,}"
    screenshot(page, artifacts / "overview.png")

    by_type = page.locator('[data-testid="stPlotlyChart"]').first
    by_type.scroll_into_view_if_needed()  # the act-on list above the charts can push them below the fold
    bar = by_type.locator("g.trace.bars g.point path").first.bounding_box()
    assert bar is not None
    # Plotly's drag layer sits over the bars and turns a click at the bar's position into a selection.
    page.mouse.click(bar["x"] + bar["width"] / 2, bar["y"] + bar["height"] / 2)
    page.wait_for_url("**/explorer?**")
    wait_idle(page)
    f = url_filter(page)
    top = search_contracts(driver, {"limit": 0, "group_by": "contract_type", "agg_limit": 1}).aggregation[0]
    assert f.contract_types == (top["key"],)
    expect(page.locator('[data-testid="stMetric"]').filter(has_text="Matching contracts")
           .locator('[data-testid="stMetricValue"]')).to_have_text(f"{top['value']:,}")
    assert_no_console_errors(console)


def test_explorer_form_changes_count_and_csv_has_every_row(page, app, driver, artifacts, console, tmp_path):
    open_path(page, app, "/explorer?contract_types=License")
    before = search_contracts(driver, {"contract_types": ["License"]}).total_count
    assert metric(page, "Matching contracts") == f"{before:,}"

    page.get_by_role("textbox", name="Full-text search").fill("exclusive")
    page.get_by_role("button", name="Apply filters").click()
    expected = search_contracts(driver, {"contract_types": ["License"], "text": "exclusive"}).total_count
    assert expected != before
    counter = page.locator('[data-testid="stMetric"]').filter(has_text="Matching contracts")
    expect(counter.locator('[data-testid="stMetricValue"]')).to_have_text(f"{expected:,}")
    wait_idle(page)
    assert url_filter(page) == ContractFilter(contract_types=("License",), text="exclusive")

    with page.expect_download() as download:
        page.get_by_role("button", name=f"Download all {expected:,} rows (CSV)").click()
    path = tmp_path / "contracts.csv"
    download.value.save_as(path)
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    everything = search_contracts(driver, {"contract_types": ["License"], "text": "exclusive", "limit": 500})
    assert sorted(r["file_id"] for r in rows) == sorted(c["file_id"] for c in everything.contracts)
    screenshot(page, artifacts / "explorer.png")
    assert_no_console_errors(console)


def test_contract_graph_shows_nodes(page, app, driver, artifacts, console):
    open_path(page, app, "/")  # a first visit to the root: see test_cold_deep_link_runs_the_app_shell
    open_path(page, app, f"/contract?file_id={quote(VERTICALNET)}")
    expect(page.get_by_role("heading", name="Maintenance and Support Agreement")).to_be_visible()
    title = f"Graph of {VERTICALNET}"
    core = contract_subgraph(driver, VERTICALNET)
    assert drawn_nodes(page, title, len(core.nodes)) == len(core.nodes)
    assert graph_frame(page, title).evaluate("() => network.body.data.edges.length") == len(core.edges)
    # One step right on the depth control adds the parties' other contracts (the fragment reruns alone).
    page.locator(".st-key-contract_depth input[type=range]").press("ArrowRight")
    wider = contract_subgraph(driver, VERTICALNET, depth=1)
    assert len(wider.nodes) > len(core.nodes)
    assert drawn_nodes(page, title, len(wider.nodes)) == len(wider.nodes)
    page.wait_for_timeout(2500)  # let the physics settle before the screenshot
    screenshot(page, artifacts / "contract.png")
    page.locator(f'iframe[title="Graph of {VERTICALNET}"]').screenshot(path=str(artifacts / "contract-graph.png"))
    assert_no_console_errors(console)


def test_parties_network_and_other_pages_open(page, app, driver, artifacts, console):
    key = search_parties(driver, {"name": "VerticalNet, Inc."})["parties"][0]["key"]
    open_path(page, app, "/")
    open_path(page, app, f"/parties?party={key}")
    expect(page.get_by_role("heading", name="VerticalNet, Inc.")).to_be_visible()
    frame = graph_frame(page, "Party network")
    assert frame.evaluate("() => network.body.data.nodes.length") == len(party_network(driver, key).nodes)
    page.wait_for_timeout(1500)
    screenshot(page, artifacts / "parties.png")
    for name in ("chat", "upload"):
        page.get_by_role("link", name=name.capitalize(), exact=True).first.click()
        page.wait_for_url(f"**/{name}")
        wait_idle(page)
        expect(page.locator('[data-testid="stMain"]')).not_to_contain_text("Traceback")
        screenshot(page, artifacts / f"{name}.png")
    assert_no_console_errors(console)


def test_server_log_has_no_warnings(app):
    log = app.log.read_text(errors="replace")
    lines = [line for line in log.splitlines() if "deprecat" in line.lower() or "Traceback" in line]
    assert lines == []


def test_cold_deep_link_runs_the_app_shell(chromium, artifacts):
    cold = start_app(artifacts / "streamlit-cold.log")
    try:
        context = chromium.new_context(viewport={"width": 1600, "height": 1000})
        page = context.new_page()
        open_path(page, cold, "/explorer")
        expect(page.locator('[data-testid="stSidebar"]')).to_contain_text("Portfolio", timeout=10_000)
        expect(page.locator('[data-testid="stSidebar"]')).to_contain_text("contracts", timeout=10_000)
        expect(page.get_by_text("Page not found")).to_have_count(0)
        context.close()
    finally:
        stop_app(cold)
