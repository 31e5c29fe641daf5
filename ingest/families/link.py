"""Link family members to the agreements they change, over the stored texts (`link_all`, run after every
`ingest load-texts` and by `python -m ingest families`) or for one committed upload (`link_upload`).

Each member's link carries its recital (kind, ordinal, own date, evidence sentence), why that parent was
chosen, and its term change; graph.store.families writes the links and the parents' amended ends.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from neo4j import Driver

from graph.store.families import (
    Link,
    candidates,
    openings,
    placeholder_members,
    replace_all_links,
    replace_member_link,
    texts,
)
from graph.store.titles import smart_case
from ingest.families.match import Candidate, choose_parent
from ingest.families.recital import OPENING, Recital, locate, read_recital, title_keys, title_kind
from ingest.families.term import own_part, read_term_change

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LinkSummary:
    """What one run linked: members, to stored parents, to placeholders, parents with an amended end."""

    members: int
    to_contracts: int
    to_placeholders: int
    amended_ends: int

    def line(self) -> str:
        return (f"Families: {self.members} amendments/addenda/restatements linked, {self.to_contracts} to a stored "
                f"agreement, {self.to_placeholders} to a placeholder; {self.amended_ends} parents' end of term "
                "amended.")


def _candidate(row: dict[str, Any]) -> Candidate:
    when = row.get("effective_date")
    return Candidate(row["file_id"], tuple(row.get("titles") or ()),
                     when.to_native() if hasattr(when, "to_native") else when, tuple(row.get("parties") or ()))


def _placeholder(recital: Recital, child: Candidate) -> dict[str, Any]:
    """A placeholder parent: one per name, date and parties, so the amendments of one missing agreement share it."""
    assert recital.parent_title is not None
    key = "|".join(["-".join(sorted(title_keys(recital.parent_title))), str(recital.parent_date or ""),
                    "-".join(sorted(child.party_keys))])
    return {"key": key, "title": smart_case(recital.parent_title), "date": recital.parent_date,
            "parties": sorted(child.party_names)}


def member_link(title: str, text: str, child: Candidate, pool: list[Candidate]) -> Link | None:
    """The link of the document `child` (titled `title`, with `text`) to its parent among `pool`, or None when
    it is no family member or names no agreement."""
    recital = read_recital(title, text)
    if recital is None or recital.parent_title is None:
        return None
    flat = " ".join(text.split())
    located = locate(flat, title)
    change = read_term_change(own_part(flat, located[1].start())) if located and recital.kind != "restatement" \
        else None
    chosen = choose_parent(recital, child, pool)
    props = {"kind": recital.kind, "ordinal": recital.ordinal, "marker": recital.marker,
             "date": recital.own_date or child.effective_date, "evidence": recital.evidence,
             "parent_title": recital.parent_title, "parent_date": recital.parent_date,
             "match": chosen[1] if chosen else "no stored agreement matches: placeholder",
             "term_end": change.new_end if change else None, "term_months": change.months if change else None,
             "term_quote": change.quote if change else None}
    if chosen:
        return Link(child.file_id, props, parent=chosen[0].file_id)
    return Link(child.file_id, props, placeholder=_placeholder(recital, child))


def _maybe_member(title: str, opening: str | None) -> bool:
    """Worth reading in full: the title names a kind, or the opening has a marker."""
    return title_kind(title) is not None or (opening is not None and locate(" ".join(opening.split()), title)
                                             is not None)


def link_all(driver: Driver, database: str | None = None) -> LinkSummary:
    """Re-detect every family over the stored texts and replace all links in one transaction."""
    pool = {r["file_id"]: _candidate(r) for r in candidates(driver, database)}
    titles = {r["file_id"]: r["title"] for r in openings(driver, OPENING, database)
              if r["opening"] is not None and _maybe_member(r["title"], r["opening"])}
    found = texts(driver, sorted(titles), database)
    recitals = {f: read_recital(titles[f], t) for f, t in found.items()}
    members = {f for f, r in recitals.items() if r is not None}
    parents = [c for f, c in pool.items() if f not in members]
    links = [link for f in sorted(members) if (link := member_link(titles[f], found[f], pool[f], parents))]
    amended = replace_all_links(driver, links, database)
    summary = LinkSummary(len(links), sum(1 for lk in links if lk.parent), sum(1 for lk in links if lk.placeholder),
                          amended)
    log.info(summary.line())
    return summary


def link_upload(driver: Driver, file_id: str, title: str, text: str, database: str | None = None) -> Link | None:
    """Link one committed upload to its parent, if it is a member (its parent: a stored contract that is no
    member itself, else a placeholder); returns the link written, or None."""
    rows = candidates(driver, database)
    child = next((_candidate(r) for r in rows if r["file_id"] == file_id), None)
    if child is None:
        return None
    link = member_link(title, text, child, [_candidate(r) for r in rows if not r["member"]])
    replace_member_link(driver, file_id, link, database)
    return link


def adopt_placeholder_members(driver: Driver, database: str | None = None) -> list[str]:
    """Re-match the members whose parent is a placeholder (after a new contract arrived: it may be their
    agreement); returns the members now linked to a stored contract."""
    rows = candidates(driver, database)
    pool = [_candidate(r) for r in rows if not r["member"]]
    by_id = {r["file_id"]: _candidate(r) for r in rows}
    waiting = placeholder_members(driver, database)
    found = texts(driver, [m["file_id"] for m in waiting], database)
    adopted = []
    for m in waiting:
        link = member_link(m["title"], found[m["file_id"]], by_id[m["file_id"]], pool) \
            if m["file_id"] in found else None
        if link is not None and link.parent:
            replace_member_link(driver, m["file_id"], link, database)
            adopted.append(m["file_id"])
    return adopted


def link_committed(driver: Driver, file_id: str, file_name: str, pages: list[str],
                   database: str | None = None) -> str | None:
    """After an upload's commit: link it to the agreement it changes (its title is the file name's stem), or,
    when it is no member, give it the amendments that waited for it under a placeholder; the commit's note
    says which (None: neither)."""
    stem = file_name.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    link = link_upload(driver, file_id, stem, "\n".join(pages), database)
    if link is None:
        adopted = adopt_placeholder_members(driver, database)
        return f"{len(adopted)} amendment(s) linked to it: {', '.join(adopted)}." if adopted else None
    kind = link.props["kind"].replace("_", " ")
    target = link.parent or f"{(link.placeholder or {}).get('title')} (placeholder: not in the repository)"
    return f"Linked as {kind} to {target}."
