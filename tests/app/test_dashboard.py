"""Overview and Explorer through the real app (app.py navigation) against the real test graph.

Counts are checked three ways: the page, the compiler (`search_contracts`) and an independent Python
evaluation of the sample (`tests.oracle`); one filter also goes through the `python -m graph search` CLI.
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from datetime import date, timedelta
from typing import Any

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from components.explorer.results import CYPHER_KEY
from components.renewals import act_on
from components.session import EXPLORER_FILTER
from graph.query.filter_url import filter_from_query, filter_to_query, short_digest
from graph.query.filters import ContractFilter, parse_filter
from graph.reads.repository import overview, search_contracts
from graph.server.config import REPO_ROOT
from graph.store.prepare import Prepared
from tests.app.shown import shown
from tests.oracle import Oracle, graph_oracle

pytestmark = pytest.mark.integration

APP = str(REPO_ROOT / "app.py")
EXPLORER = "pages/portfolio/explorer.py"
OVERVIEW = "pages/portfolio/overview.py"
FORM = "explorer_" + short_digest(ContractFilter().model_dump_json())

# Widget values to enter in the form -> the filter they stand for.
FORM_CASES: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({"types": ["Supply", "License"]}, {"contract_types": ["Supply", "License"]}),
    ({"pcountry": "CN", "status": "Expired"}, {"party_country": "CN", "active": False}),
    ({"min_effective": date(2015, 1, 1), "max_effective": date(2019, 12, 31), "min_amount": 100000.0},
     {"min_effective_date": "2015-01-01", "max_effective_date": "2019-12-31", "min_amount": 100000}),
    ({"parties": ["Bank of America, N.A."], "lcountry": "US"}, {"parties": ["Bank of America, N.A."],
                                                          "governing_law_country": "US"}),
    ({"clauses": ["Liability & Indemnification"], "text": "software"},
     {"clause_types": ["Liability & Indemnification"], "text": "software"}),
    ({"lstate": "DE", "min_end": date(2010, 1, 1), "status": "Active"},
     {"governing_law_state": "DE", "min_end_date": "2010-01-01", "active": True}),
    ({"types": ["Service"], "status": "No end date"}, {"contract_types": ["Service"], "has_end_date": False}),
    ({"party_text": "inc; bank of", "lcountry": "US"}, {"parties": ["inc", "bank of"], "governing_law_country": "US"}),
    ({"mv_op": ">=", "mv_value": 1000000.0, "sort_by": "total_amount"},
     {"monetary_value": {"operator": ">=", "value": 1000000}, "sort_by": "total_amount"}),
    ({"types": ["License"], "no_clauses": ["Confidentiality & Non-Disclosure"]},
     {"contract_types": ["License"], "without_clause_types": ["Confidentiality & Non-Disclosure"]}),
]
WIDGET_KINDS = {"types": "multiselect", "parties": "multiselect", "clauses": "multiselect",
                "no_clauses": "multiselect", "text_clauses": "multiselect",
                "pcountry": "selectbox", "lcountry": "selectbox", "lstate": "selectbox", "mv_op": "selectbox",
                "sort_by": "selectbox", "status": "radio", "text": "text_input", "party_text": "text_input",
                "min_amount": "number_input", "mv_value": "number_input"}


@pytest.fixture(scope="module")
def oracle(driver, prepared_sample: Prepared) -> Oracle:
    return graph_oracle(driver, prepared_sample)


def open_page(page: str | None = None, params: dict[str, Any] | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    assert not at.exception, at.exception
    if page:
        at.query_params.update(params or {})
        at.switch_page(page).run()
        assert not at.exception, at.exception
    return at


def metric(at: AppTest, label: str) -> str:
    return next(m.value for m in at.metric if m.label == label)


def fill_form(at: AppTest, values: dict[str, Any]) -> AppTest:
    for name, value in values.items():
        kind = WIDGET_KINDS.get(name, "date_input")
        getattr(at, kind)(key=f"{FORM}_{name}").set_value(value)
    next(b for b in at.button if b.label == "Apply filters").click().run()
    assert not at.exception, at.exception
    return at


def test_overview_shows_kpis_and_charts(driver):
    at = open_page()
    numbers = overview(driver)
    assert metric(at, "Contracts") == f"{numbers['contracts']:,}"
    assert metric(at, "Parties") == f"{numbers['parties']:,}"
    assert metric(at, "In force") == f"{numbers['active']:,}"
    assert metric(at, "Expiring in 90 days") == f"{numbers['expiring']:,}"
    assert metric(at, "No end date") == f"{numbers['no_end_date']:,}"
    assert chart_titles(at) == ["Contracts by type", "Contracts by effective year"]  # each tab set's open tab
    assert not at.error
    assert "Contract data: CUAD, The Atticus Project (CC BY 4.0)" in [c.value for c in at.main.caption]
    assert metric(at, "Total known value (USD)") == f"${numbers['total_value_usd']:,.2f}"  # the full amount, cents too


def chart_titles(at: AppTest) -> list[str]:
    return [json.loads(c.proto.spec)["layout"]["title"]["text"] for c in at.get("plotly_chart")]


@pytest.mark.parametrize(("page", "tabs"), [(OVERVIEW, "charts"), (EXPLORER, "explorer_charts")])
def test_every_chart_is_one_tab_away(page, tabs):
    """Issue 33: two charts are drawn on a first visit; each of the other three is its tab's click (the open
    tabs are in the URL, as a click on them leaves them) and draws only itself."""
    today = date.today()
    cases = [({"left": "Party country"}, ["Contracts by party country (top 12)", "Contracts by effective year"]),
             ({"right": "Value"}, ["Contracts by type", "Contract value distribution (USD only)"]),
             ({"left": "Type", "right": "End year"}, ["Contracts by type", f"Contracts ending from {today:%Y-%m-%d}"])]
    for params, titles in cases:
        at = open_page(page, {f"{tabs}_{side}": label for side, label in params.items()})
        assert chart_titles(at) == titles
        labels = [t.label for t in at.tabs]
        assert labels[labels.index("Type"):][:5] == ["Type", "Party country", "Effective year", "Value", "End year"]


def test_overview_as_of_date_recounts_active_and_expiring(driver):
    at = open_page(OVERVIEW, {"as_of": "2015-01-01"})
    numbers = overview(driver, today=date(2015, 1, 1))
    assert numbers["active"] != overview(driver)["active"]  # the date matters on this sample
    assert metric(at, "In force") == f"{numbers['active']:,}"
    # the card is the CLI's count of `{"active": true, "as_of": D}` (python -m graph search)
    assert numbers["active"] == search_contracts(driver, {"active": True, "as_of": "2015-01-01"}).total_count
    assert metric(at, "Expiring in 90 days") == f"{numbers['expiring']:,}"
    assert at.date_input(key="overview_as_of_2015-01-01").value == date(2015, 1, 1)
    at.date_input(key="overview_as_of_2015-01-01").set_value(date(2010, 6, 30)).run()
    assert at.query_params["as_of"] == "2010-06-30"
    in_force = search_contracts(driver, {"active": True, "as_of": "2010-06-30"}).total_count
    assert metric(at, "In force") == f"{in_force:,}" == f"{overview(driver, today=date(2010, 6, 30))['active']:,}"


@pytest.mark.parametrize(("widgets", "expected"), FORM_CASES, ids=[str(i) for i in range(len(FORM_CASES))])
def test_explorer_form_count_matches_compiler_and_oracle(driver, oracle, widgets, expected):
    at = fill_form(open_page(EXPLORER), widgets)
    f = parse_filter(expected)
    total = search_contracts(driver, f).total_count
    assert metric(at, "Matching contracts") == f"{total:,}"
    assert len(oracle.select(f.describe(), date.today())) == total
    # The submitted filter is the session's Explorer filter and lives in the URL.
    assert at.session_state[EXPLORER_FILTER] == f
    assert filter_from_query(lambda k: _as_list(at.query_params.get(k))) == f


def test_explorer_clause_found_in_text(driver):
    at = fill_form(open_page(EXPLORER), {"text_clauses": ["Insurance"], "types": ["Supply"]})
    total = search_contracts(driver, {"text_clause_types": ["Insurance"], "contract_types": ["Supply"]}).total_count
    assert 0 < total < search_contracts(driver, {"contract_types": ["Supply"]}).total_count
    assert metric(at, "Matching contracts") == f"{total:,}"


def test_explorer_count_matches_cli():
    f = {"contract_types": ["Distributor"], "party_country": "US", "min_effective_date": "2000-01-01"}
    at = open_page(EXPLORER, filter_to_query(parse_filter(f)))
    out = subprocess.run([sys.executable, "-m", "graph", "search", json.dumps(f)], cwd=REPO_ROOT,
                         capture_output=True, text=True, check=True)
    assert metric(at, "Matching contracts") == f"{json.loads(out.stdout)['total_count']:,}"


def _as_list(value: str | list[str] | None) -> list[str]:
    return [] if value is None else [value] if isinstance(value, str) else list(value)


def test_bookmarked_url_restores_filter_and_form(driver):
    f = parse_filter({"contract_types": ["License"], "min_end_date": "2005-01-01", "parties": ["Inc"],
                      "sort_by": "end_date", "sort_order": "asc"})
    params = {**filter_to_query(f), "page": "2", "page_size": "10"}
    at = open_page(EXPLORER, params)
    result = search_contracts(driver, f.model_copy(update={"limit": 10, "offset": 10}))
    assert metric(at, "Matching contracts") == f"{result.total_count:,}"
    key = "explorer_" + short_digest(f.model_dump_json())
    assert at.multiselect(key=f"{key}_types").value == ["License"]
    assert at.text_input(key=f"{key}_party_text").value == "Inc"  # a fragment, not a known name
    assert at.multiselect(key=f"{key}_parties").value == []
    assert at.date_input(key=f"{key}_min_end").value == date(2005, 1, 1)
    shown = at.dataframe[0].value["file_id"].tolist()
    assert shown == [row["file_id"] for row in result.contracts]


def test_invalid_url_filter_shows_error_and_falls_back_to_no_filter(driver):
    at = open_page(EXPLORER, {"party_country": "Atlantis", "contract_types": "Supply"})
    assert any("party_country" in shown(e.value) and "Atlantis" in shown(e.value) for e in at.error)
    assert metric(at, "Matching contracts") == f"{search_contracts(driver, {}).total_count:,}"


def test_csv_download_contains_every_matching_row(driver, oracle, deferred_downloads):
    """The download button's own payload (captured where Streamlit registers it) lists every match."""
    captured = deferred_downloads
    for f in (ContractFilter(), parse_filter({"contract_types": ["Service", "License"]})):
        captured.clear()
        at = open_page(EXPLORER, filter_to_query(f))
        assert len(captured) == 1, "the Explorer registers exactly one deferred CSV"
        rows = list(csv.DictReader(io.StringIO(captured[0]())))
        expected = {c.file_id for c in oracle.select(f.describe(), date.today())}
        assert len(rows) == len(expected) == search_contracts(driver, f).total_count
        assert {r["file_id"] for r in rows} == expected
        assert metric(at, "Matching contracts") == f"{len(rows):,}"


