"""Unit tests for the rules engine's date, quantity and jurisdiction helpers."""

from __future__ import annotations

from datetime import date

import pytest

from ingest.rules.dates import add_months, find_dates, parse_date
from ingest.rules.jurisdictions import find_jurisdictions, lookup
from ingest.rules.numbers import QUANTITY_RE, iso_duration, quantity


@pytest.mark.parametrize(("text", "expected"), [
    ("May 8, 2014", date(2014, 5, 8)),
    ("the 8th day of May 2014", date(2014, 5, 8)),
    ("22nd day of August, 2005", date(2005, 8, 22)),
    ("1s t day of October 2008", date(2008, 10, 1)),
    ("July 11 , 2006", date(2006, 7, 11)),
    ("Sept. 3, 2019", date(2019, 9, 3)),
    ("Nov. 02, 2019", date(2019, 11, 2)),
    ("27 April 2006", date(2006, 4, 27)),
    ("5/8/14", date(2014, 5, 8)),
    ("9/28/2004", date(2004, 9, 28)),
    ("2019-04-01", date(2019, 4, 1)),
    ("December 21,2015", date(2015, 12, 21)),
])
def test_parse_date_formats(text, expected):
    assert parse_date(text) == expected


@pytest.mark.parametrize("text", ["February 30, 2020", "May 2014", "13/45/2020", "you may 5 times", "[ ], 2020"])
def test_not_dates(text):
    assert parse_date(text) is None


def test_find_dates_in_order_with_offsets():
    text = "Signed on March 1, 2012 and effective 4/2/2012."
    hits = find_dates(text)
    assert [h.value for h in hits] == [date(2012, 3, 1), date(2012, 4, 2)]
    assert text[hits[0].start:hits[0].end] == "March 1, 2012"
    assert text[hits[1].start:hits[1].end] == "4/2/2012"


@pytest.mark.parametrize(("start", "months", "expected"), [
    (date(2015, 12, 21), 240, date(2035, 12, 21)),
    (date(2020, 1, 31), 1, date(2020, 2, 29)),
    (date(2019, 11, 30), 3, date(2020, 2, 29)),
    (date(2021, 3, 31), 6, date(2021, 9, 30)),
])
def test_add_months(start, months, expected):
    assert add_months(start, months) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("three (3) years", (3, "Y")),
    ("twelve (12) months", (12, "M")),
    ("ninety (90) days", (90, "D")),
    ("30 calendar days", (30, "D")),
    ("one year", (1, "Y")),
    ("a period of five years", (5, "Y")),
])
def test_quantities(text, expected):
    match = QUANTITY_RE.search(text)
    assert quantity(match) == expected
    assert iso_duration(*expected) == f"P{expected[0]}{expected[1]}"


def test_jurisdiction_lookup_prefers_longest_name():
    found = [j for j, _, _ in find_jurisdictions("laws of West Virginia, New Jersey and Hong Kong SAR")]
    assert found == [("US", "WV"), ("US", "NJ"), ("HK", None)]
    assert lookup("people's republic of china") == ("CN", None)
    assert lookup("Province of Ontario") is None
    assert lookup("Ontario") == ("CA", "ON")
