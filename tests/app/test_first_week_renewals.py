"""Issue 34, the Renewals page as a new analyst saw it: one term for the deadline ("notice deadline"), the
parties beside the title (role placeholders such as "Customer" left out), the quote beside the deadline and
without a filing's page numbers ("-2-"), one date format, and a calendar with a reminder and a link back."""

from __future__ import annotations

import csv
import io
import re
from datetime import date, timedelta

import icalendar

from components.renewals.export import REMINDER_DAYS, schedule_csv, schedule_ics
from components.renewals.view import DISPLAY_ORDER
from graph.query.filters import ContractFilter
from graph.reads.renewals import renewal_schedule
from graph.server.db import read
from graph.store.party_roles import is_role_name
from tests.app.test_renewals_page import open_renewals

AS_OF = date(2012, 1, 1)
YEAR = ContractFilter(as_of=AS_OF, min_notice_by=AS_OF, max_notice_by=AS_OF + timedelta(days=365), limit=0)
PAGE_NUMBER = re.compile(r"(?<![\w-])-\s?\d{1,3}\s?-(?![\w-])")
BASE = "http://analyst.example:8501/renewals"


def test_table_terms_parties_quotes_and_date_format(driver):
    at = open_renewals({"as_of": AS_OF.isoformat()})
    assert [d.proto.format for d in at.date_input] == ["YYYY-MM-DD"]  # it was Streamlit's YYYY/MM/DD
    table = at.main.dataframe[0].value
    assert "Notice by" not in table.columns and "Notice deadline passed" not in set(table["State"])
    assert table["Next notice deadline"].notna().all()
    # The quote and its link within the first six columns: in view at 1366 px (the browser test looks).
    assert DISPLAY_ORDER.index("Quote") < 6 and DISPLAY_ORDER.index("Open") < 6
    assert not table["Quote"].str.contains(PAGE_NUMBER).any()
    parties = read(driver, "MATCH (c:Contract)<-[:PARTY_TO]-(p:Party) WHERE c.file_id IN $ids AND p.role_only "
                           "IS NULL RETURN c.file_id AS f, collect(DISTINCT p.name) AS names",
                   {"ids": list(table["File id"])})
    expected = {r["f"]: "; ".join(sorted(r["names"])) for r in parties}
    assert {f: p for f, p in zip(table["File id"], table["Parties"], strict=True) if p} == expected
    assert not any(is_role_name(name) for cell in table["Parties"] for name in cell.split("; ") if name)


def test_a_quote_loses_the_page_number_it_was_read_across(driver):
    rows = [r for r in renewal_schedule(driver, ContractFilter(limit=0), today=AS_OF)
            if any(PAGE_NUMBER.search(e["quote"] or "") for e in r.evidence.values())]
    assert rows, "the sample has quotes with a page number inside (e.g. '-2- by either party')"
    lines = schedule_csv(rows).decode("utf-8")
    assert not PAGE_NUMBER.search(lines)


def test_calendar_reminds_and_links_back_and_csv_links_are_absolute(driver):
    rows = renewal_schedule(driver, YEAR)
    events = icalendar.Calendar.from_ical(schedule_ics(rows, base=BASE)).walk("VEVENT")
    assert len(events) == len(rows) > 10
    for event in events:
        [alarm] = event.walk("VALARM")
        assert alarm.decoded("TRIGGER") == -timedelta(days=REMINDER_DAYS)
        assert str(alarm.get("ACTION")) == "DISPLAY"
        url = str(event.get("URL"))
        assert url.startswith("http://analyst.example:8501/contract?file_id=") and url in str(event.get("DESCRIPTION"))
    links = [line["Open"] for line in csv.DictReader(io.StringIO(schedule_csv(rows, BASE).decode("utf-8")))]
    assert len(links) == len(rows) and all(x.startswith("http://analyst.example:8501/contract?file_id=")
                                           for x in links)
