"""A digest of the document layer as it stands in the graph, per document: what a layer build wrote, read
back and reduced to a SHA-256, so two builds (one process, or parsing in several worker processes) can be
shown to have written the same layer (benchmarks/layer_workers.py, tests/integration/test_layer_parallel.py).

Read per document: its text, pages, source, layer version and stored counts; every section's properties with
its parent, whether it is top-level, its references (target, text, match), unresolved references (text,
external, reason), defined and used terms, cited footnotes and clause links (name, band, score); the defined
terms and footnotes. The graph keeps no order of relationships, so every list is sorted before hashing
(sections by ordinal). The renewal facts written beside the layer are not part of it.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from neo4j import Driver

from graph.server.db import read

# Footnote links are matched by type name: documents without footnotes never create those types, and naming an
# absent type makes the server warn (as in graph.documents.cypher).
LAYER_CONTENT = """
UNWIND $ids AS id
MATCH (d:Document {file_id: id})
RETURN d.file_id AS file_id, d.text AS text, d.page_offsets AS page_offsets, d.source AS source,
       [d.layer_version, d.section_count, d.reference_count, d.unresolved_count, d.term_count,
        d.footnote_count] AS info,
  COLLECT { MATCH (s:Section {file_id: id})
            RETURN [s.ordinal, s.number, s.title, s.text, s.level, s.kind, s.page, s.clause_scores,
                    [(p:Section)-[:HAS_SUBSECTION]->(s) | p.number], EXISTS { (d)-[:HAS_SECTION]->(s) },
                    [(s)-[r:REFERENCES]->(t:Section) | [t.number, r.text, r.match]],
                    [(s)-[r:UNRESOLVED_REFERENCE]->(d) | [r.text, r.external, r.reason]],
                    [(s)-[:DEFINES]->(t:DefinedTerm) | t.term],
                    [(s)-[:USES_TERM]->(t:DefinedTerm) | t.term],
                    [(s)-[r]->(f:Footnote) WHERE type(r) = 'CITES_FOOTNOTE' | f.number],
                    [(s)-[r:IS_CLAUSE_OF_TYPE]->(c:ClauseType) | [c.name, r.band, r.score]]] } AS sections,
  COLLECT { MATCH (d)-[:HAS_TERM]->(t:DefinedTerm)
            RETURN [t.term, t.definition, t.section_number, t.inline, t.pointer, t.pointer_text] } AS terms,
  COLLECT { MATCH (d)-[]->(f:Footnote) RETURN [f.number, f.text, f.page] } AS footnotes
"""
READ_BATCH = 50
RELATIONSHIP_LISTS = range(8, 16)  # the positions of a section's list of parents, references, ... above


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def _sorted(values: list[Any]) -> list[Any]:
    return sorted(values, key=_key)


def _section(values: list[Any]) -> list[Any]:
    return [_sorted(v) if i in RELATIONSHIP_LISTS and isinstance(v, list) else v for i, v in enumerate(values)]


def document_digest(row: dict[str, Any]) -> str:
    """SHA-256 of one document's layer as LAYER_CONTENT reads it, every unordered list sorted."""
    content = {**row, "sections": [_section(s) for s in sorted(row["sections"], key=lambda s: (s[0], _key(s)))],
               "terms": _sorted(row["terms"]), "footnotes": _sorted(row["footnotes"])}
    return hashlib.sha256(_key(content).encode("utf-8", "surrogatepass")).hexdigest()


def layer_digests(driver: Driver, file_ids: list[str], database: str | None = None) -> dict[str, str]:
    """{file_id: digest} for every document among `file_ids` that the graph holds."""
    digests: dict[str, str] = {}
    for start in range(0, len(file_ids), READ_BATCH):
        for row in read(driver, LAYER_CONTENT, {"ids": file_ids[start:start + READ_BATCH]}, database):
            digests[row["file_id"]] = document_digest(row)
    return digests


def combined_digest(digests: dict[str, str]) -> str:
    """One SHA-256 over every document's digest (by file id): equal exactly when every document's is."""
    lines = "".join(f"{file_id}\t{digest}\n" for file_id, digest in sorted(digests.items()))
    return hashlib.sha256(lines.encode("utf-8", "surrogatepass")).hexdigest()
