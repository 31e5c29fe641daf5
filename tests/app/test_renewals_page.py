"""The Renewals page through the real app, and its exports: the table, the .ics events (parsed with the
icalendar library) and the CSV each hold exactly the filter's total_count contracts."""

from __future__ import annotations

import csv
import io
import json
from datetime import date, timedelta

import icalendar
import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from components.renewals.export import schedule_csv, schedule_ics
from components.renewals.view import TIMELINE_ROWS
from graph.query.filters import ContractFilter
from graph.reads import renewals
from graph.reads.renewals import renewal_schedule
from graph.reads.repository import search_contracts
from graph.server.config import REPO_ROOT
from tests.app.shown import shown

pytestmark = pytest.mark.integration

APP = str(REPO_ROOT / "app.py")
AS_OF = date(2012, 1, 1)
YEAR = ContractFilter(as_of=AS_OF, min_notice_by=AS_OF, max_notice_by=AS_OF + timedelta(days=365), limit=0)


def open_renewals(params: dict[str, str]) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=180)
    at.run()
    at.query_params.update(params)
    at.switch_page("pages/portfolio/renewals.py").run()
    assert not at.exception, at.exception
    return at


def test_page_shows_the_filter_total_and_one_row_per_deadline(driver):
    total = search_contracts(driver, YEAR).total_count
    assert total > 10
    at = open_renewals({"as_of": AS_OF.isoformat()})
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Notice deadlines"] == f"{total:,}"
    table = at.main.dataframe[0].value
    assert len(table) == total
    assert table["Next notice deadline"].between(AS_OF, AS_OF + timedelta(days=365)).all()
    assert table["Quote"].str.len().gt(0).all() and table["Open"].str.startswith("contract?file_id=").all()
    renewing = ContractFilter(as_of=AS_OF, min_next_renewal=AS_OF, max_next_renewal=AS_OF + timedelta(days=365),
                              limit=0)
    assert metrics["Auto-renewing in the period"] == f"{search_contracts(driver, renewing).total_count:,}"


def test_timeline_is_one_tab_away_and_draws_the_tables_deadlines(driver):
    """Issue 33: the first view draws the table only; the Timeline tab (kept in the URL) draws one bar group
    per deadline of the table, up to TIMELINE_ROWS, and no table."""
    rows = renewal_schedule(driver, YEAR)
    first = open_renewals({"as_of": AS_OF.isoformat()})
    assert [t.label for t in first.tabs] == ["Table", "Timeline"]
    assert len(first.main.dataframe[0].value) == len(rows) and not first.get("plotly_chart")
    at = open_renewals({"as_of": AS_OF.isoformat(), "renewals_view": "Timeline"})
    [chart] = at.get("plotly_chart")
    labels = {y for trace in json.loads(chart.proto.spec)["data"] for y in trace["y"]}
    assert len(labels) == min(len(rows), TIMELINE_ROWS)
    assert not at.main.dataframe


def test_narrowing_to_a_renewal_type_and_horizon(driver):
    at = open_renewals({"as_of": AS_OF.isoformat()})
    at.selectbox(key="renewals_horizon").select("90 days").run()
    at.multiselect(key="renewals_types").select("automatic").run()
    f = ContractFilter(as_of=AS_OF, min_notice_by=AS_OF, max_notice_by=AS_OF + timedelta(days=90),
                       renewal_types=("automatic",), limit=0)
    total = search_contracts(driver, f).total_count
    assert {m.label: m.value for m in at.metric}["Notice deadlines"] == f"{total:,}"
    if total:
        assert set(at.main.dataframe[0].value["Renewal"]) == {"automatic"}


def test_ics_and_csv_hold_one_event_per_deadline(driver):
    total = search_contracts(driver, YEAR).total_count
    rows = renewal_schedule(driver, YEAR)
    calendar = icalendar.Calendar.from_ical(schedule_ics(rows))
    events = list(calendar.walk("VEVENT"))
    assert len(events) == total == len(rows)
    by_contract = {r.file_id: r for r in rows}
    for event in events:
        start = event.decoded("DTSTART")
        assert AS_OF <= start <= AS_OF + timedelta(days=365)
        description = str(event.get("DESCRIPTION"))
        file_id = description.split("Contract file: ", 1)[1].split(".\n", 1)[0].removesuffix(".")
        row = by_contract[file_id]
        assert row.deadlines.next_notice_by == start
        assert str(event.get("SUMMARY")) == f"Notice deadline: {row.label}"
        # the term the deadline stops, which is later than the current term's end once its deadline passed
        assert f"before the term ending on {row.deadlines.notice_term_end:%Y-%m-%d}" in description
        assert event.decoded("DTEND") == start + timedelta(days=1)
    assert len({str(e.get("UID")) for e in events}) == total
    lines = list(csv.DictReader(io.StringIO(schedule_csv(rows).decode("utf-8"))))
    assert len(lines) == total and {line["File id"] for line in lines} == set(by_contract)
    assert all(line["Contract"] == (by_contract[line["File id"]].title or line["File id"]) for line in lines)