def test_explorer_shows_the_cypher_that_ran():
    f = parse_filter({"contract_types": ["Supply"]})
    at = open_page(EXPLORER, filter_to_query(f))
    assert [e.label for e in at.main.expander if "Cypher" in e.label] and not at.code  # drawn when opened
    at.session_state[CYPHER_KEY] = True  # as a click on the expander does
    at.run()
    codes = [c.value for c in at.code]
    assert any("c.contract_type IN $contract_types" in c and "count(c) AS total_count" in c for c in codes)
    assert any("[$offset..$offset + $limit]" in c for c in codes)


def test_overview_lists_the_soonest_deadlines_when_more_match_than_it_holds(driver, monkeypatch):
    # A million contracts have tens of thousands of notice deadlines in 90 days; the list held 5,000 and the card
    # showed "More than 5000 contracts match". It lists the act_on.LISTED soonest; with 3 on the sample the card
    # lists the 3 soonest and counts each horizon in one pass, equal to the compiler's counts.
    monkeypatch.setattr(act_on, "LISTED", 3)
    st.cache_data.clear()  # no schedule cached by another test, and none of this test's left for them
    try:
        _soonest_on_overview(driver)
    finally:
        st.cache_data.clear()


def _soonest_on_overview(driver) -> None:
    at = open_page(OVERVIEW, {"as_of": "2012-01-01"})
    as_of = date(2012, 1, 1)
    counts = {d: search_contracts(driver, {"as_of": "2012-01-01", "min_notice_by": "2012-01-01", "max_notice_by":
                                           (as_of + timedelta(days=d)).isoformat(), "limit": 0}).total_count
              for d in (30, 60, 90)}
    assert counts[90] > 3
    control = at.segmented_control(key="overview_act_days")
    assert [control.format_func(d) for d in (30, 60, 90)] == [f"{d} days ({counts[d]:,})" for d in (30, 60, 90)]
    assert metric(at, "Notice deadlines in the next 90 days") == f"{counts[90]:,}"  # the list's number, shared
    control.set_value(90).run()
    assert not at.exception and not at.error
    captions = " ".join(c.value for c in at.caption)
    assert f"The 3 soonest of {counts[90]:,} deadlines by 2012-03-31 are listed" in captions
    table = next(t for t in at.dataframe if "Notice by" in t.value.columns).value
    assert len(table) == 3 and list(table["Notice by"]) == sorted(table["Notice by"])
