"""Renewal decisions in the exports and the act-on list, without a database: the .ics event carries the owner
and decision of its own deadline (not one about another deadline) and a VALARM `remind_days` before; hostile
owners and notes stay escaped text; the act-on list's horizons nest and are capped at DATE_MAX."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import icalendar

from components.renewals.act_on import act_on_caption, act_on_filter, act_on_frame, within
from components.renewals.export import NOT_RECORDED, decision_cells, schedule_csv, schedule_ics
from graph.query.filters import DATE_MAX
from graph.query.renewal_dates import Deadlines, Span, TermFacts
from graph.reads.renewals import ScheduleRow
from graph.store.renewal_decisions import Decision

DUE = date(2021, 1, 30)


def _row(notice_by: date = DUE, decisions: dict[date, Decision] | None = None, file_id: str = "F1") -> ScheduleRow:
    return ScheduleRow(file_id, "Service", None,
                       TermFacts(date(2021, 3, 31), "automatic", Span(months=12), Span(days=60)),
                       Deadlines("in_force", date(2021, 3, 31), date(2021, 3, 31), notice_by, notice_by, 0),
                       {}, title=f"Title {file_id}", decisions=decisions or {})


def _decided(owner: str, note: str, deadline: date = DUE) -> dict[date, Decision]:
    return {deadline: Decision(deadline, "renegotiate", owner, note, "Rev", datetime(2020, 5, 1, 9, 30))}


def _event(ics: str) -> icalendar.Event:
    return next(iter(icalendar.Calendar.from_ical(ics).walk("VEVENT")))


def test_event_carries_owner_decision_note_and_a_reminder() -> None:
    hostile = "Ana, Ops; \\ \"x\"\nBEGIN:VEVENT"
    event = _event(schedule_ics([_row(decisions=_decided(hostile, "line1\r\nEND:VCALENDAR"))], remind_days=7))
    description = str(event.get("DESCRIPTION"))
    assert "Owner: Ana, Ops; \\ \"x\" BEGIN:VEVENT. Decision: renegotiate (Rev). Note: line1\nEND:VCALENDAR" \
        in description
    [alarm] = list(event.walk("VALARM"))
    assert alarm.decoded("TRIGGER") == timedelta(days=-7)
    assert len(list(icalendar.Calendar.from_ical(schedule_ics([_row()], remind_days=7)).walk("VEVENT"))) == 1


def test_a_decision_about_another_deadline_is_not_this_ones() -> None:
    row = _row(decisions=_decided("Ana", "", deadline=DUE - timedelta(days=365)))
    assert row.decision is None
    assert decision_cells(row) == {"Owner": "", "Decision": NOT_RECORDED, "Note": "", "Decided by": ""}
    assert "Decision:" not in str(_event(schedule_ics([row])).get("DESCRIPTION"))
    assert "VALARM" not in schedule_ics([row], remind_days=0)


def test_csv_columns_hold_the_decision_and_neutralise_formulas() -> None:
    text = schedule_csv([_row(decisions=_decided("=HYPERLINK(\"x\")", "+1"))]).decode()
    header, line = text.splitlines()[:2]
    assert header.endswith("Owner,Decision,Note,Decided by")
    assert "'=HYPERLINK" in line and ",'+1," in line and "Rev on 2020-05-01 09:30 UTC" in line


def test_act_on_horizons_nest_and_cap_at_date_max() -> None:
    as_of = date(2021, 1, 1)
    rows = [_row(as_of + timedelta(days=d), file_id=f"F{d}") for d in (0, 30, 31, 60, 90)]
    assert [len(within(rows, as_of, d)) for d in (30, 60, 90)] == [2, 4, 5]
    frame = act_on_frame(within(rows, as_of, 30), as_of)
    assert list(frame["Days left"]) == [0, 30] and list(frame["Decision"]) == [NOT_RECORDED] * 2
    assert act_on_filter(DATE_MAX - timedelta(days=10)).max_notice_by == DATE_MAX


def test_act_on_caption_counts_the_horizon_not_the_list() -> None:
    rows = [_row(file_id="F1"), _row(decisions=_decided("Ann", "ok"), file_id="F2")]
    end = date(2021, 3, 1)
    assert act_on_caption(rows, 2, end) == "2 deadlines by 2021-03-01; 1 without a decision."
    assert act_on_caption(rows[:1], 1, end) == "1 deadline by 2021-03-01; 1 without a decision."
    # the list holds the soonest 2 of 31,204: the caption names both numbers, the undecided among those listed
    assert act_on_caption(rows, 31_204, end) == ("The 2 soonest of 31,204 deadlines by 2021-03-01 are listed; 1 of "
                                                 "them without a decision.")
