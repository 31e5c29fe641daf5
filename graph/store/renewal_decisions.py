"""Renewal decisions: who owns a contract's notice deadline and what was decided about it (docs/RENEWALS.md).

```
(:Contract)-[:HAS_RENEWAL_DECISION]->(:RenewalDecision {file_id, deadline, owner, decision, note,
                                                        decided_by, decided_at})
(:RenewalDecision)-[:WAS]->(:RenewalDecisionChange {file_id, deadline, owner, decision, note, decided_by,
                                                   decided_at, replaced_at})
```
One decision per contract and deadline (`file_id`, `deadline`: the notice-by date it is about, unique), so a
decision about this year's deadline does not silently carry over to next year's. Saving again replaces owner,
decision and note, and records who saved it and when (`decided_at`, the server's clock, UTC); what it replaced,
when that differed, is kept as a RenewalDecisionChange (the history an auditor asks for: who decided what, when,
and who changed it). There are no accounts: `decided_by` is the name the sidebar asks for, and nothing is stored
without one.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from neo4j import Driver

from core.errors import FilterValidationError, NotFound
from core.text_safety import multiline_text, one_line_name, reviewer_name
from graph.server.db import native, read, write_rows

DECISIONS = ("undecided", "renew", "renegotiate", "terminate")
OWNER_MAX = 80
NOTE_MAX = 2000

SAVE_DECISION = """
MATCH (c:Contract {file_id: $file_id})
MERGE (d:RenewalDecision {file_id: $file_id, deadline: $deadline})
MERGE (c)-[:HAS_RENEWAL_DECISION]->(d)
WITH d, d {.owner, .decision, .note, .decided_by, .decided_at} AS old
FOREACH (_ IN CASE WHEN old.decided_at IS NOT NULL AND (old.decision <> $decision
                        OR coalesce(old.owner, '') <> coalesce($owner, '')
                        OR coalesce(old.note, '') <> coalesce($note, '')) THEN [1] ELSE [] END |
  CREATE (d)-[:WAS]->(:RenewalDecisionChange {file_id: $file_id, deadline: $deadline, owner: old.owner,
    decision: old.decision, note: old.note, decided_by: old.decided_by, decided_at: old.decided_at,
    replaced_at: datetime()}))
SET d.owner = $owner, d.decision = $decision, d.note = $note, d.decided_by = $decided_by,
    d.decided_at = datetime()
RETURN d {.file_id, .deadline, .owner, .decision, .note, .decided_by, .decided_at} AS decision
"""
HISTORY = """
MATCH (:RenewalDecision {file_id: $file_id, deadline: $deadline})-[:WAS]->(h:RenewalDecisionChange)
RETURN h {.deadline, .owner, .decision, .note, .decided_by, .decided_at} AS decision
ORDER BY h.decided_at DESC
"""
# Read beside the renewal facts (graph.reads.renewals): every decision of the contract `c`, by deadline.
DECISIONS_OF = """COLLECT { MATCH (c)-[:HAS_RENEWAL_DECISION]->(rd:RenewalDecision)
                 RETURN rd {.deadline, .owner, .decision, .note, .decided_by, .decided_at}
                 ORDER BY rd.deadline }"""


@dataclass(frozen=True)
class Decision:
    """One stored decision about the notice deadline `deadline`."""

    deadline: date
    decision: str
    owner: str | None = None
    note: str | None = None
    decided_by: str | None = None
    decided_at: datetime | None = None

    @classmethod
    def of(cls, raw: dict[str, Any]) -> Decision:
        """From a returned map (neo4j temporal values converted)."""
        return cls(deadline=native(raw["deadline"]), decision=raw["decision"], owner=raw.get("owner"),
                   note=raw.get("note"), decided_by=raw.get("decided_by"), decided_at=native(raw.get("decided_at")))


def clean(decision: str, owner: str | None, note: str | None, decided_by: str | None) -> dict[str, Any]:
    """The parameters to store, or FilterValidationError naming what is wrong: a decision from DECISIONS, a
    reviewer name (required), an owner on one line and a note of at most NOTE_MAX characters."""
    if decision not in DECISIONS:
        raise FilterValidationError(f"decision: must be one of {', '.join(DECISIONS)}.")
    name = reviewer_name(decided_by)
    if not name:
        raise FilterValidationError("Your name: enter it in the sidebar first; decisions are stored with the "
                                    "name of who made them.")
    owner_text = one_line_name(owner or "")
    if len(owner_text) > OWNER_MAX:
        raise FilterValidationError(f"owner: at most {OWNER_MAX} characters.")
    note_text = multiline_text(note or "").strip()
    if len(note_text) > NOTE_MAX:
        raise FilterValidationError(f"note: at most {NOTE_MAX:,} characters (this one has {len(note_text):,}).")
    return {"decision": decision, "owner": owner_text or None, "note": note_text or None, "decided_by": name}


def save_decision(driver: Driver, file_id: str, deadline: date, decision: str, *, owner: str | None,
                  note: str | None, decided_by: str | None, database: str | None = None) -> Decision:
    """Store (or replace) the decision about `file_id`'s notice deadline `deadline` in one write transaction.
    FilterValidationError for bad values (nothing written), NotFound when there is no such contract."""
    params = {**clean(decision, owner, note, decided_by), "file_id": file_id, "deadline": deadline}

    rows = write_rows(driver, SAVE_DECISION, params, database)
    if not rows:
        raise NotFound(f"No contract with file_id '{file_id[:200]}'.")
    return Decision.of(rows[0]["decision"])


def decision_history(driver: Driver, file_id: str, deadline: date, database: str | None = None) -> list[Decision]:
    """The decisions that the current one about this deadline replaced, latest first (empty when none)."""
    rows = read(driver, HISTORY, {"file_id": file_id, "deadline": deadline}, database)
    return [Decision.of(r["decision"]) for r in rows]
