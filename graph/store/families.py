"""Writing contract families: the AMENDS links, placeholder parents and the amended end of term.

```
(:Contract)-[:AMENDS {kind, ordinal, date, marker, evidence, match, parent_title, parent_date,
                      term_end, term_months, term_quote}]->(:Contract | :AgreementPlaceholder)
(:AgreementPlaceholder {key, title, date, parties, evidence})
(:Contract {end_date_amended, end_date_amended_by, end_date_amended_quote})
```
A placeholder is not a `:Contract`, so no filter, KPI, count or CLI search ever sees one; it exists only as the
end of AMENDS links and is deleted with its last one. The parent's amended end is folded from its members'
term changes in order (`amended_end`) and joins the end-date precedence (graph.store.end_dates): the status,
the Renewals page and the filters read it through `end_date`. docs/FAMILIES.md explains how links are found.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from neo4j import Driver, ManagedTransaction

from graph.query.renewal_dates import add_months
from graph.server.db import native, read, write_tx
from graph.store.end_dates import reconcile

LABEL = "AgreementPlaceholder"
_RECONCILE = reconcile("c.end_date_confirmed", "c.end_date_text", "c.end_date_extracted")

FAMILY_SCHEMA = (f"CREATE CONSTRAINT placeholder_key IF NOT EXISTS FOR (p:{LABEL}) REQUIRE p.key IS UNIQUE",)
# What the matcher needs of every stored contract; members (with an outgoing AMENDS) are not candidates.
CANDIDATES = """
MATCH (c:Contract)
OPTIONAL MATCH (c)<-[:PARTY_TO]-(p:Party)
RETURN c.file_id AS file_id, [t IN [c.title, c.file_title, c.text_title] WHERE t IS NOT NULL] AS titles,
       c.effective_date AS effective_date, collect(p.name) AS parties, EXISTS { (c)-[:AMENDS]->() } AS member
"""
# The first characters of every contract's stored text (a member says what it is early, or in its title),
# then the whole text of the few that may be members.
OPENINGS = """
MATCH (c:Contract)
OPTIONAL MATCH (d:Document {file_id: c.file_id})
RETURN c.file_id AS file_id, coalesce(c.file_title, c.title, c.file_id) AS title,
       substring(d.text, 0, $chars) AS opening
"""
# A contract about to be deleted (or replaced) leaves its members a placeholder with its title, date and parties.
DETACH_MEMBERS = f"""
MATCH (m:Contract)-[r:AMENDS]->(c:Contract {{file_id: $file_id}})
MERGE (p:{LABEL} {{key: 'deleted:' + c.file_id}})
SET p.title = coalesce(c.title, c.file_id), p.date = c.effective_date, p.parties = c.party_names,
    p.evidence = r.evidence
CREATE (m)-[kept:AMENDS]->(p)
SET kept = properties(r), kept.match = 'its agreement was deleted: placeholder'
DELETE r
"""
PLACEHOLDER_MEMBERS = f"""
MATCH (c:Contract)-[:AMENDS]->(:{LABEL})
RETURN c.file_id AS file_id, coalesce(c.file_title, c.title, c.file_id) AS title ORDER BY file_id
"""
TEXTS = "UNWIND $ids AS id MATCH (d:Document {file_id: id}) RETURN d.file_id AS file_id, d.text AS text"
CLEAR_ALL = f"""
MATCH ()-[r:AMENDS]->() DELETE r
WITH count(*) AS gone
MATCH (p:{LABEL}) DETACH DELETE p
"""
CLEAR_MEMBER = """
MATCH (c:Contract {file_id: $file_id})-[r:AMENDS]->(old)
WITH r, CASE WHEN old:Contract THEN old.file_id END AS parent
DELETE r
RETURN parent
"""
CLEAR_ORPHANS = f"MATCH (p:{LABEL}) WHERE NOT EXISTS {{ ()-[:AMENDS]->(p) }} DETACH DELETE p"
LINK_CONTRACT = """
UNWIND $rows AS row
MATCH (c:Contract {file_id: row.child}), (p:Contract {file_id: row.parent})
MERGE (c)-[r:AMENDS]->(p)
SET r = row.props
"""
LINK_PLACEHOLDER = f"""
UNWIND $rows AS row
MATCH (c:Contract {{file_id: row.child}})
MERGE (p:{LABEL} {{key: row.key}})
SET p.title = row.title, p.date = row.date, p.parties = row.parties, p.evidence = row.props.evidence
MERGE (c)-[r:AMENDS]->(p)
SET r = row.props
"""
# The base end a parent has before its amendments, and its members' term changes.
TERM_CHANGES = """
MATCH (c:Contract) WHERE c.file_id IN $file_ids OR c.end_date_amended IS NOT NULL
OPTIONAL MATCH (m:Contract)-[r:AMENDS]->(c) WHERE r.term_end IS NOT NULL OR r.term_months IS NOT NULL
RETURN c.file_id AS file_id, coalesce(c.end_date_text, c.end_date_extracted) AS base,
       c.end_date_amended AS current,
       collect({file_id: m.file_id, date: coalesce(r.date, m.effective_date), ordinal: r.ordinal,
                term_end: r.term_end, term_months: r.term_months, quote: r.term_quote}) AS changes
