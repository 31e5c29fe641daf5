"""The Explorer's review grid in AppTest against the real graph: its rows are the filter's contracts with the
cells graph.retrieval.clause_grid computes; a decision needs a name (the buttons are disabled and a warning asks
for one until it is given); confirming a cell stores the decision with the name and the note, the grid shows it,
and the Explorer's count of the text-category filter moves by one."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from components.explorer.clause_grid import DEFAULT, cell_text
from graph.query.filter_url import filter_to_query
from graph.query.filters import ContractFilter
from graph.reads.repository import search_contracts
from graph.retrieval.clause_grid import Column, clause_grid
from graph.server.config import REPO_ROOT
from graph.server.db import read
from tests.app.shown import shown
from tests.integration.test_clause_decisions import clean  # noqa: F401 (the fixture: no decision before or after)

pytestmark = pytest.mark.integration

APP = str(REPO_ROOT / "app.py")
EXPLORER = "pages/portfolio/explorer.py"
SCOPE = ContractFilter(contract_types=("License",))
CATEGORY = DEFAULT[0]
BUILD = "FormSubmitter:explorer_grid_form-Build the grid"


def _explorer() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=180)
    at.run()
    at.query_params.update(filter_to_query(SCOPE))
    at.switch_page(EXPLORER).run()
    assert not at.exception, at.exception
    at.button(key=BUILD).click().run()
    assert not at.exception, at.exception
    return at


def _grid_frame(at: AppTest):
    return next(d.value for d in at.dataframe if "file_id" in d.value.columns and CATEGORY in d.value.columns)


@pytest.mark.usefixtures("clean")
def test_grid_shows_the_computed_cells_and_a_confirmation_moves_the_count(driver) -> None:
    at = _explorer()
    expected = clause_grid(driver, [Column(c, c) for c in DEFAULT], SCOPE)
    frame = _grid_frame(at)
    assert list(frame["file_id"]) == [r.file_id for r in expected.rows] and len(frame) == expected.total
    assert list(frame[CATEGORY]) == [cell_text(r.cells[CATEGORY]) for r in expected.rows]
    target = next(r for r in expected.rows if r.cells[CATEGORY].status in ("possible", "none"))
    before = search_contracts(driver, {"contract_types": ["License"], "text_clause_types": [CATEGORY]}).total_count

    at.selectbox(key="explorer_grid_contract_").set_value(target.file_id).run()
    confirm = next(b for b in at.button if b.label == "Confirm")
    assert confirm.disabled  # no name yet
    assert any("Enter your name" in shown(w.value) for w in at.warning)
    at.text_input(key="reviewer_name").set_value("  A. Analyst ").run()
    assert not next(b for b in at.button if b.label == "Confirm").disabled
    at.selectbox(key="explorer_grid_category").set_value(CATEGORY)
    at.text_input(key="explorer_grid_note").set_value("clause 9.2 allows it on 30 days' notice")
    next(b for b in at.button if b.label == "Confirm").click().run()
    assert not at.exception, at.exception

    stored = read(driver, "MATCH (d:ClauseDecision) RETURN d {.file_id, .category, .verdict, .reviewer, .note} AS d")
    assert stored == [{"d": {"file_id": target.file_id, "category": CATEGORY, "verdict": "confirmed",
                             "reviewer": "A. Analyst", "note": "clause 9.2 allows it on 30 days' notice"}}]
    assert any(shown(s.value).startswith(f"{CATEGORY} for {target.title}: confirmed by A. Analyst on")
               for s in at.success)
    row = _grid_frame(at).set_index("file_id").loc[target.file_id]
    assert row[CATEGORY].startswith("✔ confirmed") and row[CATEGORY].endswith("(A. Analyst)")
    after = search_contracts(driver, {"contract_types": ["License"], "text_clause_types": [CATEGORY]}).total_count
    assert after == before + 1

    # Rejecting it and then withdrawing: the cell lists both ended decisions, latest first, with who ended them.
    at.selectbox(key="explorer_grid_category").set_value(CATEGORY)
    at.text_input(key="explorer_grid_note").set_value("on a second reading, a termination right only")
    next(b for b in at.button if b.label == "Reject").click().run()
    next(b for b in at.button if b.label == "Withdraw").click().run()
    assert not at.exception, at.exception
    assert read(driver, "MATCH (d:ClauseDecision) RETURN d") == []
    history = next(e for e in at.expander if e.label == f"Earlier decisions on {CATEGORY} (2)")
    lines = [shown(c.value) for c in history.caption]
    assert len(lines) == 2 and lines[0].startswith("rejected by A. Analyst on")
    assert "withdrawn by A. Analyst" in lines[0]
    assert lines[1].startswith("confirmed by A. Analyst on") and "“clause 9.2 allows it on 30 days' notice”; " \
        "replaced by A. Analyst" in lines[1]
    assert search_contracts(driver, {"contract_types": ["License"], "text_clause_types": [CATEGORY]}).total_count \
        == before
