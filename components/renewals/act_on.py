"""The Overview's "act on these" list: the notice deadlines in the next 30, 60 or 90 days as of the page's
date, each with its owner and decision (graph.store.renewal_decisions), soonest first."""

from __future__ import annotations

from datetime import date

import pandas as pd
import streamlit as st

from components import reads
from components.renewals.export import contract_link, decision_cells
from components.renewals.view import schedule
from components.routes import RENEWALS_PAGE
from graph.query.filters import ContractFilter, days_after
from graph.reads.renewals import Schedule, ScheduleRow

HORIZONS = (30, 60, 90)
# The soonest deadlines listed here; the Renewals page lists up to graph.reads.renewals.SCHEDULE_CAP. At 1M the
# 5,000 soonest cost 2.2 s of the Overview's first render, 0.8 s of it turning rows into deadlines in Python.
LISTED = 500
COLUMNS = ("Notice by", "Days left", "Contract", "Owner", "Decision", "Open")


def act_on_filter(as_of: date, days: int = HORIZONS[-1]) -> ContractFilter:
    """The contracts whose next notice deadline falls within `days` of `as_of` (capped at DATE_MAX)."""
    return ContractFilter(as_of=as_of, min_notice_by=as_of, max_notice_by=days_after(as_of, days), limit=0)


def within(rows: list[ScheduleRow], as_of: date, days: int) -> list[ScheduleRow]:
    end = days_after(as_of, days)
    return [r for r in rows if r.deadlines.next_notice_by is not None and r.deadlines.next_notice_by <= end]


def horizon_cuts(as_of: date) -> tuple[date, ...]:
    """The last day of each horizon after `as_of`."""
    return tuple(days_after(as_of, d) for d in HORIZONS)


def horizon_counts(upcoming: Schedule) -> dict[int, int]:
    """Deadlines within each horizon, as the list's own statement counted them over every match (a large
    portfolio has more deadlines in 90 days than the list holds)."""
    return dict(zip(HORIZONS, upcoming.within, strict=True))


def act_on_caption(chosen: list[ScheduleRow], total: int, end: date) -> str:
    """'7 deadlines by 2012-03-01; 5 without a decision.', or, when the list holds only the soonest of them,
    'The 5,000 soonest of 31,204 deadlines by 2012-03-01 are listed; 4,980 of them without a decision.'"""
    undecided = sum(decision_cells(r)["Decision"] in ("undecided", "not recorded") for r in chosen)
    if len(chosen) < total:
        return (f"The {len(chosen):,} soonest of {total:,} deadlines by {end:%Y-%m-%d} are listed; {undecided:,} "
                "of them without a decision.")
    return f"{total:,} deadline{'s' * (total != 1)} by {end:%Y-%m-%d}; {undecided:,} without a decision."


def act_on_frame(rows: list[ScheduleRow], as_of: date) -> pd.DataFrame:
    records = [{"Notice by": r.deadlines.next_notice_by, "Days left": (r.deadlines.next_notice_by - as_of).days,
                "Contract": r.label, **{k: decision_cells(r)[k] for k in ("Owner", "Decision")},
                "Open": contract_link(r.file_id)} for r in rows if r.deadlines.next_notice_by is not None]
    return pd.DataFrame.from_records(records, columns=list(COLUMNS))


def render_act_on(as_of: date) -> int | None:
    """The list, with a 30 / 60 / 90-day switch that shows each horizon's count; returns the number of deadlines
    within the longest horizon (None when the read failed, after saying so)."""
    counts: dict[int, int] = {}
    with st.container(border=True):
        st.subheader("Act on these notice deadlines")
        with reads.guarded(stop=False):
            upcoming = schedule(act_on_filter(as_of).model_dump_json(), LISTED, horizon_cuts(as_of))
            rows = upcoming.rows
            counts = horizon_counts(upcoming)
            days = st.segmented_control("Within", HORIZONS, default=HORIZONS[0], key="overview_act_days",
                                        format_func=lambda d: f"{d} days ({counts[d]:,})") or HORIZONS[0]
            chosen = within(rows, as_of, days)
            if not chosen:
                st.caption(f"No notice deadline between {as_of:%Y-%m-%d} and {days_after(as_of, days):%Y-%m-%d}. "
                           "The sample's contracts are historical: try an earlier 'As of' date (e.g. 2012-01-01).")
            else:
                st.caption(act_on_caption(chosen, counts[days], days_after(as_of, days)))
                st.dataframe(act_on_frame(chosen, as_of), hide_index=True, width="stretch", column_config={
                    "Notice by": st.column_config.DateColumn(format="YYYY-MM-DD"),
                    "Open": st.column_config.LinkColumn("Contract page", display_text="Open"),
                })
            st.page_link(RENEWALS_PAGE, label="Record owners and decisions on the Renewals page",
                         icon=":material/event_repeat:", query_params={"as_of": as_of.isoformat()})
    return counts.get(HORIZONS[-1])
