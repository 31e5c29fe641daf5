"""Exports that other programs open (issue 27, findings 4 and 10): every CSV cell a spreadsheet would read as a
formula starts with an apostrophe, and the .ics file holds no control character and stays RFC 5545 (CRLF line
ends only, TEXT escaped, lines folded at 75 octets) whatever a contract's title or quote holds."""

from __future__ import annotations

import csv
import io
import re
from datetime import date
from typing import Any

import icalendar
import pytest

from components.explorer import export as explorer_export
from components.renewals.export import schedule_csv, schedule_ics
from core.text_safety import csv_cell, multiline_text, one_line_name
from graph.query.filters import ContractFilter
from graph.query.renewal_dates import Deadlines, Span, TermFacts
from graph.reads import contracts_csv
from graph.reads.renewals import ScheduleRow
from graph.retrieval.clause_review import ClauseReview, ReviewRow, review_csv

FORMULAS = ["=HYPERLINK(\"http://evil/x\",\"click\")", "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)",
            "\t=1+1", "\r=1+1", "\uff1d1+1"]


def _cells(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


@pytest.mark.parametrize("value", FORMULAS)
def test_csv_cell_prefixes_every_formula_start(value: str) -> None:
    assert csv_cell(value) == "'" + value


def test_csv_cell_keeps_plain_text_numbers_and_dates() -> None:
    assert [csv_cell(v) for v in ("Acme Inc.", "P5Y", -5.0, 12, None, date(2020, 1, 2), "")] == \
        ["Acme Inc.", "P5Y", -5.0, 12, None, date(2020, 1, 2), ""]


def test_explorer_csv_neutralises_file_id_title_party_and_summary(monkeypatch: pytest.MonkeyPatch) -> None:
    row: dict[str, Any] = {
        "file_id": "=HYPERLINK(\"http://evil/x\")", "title": "+SUM(1)", "contract_type": "Supply",
        "effective_date": "2020-01-01", "end_date": None, "duration": "P1Y", "total_amount": -10.0,
        "parties": [{"name": "@evil", "role": "Buyer", "countries": ["US"]}], "governing_law": None,
        "summary": "\t=1+1"}
    monkeypatch.setattr(contracts_csv, "all_contracts", lambda driver, f, today: iter([row]))
    [line] = _cells(explorer_export.contracts_csv(None, ContractFilter()))  # type: ignore[arg-type]
    assert line["file_id"] == "'=HYPERLINK(\"http://evil/x\")"
    assert line["title"] == "'+SUM(1)"
    assert line["parties"] == "'@evil (Buyer; US)"
    assert line["summary"] == "'\t=1+1"
    assert line["total_amount"] == "-10.0"  # a number, not text: left as it is
    # Issue 34: the term in words as on the page (it was 'P1Y'); an unknown value an empty cell (it was '—').
    assert line["contract_type"] == "Supply" and line["duration"] == "1 year"
    assert line["governing_law"] == "" and line["end_date"] == ""


def test_csv_names_say_page_filter_and_day() -> None:
    """Issue 34: every Explorer CSV was called contracts.csv."""
    day = date(2026, 12, 2)
    assert explorer_export.csv_name("contracts", ContractFilter(), day) == "contracts-all-2026-12-02.csv"
    f = ContractFilter(contract_types=("License",), min_effective_date=date(2015, 1, 1))
    assert explorer_export.csv_name("contracts", f, day) == \
        "contracts-min_effective_date-2015-01-01-contract_types-license-2026-12-02.csv"


def test_clause_review_csv_neutralises_every_text_column() -> None:
    review = ClauseReview("termination", [ReviewRow("-1+1", "=cmd", ["A"], "@x", "+title", None, 0.875, "=quote", 1,
                                                    "found")], 1, None, [])
    [line] = _cells(review_csv(review))
    assert line == {"file_id": "'-1+1", "contract_title": "'=cmd", "section": "'@x", "section_title": "'+title",
                    "band": "found", "score": "0.8750", "quote": "'=quote"}


def _schedule_row(file_id: str, title: str, quote: str) -> ScheduleRow:
    return ScheduleRow(file_id, "Service", None,
                       TermFacts(date(2021, 3, 31), "automatic", Span(months=12), Span(days=60)),
                       Deadlines("in_force", date(2021, 3, 31), date(2021, 3, 31), date(2021, 1, 30),
                                 date(2021, 1, 30), 0),
                       {"notice_period": {"quote": quote, "section_number": "=2.1", "section_title": "Term"}},
                       title=title)


def test_renewals_csv_neutralises_file_id_title_and_quote() -> None:
    [line] = _cells(schedule_csv([_schedule_row("@evil", "=title", "-quote")]).decode("utf-8"))
    assert (line["File id"], line["Contract"], line["Quote"], line["Section"]) == \
        ("'@evil", "'=title", "'-quote", "'=2.1 Term")
    assert line["Open"].startswith("contract?file_id=%40evil")


HOSTILE_TITLE = "Evil\r\nX-INJECTED:1\x00\x1b[31m \u202egpj.exe Title"
HOSTILE_QUOTE = "First line\rSecond line\x00; third, with a \\ backslash\x1b and \u202eRLO."


def test_ics_has_no_control_characters_and_only_crlf_line_ends() -> None:
    text = schedule_ics([_schedule_row("ID\x07-1", HOSTILE_TITLE, HOSTILE_QUOTE)])
    body = text.replace("\r\n", "")
    assert "\r" not in body and "\n" not in body  # no bare CR or LF: every line ends in CRLF
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069]", body)
    assert all(len(line.encode("utf-8")) <= 75 for line in text.split("\r\n"))
    assert not any(line.startswith("X-INJECTED") for line in text.split("\r\n"))
    event = icalendar.Calendar.from_ical(text).walk("VEVENT")[0]
    assert str(event.get("SUMMARY")) == "Notice deadline: Evil  X-INJECTED:1[31m gpj.exe Title"
    description = str(event.get("DESCRIPTION"))
    assert ('"First line\nSecond line; third, with a \\ backslash and RLO."\nOpen: contract?file_id=ID%07-1'
            in description)
    assert "Contract file: ID-1." in description


def test_ics_folds_multibyte_text_at_75_octets() -> None:
    text = schedule_ics([_schedule_row("F", "Ärger € " * 30, "ü" * 200)])
    lines = text.split("\r\n")
    assert all(len(line.encode("utf-8")) <= 75 for line in lines)
    assert str(icalendar.Calendar.from_ical(text).walk("VEVENT")[0].get("SUMMARY")) == \
        "Notice deadline: " + ("Ärger € " * 30).strip()


def test_names_lose_control_bidi_and_surrogate_characters() -> None:
    assert one_line_name("  a\tb\r\nc\x00d\x1be\u202ef\ud800g\x85h  ") == "a b  cdefg h"
    assert one_line_name("EX-10.1  SUPPLY") == "EX-10.1  SUPPLY"  # inner double spaces are kept
    assert multiline_text("a\r\nb\rc\x00d\te") == "a\nb\ncd\te"
