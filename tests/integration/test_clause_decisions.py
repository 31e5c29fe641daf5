"""A reviewer's clause decision against the real graph: stored with its provenance in one node, it changes the
text-category filter's count, the grouped chart count and the offline assistant's answer by exactly the
contracts decided (counted independently from the stored links), and withdrawing it restores them; the review
grid shows it, and its CSV and Excel exports hold one row per contract."""

from __future__ import annotations

import csv
import io
from datetime import UTC, date, datetime

import pytest
from openpyxl import load_workbook

from agent.context import AgentSettings, Context
from agent.graph import build_agent
from agent.offline import OfflineChatModel
from agent.runner import ask
from core.errors import FilterValidationError, NotFound
from graph.query.filters import ContractFilter
from graph.reads.repository import search_contracts
from graph.retrieval.clause_grid import clause_grid, grid_columns
from graph.retrieval.clause_grid_export import FIELDS, grid_csv, grid_xlsx
from graph.server.db import read, write
from graph.store.clause_decisions import decision_history, record_decision, withdraw_decision

pytestmark = pytest.mark.integration

CATEGORY = "Non-Compete"
QUESTION = "how many agreements contain a non-compete covenant in the text"
AT = datetime(2026, 12, 2, 5, 30, tzinfo=UTC)
# Independent of the compiler: contracts with a found-band section, and those with only possible-band ones.
BANDED = """
MATCH (s:Section)-[r:IS_CLAUSE_OF_TYPE]->(:ClauseType {name: $c})
WITH s.file_id AS file_id, collect(r.band) AS bands
RETURN file_id, 'found' IN bands AS found ORDER BY file_id
"""
DECISIONS = "MATCH (d:ClauseDecision) RETURN d {.*} AS d ORDER BY d.file_id, d.category"
CHANGES = "MATCH (h:ClauseDecisionChange) RETURN h {.*} AS h ORDER BY h.ended_at, h.decided_at"
FORGET = "MATCH (d) WHERE d:ClauseDecision OR d:ClauseDecisionChange DELETE d"


@pytest.fixture
def clean(driver):
    write(driver, FORGET)
    yield driver
    write(driver, FORGET)


def _banded(driver) -> tuple[list[str], list[str]]:
    rows = read(driver, BANDED, {"c": CATEGORY})
    return [r["file_id"] for r in rows if r["found"]], [r["file_id"] for r in rows if not r["found"]]


def _count(driver) -> int:
    return search_contracts(driver, {"text_clause_types": [CATEGORY], "limit": 1}).total_count


def _grouped(driver) -> int:
    result = search_contracts(driver, {"group_by": "text_clause_type", "agg_limit": 100, "limit": 1})
    return next(g["value"] for g in result.aggregation if g["key"] == CATEGORY)


def _assistant(driver) -> tuple[int, str]:
    answer = ask(build_agent(OfflineChatModel()), Context.create(driver, AgentSettings(provider="offline"),
                                                                 today=date.today()), QUESTION, [])
    assert [(t.name, t.args) for t in answer.traces] == [("contract_search", {"text_clause_types": [CATEGORY]})]
    return answer.traces[0].total_count, answer.text


def test_a_decision_changes_the_filter_count_the_chart_and_the_assistant(clean) -> None:
    driver = clean
    found, possible = _banded(driver)
    assert len(found) >= 2 and possible  # not vacuous: both kinds of cell exist
    before = len(found)
    assert _count(driver) == before and _grouped(driver) == before
    assert _assistant(driver)[0] == before

    rejected, confirmed = found[0], possible[0]
    decision = record_decision(driver, rejected, CATEGORY, "rejected", "  A.\tAnalyst ", "boilerplate", "7", at=AT)
    record_decision(driver, confirmed, CATEGORY, "confirmed", "B. Reviewer", None, at=AT)
    record_decision(driver, found[1], CATEGORY, "confirmed", "B. Reviewer", at=AT)  # agrees: no change
    assert decision.provenance() == "rejected by A. Analyst on 2026-12-02 05:30 UTC"
    stored = read(driver, DECISIONS)
    assert [(d["d"]["file_id"], d["d"]["verdict"], d["d"]["reviewer"], d["d"]["note"], d["d"]["section"])
            for d in stored] == sorted([(rejected, "rejected", "A. Analyst", "boilerplate", "7"),
                                        (confirmed, "confirmed", "B. Reviewer", "", ""),
                                        (found[1], "confirmed", "B. Reviewer", "", "")])
    assert all(d["d"]["decided_at"].to_native() == AT for d in stored)

    after = before - 1 + 1
    ids = {c["file_id"] for c in search_contracts(driver, {"text_clause_types": [CATEGORY], "limit": 500}).contracts}
    assert ids == (set(found) - {rejected}) | {confirmed} and len(ids) == after
    assert _grouped(driver) == after
    assert _assistant(driver)[0] == after

    # Two rejections: the count drops by exactly two, everywhere.
    record_decision(driver, confirmed, CATEGORY, "rejected", "B. Reviewer", "second look", at=AT)
    assert len(read(driver, DECISIONS)) == 3  # replaced in place, not added
    count, text = _assistant(driver)
    assert _count(driver) == _grouped(driver) == count == before - 1
    assert f"**{before - 1} contracts**" in text

    assert withdraw_decision(driver, rejected, CATEGORY, "A. Analyst")
    assert not withdraw_decision(driver, rejected, CATEGORY, "A. Analyst")
    assert _count(driver) == before