def test_ics_escapes_and_folds_long_quotes():
    from graph.query.renewal_dates import Deadlines, Span, TermFacts
    from graph.reads.renewals import ScheduleRow

    quote = "Either party may give notice; notice, however, must be written\\signed. " * 4
    row = ScheduleRow("A, B; C", "Service", None, TermFacts(date(2021, 3, 31), "automatic", Span(months=12),
                                                            Span(days=60)),
                      Deadlines("in_force", date(2021, 3, 31), date(2021, 3, 31), date(2021, 1, 30),
                                date(2021, 1, 30), 0),
                      {"notice_period": {"quote": quote, "section_number": "2.1", "section_title": "Term"}})
    text = schedule_ics([row])
    assert all(len(line.encode()) <= 75 for line in text.split("\r\n"))
    event = icalendar.Calendar.from_ical(text).walk("VEVENT")[0]
    assert str(event.get("SUMMARY")) == "Notice deadline: A, B; C"
    assert quote.strip() in str(event.get("DESCRIPTION"))


ENERGOUS = "ENERGOUSCORP_03_16_2017-EX-10.24-STRATEGIC ALLIANCE AGREEMENT"


def test_overview_notice_card_counts_the_next_90_days(driver):
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params["as_of"] = AS_OF.isoformat()  # the Overview's one "as of" date also dates the notice card
    at.run()
    assert not at.exception, at.exception
    f = ContractFilter(as_of=AS_OF, min_notice_by=AS_OF, max_notice_by=AS_OF + timedelta(days=90), limit=0)
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Notice deadlines in the next 90 days"] == f"{search_contracts(driver, f).total_count:,}"


def test_contract_page_quotes_each_renewal_field_and_opens_the_linked_section(driver):
    at = AppTest.from_file(APP, default_timeout=180)
    at.run()
    at.query_params.update({"file_id": ENERGOUS, "section": "15.1"})
    at.switch_page("pages/portfolio/contract.py").run()  # a Renewals link: the Document tab opens at §15.1
    assert not at.exception, at.exception
    assert any(shown(m.value).startswith("**§15.1") and "(linked from Renewals)" in m.value for m in at.markdown)
    assert not at.metric  # only the open tab runs
    at.query_params["contract_tab"] = "Overview"
    at.run()
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Renewal"] == "automatic"
    markdown = [shown(m.value) for m in at.markdown]
    assert any(m.startswith("**Notice to stop renewal: 180 days** — §15.1") for m in markdown)
    assert any("one hundred eighty (180)" in shown(c.value) for c in at.caption)


def test_more_deadlines_than_the_list_holds_shows_the_soonest_and_says_so(driver, monkeypatch):
    """A portfolio with more deadlines in the period than SCHEDULE_CAP: the page showed "More than 5000 contracts
    match" and nothing else; it now lists the soonest (here 4 of the sample's year) and names the total."""
    total = search_contracts(driver, YEAR).total_count
    whole = renewal_schedule(driver, YEAR)
    expected = [r.file_id for r in whole[:4]]
    in_window = sum(r.deadlines.state == "in_notice_window" for r in whole)
    assert in_window > 0
    monkeypatch.setattr(renewals, "SCHEDULE_CAP", 4)
    st.cache_data.clear()  # neither reuse another test's schedule nor leave this one's
    try:
        at = open_renewals({"as_of": AS_OF.isoformat()})
    finally:
        st.cache_data.clear()
    assert not at.error
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Notice deadlines"] == f"{total:,}"
    assert metrics["In notice window (90 days)"] == f"{in_window:,}"  # counted by the compiler, not the 4 rows
    assert f"The 4 soonest of {total:,} deadlines" in " ".join(c.value for c in at.caption)
    assert list(at.main.dataframe[0].value["File id"]) == expected
