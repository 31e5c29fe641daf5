"""What the clause classifier reads of a section: TF-IDF of its own text (word 1-2-grams), TF-IDF of its title,
the hand-written rules' categories (`ingest.document.classify`) as 0/1
columns, and whether it is the preamble. Pure functions; the vectorizers are fitted in `ingest.clause_model.train`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import sparse
from sklearn.feature_extraction.text import TfidfVectorizer

from core.vocab import CUAD_CATEGORIES

TEXT_CHARS = 4000  # a long section (a whole exhibit) is read from its start; clauses open with their point
# The categories the classifier learns: all but the document-level ones, which stay with the preamble rules
# (CUAD labels a party name wherever it occurs, so a section "holds" Parties almost everywhere).
METADATA_CATEGORIES = ("Document Name", "Parties", "Agreement Date", "Effective Date", "Expiration Date")
CLAUSE_CATEGORIES: tuple[str, ...] = tuple(c for c in CUAD_CATEGORIES if c not in METADATA_CATEGORIES)


@dataclass(frozen=True)
class SectionInput:
    """The parts of a section the classifier reads."""

    title: str
    text: str
    kind: str
    rules: frozenset[str]


def vectorizers() -> dict[str, TfidfVectorizer]:
    """Unfitted vectorizers, fixed settings (no randomness)."""
    return {
        "words": TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=60000, sublinear_tf=True,
                                 dtype=np.float32),
        "titles": TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=5000, sublinear_tf=True,
                                  dtype=np.float32),
    }


def _texts(items: list[SectionInput]) -> list[str]:
    return [item.text[:TEXT_CHARS] for item in items]


def fit_vectorizers(items: list[SectionInput]) -> dict[str, TfidfVectorizer]:
    """Vectorizers fitted on the training sections (no labels read)."""
    fitted = vectorizers()
    texts = _texts(items)
    fitted["words"].fit(texts)
    fitted["titles"].fit([item.title for item in items])
    for vectorizer in fitted.values():  # the pruned vocabulary is not needed
        if hasattr(vectorizer, "stop_words_"):
            vectorizer.stop_words_ = None
    return fitted


def rule_columns(items: list[SectionInput]) -> sparse.csr_matrix:
    """One 0/1 column per CUAD category the rules found, and one for the preamble."""
    index = {c: i for i, c in enumerate(CUAD_CATEGORIES)}
    rows, cols = [], []
    for r, item in enumerate(items):
        for category in item.rules:
            rows.append(r)
            cols.append(index[category])
        if item.kind == "preamble":
            rows.append(r)
            cols.append(len(CUAD_CATEGORIES))
    data = np.ones(len(rows), dtype=np.float32)
    return sparse.csr_matrix((data, (rows, cols)), shape=(len(items), len(CUAD_CATEGORIES) + 1))


def features(fitted: dict[str, TfidfVectorizer], items: list[SectionInput]) -> sparse.csr_matrix:
    """The feature matrix of `items` (one row each)."""
    texts = _texts(items)
    return sparse.hstack([fitted["words"].transform(texts),
                          fitted["titles"].transform([item.title for item in items]), rule_columns(items)],
                         format="csr", dtype=np.float32)