def test_replaced_and_withdrawn_decisions_are_kept_as_history(clean) -> None:
    """Who decided what, when, and who changed or withdrew it: a replaced decision and a withdrawn one are kept
    (the withdrawn one after its node is gone), a re-save of the same verdict and note is not a change."""
    driver, file_id = clean, _banded(clean)[0][0]
    later = [datetime(2026, 12, 2, 5, 30 + i, tzinfo=UTC) for i in range(4)]
    record_decision(driver, file_id, CATEGORY, "rejected", "A. Analyst", "boilerplate", "7", at=later[0])
    record_decision(driver, file_id, CATEGORY, "rejected", "A. Analyst", "boilerplate", "7", at=later[1])
    assert read(driver, CHANGES) == []  # the same decision saved again
    record_decision(driver, file_id, CATEGORY, "confirmed", "B. Reviewer", "it is a covenant", "7", at=later[2])
    assert withdraw_decision(driver, file_id, CATEGORY, "C. Counsel", at=later[3])
    assert read(driver, DECISIONS) == []
    changes = [r["h"] for r in read(driver, CHANGES)]
    assert [(h["verdict"], h["reviewer"], h["note"], h["decided_at"].to_native(), h["ended"], h["ended_by"],
             h["ended_at"].to_native()) for h in changes] == [
        ("rejected", "A. Analyst", "boilerplate", later[1], "replaced", "B. Reviewer", later[2]),
        ("confirmed", "B. Reviewer", "it is a covenant", later[2], "withdrawn", "C. Counsel", later[3])]
    history = decision_history(driver, file_id, [CATEGORY, "Insurance"])
    assert list(history) == [CATEGORY]
    assert [c.line() for c in history[CATEGORY]] == [
        "confirmed by B. Reviewer on 2026-12-02 05:32 UTC: “it is a covenant”; withdrawn by C. Counsel on "
        "2026-12-02 05:33 UTC",
        "rejected by A. Analyst on 2026-12-02 05:31 UTC: “boilerplate”; replaced by B. Reviewer on 2026-12-02 "
        "05:32 UTC"]
    assert _count(driver) == len(_banded(driver)[0])  # history does not decide anything
    with pytest.raises(FilterValidationError, match="name"):
        withdraw_decision(driver, file_id, CATEGORY, " ")


def test_bad_decisions_are_refused_and_write_nothing(clean) -> None:
    driver = clean
    with pytest.raises(NotFound):
        record_decision(driver, "no-such-contract", CATEGORY, "confirmed", "A. Analyst")
    with pytest.raises(FilterValidationError, match="name"):
        record_decision(driver, _banded(driver)[0][0], CATEGORY, "confirmed", " \x00 ")
    with pytest.raises(FilterValidationError, match="Unknown clause category"):
        record_decision(driver, _banded(driver)[0][0], "Noncompete", "confirmed", "A. Analyst")
    with pytest.raises(FilterValidationError, match="decision is one of"):
        record_decision(driver, _banded(driver)[0][0], CATEGORY, "maybe", "A. Analyst")
    assert read(driver, DECISIONS) == []


