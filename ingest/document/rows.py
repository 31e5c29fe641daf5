"""A parsed document as the parameter rows the document-layer writer (`graph.documents.load`) takes (pure
functions, no database).

One `ParsedDocument` becomes lists of plain dicts, one list per statement in `graph.documents.cypher`.
Everything the statements MATCH on is checked here first, so nothing is lost silently: a reference whose
target is not a section of this document is kept as an unresolved reference, and a term defined twice keeps
its first definition (every defining section still gets its DEFINES link).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from graph.documents.rows import LAYER_VERSION, Rows, empty_rows
from ingest.document.classify import Categories, document_categories
from ingest.document.models import ParsedDocument

if TYPE_CHECKING:
    from ingest.clause_model.predict import SectionClauses


def _unique(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen: set[tuple[Any, ...]] = set()
    out = []
    for row in rows:
        key = tuple(sorted(row.items()))
        if key not in seen:
            seen.add(key)
            out.append(row)
    return out


def _sections(doc: ParsedDocument, file_id: str, rows: Rows, clauses: dict[str, SectionClauses]) -> set[str]:
    numbers = {s.number for s in doc.sections}
    for s in doc.sections:
        rows["sections"].append({"file_id": file_id, "number": s.number, "title": s.title, "text": s.text,
                                 "page": s.page, "ordinal": s.ordinal, "level": s.level,
                                 "kind": s.kind, "clause_scores": list(clauses[s.number].scores)})
        if s.parent_number in numbers:
            rows["children"].append({"file_id": file_id, "parent": s.parent_number, "number": s.number})
        else:
            rows["top"].append({"file_id": file_id, "number": s.number})
        rows["clause_types"] += [{"file_id": file_id, "number": s.number, "name": name, "band": band,
                                  "score": score} for name, band, score in clauses[s.number].typed]
    return numbers


def _references(doc: ParsedDocument, file_id: str, numbers: set[str], rows: Rows) -> None:
    resolved, unresolved = [], []
    for r in doc.references:
        if r.source_number not in numbers:
            continue
        if r.target_number in numbers:
            resolved.append({"file_id": file_id, "source": r.source_number, "target": r.target_number,
                             "text": r.text, "match": r.match or "exact"})
        else:
            reason = "external" if r.external else (r.reason or "missing")
            unresolved.append({"file_id": file_id, "source": r.source_number, "text": r.text,
                               "external": r.external, "reason": reason})
    rows["references"] += _unique(resolved)
    rows["unresolved"] += _unique(unresolved)


def _terms(doc: ParsedDocument, file_id: str, numbers: set[str], rows: Rows) -> None:
    first: dict[str, dict[str, Any]] = {}
    for d in doc.definitions:
        first.setdefault(d.term, {"file_id": file_id, "term": d.term, "definition": d.definition,
                                  "section": d.section_number, "inline": d.inline,
                                  "pointer": d.pointer if d.pointer in numbers else None,
                                  "pointer_text": d.pointer_text})
    rows["terms"] += list(first.values())
    rows["defines"] += _unique([{"file_id": file_id, "number": d.section_number, "term": d.term}
                                for d in doc.definitions if d.section_number in numbers])
    rows["uses"] += _unique([{"file_id": file_id, "number": u.section_number, "term": u.term}
                             for u in doc.term_uses if u.term in first and u.section_number in numbers])


def _footnotes(doc: ParsedDocument, file_id: str, numbers: set[str], rows: Rows) -> None:
    notes = {f.number: f for f in doc.footnotes}
    rows["footnotes"] += [{"file_id": file_id, "number": f.number, "text": f.text, "page": f.page}
                          for f in notes.values()]
    rows["cites"] += _unique([{"file_id": file_id, "number": c.section_number, "footnote": c.footnote_number}
                              for c in doc.footnote_citations
                              if c.footnote_number in notes and c.section_number in numbers])


def document_rows(doc: ParsedDocument, file_id: str, categories: Categories | None = None) -> Rows:
    """The rows that write one document's layer (the Document node itself must exist or be in `documents`);
    `categories`: the sections' `document_categories` (the rules, read by the classifier), when the caller has
    them already. Every section keeps the clause classifier's probability of each clause category
    (`clause_scores`, in `ingest.clause_model.features.CLAUSE_CATEGORIES` order); a category in the found or
    possible band is also an IS_CLAUSE_OF_TYPE link with its band and score."""
    from ingest.clause_model.predict import document_clauses  # scikit-learn loads when a layer is built, not before

    rows = empty_rows()
    rows["ids"].append({"file_id": file_id})
    clauses = document_clauses(doc, document_categories(doc) if categories is None else categories)
    numbers = _sections(doc, file_id, rows, clauses)
    _references(doc, file_id, numbers, rows)
    _terms(doc, file_id, numbers, rows)
    _footnotes(doc, file_id, numbers, rows)
    rows["info"].append({"file_id": file_id, "version": LAYER_VERSION, "sections": len(rows["sections"]),
                         "references": len(rows["references"]), "unresolved": len(rows["unresolved"]),
                         "terms": len(rows["terms"]), "footnotes": len(rows["footnotes"])})
    return rows
