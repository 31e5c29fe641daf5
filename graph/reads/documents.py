"""Reads of one contract's document layer for the Contract page: the section tree with its references,
defined terms and footnotes (`document_outline`), and the layer as graph nodes for the network view
(`add_document_layer`, within the view's node cap)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from neo4j import Driver

from graph.documents import cypher as q
from graph.reads.subgraph import GraphEdge, GraphNode, Subgraph
from graph.server.db import read


@dataclass(frozen=True)
class DocumentOutline:
    """A document's sections in reading order (each with `references`, `terms`, `footnotes`, `clause_types`,
    `parent` and the texts of its references that found no section, by outcome: `unresolved` (internal, not
    found), `not_in_filing` (an exhibit/schedule the filing does not contain) and `external` (another
    instrument's provision)), its defined terms by term and its footnotes."""

    file_id: str
    source: str | None
    page_count: int | None
    sections: list[dict[str, Any]] = field(default_factory=list)
    terms: dict[str, dict[str, Any]] = field(default_factory=dict)
    footnotes: list[dict[str, Any]] = field(default_factory=list)

    @property
    def reference_count(self) -> int:
        return sum(len(s["references"]) for s in self.sections)

    @property
    def unresolved_count(self) -> int:
        return sum(len(s["unresolved"]) for s in self.sections)

    @property
    def not_in_filing_count(self) -> int:
        return sum(len(s.get("not_in_filing", ())) for s in self.sections)

    @property
    def external_count(self) -> int:
        return sum(len(s.get("external", ())) for s in self.sections)


def document_outline(driver: Driver, file_id: str, database: str | None = None) -> DocumentOutline | None:
    """The contract's document layer, or None when it has no Document."""
    rows = read(driver, q.DOCUMENT_OUTLINE, {"file_id": file_id}, database)
    if not rows:
        return None
    row = rows[0]
    return DocumentOutline(file_id, row["source"], row["page_count"], row["sections"],
                           {t["term"]: t for t in row["terms"]}, row["footnotes"])


def _section_id(file_id: str, number: str) -> str:
    return f"Section:{file_id}#{number}"


def _add_sections(sub: Subgraph, file_id: str, doc_id: str, sections: list[dict[str, Any]]) -> None:
    for s in sections:
        caption = f"{s['number']} {s['title']}".strip() if s["title"] else s["number"]
        node = GraphNode(_section_id(file_id, s["number"]), "Section", caption,
                         {"number": s["number"], "title": s["title"], "kind": s["kind"]})
        if not sub.add_node(node):
            return
        parent = _section_id(file_id, s["parent"]) if s["parent"] else doc_id
        sub.add_edge(GraphEdge(parent, node.id, "HAS_SUBSECTION" if s["parent"] else "HAS_SECTION"))


def _add_terms(sub: Subgraph, file_id: str, terms: list[dict[str, Any]]) -> None:
    for t in terms:
        node = GraphNode(f"DefinedTerm:{file_id}#{t['term']}", "DefinedTerm", t["term"],
                         {"definition": t["definition"], "defined in": t["section"], "used in sections": t["uses"]})
        if not sub.add_node(node):
            return
        sub.add_edge(GraphEdge(_section_id(file_id, t["section"]), node.id, "DEFINES"))


ALL_LEVELS = 99


def add_document_layer(driver: Driver, sub: Subgraph, file_id: str, database: str | None = None, *,
                       max_level: int = ALL_LEVELS, with_terms: bool = True) -> bool:
    """Add the contract's Document, its sections down to `max_level` (1: top-level sections only; top levels
    first), the cross-references among those drawn and, `with_terms`, its defined terms (most used first) to
    `sub`, within its node cap. False when there is no layer."""
    params = {"file_id": file_id, "limit": sub.node_cap, "edge_limit": sub.node_cap * 10,
              "max_level": max_level, "with_terms": with_terms}
    rows = read(driver, q.DOCUMENT_GRAPH, params, database)
    if not rows:
        return False
    row = rows[0]
    doc_id = f"Document:{file_id}"
    props = {"sections": row["section_count"], "defined terms": row["term_count"]}
    if not sub.add_node(GraphNode(doc_id, "Document", "Document", props)):
        return True
    sub.add_edge(GraphEdge(f"Contract:{file_id}", doc_id, "HAS_DOCUMENT"))
    _add_sections(sub, file_id, doc_id, row["sections"])
    for ref in row["references"]:
        sub.add_edge(GraphEdge(_section_id(file_id, ref["source"]), _section_id(file_id, ref["target"]),
                               "REFERENCES", {"text": ref["text"]}))
    _add_terms(sub, file_id, row["terms"])
    # The LIMIT in the query counts as the cap too: sections or terms left unread were not drawn.
    full = max_level >= ALL_LEVELS
    sub.capped = sub.capped or (full and (row["section_count"] or 0) > len(row["sections"])) \
        or (with_terms and (row["term_count"] or 0) > len(row["terms"]))
    return True
