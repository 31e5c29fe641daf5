"""Renewal parts of other pages: the Overview's "notice deadlines in the next 90 days" card (with its own
as-of date) and the Contract page's renewal terms, each value with the sentence it was read from."""

from __future__ import annotations

from datetime import date
from typing import Any

import streamlit as st

from components import reads
from components.build_status import layer_note
from components.contract.page_image import render_on_page
from components.db import get_driver
from components.formatting import escape_md
from components.renewals.act_on import HORIZONS
from components.renewals.export import STATE_LABELS, clean_quote, span_text
from components.routes import EXPLORER_PAGE, RENEWALS_PAGE
from graph.query.filter_url import filter_to_query
from graph.query.filters import ContractFilter, days_after
from graph.query.status import Status, from_row, status
from graph.reads.renewals import ScheduleRow, contract_terms

NOTICE_DAYS = HORIZONS[-1]  # the Overview's deadline list counts this card's number for its longest horizon
FIELD_LABELS = {"expiration": "Expiration / term end", "initial_term": "Initial term", "renewal_type": "Renewal",
                "renewal_term": "Renewal term", "notice_period": "Notice to stop renewal",
                "convenience_notice": "Termination for convenience notice", "note": "Note"}


def notice_filter(as_of: date) -> ContractFilter:
    return ContractFilter(as_of=as_of, min_notice_by=as_of, max_notice_by=days_after(as_of, NOTICE_DAYS))


def render_notice_card(as_of: date, counted: int | None = None) -> None:
    """Notice deadlines in the next 90 days as of the page's date, drilling down to the Explorer and Renewals.
    `counted`: that number when the page has it already (the Overview's deadline list counts the same filter)."""
    with st.container(border=True):
        left, right = st.columns([1, 2], vertical_alignment="center")
        f = notice_filter(as_of)
        with reads.guarded(stop=False):
            total = counted if counted is not None else \
                reads.search(f.model_copy(update={"limit": 0}).model_dump_json()).total_count
            left.metric(f"Notice deadlines in the next {NOTICE_DAYS} days", f"{total:,}",
                        help="Contracts whose next notice deadline (to stop a renewal or before the term ends) "
                             f"falls between {as_of} and {f.max_notice_by}.")
        with right:
            st.page_link(EXPLORER_PAGE, label="Open these contracts in the Explorer", icon=":material/filter_alt:",
                         query_params=filter_to_query(f))
            st.page_link(RENEWALS_PAGE, label="Open the renewal calendar", icon=":material/event_repeat:",
                         query_params={"as_of": as_of.isoformat()})
        if note := layer_note():  # renewal facts are read from the texts: a partial layer counts fewer
            st.warning(f"Partial count. {note}", icon=":material/hourglass_top:")


@st.cache_data(ttl=300, max_entries=64, show_spinner=False)
def terms(file_id: str, as_of: date) -> ScheduleRow | None:
    return contract_terms(get_driver(), file_id, as_of)


def contract_status(row: ScheduleRow, end_date: Any, on: date) -> Status:
    """The one status of graph.query.status on `on`, from the contract's reconciled end of the initial term
    (`end_date`, which an amendment may have moved) and its renewal facts: the state the Explorer and the
    filter's `active` count, with the rolled-over note."""
    return status(from_row({"effective_date": row.effective_date, "end_date": end_date,
                            "renewal_type": row.facts.renewal_type, "renewal_months": row.facts.renewal.months,
                            "renewal_days": row.facts.renewal.days, "notice_months": row.facts.notice.months,
                            "notice_days": row.facts.notice.days}), on)


def render_contract_terms(file_id: str, today: date, end_date: Any = None) -> None:
    """Each renewal field with its value and quote, the deadlines as of today, and the contract's status on
    today (with why, when it is in force only because it rolled over)."""
    with reads.guarded(stop=False):
        row = terms(file_id, today)
        st.subheader("Term and renewal")
        if row is None:
            st.caption("No renewal facts for this contract (it has no document text, or `python -m ingest renewals` "
                       "has not run).")
            return
        d = row.deadlines
        cols = st.columns(4)
        cols[0].metric("Renewal", escape_md(row.facts.renewal_type))
        cols[1].metric("Current term ends", f"{d.term_end:%Y-%m-%d}" if d.term_end else "—")
        stops = f" before the term ending on {d.notice_term_end:%Y-%m-%d}" if d.notice_term_end else ""
        cols[2].metric("Next notice deadline", f"{d.next_notice_by:%Y-%m-%d}" if d.next_notice_by else "—",
                       help=f"{span_text(row.facts.notice) or 'No'} notice period{stops}.")
        now = contract_status(row, end_date, today)
        cols[3].metric(f"State as of {today:%Y-%m-%d}", STATE_LABELS.get(now.state, now.state))
        if now.note:
            st.caption(f"{STATE_LABELS.get(now.state, now.state)}: {escape_md(now.note)}.")
        for name, label in FIELD_LABELS.items():
            ev = row.evidence.get(name)
            if ev is None:
                continue
            # The value, the section's number and title and the quote are the contract's text: literal.
            where = escape_md(f"§{ev['section_number']} {ev['section_title'] or ''}".strip())
            page = f", page {escape_md(ev['page'])}" if ev.get("page") else ""
            st.markdown(f"**{label}: {escape_md(ev['value'])}** — {where}{page}")
            st.caption(f"“{escape_md(clean_quote(ev['quote']))}”")
            render_on_page(file_id, ev.get("quote"), ev.get("page"), key=name)


def render_section_focus(file_id: str, number: str) -> None:
    """The section a Renewals link points at, shown first in the Document tab."""
    with reads.guarded(stop=False):
        doc = reads.outline(file_id)
        section = next((s for s in (doc.sections if doc else []) if s["number"] == number), None)
        if section is None:
            st.warning(f"Section {escape_md(number[:40])} (the link's `section`) is not in this contract's document.",
                       icon=":material/search_off:")
            return
        with st.container(border=True):
            heading = f"§{section['number']} {section.get('title') or ''}".strip()
            st.markdown(f"**{escape_md(heading)}** (linked from Renewals)")
            st.text(section.get("text") or "")
            render_on_page(file_id, section.get("text"), section.get("page"), key="focus")
