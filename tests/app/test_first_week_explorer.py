"""Issue 34, the Explorer as a new analyst saw it: the party picker has no 'Select N matches' option that
Enter picked (the Chromium test types it), an empty result names the filter, the expiry chart counts from
the filter's as-of date, and the CSV is named by the filter and the day."""

from __future__ import annotations

import json
from datetime import date

from streamlit.testing.v1 import AppTest

from graph.query.filter_url import filter_to_query, short_digest
from graph.query.filters import ContractFilter, parse_filter
from graph.reads.repository import search_contracts
from tests.app.shown import shown
from tests.app.test_dashboard import APP, EXPLORER, open_page


def test_party_picker_offers_no_bulk_selection_and_matches_by_contains():
    at = open_page(EXPLORER)
    picker = at.multiselect(key="explorer_" + short_digest(ContractFilter().model_dump_json()) + "_parties")
    assert picker.proto.select_all == 0  # 'Select N matches' off (Streamlit's default offers it up to 1,000)
    assert picker.proto.filter_mode == 1  # SelectWidgetFilterMode.CONTAINS (it was FUZZY: 52 names for "cisco")


def test_empty_result_names_the_filter(driver):
    f = parse_filter({"contract_types": ["License"], "parties": ["zzzz no such party"]})
    assert search_contracts(driver, f.model_copy(update={"limit": 0})).total_count == 0
    at = open_page(EXPLORER, filter_to_query(f))
    [info] = [shown(i.value) for i in at.main.info if "No contract matches" in i.value]
    assert info.startswith("No contract matches type: License · party: zzzz no such party.")


def test_expiry_chart_counts_from_the_filters_as_of_date(driver):
    f = parse_filter({"as_of": "2015-01-01"})
    at = open_page(EXPLORER, {**filter_to_query(f), "explorer_charts_right": "End year"})  # the expiry chart's tab
    titles = [json.loads(c.proto.spec)["layout"].get("title", {}).get("text", "") for c in at.get("plotly_chart")]
    titles += [shown(m.value) for m in at.main.markdown]
    assert any("Contracts ending from 2015-01-01" in t for t in titles), titles
    assert not any(f"Contracts ending from {date.today():%b %d, %Y}" in t for t in titles)


def test_one_date_format_on_every_dated_page():
    """Issue 34: Renewals' date picker showed 2015/01/01 and the Overview wrote 'January 01, 2015' beside
    2015-01-01 elsewhere."""
    overview = AppTest.from_file(APP, default_timeout=120)
    overview.query_params["as_of"] = "2015-01-01"
    overview.run()
    assert any("as of 2015-01-01." in shown(c.value) for c in overview.main.caption)
    renewals = open_page("pages/portfolio/renewals.py", {"as_of": "2015-01-01"})
    for at in (overview, open_page(EXPLORER), renewals):
        assert at.date_input and {d.proto.format for d in at.date_input} == {"YYYY-MM-DD"}
