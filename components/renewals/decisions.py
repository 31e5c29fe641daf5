"""Renewal decisions on the Renewals and Contract pages: the form that records a deadline's owner, decision
and note (graph.store.renewal_decisions, with the sidebar's name), and the Renewals page's owner and decision
filters."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import date

import streamlit as st

from components import reads
from components.db import get_driver
from components.formatting import escape_md
from components.renewals.cards import terms
from components.renewals.export import NOT_RECORDED, decision_cells
from components.renewals.view import schedule
from components.session import reviewer_name
from graph.reads.renewals import ScheduleRow
from graph.store.renewal_decisions import (
    DECISIONS,
    NOTE_MAX,
    OWNER_MAX,
    Decision,
    decision_history,
    save_decision,
)

NO_NAME = ("Enter your name in the sidebar (**Your name**) to record a decision: decisions are stored with the "
           "name of who made them.")


@st.cache_data(ttl=300, max_entries=64, show_spinner=False)
def history(file_id: str, due: date) -> list[Decision]:
    return decision_history(get_driver(), file_id, due)


def history_line(d: Decision) -> str:
    """'2026-12-06 10:31 UTC: renew, owner Ann (by Rev). Note: ...' for one earlier decision."""
    when = f"{d.decided_at:%Y-%m-%d %H:%M} UTC" if d.decided_at else "undated"
    note = f" Note: {d.note}" if d.note else ""
    return f"{when}: {d.decision}, owner {d.owner or '(none)'} (by {d.decided_by or 'unknown'}).{note}"


def _render_history(file_id: str, due: date) -> None:
    with reads.guarded(stop=False):
        earlier = history(file_id, due)
        if earlier:
            with st.expander(f"Earlier decisions on this deadline ({len(earlier)})", icon=":material/history:"):
                for d in earlier:
                    st.caption(escape_md(history_line(d)))


def _suffix(row: ScheduleRow, due: date) -> str:
    """A short widget-key suffix per contract and deadline, so another contract's form starts from its values."""
    return hashlib.sha256(f"{row.file_id}|{due}".encode()).hexdigest()[:12]


def _saved_key(key: str) -> str:
    return f"{key}_saved"


def render_decision_form(row: ScheduleRow, key: str) -> None:
    """The decision about `row`'s next notice deadline: shown, and editable in a form. `key` is the page's
    prefix (`renewals_decide`, `contract_decide`)."""
    due = row.deadlines.next_notice_by
    if due is None:
        st.caption("No upcoming notice deadline to decide on.")
        return
    if message := st.session_state.pop(_saved_key(key), None):
        st.success(message, icon=":material/check_circle:")
    current = row.decision
    if current is not None:
        cells = decision_cells(row)
        st.caption(escape_md(f"Recorded: {cells['Decision']}, owner {cells['Owner'] or '(none)'}, by "
                             f"{cells['Decided by']}."))
        _render_history(row.file_id, due)
    suffix = _suffix(row, due)
    with st.form(f"{key}_form_{suffix}", border=True):
        st.markdown(escape_md(f"Notice deadline {due:%Y-%m-%d}: {row.label}"))
        left, right = st.columns(2)
        owner = left.text_input("Owner", value=current.owner or "" if current else "", max_chars=OWNER_MAX,
                                key=f"{key}_owner_{suffix}", help="Who acts on this deadline.")
        decision = right.selectbox("Decision", DECISIONS, key=f"{key}_decision_{suffix}",
                                   index=DECISIONS.index(current.decision) if current else 0)
        note = st.text_area("Note", value=current.note or "" if current else "", max_chars=NOTE_MAX,
                            key=f"{key}_note_{suffix}", height=80)
        submitted = st.form_submit_button("Save decision", icon=":material/save:")
    if submitted:
        _save(row, due, key, decision=decision, owner=owner, note=note)


def _save(row: ScheduleRow, due: date, key: str, *, decision: str, owner: str, note: str) -> None:
    name = reviewer_name()
    if name is None:
        st.warning(NO_NAME, icon=":material/person:")
        return
    with reads.guarded(stop=False):
        saved = save_decision(get_driver(), row.file_id, due, decision, owner=owner, note=note, decided_by=name)
        schedule.clear()
        terms.clear()
        history.clear()
        st.session_state[_saved_key(key)] = (f"Saved: {saved.decision} for the notice deadline of {due:%Y-%m-%d} "
                                             f"(by {escape_md(name)}).")
        st.rerun()


def render_decision_filters(rows: Sequence[ScheduleRow]) -> list[ScheduleRow]:
    """The Renewals page's owner and decision filters over its rows; empty selections keep every row."""
    owners = sorted({d.owner for r in rows if (d := r.decision) is not None and d.owner})
    left, right = st.columns(2)
    chosen_owners = left.multiselect("Owner", owners, key="renewals_owner", placeholder="Any owner",
                                     help="Owners recorded for these deadlines.")
    chosen = right.multiselect("Decision", (*DECISIONS, NOT_RECORDED), key="renewals_decision",
                               placeholder="Any decision")
    return [r for r in rows
            if (not chosen_owners or (r.decision is not None and r.decision.owner in chosen_owners))
            and (not chosen or decision_cells(r)["Decision"] in chosen)]


def pick_and_decide(rows: Sequence[ScheduleRow]) -> None:
    """The Renewals page's "Record a decision": pick one of the listed deadlines, then the form."""
    due = [r for r in rows if r.deadlines.next_notice_by is not None]
    if not due:
        return
    labels = {r.file_id: f"{r.deadlines.next_notice_by:%Y-%m-%d} · {r.label[:80]}" for r in due}
    picked = st.selectbox("Contract", list(labels), format_func=labels.__getitem__, key="renewals_decide_pick")
    row = next(r for r in due if r.file_id == picked)
    render_decision_form(row, "renewals_decide")


def render_contract_decision(file_id: str, today: date) -> None:
    """The Contract page's decision about its next notice deadline as of today."""
    with reads.guarded(stop=False):
        row = terms(file_id, today)
        if row is None or row.deadlines.next_notice_by is None:
            return
        st.subheader("Renewal decision")
        render_decision_form(row, "contract_decide")
