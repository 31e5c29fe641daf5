"""The Renewals page's table, CSV and iCalendar export, as pure functions (no Streamlit).

The .ics file is written by hand to RFC 5545 (no dependency): one all-day VEVENT per notice deadline,
text escaped (backslash, semicolon, comma, newline), lines folded at 75 octets, CRLF line ends. The tests
parse it with the `icalendar` library.
"""

from __future__ import annotations

import hashlib
import re
from datetime import UTC, date, datetime, timedelta
from urllib.parse import urlencode, urljoin

import pandas as pd

from core.text_safety import csv_cell, multiline_text, one_line_name
from graph.query.renewal_dates import Span
from graph.reads.renewals import ScheduleRow

PRODID = "-//Contract Graph//Renewals//EN"
CONTRACT_URL = "contract"
# The deadline is called "notice deadline" everywhere (column, state, calendar); "notice_passed" is about the
# current term, while the table's deadline is the next one (which may stop a later term).
STATE_LABELS = {"in_force": "In force", "in_notice_window": "In notice window",
                "notice_passed": "This term's notice deadline passed", "expired": "Expired", "perpetual": "Perpetual",
                "no_end_date": "No end date", "not_started": "Not yet started", "unknown": "Unknown"}


def span_text(span: Span) -> str:
    """"2 years", "6 months", "90 days", or "" when there is none."""
    if span.months:
        years, months = divmod(span.months, 12)
        return f"{years} year{'s' * (years != 1)}" if not months else f"{span.months} month{'s' * (span.months != 1)}"
    return f"{span.days} day{'s' * (span.days != 1)}" if span.days else ""


REMINDER_DAYS = 14  # the calendar's reminder, this many days before a notice deadline
# A filing's page number left inside a quoted sentence: "-2-", "- 12 -" between words.
_PAGE_NUMBER = re.compile(r"(?<![\w-])\s*-\s?\d{1,3}\s?-(?![\w-])\s*")


def contract_link(file_id: str, section: str | None = None, base: str = "") -> str:
    """The Contract page's URL for a contract, on its Document tab at `section` when given; absolute when
    `base` is the app's address (a CSV or a calendar opened outside the app needs the whole address)."""
    query = {"file_id": file_id, **({"section": section} if section else {})}
    return urljoin(base, f"{CONTRACT_URL}?{urlencode(query)}")


def clean_quote(text: str | None) -> str:
    """The quoted sentence without the page numbers a filing prints between its pages ("-2-")."""
    return re.sub(r"\s{2,}", " ", _PAGE_NUMBER.sub(" ", text or "")).strip()


def _notice_quote(row: ScheduleRow) -> dict | None:
    return row.quote("notice_period", "renewal_type", "expiration", "initial_term")


COLUMNS = ("Contract", "Parties", "File id", "Type", "Renewal", "State", "Next notice deadline",
           "For the term ending", "Current term ends", "Next renewal", "Notice period", "Renewal term", "Section",
           "Quote", "Open")


def schedule_frame(rows: list[ScheduleRow], base: str = "") -> pd.DataFrame:
    """One line per contract: its deadlines, its terms and the sentence the notice period was read from."""
    records = []
    for r in rows:
        d, ev = r.deadlines, _notice_quote(r)
        records.append({
            "Contract": r.label, "Parties": "; ".join(r.parties), "File id": r.file_id, "Type": r.contract_type,
            "Renewal": r.facts.renewal_type, "State": STATE_LABELS.get(d.state, d.state),
            "Next notice deadline": d.next_notice_by, "For the term ending": d.notice_term_end,
            "Current term ends": d.term_end, "Next renewal": d.next_renewal,
            "Notice period": span_text(r.facts.notice), "Renewal term": span_text(r.facts.renewal),
            "Section": f"{ev['section_number']} {ev['section_title'] or ''}".strip() if ev else "",
            "Quote": clean_quote(ev["quote"]) if ev else "",
            "Open": contract_link(r.file_id, ev["section_number"] if ev else None, base),
            **decision_cells(r)})
    return pd.DataFrame.from_records(records, columns=[*COLUMNS, *DECISION_COLUMNS])


DECISION_COLUMNS = ("Owner", "Decision", "Note", "Decided by")
NOT_RECORDED = "not recorded"


def decision_cells(row: ScheduleRow) -> dict[str, str]:
    """The stored decision about the row's next notice deadline (graph.store.renewal_decisions); empty cells
    and "not recorded" when there is none."""
    d = row.decision
    if d is None:
        return {"Owner": "", "Decision": NOT_RECORDED, "Note": "", "Decided by": ""}
    when = f" on {d.decided_at:%Y-%m-%d %H:%M} UTC" if d.decided_at else ""
    return {"Owner": d.owner or "", "Decision": d.decision, "Note": d.note or "", "Decided by": f"{d.decided_by}{when}"}