def test_grid_cells_decisions_and_exports(clean) -> None:
    driver = clean
    found, possible = _banded(driver)
    scope = ContractFilter(contract_types=("License",))
    columns = grid_columns([CATEGORY, "Governing Law"], ["force majeure", "can we terminate for convenience"])
    assert [(c.label, c.category) for c in columns] == [
        (CATEGORY, CATEGORY), ("Governing Law", "Governing Law"), ("force majeure", None),
        ("Termination For Convenience", "Termination For Convenience")]
    listed = search_contracts(driver, {"contract_types": ["License"], "limit": 500}).contracts
    licenses = {c["file_id"] for c in listed}
    target = next(f for f in found if f in licenses)
    record_decision(driver, target, CATEGORY, "rejected", "A. Analyst", "=HYPERLINK(\"http://x\")", at=AT)
    grid = clause_grid(driver, columns, scope)
    assert {r.file_id for r in grid.rows} == licenses and grid.total == len(licenses)
    statuses = {r.file_id: r.cells[CATEGORY].status for r in grid.rows}
    assert statuses[target] == "rejected"
    assert {f for f, s in statuses.items() if s == "found"} == set(found) & licenses - {target}
    assert {f for f, s in statuses.items() if s == "possible"} == set(possible) & licenses
    assert {r.cells["force majeure"].status for r in grid.rows} <= {"match", "none"}

    text = list(csv.reader(io.StringIO(grid_csv(grid))))
    assert len(text) == 1 + len(licenses) and len(text[0]) == 2 + len(FIELDS) * len(columns)
    row = next(r for r in text if r[0] == target)
    assert row[2] == "rejected" and row[7] == "'=HYPERLINK(\"http://x\")"  # formula-safe note
    sheet = load_workbook(io.BytesIO(grid_xlsx(grid))).active
    values = list(sheet.iter_rows(values_only=True))
    assert len(values) == 1 + len(licenses) and [v[0] for v in values[1:]] == [r.file_id for r in grid.rows]
    cell = next(v for v in values if v[0] == target)
    assert cell[2] == "rejected" and cell[6] == "rejected by A. Analyst on 2026-12-02 05:30 UTC"
    assert cell[7] == "'=HYPERLINK(\"http://x\")"
    assert all(not isinstance(v, str) or not v.startswith("=") for r in values for v in r)


def test_contracts_without_a_category_count_the_rest_and_follow_decisions(clean) -> None:
    driver = clean
    cap = "Cap On Liability"
    agent = build_agent(OfflineChatModel())
    ctx = Context.create(driver, AgentSettings(provider="offline"), today=date.today())
    contracts = read(driver, "MATCH (c:Contract) RETURN count(c) AS n")[0]["n"]
    with_cap = [r["file_id"] for r in read(driver, BANDED, {"c": cap}) if r["found"]]
    assert 0 < len(with_cap) < contracts
    answer = ask(agent, ctx, "contracts without a cap on liability", [])
    assert [(t.name, t.args, t.total_count) for t in answer.traces] == \
        [("contract_search", {"without_text_clause_types": [cap]}, contracts - len(with_cap))]
    assert f"no clause in the text (found band): {cap}" in answer.text

    record_decision(driver, with_cap[0], cap, "rejected", "A. Analyst", at=AT)
    again = ask(agent, ctx, "Which contracts have no cap on liability?", [])
    assert again.traces[0].total_count == contracts - len(with_cap) + 1
    ids = {c["file_id"] for c in search_contracts(driver, {"without_text_clause_types": [cap], "limit": 500}).contracts}
    assert with_cap[0] in ids and not ids & set(with_cap[1:])


CYTODYN = "CytodynInc_20200109_10-Q_EX-10.5_11941634_EX-10.5_License Agreement"
BEST = """
MATCH (s:Section {file_id: $f})-[r:IS_CLAUSE_OF_TYPE]->(:ClauseType {name: $c}) WHERE r.band IN ['found', 'possible']
RETURN s.number AS number, r.band AS band, r.score AS score
ORDER BY CASE r.band WHEN 'found' THEN 0 ELSE 1 END, r.score DESC, s.ordinal LIMIT 1
"""


def test_a_contract_clause_question_cites_the_banded_section_and_follows_a_decision(clean) -> None:
    driver = clean
    agent = build_agent(OfflineChatModel())
    ctx = Context.create(driver, AgentSettings(provider="offline"), today=date.today())
    question = "Does the Cytodyn license agreement have a non-compete?"
    best = read(driver, BEST, {"f": CYTODYN, "c": CATEGORY})[0]
    assert best["band"] == "found"  # the data this test reads: the classifier puts a section in the found band
    answer = ask(agent, ctx, question, [])
    assert [(t.name, t.args) for t in answer.traces] == [
        ("clause_search", {"question": CATEGORY, "contract_types": ["License"], "parties": ["CytoDyn Inc."]})]
    assert f"`{CYTODYN}`: **yes**: §{best['number']} " in answer.text
    assert f"is in the found band (counted) of {CATEGORY}, probability {best['score']:.2f}." in answer.text

    record_decision(driver, CYTODYN, CATEGORY, "rejected", "A. Analyst", "only a research covenant", at=AT)
    again = ask(agent, ctx, question, [])
    assert (f"`{CYTODYN}`: **no**, {CATEGORY} rejected by A. Analyst on 2026-12-02 05:30 UTC (“only a research "
            f"covenant”); the classifier: found band, probability {best['score']:.2f}, §{best['number']}") in again.text