"""
SET_AMENDED_END = """
UNWIND $rows AS row
MATCH (c:Contract {file_id: row.file_id})
SET c.end_date_amended = row.end, c.end_date_amended_by = row.by, c.end_date_amended_quote = row.quote
WITH c
SET """ + _RECONCILE


@dataclass(frozen=True)
class Link:
    """One member's link: to a stored parent (`parent`) or to a placeholder (`placeholder`, its properties)."""

    child: str
    props: dict[str, Any]
    parent: str | None = None
    placeholder: dict[str, Any] | None = None


def candidates(driver: Driver, database: str | None = None) -> list[dict[str, Any]]:
    """Every contract's file id, titles, effective date, party names and whether it is a member already."""
    return read(driver, CANDIDATES, database=database)


def openings(driver: Driver, chars: int, database: str | None = None) -> list[dict[str, Any]]:
    """Every contract's file id, file title and the first `chars` characters of its stored text (or None)."""
    return read(driver, OPENINGS, {"chars": chars}, database=database)


def placeholder_members(driver: Driver, database: str | None = None) -> list[dict[str, Any]]:
    """The members whose parent is a placeholder (file id and title)."""
    return read(driver, PLACEHOLDER_MEMBERS, database=database)


def texts(driver: Driver, file_ids: list[str], database: str | None = None) -> dict[str, str]:
    """The stored texts of `file_ids` (those that have one)."""
    return {r["file_id"]: r["text"] for r in read(driver, TEXTS, {"ids": file_ids}, database=database)}


def amended_end(base: date | None, changes: list[dict[str, Any]]) -> tuple[date, str, str] | None:
    """The parent's end after its members' term changes, applied in order (date, ordinal, file id): a new end
    replaces it, an extension adds months to it (skipped while no end is known). Returns (end, the last
    changing member's file id, its quote), or None when nothing changes the term."""
    end, by = base, None
    ordered = sorted((c for c in changes if c.get("file_id")),
                     key=lambda c: (native(c.get("date")) or date.min, c.get("ordinal") or 0, c["file_id"]))
    for change in ordered:
        if change.get("term_end") is not None:
            end, by = native(change["term_end"]), change
        elif change.get("term_months") and end is not None:
            end, by = add_months(end, int(change["term_months"])), change
    return (end, by["file_id"], by["quote"]) if by is not None and end is not None else None


def apply_term_changes(tx: ManagedTransaction, parents: list[str]) -> int:
    """Recompute the amended end of `parents` (and of every contract that has one) and re-apply the end-date
    precedence; returns how many contracts have an amended end."""
    rows = []
    for row in tx.run(TERM_CHANGES, file_ids=parents).data():
        found = amended_end(native(row["base"]), row["changes"])
        if found is not None or row["current"] is not None:
            end, by, quote = found or (None, None, None)
            rows.append({"file_id": row["file_id"], "end": end, "by": by, "quote": quote})
    tx.run(SET_AMENDED_END, rows=rows).consume()
    return sum(1 for r in rows if r["end"] is not None)


def detach_members(tx: ManagedTransaction, file_id: str) -> None:
    """Before `file_id` is deleted or replaced: its members keep their link, to a placeholder in its stead
    (an upload of the agreement later adopts them: ingest.families.link.adopt_placeholder_members)."""
    tx.run(DETACH_MEMBERS, file_id=file_id).consume()


def drop_unlinked(tx: ManagedTransaction) -> None:
    """After a contract is deleted: drop placeholders no member points at any more and recompute every
    amended end (the deleted contract's term change no longer applies)."""
    tx.run(CLEAR_ORPHANS).consume()
    apply_term_changes(tx, [])


def _write_links(tx: ManagedTransaction, links: list[Link]) -> None:
    tx.run(LINK_CONTRACT, rows=[{"child": lk.child, "parent": lk.parent, "props": lk.props}
                                for lk in links if lk.parent]).consume()
    tx.run(LINK_PLACEHOLDER, rows=[{"child": lk.child, "props": lk.props, **(lk.placeholder or {})}
                                   for lk in links if lk.placeholder]).consume()


def replace_all_links(driver: Driver, links: list[Link], database: str | None = None) -> int:
    """Replace every family link with `links` in one transaction and recompute the amended ends; returns how
    many parents have an amended end."""
    def work(tx: ManagedTransaction) -> int:
        tx.run(CLEAR_ALL).consume()
        _write_links(tx, links)
        return apply_term_changes(tx, sorted({lk.parent for lk in links if lk.parent}))

    return write_tx(driver, work, database)


def replace_member_link(driver: Driver, file_id: str, link: Link | None, database: str | None = None) -> None:
    """Replace one member's link (None: it is no member) and recompute its old and new parents' ends."""
    def work(tx: ManagedTransaction) -> None:
        old = [r["parent"] for r in tx.run(CLEAR_MEMBER, file_id=file_id).data() if r["parent"]]
        tx.run(CLEAR_ORPHANS).consume()
        if link is not None:
            _write_links(tx, [link])
        apply_term_changes(tx, sorted({*old, *([link.parent] if link and link.parent else [])}))

    write_tx(driver, work, database)


def ensure_family_schema(driver: Driver, database: str | None = None) -> None:
    """The placeholder key constraint (idempotent)."""
    def work(tx: ManagedTransaction) -> None:
        for statement in FAMILY_SCHEMA:
            tx.run(statement).consume()

    write_tx(driver, work, database)
