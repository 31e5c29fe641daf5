"""Renewal decisions through the real app: without a name the Renewals page asks for one and stores nothing;
with one the decision is stored (exact node), shown in the table, filterable by owner and decision, listed
on the Overview's act-on list (whose 30/60/90-day counts equal the filter's), and recorded on the Contract page."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta

import pytest
from neo4j import Driver
from streamlit.testing.v1 import AppTest

from components.renewals.decisions import NO_NAME, _suffix
from graph.query.filters import ContractFilter
from graph.reads.renewals import ScheduleRow, renewal_schedule
from graph.reads.repository import search_contracts
from graph.server.config import REPO_ROOT
from graph.server.db import read, write
from tests.app.shown import open_contract, shown

pytestmark = pytest.mark.integration

APP = str(REPO_ROOT / "app.py")
AS_OF = date(2012, 1, 1)
YEAR = ContractFilter(as_of=AS_OF, min_notice_by=AS_OF, max_notice_by=AS_OF + timedelta(days=365), limit=0)
STORED = "MATCH (:Contract {file_id: $f})-[:HAS_RENEWAL_DECISION]->(d:RenewalDecision) RETURN d {.*} AS d"
DROP = "MATCH (d:RenewalDecision {file_id: $f}) OPTIONAL MATCH (d)-[:WAS]->(h) DETACH DELETE d, h"


def open_page(page: str, params: dict[str, str], name: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=180)
    if name is not None:
        at.session_state["reviewer_name"] = name
    at.run()
    at.query_params.update(params)
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


@pytest.fixture
def first(driver: Driver) -> Iterator[ScheduleRow]:
    """The Renewals page's first deadline as of 2012-01-01, without decisions (removed again afterwards)."""
    row = renewal_schedule(driver, YEAR)[0]
    write(driver, DROP, {"f": row.file_id})
    yield row
    write(driver, DROP, {"f": row.file_id})


def decide(at: AppTest, row: ScheduleRow, prefix: str, owner: str, decision: str, note: str) -> AppTest:
    due = row.deadlines.next_notice_by
    assert due is not None
    suffix = _suffix(row, due)
    at.text_input(key=f"{prefix}_owner_{suffix}").input(owner)
    at.selectbox(key=f"{prefix}_decision_{suffix}").select(decision)
    at.text_area(key=f"{prefix}_note_{suffix}").input(note)
    next(b for b in at.button if b.label == "Save decision").click().run()
    assert not at.exception, at.exception
    return at


def test_without_a_name_nothing_is_stored(driver, first):
    at = decide(open_page("pages/portfolio/renewals.py", {"as_of": AS_OF.isoformat()}), first, "renewals_decide",
                "Ana", "renew", "")
    assert NO_NAME in [w.value for w in at.warning]
    assert read(driver, STORED, {"f": first.file_id}) == []


def test_a_decision_is_stored_shown_and_filtered(driver, first):
    at = open_page("pages/portfolio/renewals.py", {"as_of": AS_OF.isoformat()}, name="  Rita\x07 Reviewer ")
    at = decide(at, first, "renewals_decide", "Ops <b>team</b>", "renegotiate", "Ask **legal**")
    [node] = [r["d"] for r in read(driver, STORED, {"f": first.file_id})]
    assert {k: node[k] for k in ("owner", "decision", "note", "decided_by", "deadline")} == {
        "owner": "Ops <b>team</b>", "decision": "renegotiate", "note": "Ask **legal**", "decided_by": "Rita Reviewer",
        "deadline": first.deadlines.next_notice_by}
    assert any("Saved: renegotiate" in shown(s.value) for s in at.success)
    table = at.main.dataframe[0].value
    mine = table[table["File id"] == first.file_id].iloc[0]
    assert (mine["Owner"], mine["Decision"], mine["Note"]) == ("Ops <b>team</b>", "renegotiate", "Ask **legal**")
    at.multiselect(key="renewals_decision").select("renegotiate").run()
    assert list(at.main.dataframe[0].value["File id"]) == [first.file_id]
    at.multiselect(key="renewals_decision").unselect("renegotiate").run()
    at.multiselect(key="renewals_owner").select("Ops <b>team</b>").run()
    assert list(at.main.dataframe[0].value["File id"]) == [first.file_id]
    # the act-on list on the Overview: same counts as the filter, the decision beside the deadline
    over = open_page("pages/portfolio/overview.py", {"as_of": AS_OF.isoformat()})
    counts = {d: search_contracts(driver, ContractFilter(as_of=AS_OF, min_notice_by=AS_OF,
                                                         max_notice_by=AS_OF + timedelta(days=d), limit=0)).total_count
              for d in (30, 60, 90)}
    control = over.get("segmented_control")[0]
    assert [control.proto.options[i].content for i in range(3)] == [f"{d} days ({counts[d]:,})" for d in (30, 60, 90)]
    over.session_state["overview_act_days"] = 90
    over.run()
    listed = over.main.dataframe[0].value
    assert len(listed) == counts[90]
    row = listed[listed["Contract"] == first.label].iloc[0]
    assert (row["Owner"], row["Decision"]) == ("Ops <b>team</b>", "renegotiate")


def test_contract_page_records_a_decision_for_its_next_deadline(driver):
    today = date.today()
    upcoming = renewal_schedule(driver, ContractFilter(as_of=today, min_notice_by=today,
                                                       max_notice_by=today + timedelta(days=3 * 365), limit=0))
    assert upcoming, "the sample has automatic renewals with deadlines after today"
    row = upcoming[0]
    write(driver, DROP, {"f": row.file_id})
    try:
        at = open_contract(row.file_id)
        assert "Renewal decision" in [h.value for h in at.subheader]
        at.session_state["reviewer_name"] = "Cara"
        decide(at, row, "contract_decide", "Procurement", "terminate", "")
        [node] = [r["d"] for r in read(driver, STORED, {"f": row.file_id})]
        assert (node["decision"], node["owner"], node["decided_by"], node["deadline"]) == (
            "terminate", "Procurement", "Cara", row.deadlines.next_notice_by)
        assert any("terminate, owner Procurement, by Cara" in shown(c.value) for c in at.caption)
    finally:
        write(driver, DROP, {"f": row.file_id})


def test_a_changed_decision_lists_the_earlier_one(driver, first):
    at = open_page("pages/portfolio/renewals.py", {"as_of": AS_OF.isoformat()}, name="Rita")
    at = decide(at, first, "renewals_decide", "Ana", "renegotiate", "Ask for 5%")
    assert not [e for e in at.expander if e.label.startswith("Earlier decisions")]  # nothing replaced yet
    at = decide(at, first, "renewals_decide", "Bo", "terminate", "")
    [earlier] = [e for e in at.expander if e.label.startswith("Earlier decisions")]
    assert earlier.label == "Earlier decisions on this deadline (1)"
    [line] = [c.value for c in earlier.caption]
    assert shown(line).endswith(": renegotiate, owner Ana (by Rita). Note: Ask for 5%")