def schedule_csv(rows: list[ScheduleRow], base: str = "") -> bytes:
    """The table as UTF-8 CSV (links absolute when `base` is the app's address); a cell a spreadsheet would
    read as a formula starts with an apostrophe."""
    return schedule_frame(rows, base).map(csv_cell).to_csv(index=False).encode("utf-8")


def _escape(text: str) -> str:
    """An RFC 5545 TEXT value: control characters dropped (a bare CR or a NUL is not allowed in a content
    line, and a bidi override would disguise the title), every line break as the two characters '\\n',
    backslash, semicolon and comma escaped."""
    return (multiline_text(text).replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\n", "\\n"))


def _fold(line: str) -> list[str]:
    """RFC 5545 folding: at most 75 octets per line, continuation lines start with a space."""
    out, current = [], ""
    for ch in line:
        limit = 75 if not out else 74
        if len((current + ch).encode("utf-8")) > limit:
            out.append(current)
            current = ch
        else:
            current += ch
    out.append(current)
    return [out[0], *(" " + part for part in out[1:])]


def _decision_text(row: ScheduleRow) -> str:
    """The owner and decision line of an event's description ("" when none is recorded)."""
    d = row.decision
    if d is None:
        return ""
    owner = f"Owner: {one_line_name(d.owner)}. " if d.owner else ""
    note = f" Note: {d.note}" if d.note else ""
    return f"\n{owner}Decision: {d.decision} ({d.decided_by}).{note}"


def _alarm(row: ScheduleRow, days: int) -> list[str]:
    """A display reminder `days` before the (all-day) deadline starts."""
    text = _escape(f"Notice deadline in {days} days: {one_line_name(row.label)}")
    return ["BEGIN:VALARM", "ACTION:DISPLAY", f"DESCRIPTION:{text}", f"TRIGGER:-P{days}D", "END:VALARM"]


def _event(row: ScheduleRow, stamp: str, base: str, remind_days: int) -> list[str]:
    deadline = row.deadlines.next_notice_by
    assert deadline is not None
    ev = _notice_quote(row)
    where = f" (section {ev['section_number']})" if ev else ""
    link = contract_link(row.file_id, ev["section_number"] if ev else None, base)
    # The deadline may belong to a later term than the current one (the current deadline has passed).
    ends = row.deadlines.notice_term_end or row.deadlines.term_end
    description = (f"Last day to give notice ({span_text(row.facts.notice)}) before the term ending on "
                   f"{ends:%Y-%m-%d}{where}. Contract file: {row.file_id}." + _decision_text(row)
                   + (f"\n\"{clean_quote(ev['quote'])}\"" if ev else "") + f"\nOpen: {link}")
    uid = hashlib.sha256(f"{row.file_id}|{deadline}".encode()).hexdigest()[:24]
    return ["BEGIN:VEVENT", f"UID:{uid}@contract-graph", f"DTSTAMP:{stamp}",
            f"DTSTART;VALUE=DATE:{deadline:%Y%m%d}", f"DTEND;VALUE=DATE:{deadline + timedelta(days=1):%Y%m%d}",
            f"SUMMARY:{_escape('Notice deadline: ' + one_line_name(row.label))}", f"DESCRIPTION:{_escape(description)}",
            # URL is a URI value (RFC 5545 3.8.4.6), not TEXT: no escaping; urlencode left no space or comma.
            *([f"URL:{link}"] if base else []), "TRANSP:TRANSPARENT",
            *(_alarm(row, remind_days) if remind_days > 0 else []), "END:VEVENT"]


def schedule_ics(rows: list[ScheduleRow], now: datetime | None = None, base: str = "",
                 remind_days: int = REMINDER_DAYS) -> str:
    """An iCalendar file with one event per contract that has a next notice deadline, each with a reminder
    `remind_days` before it (none when 0), its owner and decision when recorded, and (with `base`, the app's address) a
    link back to the contract."""
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:{PRODID}", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"]
    for row in rows:
        if row.deadlines.next_notice_by is not None:
            lines += _event(row, stamp, base, remind_days)
    lines.append("END:VCALENDAR")
    return "".join(part + "\r\n" for line in lines for part in _fold(line))


def horizon_end(as_of: date, days: int) -> date:
    return as_of + timedelta(days=days)
