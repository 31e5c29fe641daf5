"""The clause classifier applied to a parsed document: per section, the probability of every clause category
and the categories in a band (what the document layer stores, `ingest.document.rows`).

The document-level categories (`features.METADATA_CATEGORIES`: name, parties, dates) stay with the preamble rules
(`ingest.document.classify`): they are stored in the found band with no probability.
"""

from __future__ import annotations

from dataclasses import dataclass

from ingest.clause_model.bands import FOUND
from ingest.clause_model.features import CLAUSE_CATEGORIES, METADATA_CATEGORIES, SectionInput
from ingest.clause_model.model import ClauseModel, load
from ingest.document.classify import Categories
from ingest.document.models import ParsedDocument

SCORE_DIGITS = 4


@dataclass(frozen=True)
class SectionClauses:
    """One section's probabilities (CLAUSE_CATEGORIES order) and its banded categories (category, band, score)."""

    scores: tuple[float, ...]
    typed: tuple[tuple[str, str, float | None], ...]


def document_clauses(doc: ParsedDocument, rules: Categories, model: ClauseModel | None = None) \
        -> dict[str, SectionClauses]:
    """Every section's clause probabilities and bands; `rules`: its `document_categories`."""
    model = model or load()
    items = [SectionInput(s.title, s.text, s.kind, frozenset(rules[s.number])) for s in doc.sections]
    probabilities = model.probabilities(items)
    out = {}
    for section, row, banded in zip(doc.sections, probabilities, model.bands(probabilities), strict=True):
        typed = [(c, FOUND, None) for c in rules[section.number] if c in METADATA_CATEGORIES]
        typed += [(c, b, round(p, SCORE_DIGITS)) for c, (b, p) in banded.items()]
        out[section.number] = SectionClauses(tuple(round(float(p), SCORE_DIGITS) for p in row), tuple(typed))
    return out


__all__ = ["CLAUSE_CATEGORIES", "SectionClauses", "document_clauses"]
