"""A reviewer's decision on one cell of the clause review grid: contract `file_id` has (confirmed) or has not
(rejected) CUAD category `category` in its text, whatever the clause classifier's band says.

Stored as `(:ClauseDecision {file_id, category, verdict, reviewer, note, decided_at, section})`, one per
(file_id, category) (constraint `clause_decision_key`), keyed by file_id rather than linked to the contract, so a
reload of the contracts or of the document layer (which replaces sections and may delete unused ClauseType nodes)
keeps the reviewers' work. A later decision on the same cell replaces the earlier one; withdrawing deletes it.
What a change or a withdrawal ended is kept as `(:ClauseDecisionChange {file_id, category, verdict, reviewer, note,
decided_at, section, ended, ended_by, ended_at})` (`ended`: replaced / withdrawn), keyed the same way and not
linked, so that withdrawing, which deletes the decision, keeps its history: who decided what, when, and who
changed or withdrew it (as renewal decisions keep theirs). Deleting the contract deletes both.
The filter's text-category condition reads it (graph.query.conditions.text_category_test): confirmed counts,
rejected does not, no decision leaves the classifier's found band to decide.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from neo4j import Driver

from core.cuad_topics import CUAD_CATEGORIES
from core.errors import FilterValidationError, NotFound
from core.text_safety import multiline_text, reviewer_name
from graph.server.db import native, read, write_rows

VERDICTS = ("confirmed", "rejected")
NOTE_MAX = 1000
# One write transaction: the contract must exist (no decision about an unknown file id), then the decision is
# created or replaced in place.
RECORD_DECISION = """
MATCH (c:Contract {file_id: $file_id})
MERGE (d:ClauseDecision {file_id: $file_id, category: $category})
WITH d, d {.verdict, .reviewer, .note, .decided_at, .section} AS old
FOREACH (_ IN CASE WHEN old.decided_at IS NOT NULL AND (old.verdict <> $verdict OR coalesce(old.note, '') <> $note)
                   THEN [1] ELSE [] END |
  CREATE (:ClauseDecisionChange {file_id: $file_id, category: $category, verdict: old.verdict,
    reviewer: old.reviewer, note: old.note, decided_at: old.decided_at, section: old.section, ended: 'replaced',
    ended_by: $reviewer, ended_at: $decided_at}))
SET d.verdict = $verdict, d.reviewer = $reviewer, d.note = $note, d.decided_at = $decided_at,
    d.section = $section
RETURN d {.file_id, .category, .verdict, .reviewer, .note, .decided_at, .section} AS decision
"""
WITHDRAW_DECISION = """
MATCH (d:ClauseDecision {file_id: $file_id, category: $category})
CREATE (:ClauseDecisionChange {file_id: d.file_id, category: d.category, verdict: d.verdict, reviewer: d.reviewer,
  note: d.note, decided_at: d.decided_at, section: d.section, ended: 'withdrawn', ended_by: $reviewer,
  ended_at: $at})
DELETE d
RETURN count(*) AS withdrawn
"""
HISTORY_OF = """
MATCH (h:ClauseDecisionChange) WHERE h.file_id = $file_id AND h.category IN $categories
RETURN h {.file_id, .category, .verdict, .reviewer, .note, .decided_at, .section, .ended, .ended_by,
          .ended_at} AS change
ORDER BY h.ended_at DESC, h.decided_at DESC
"""
DECISIONS_OF = """
MATCH (d:ClauseDecision) WHERE d.file_id IN $file_ids AND d.category IN $categories
RETURN d {.file_id, .category, .verdict, .reviewer, .note, .decided_at, .section} AS decision
ORDER BY d.file_id, d.category
"""


@dataclass(frozen=True)
class Decision:
    """Who decided what about one contract's category, when, and why."""

    file_id: str
    category: str
    verdict: str  # confirmed / rejected
    reviewer: str
    decided_at: datetime
    note: str = ""
    section: str = ""  # the section the reviewer was shown ("" when none was)

    @classmethod
    def of(cls, row: dict[str, Any]) -> Decision:
        return cls(row["file_id"], row["category"], row["verdict"], row["reviewer"], native(row["decided_at"]),
                   row.get("note") or "", row.get("section") or "")

    def provenance(self) -> str:
        """'confirmed by Ana Ruiz on 2026-12-02 05:40 UTC' (the note apart)."""
        return f"{self.verdict} by {self.reviewer} on {self.decided_at.astimezone(UTC):%Y-%m-%d %H:%M} UTC"


