"""Renewals: what renews, when, and the last day to give notice, as of a chosen date, with the sentence
each value was read from. The table, the timeline (a tab beside it), the CSV and the .ics file all hold exactly
the contracts the filter counts (`total_count`)."""

from __future__ import annotations

from datetime import date, timedelta

import streamlit as st

from components import reads
from components.footer import render_footer
from components.formatting import escape_md
from components.renewals.decisions import pick_and_decide, render_decision_filters
from components.renewals.view import render_downloads, render_table, schedule, timeline
from components.routes import EXPLORER_PAGE
from core.errors import FilterValidationError
from graph.query.filter_url import date_from_query, filter_to_query
from graph.query.filters import DATE_MAX, DATE_MIN, ContractFilter

HORIZONS = {"30 days": 30, "90 days": 90, "6 months": 182, "1 year": 365, "2 years": 730}
TYPES = ("automatic", "evergreen", "option", "none")


def _as_of() -> date:
    """The reference date, kept in the URL (the sample's contracts are historical: pick a past date). A date
    in a link that is unreadable or outside the pickers' range is ignored, saying why."""
    try:
        initial = date_from_query(st.query_params.get_all, "as_of") or date.today()
    except FilterValidationError as e:
        st.warning(f"Ignored the date in the link. {escape_md(e)}", icon=":material/event_busy:")
        initial = date.today()
    chosen = st.date_input("As of", initial, min_value=DATE_MIN, max_value=DATE_MAX, format="YYYY-MM-DD",
                           key="renewals_as_of", help="Deadlines and states are computed as of this date.")
    st.query_params["as_of"] = chosen.isoformat()
    return chosen


reads.require_db()
st.title("Renewals and notice deadlines")
st.caption("Renewal terms and notice periods are read from each contract's text (its Term and Renewal sections); "
           "automatic renewals roll forward term by term. Each deadline links to the sentence it came from.")
left, middle, right = st.columns([1, 1, 2], vertical_alignment="bottom")
with left:
    as_of = _as_of()
horizon = HORIZONS[middle.selectbox("Notice deadlines within", list(HORIZONS), index=3, key="renewals_horizon")]
kinds = right.multiselect("Renewal types", TYPES, default=[], key="renewals_types",
                          help="Empty: every contract with a notice deadline.")
f = ContractFilter(as_of=as_of, min_notice_by=as_of, max_notice_by=as_of + timedelta(days=horizon),
                   renewal_types=tuple(kinds), limit=0)
with reads.guarded():
    total = reads.search(f.model_dump_json()).total_count
    upcoming = schedule(f.model_dump_json())
rows = upcoming.rows
renews = ContractFilter(as_of=as_of, min_next_renewal=as_of, max_next_renewal=as_of + timedelta(days=horizon))
with reads.guarded():
    renewing = reads.search(renews.model_copy(update={"limit": 0}).model_dump_json()).total_count
a, b, c = st.columns(3)
a.metric("Notice deadlines", f"{total:,}", help=f"Next notice deadline between {as_of} and "
         f"{as_of + timedelta(days=horizon)}.", border=True)
if upcoming.truncated:  # the rows are the soonest only: count the state with the compiler
    with reads.guarded():
        in_window = reads.search(f.model_copy(update={"status": ("in_notice_window",)}).model_dump_json()).total_count
else:
    in_window = sum(r.deadlines.state == "in_notice_window" for r in rows)
b.metric("In notice window (90 days)", f"{in_window:,}", border=True)
with c:
    st.metric("Auto-renewing in the period", f"{renewing:,}", border=True)
    st.page_link(EXPLORER_PAGE, label="Open in Explorer", icon=":material/arrow_forward:",
                 query_params=filter_to_query(renews))
if not rows:
    st.info("No notice deadline in this period. The sample's contracts are historical: try an earlier "
            "'As of' date (e.g. 2012-01-01).", icon=":material/event_busy:")
else:
    st.subheader("Upcoming notice deadlines")
    if upcoming.truncated:
        st.caption(f"The {len(rows):,} soonest of {total:,} deadlines; choose a shorter period or renewal types "
                   "to list the others.")
    shown = render_decision_filters(rows)
    if len(shown) != len(rows):
        st.caption(f"{len(shown):,} of {len(rows):,} deadlines have the chosen owner and decision.")
    # Only the open tab is drawn: the timeline (plotly) is one click away, so a first visit does not load and
    # run plotly before the table shows (issue 33). The open tab is in the URL (`renewals_view`).
    table_tab, timeline_tab = st.tabs(["Table", "Timeline"], key="renewals_view", bind="query-params",
                                      on_change="rerun")
    if table_tab.open:
        with table_tab:
            render_table(shown)
    if timeline_tab.open:
        with timeline_tab:
            st.plotly_chart(timeline(shown, as_of), key="renewals_timeline")
    render_downloads(shown, as_of)
    st.subheader("Record a decision")
    pick_and_decide(shown)
render_footer()
