"""What the clause classifier reads of one chunk of a section (`chunks.split_chunks`): TF-IDF of the chunk's
words (1-2-grams), TF-IDF of its section's title, the hand-written rules' categories of its section
(`ingest.document.classify`) as 0/1 columns, and whether the section is the preamble. Pure functions; the
vectorizers are fitted in `ingest.clause_model.train`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import sparse
from sklearn.feature_extraction.text import TfidfVectorizer

from core.vocab import CUAD_CATEGORIES
from ingest.clause_model.chunks import split_chunks

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
        "words": TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=80000, sublinear_tf=True,
                                 dtype=np.float32),
        "titles": TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=5000, sublinear_tf=True,
                                  dtype=np.float32),
    }


@dataclass(frozen=True)
class Chunks:
    """The chunks of a list of sections, flat: `texts[k]` belongs to section `owners[k]`; a section's chunks are
    contiguous and every section has at least one, so `starts` (each section's first chunk) is increasing."""

    texts: list[str]
    owners: np.ndarray
    starts: np.ndarray


def chunked(items: list[SectionInput]) -> Chunks:
    """Every section's chunks, in section order."""
    texts: list[str] = []
    owners: list[int] = []
    starts = np.zeros(len(items), dtype=np.int64)
    for i, item in enumerate(items):
        starts[i] = len(texts)
        pieces = split_chunks(item.text)
        texts += pieces
        owners += [i] * len(pieces)
    return Chunks(texts, np.array(owners, dtype=np.int64), starts)


def fit_vectorizers(items: list[SectionInput], chunk_texts: list[str]) -> dict[str, TfidfVectorizer]:
    """Vectorizers fitted on the training sections' chunk texts and titles (no labels read)."""
    fitted = vectorizers()
    fitted["words"].fit(chunk_texts)
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


def features(fitted: dict[str, TfidfVectorizer], items: list[SectionInput], chunks: Chunks) -> sparse.csr_matrix:
    """The feature matrix of `chunks` (one row per chunk), each row with its section's title and rules."""
    sections = sparse.hstack([fitted["titles"].transform([item.title for item in items]), rule_columns(items)],
                             format="csr", dtype=np.float32)
    return sparse.hstack([fitted["words"].transform(chunks.texts), sections[chunks.owners]], format="csr",
                         dtype=np.float32)


def section_max(per_chunk: np.ndarray, chunks: Chunks) -> np.ndarray:
    """Per section, the column-wise maximum over its chunks' rows (a section's decision is its best chunk's)."""
    return np.maximum.reduceat(per_chunk, chunks.starts, axis=0)