@dataclass(frozen=True)
class Change:
    """A decision that a later one replaced, or that was withdrawn: the decision, and who ended it when."""

    decision: Decision
    ended: str  # replaced / withdrawn
    ended_by: str
    ended_at: datetime

    @classmethod
    def of(cls, row: dict[str, Any]) -> Change:
        return cls(Decision.of(row), row["ended"], row["ended_by"], native(row["ended_at"]))

    def line(self) -> str:
        """'rejected by A. Analyst on 2026-12-02 05:30 UTC: “boilerplate”; replaced by B. Reviewer on ...'."""
        note = f": “{self.decision.note}”" if self.decision.note else ""
        return (f"{self.decision.provenance()}{note}; {self.ended} by {self.ended_by} on "
                f"{self.ended_at.astimezone(UTC):%Y-%m-%d %H:%M} UTC")


def _checked(category: str, verdict: str, reviewer: str | None, note: str | None) -> tuple[str, str]:
    if category not in CUAD_CATEGORIES:
        raise FilterValidationError(f"Unknown clause category '{category[:80]}'.", field="category")
    if verdict not in VERDICTS:
        raise FilterValidationError(f"A decision is one of {', '.join(VERDICTS)}, not '{verdict[:40]}'.",
                                    field="verdict")
    name = reviewer_name(reviewer)
    if not name:
        raise FilterValidationError("Set your name in the sidebar before recording a decision.", field="reviewer")
    return name, multiline_text(note or "").strip()[:NOTE_MAX]


def record_decision(driver: Driver, file_id: str, category: str, verdict: str, reviewer: str | None,
                    note: str | None = None, section: str | None = None, at: datetime | None = None,
                    database: str | None = None) -> Decision:
    """Store (or replace) the decision on (file_id, category) in one write transaction. FilterValidationError
    for an unknown category or verdict or an empty reviewer name; NotFound for an unknown contract."""
    name, text = _checked(category, verdict, reviewer, note)
    params = {"file_id": file_id, "category": category, "verdict": verdict, "reviewer": name, "note": text,
              "section": section or "", "decided_at": at or datetime.now(UTC)}

    rows = write_rows(driver, RECORD_DECISION, params, database)
    if not rows:
        raise NotFound(f"No contract with file_id '{file_id[:200]}'.")
    return Decision.of(rows[0]["decision"])


def withdraw_decision(driver: Driver, file_id: str, category: str, reviewer: str | None,
                      at: datetime | None = None, database: str | None = None) -> bool:
    """Delete the decision on (file_id, category), keeping it as a withdrawn change with `reviewer`'s name;
    True when there was one. FilterValidationError for an empty reviewer name (nothing written)."""
    name = reviewer_name(reviewer)
    if not name:
        raise FilterValidationError("Set your name in the sidebar before withdrawing a decision.", field="reviewer")
    params = {"file_id": file_id, "category": category, "reviewer": name, "at": at or datetime.now(UTC)}
    rows = write_rows(driver, WITHDRAW_DECISION, params, database)
    return int(rows[0]["withdrawn"]) > 0


def decision_history(driver: Driver, file_id: str, categories: list[str],
                     database: str | None = None) -> dict[str, list[Change]]:
    """The replaced and withdrawn decisions on these categories of one contract, latest first, by category."""
    if not categories:
        return {}
    rows = read(driver, HISTORY_OF, {"file_id": file_id, "categories": categories}, database)
    history: dict[str, list[Change]] = {}
    for row in rows:
        history.setdefault(row["change"]["category"], []).append(Change.of(row["change"]))
    return history


def decisions_of(driver: Driver, file_ids: list[str], categories: list[str],
                 database: str | None = None) -> dict[tuple[str, str], Decision]:
    """The decisions on these contracts and categories, by (file_id, category)."""
    if not file_ids or not categories:
        return {}
    rows = read(driver, DECISIONS_OF, {"file_ids": file_ids, "categories": categories}, database)
    return {(d.file_id, d.category): d for d in (Decision.of(r["decision"]) for r in rows)}
