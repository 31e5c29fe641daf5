"""The Renewals page's parts: the as-of controls, the plotly timeline of terms, renewals and notice windows,
the table of upcoming notice deadlines with their evidence, and the CSV / iCalendar downloads."""

from __future__ import annotations

from datetime import date, timedelta

import plotly.graph_objects as go
import streamlit as st

from components.db import get_driver
from components.renewals.export import REMINDER_DAYS, schedule_csv, schedule_frame, schedule_ics, span_text
from graph.query.filters import ContractFilter
from graph.query.renewal_dates import term_end_at
from graph.reads.renewals import Schedule, ScheduleRow, soonest

TTL_S = 300
TIMELINE_ROWS = 30
COLORS = {"term": "#9ecae1", "renewal": "#c7e9c0", "notice": "#fdae6b"}


@st.cache_data(ttl=TTL_S, max_entries=32, show_spinner=False)
def schedule(filter_json: str, cap: int | None = None, cuts: tuple[date, ...] = ()) -> Schedule:
    """The filter's soonest deadlines (`cap`, else graph.reads.renewals.SCHEDULE_CAP, at most), whether more
    match, and how many have their next notice deadline by each of `cuts` (the same pass)."""
    return soonest(get_driver(), ContractFilter.model_validate_json(filter_json), cap=cap, cuts=cuts)


def _bars(row: ScheduleRow, as_of: date) -> list[tuple[str, date, date]]:
    """(kind, start, end) spans: the current term, the next renewal term, and the notice window."""
    d, f = row.deadlines, row.facts
    if d.term_end is None:
        return []
    first = row.effective_date or d.term_end - timedelta(days=365)  # no known start: a year, for the drawing
    begin = term_end_at(f, d.renewals - 1) if d.renewals > 0 else first
    spans = [("term", begin, d.term_end)]
    if d.next_renewal is not None:
        spans.append(("renewal", d.term_end, term_end_at(f, d.renewals + 1)))
    if d.notice_by is not None:
        spans.append(("notice", d.notice_by, d.term_end))
    if d.next_notice_by is not None and d.next_notice_by != d.notice_by and d.notice_term_end is not None:
        spans.append(("notice", d.next_notice_by, d.notice_term_end))
    return spans


def _labels(rows: list[ScheduleRow]) -> list[str]:
    """Each row's title, with the start of its file id where titles repeat (plotly merges equal y labels)."""
    titles = [r.label[:48] for r in rows]
    return [t if titles.count(t) == 1 else f"{t} · {r.file_id[:18]}" for t, r in zip(titles, rows, strict=True)]


def timeline(rows: list[ScheduleRow], as_of: date) -> go.Figure:
    """Horizontal bars per contract: its current term, the renewal after it and each notice window."""
    fig = go.Figure()
    names = {"term": "Current term", "renewal": "Next renewal term",
             "notice": "Notice window (deadline → term end)"}
    shown: set[str] = set()
    labels = _labels(rows[:TIMELINE_ROWS])
    for row, label in zip(rows[:TIMELINE_ROWS], labels, strict=True):
        for kind, start, end in _bars(row, as_of):
            fig.add_trace(go.Bar(
                y=[label], x=[(end - start).days * 86_400_000], base=[start.isoformat()],
                orientation="h",
                marker_color=COLORS[kind], name=names[kind], legendgroup=kind, showlegend=kind not in shown,
                hovertemplate=f"{names[kind]}: {start:%Y-%m-%d} → {end:%Y-%m-%d}<extra>{row.file_id[:60]}</extra>"))
            shown.add(kind)
    fig.add_vline(x=as_of.isoformat(), line_dash="dash", line_color="#555")
    height = max(260, 26 * min(len(rows), TIMELINE_ROWS) + 120)
    # Opens on the years around the date (a decades-long term would shrink every bar to a sliver); zoom out
    # with the chart's own controls.
    window = (as_of - timedelta(days=2 * 365), as_of + timedelta(days=3 * 365))
    fig.update_xaxes(range=[day.isoformat() for day in window])
    fig.update_layout(barmode="overlay", xaxis_type="date", height=height,
                      margin={"l": 10, "r": 10, "t": 30, "b": 10}, yaxis={"autorange": "reversed"},
                      legend={"orientation": "h", "y": 1.08})
    return fig


# The next notice deadline can belong to a later term than the current one, so the term end it stops sits
# beside it; the state and "Current term ends" describe the term in force on the as-of date. The quote and its
# link come right after the deadline, so they are in view at 1366 px without scrolling sideways; owner and
# decision next; the long file id last.
DISPLAY_ORDER = ("Contract", "Parties", "Next notice deadline", "State", "Quote", "Open", "Owner", "Decision",
                 "For the term ending", "Current term ends", "Renewal", "Notice period", "Renewal term",
                 "Next renewal", "Type", "Section", "Note", "Decided by", "File id")


def app_base() -> str:
    """The app's address as the browser sees it ("http://host:8501/renewals"), for links that leave the app
    (CSV, calendar); "" when unknown (AppTest), which keeps them relative."""
    try:
        return str(st.context.url or "")
    except (AttributeError, RuntimeError):  # no browser session: nothing to make the links absolute with
        return ""


QUOTE_ROW_HEIGHT = 84  # four wrapped lines of the quote per row: read in place, no sideways scrolling


def render_table(rows: list[ScheduleRow]) -> None:
    """The deadlines with the quoted sentence and a link to its section in the Contract page's Document tab."""
    st.dataframe(schedule_frame(rows), hide_index=True, width="stretch", column_order=DISPLAY_ORDER,
                 row_height=QUOTE_ROW_HEIGHT, height=min(QUOTE_ROW_HEIGHT * len(rows) + 40, 640), column_config={
        "Contract": st.column_config.TextColumn(width=150),
        "Parties": st.column_config.TextColumn(width=150, help="The contract's named parties (a role such as "
                                               "'Customer' standing in for a name is left out)."),
        "Next notice deadline": st.column_config.DateColumn(format="YYYY-MM-DD", width=125),
        "State": st.column_config.TextColumn(width=110),
        "For the term ending": st.column_config.DateColumn(format="YYYY-MM-DD"),
        "Current term ends": st.column_config.DateColumn(format="YYYY-MM-DD"),
        "Next renewal": st.column_config.DateColumn(format="YYYY-MM-DD"),
        "Quote": st.column_config.TextColumn(width=345),
        "Owner": st.column_config.TextColumn(width=140),  # sized to its header, it cut "Legal ops" at 1366 px
        "Open": st.column_config.LinkColumn("Evidence", display_text="Open section", width=100),
    })



def render_downloads(rows: list[ScheduleRow], as_of: date) -> None:
    left, middle, right = st.columns(3, vertical_alignment="bottom")
    base = app_base()
    remind = middle.number_input("Calendar reminder (days before)", min_value=0, max_value=365, value=REMINDER_DAYS,
                                 step=1, key="renewals_remind_days", help="Each event of the .ics reminds you this "
                                 "many days before the deadline (0: no reminder).")
    left.download_button("Download CSV", schedule_csv(rows, base), f"notice-deadlines-{as_of}.csv", "text/csv",
                         icon=":material/download:", key="renewals_csv")
    right.download_button("Download calendar (.ics)",
                          schedule_ics(rows, base=base, remind_days=int(remind)).encode("utf-8"),
                          f"notice-deadlines-{as_of}.ics", "text/calendar", icon=":material/event:",
                          key="renewals_ics")


def notice_caption(row: ScheduleRow) -> str:
    return f"{span_text(row.facts.notice)} notice" if row.facts.notice else "no notice period"
