"""The Contract page's "State as of" reads the one status (graph.query.status) from the reconciled end of the
initial term, the same state the compiled filter gives the contract, and says when the contract is in force only
because it rolled over (issue 29 item 1). It showed the renewal schedule's state with no note before."""

from __future__ import annotations

from datetime import date

import pytest

from graph.reads.repository import search_contracts
from tests.app.shown import open_contract, shown

pytestmark = pytest.mark.integration

NETGEAR = "NETGEAR,INC_04_21_2003-EX-10.16-DISTRIBUTOR AGREEMENT"
LABELS = {"in_force": "In force", "in_notice_window": "In notice window", "notice_passed": "Notice deadline passed",
          "perpetual": "Perpetual", "expired": "Expired", "not_started": "Not yet started", "unknown": "Unknown"}


def _compiled(driver, file_id: str, today: date) -> dict:
    rows = search_contracts(driver, {"parties": ["netgear"], "as_of": today.isoformat(), "limit": 50}, today).contracts
    return next(r for r in rows if r["file_id"] == file_id)


def test_state_is_the_compiled_status_with_the_rolled_over_note(driver) -> None:
    today = date.today()
    row = _compiled(driver, NETGEAR, today)
    assert row["status"] == "in_force" and row["rolled_over"]  # a one-year term from 1996 that renews itself
    at = open_contract(NETGEAR)
    state = next(m for m in at.main.metric if m.label.startswith("State as of"))
    assert state.label == f"State as of {today:%Y-%m-%d}"
    assert shown(state.value) == LABELS[row["status"]]
    captions = [shown(c.value) for c in at.main.caption]
    assert f"In force: {row['status_note']}." in captions
    assert "renewed automatically every 12 months since 1997; no notice recorded" in row["status_note"]
