"""Training the clause classifier on dev split A (pure computation; `python -m ingest.clause_model train`).

1. Every section of split A's labelled contracts is an example (`dataset`), cut into chunks (`chunks`); a
   chunk's labels are the categories whose expert span it is part of. Split B is never read here.
2. Vectorizers are fitted on split A's chunks and titles; one linear SVM per category over the chunks (seeded).
3. Four folds over split A's contracts (a contract's sections stay in one fold) give every section a decision
   value (its best chunk's) from a model, vectorizers included, that did not see its contract; a sigmoid
   fitted on those turns decisions into probabilities (Platt scaling), and the band thresholds are chosen on
   them (`bands.choose`: found for precision KEY_CHOICE_TARGET on the KEY_CATEGORIES, for F1 on the others).
4. The final models are fitted on all of split A; the cross-validated figures go into the model's `meta`.
"""

from __future__ import annotations

import logging
import time

import numpy as np
import sklearn
from scipy import sparse
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold
from sklearn.svm import LinearSVC

from ingest.clause_model.bands import KEY_CATEGORIES, KEY_CHOICE_TARGET, Point, choose, curve, point_at
from ingest.clause_model.dataset import Dataset, Example
from ingest.clause_model.features import (
    CLAUSE_CATEGORIES,
    Chunks,
    SectionInput,
    chunked,
    features,
    fit_vectorizers,
    section_max,
)
from ingest.clause_model.model import ClauseModel

log = logging.getLogger(__name__)
SEED = 20261202
FOLDS = 4
C = 0.3
TRAIN_SPLIT = "A"


def inputs(examples: list[Example]) -> list[SectionInput]:
    """What the classifier reads of each example."""
    return [SectionInput(e.title, e.text, e.kind, e.rules) for e in examples]


def holds_of(examples: list[Example], category: str) -> list[frozenset[tuple[str, int]]]:
    """Per example: the (contract, span id) pairs of `category` its subtree holds."""
    return [frozenset((e.contract, i) for i in e.holds.get(category, ())) for e in examples]


def section_labels(examples: list[Example]) -> np.ndarray:
    """Sections x CLAUSE_CATEGORIES, 1 where the section is a positive of the category."""
    return np.array([[c in e.positive for c in CLAUSE_CATEGORIES] for e in examples], dtype=np.int8)


def chunk_labels(examples: list[Example], chunks: Chunks) -> np.ndarray:
    """Chunks x CLAUSE_CATEGORIES, 1 where the chunk is part of a labelled span of the category (an example
    without chunk labels gives each of its chunks the section's)."""
    labels = np.zeros((len(chunks.texts), len(CLAUSE_CATEGORIES)), dtype=np.int8)
    for k, i in enumerate(chunks.owners):
        e = examples[i]
        first = int(chunks.starts[i])
        own = e.positive if e.chunk_positive is None else e.chunk_positive[k - first]
        labels[k] = [c in own for c in CLAUSE_CATEGORIES]
    return labels


def _svm(seed: int) -> LinearSVC:
    return LinearSVC(C=C, class_weight="balanced", random_state=seed, max_iter=5000)


def _fit_one(x: sparse.csr_matrix, y: np.ndarray, seed: int) -> tuple[np.ndarray, float]:
    """Weights and intercept of one category's model (all zero, intercept -1, when `y` has one class)."""
    if y.min() == y.max():
        return np.zeros(x.shape[1], dtype=np.float32), -1.0 if y.max() == 0 else 1.0
    svm = _svm(seed).fit(x, y)
    return svm.coef_[0].astype(np.float32), float(svm.intercept_[0])


