"""The document layer's row shape: one list of plain dicts per statement in `graph.documents.cypher`.

ingest/document/rows.py builds the rows from a parsed document; graph/documents/load.py writes them. This
module holds only what both sides share: the keys, the loader version, batching and the texts to embed.
"""

from __future__ import annotations

from typing import Any

LAYER_VERSION = 14  # 2: renewal facts and text titles; 3: references carry match / reason, relative
# references; clean defined terms and pointer definitions; 4: run-in headings recovered (ingest/document/runin.py);
# 5: filing labels and typographic apostrophes in external references (ingest/document/refs/external.py);
# 6: more statutes/amendments external, inline enumerations, missed sub-headings, exhibit titles (issue 14);
# 7: an instrument or period defined after a party list keeps its sentence (definition_text.names_party);
# 8: list entries after ";" are no references, lettered numbers, exhibit parts and page labels, more externals,
# headings after rule lines, article numbers that jump (issue 14, third pass); 9: an exhibit's running page
# header and a line listing several exhibits are no new exhibit, "this Section N" read as written, headings run in
# after ".)", "]" or "; and", exhibit parts, table of contents entries no references (issue 14, fourth pass);
# 10: an attachment's citation that neither it nor the body has goes to the one other attachment that has it;
# 11: termination for convenience: "terminated for any reason" only as a right to terminate, and a right to
# terminate on notice alone, with no cause in the sentence (classify.py); 12: clause categories by the trained
# classifier (ingest.clause_model): every section's probabilities, links with their band and score (issue 30);
# 13: an SEC filing's own exhibit label ("Exhibit 10.38" atop the text and its pages) is no section (issue 34);
# 14: the clause classifier scores a section's sentence-sized chunks, a section takes its best chunk's (issue 30)
EMBED_CHARS = 8000
Rows = dict[str, list[dict[str, Any]]]
ROW_KEYS = ("documents", "ids", "sections", "top", "children", "references", "unresolved", "terms",
            "defines", "uses", "footnotes", "cites", "clause_types", "info")


def empty_rows() -> Rows:
    """A row set with every statement's list present and empty."""
    return {key: [] for key in ROW_KEYS}


def merge_rows(parts: list[Rows]) -> Rows:
    """Several documents' rows as one batch."""
    merged = empty_rows()
    for part in parts:
        for key, values in part.items():
            merged.setdefault(key, []).extend(values)
    return merged


def split_rows(rows: Rows) -> dict[str, Rows]:
    """The inverse of `merge_rows`: a batch's rows per document, documents in batch order (their `info` rows),
    each list's order kept."""
    parts: dict[str, Rows] = {info["file_id"]: {key: [] for key in rows} for info in rows["info"]}
    for key, values in rows.items():
        for row in values:
            if row["file_id"] not in parts:
                raise ValueError(f"A {key} row of {row['file_id']!r}, a document not in the batch.")
            parts[row["file_id"]][key].append(row)
    return parts


def embedding_texts(rows: Rows) -> list[dict[str, Any]]:
    """(file_id, number, text to embed) for every section with text: its title, then its own text."""
    out = []
    for s in rows["sections"]:
        text = f"{s['title']}\n{s['text']}".strip()[:EMBED_CHARS]
        if text:
            out.append({"file_id": s["file_id"], "number": s["number"], "text": text})
    return out


def layer_size(rows: Rows) -> tuple[int, int]:
    """(nodes, relationships) the rows write, ClauseType nodes aside (they are shared and MERGEd)."""
    nodes = len(rows["sections"]) + len(rows["terms"]) + len(rows["footnotes"])
    relationships = sum(len(rows[key]) for key in ("top", "children", "references", "unresolved", "terms",
                                                   "defines", "uses", "footnotes", "cites", "clause_types"))
    return nodes, relationships
