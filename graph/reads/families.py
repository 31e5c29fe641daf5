"""Reading contract families: the family of one contract (the Contract page) and every family (the CLI and
docs/FAMILIES.md). A family is a parent (a stored contract, or a placeholder when the agreement is not in the
repository) and its members in order: their own date, then ordinal, then file id.
"""

from __future__ import annotations

from typing import Any

from neo4j import Driver

from graph.server.db import read
from graph.store.families import LABEL

_ORDER = "ORDER BY coalesce(r.date, m.effective_date), r.ordinal, m.file_id"
_MEMBER = ("{file_id: m.file_id, title: coalesce(m.title, m.file_id), kind: r.kind, ordinal: r.ordinal, "
           "date: toString(r.date), marker: r.marker, evidence: r.evidence, match: r.match, "
           "parent_title: r.parent_title, parent_date: toString(r.parent_date), term_end: toString(r.term_end), "
           "term_months: r.term_months, term_quote: r.term_quote}")
_ROOT = (f"{{placeholder: root:{LABEL}, file_id: root.file_id, "
         f"title: CASE WHEN root:{LABEL} THEN root.title ELSE coalesce(root.title, root.file_id) END, "
         "date: toString(coalesce(root.effective_date, root.date)), parties: root.parties, "
         "end_date: toString(root.end_date), end_date_source: root.end_date_source, "
         "end_date_before: toString(coalesce(root.end_date_text, root.end_date_extracted)), "
         "end_date_amended_by: root.end_date_amended_by, end_date_amended_quote: root.end_date_amended_quote}")
FAMILY_OF = f"""
MATCH (c:Contract {{file_id: $file_id}})
OPTIONAL MATCH (c)-[:AMENDS]->(up)
WITH coalesce(up, c) AS root
MATCH (m:Contract)-[r:AMENDS]->(root)
WITH root, m, r {_ORDER}
WITH root, collect({_MEMBER}) AS members
RETURN {_ROOT} AS parent, members
"""
ALL_FAMILIES = f"""
MATCH (m:Contract)-[r:AMENDS]->(root)
WITH root, m, r {_ORDER}
WITH root, collect({_MEMBER}) AS members
RETURN {_ROOT} AS parent, members
ORDER BY root:{LABEL}, toLower(coalesce(root.title, root.file_id)), root.file_id, root.key
"""


def family_of(driver: Driver, file_id: str, database: str | None = None) -> dict[str, Any] | None:
    """The family `file_id` belongs to ({parent, members}), or None when it has none."""
    rows = read(driver, FAMILY_OF, {"file_id": file_id}, database=database)
    return rows[0] if rows else None


def all_families(driver: Driver, database: str | None = None) -> list[dict[str, Any]]:
    """Every family: stored parents by title first, then placeholders."""
    return read(driver, ALL_FAMILIES, database=database)


def member_label(member: dict[str, Any]) -> str:
    """How a member is named in a list: "Amendment 2 (1998-07-15)", "Restatement (2014-02-18)"."""
    kind = (member.get("kind") or "member").replace("_", " ").capitalize()
    number = f" {member['ordinal']}" if member.get("ordinal") else ""
    return f"{kind}{number} ({member['date'] or 'undated'})"


def markdown(families: list[dict[str, Any]]) -> str:
    """The families as a Markdown list (docs/FAMILIES.md pastes it)."""
    lines = []
    for fam in families:
        parent = fam["parent"]
        where = " (placeholder: not in the repository)" if parent["placeholder"] else f" `{parent['file_id']}`"
        lines.append(f"- **{parent['title']}**{where}, {parent['date'] or 'undated'}")
        for m in fam["members"]:
            term = f"; term: {m['term_end'] or str(m['term_months']) + ' months more'}" \
                if m["term_end"] or m["term_months"] else ""
            lines.append(f"  - {member_label(m)}: `{m['file_id']}` ({m['match']}{term})")
        if parent.get("end_date_source") == "amendment":
            lines.append(f"  - end of term {parent['end_date_before'] or 'unknown'} → **{parent['end_date']}** "
                         f"by `{parent['end_date_amended_by']}`: “{parent['end_date_amended_quote']}”")
    return "\n".join(lines)


def short(families: list[dict[str, Any]]) -> str:
    """One line a family (the README's list): the parent, then its members' labels with their file ids."""
    lines = []
    for fam in families:
        parent = fam["parent"]
        where = "placeholder" if parent["placeholder"] else f"`{parent['file_id']}`"
        members = "; ".join(f"{member_label(m)} `{m['file_id']}`" for m in fam["members"])
        amended = f" (term amended to {parent['end_date']})" if parent.get("end_date_source") == "amendment" else ""
        lines.append(f"- **{parent['title']}** {where}{amended} ← {members}")
    return "\n".join(lines)