def platt(decisions: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """(slope, offset) of probability = 1 / (1 + exp(slope * d + offset)), fitted on out-of-fold decisions."""
    if y.min() == y.max():
        return -1.0, 0.0
    lr = LogisticRegression(C=1e4).fit(decisions.reshape(-1, 1), y)
    return -float(lr.coef_[0, 0]), -float(lr.intercept_[0])


def train(dataset: Dataset, seed: int = SEED) -> ClauseModel:
    """The classifier trained on split A of `dataset` (see the module docstring)."""
    started = time.perf_counter()
    train_set = dataset.subset(TRAIN_SPLIT)
    examples = train_set.examples
    items = inputs(examples)
    chunks = chunked(items)
    fitted = fit_vectorizers(items, chunks.texts)
    x = features(fitted, items, chunks)
    groups = np.array([e.contract for e in examples])
    labels = section_labels(examples)
    targets = chunk_labels(examples, chunks)
    oof = out_of_fold(items, chunks, targets, groups, seed)
    weights = np.zeros((len(CLAUSE_CATEGORIES), x.shape[1]), dtype=np.float32)
    intercepts, slopes, offsets = (np.zeros(len(CLAUSE_CATEGORIES)) for _ in range(3))
    thresholds, cv, curves = {}, {}, {}
    for j, category in enumerate(CLAUSE_CATEGORIES):
        weights[j], intercepts[j] = _fit_one(x, targets[:, j], seed)
        slopes[j], offsets[j] = platt(oof[:, j], labels[:, j])
        probabilities = 1.0 / (1.0 + np.exp(slopes[j] * oof[:, j] + offsets[j]))
        holds, spans = holds_of(examples, category), sum(train_set.spans[category].values())
        points = curve(probabilities, holds, spans)
        thresholds[category] = choose(points, KEY_CHOICE_TARGET if category in KEY_CATEGORIES else None)
        curves[category] = [[p.threshold, p.kept, round(p.precision, 4), round(p.recall, 4)] for p in points]
        cv[category] = _row(point_at(probabilities, holds, spans, thresholds[category].found), spans)
    meta = {"seed": seed, "split": TRAIN_SPLIT, "sections": len(examples), "chunks": len(chunks.texts),
            "contracts": len(set(groups)),
            "features": int(x.shape[1]), "folds": FOLDS, "C": C, "sklearn": sklearn.__version__,
            "seconds": round(time.perf_counter() - started, 1), "cv": cv, "cv_curves": curves}
    log.info("trained on %d sections of %d contracts in %.0f s", len(examples), len(set(groups)), meta["seconds"])
    return ClauseModel(fitted, weights, intercepts, slopes, offsets, thresholds, meta)


def folds(groups: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """The cross-validation folds: (training rows, held-out rows), a contract's rows (`groups`) in one fold."""
    return list(GroupKFold(n_splits=FOLDS).split(np.zeros(len(groups)), groups=groups))


def out_of_fold(items: list[SectionInput], chunks: Chunks, targets: np.ndarray, groups: np.ndarray,
                 seed: int) -> np.ndarray:
    """Sections x categories: each section's decision (its best chunk's) from models trained on the folds that
    do not hold its contract. The vectorizers are fitted per fold too, on the training folds only: a new
    contract's words outside the vocabulary are dropped before the TF-IDF row is normalised, and the fold must
    see its words the same way, or its decisions (and the sigmoid and thresholds fitted on them) come out lower
    than the shipped model's (split A, 4 folds: macro F1 nested 0.480 with one vocabulary, 0.506 per fold)."""
    decisions = np.zeros(targets.shape, dtype=np.float64)
    for fold_train, fold_test in folds(groups):
        test_chunks = np.isin(chunks.owners, fold_test)
        train_texts = [text for text, held_out in zip(chunks.texts, test_chunks, strict=True) if not held_out]
        fitted = fit_vectorizers([items[i] for i in fold_train], train_texts)
        x = features(fitted, items, chunks)
        for j in range(len(CLAUSE_CATEGORIES)):
            w, b = _fit_one(x[~test_chunks], targets[~test_chunks, j], seed)
            decisions[test_chunks, j] = x[test_chunks] @ w + b
    return section_max(decisions, chunks)


def _row(point: Point, spans: int) -> dict[str, float | int]:
    return {"precision": round(point.precision, 4), "recall": round(point.recall, 4), "f1": round(point.f(), 4),
            "kept": point.kept, "n": spans}
