"""The trained clause classifier: one linear model per CUAD clause category over the `features` of a section's
chunks, the section's decision its best chunk's (`chunks`), mapped to a probability by a sigmoid fitted on split
A's cross-validated decisions (Platt scaling), and the category's band thresholds (`bands`). Built by
`python -m ingest.clause_model train` (`make models`), stored with joblib at MODEL_PATH, read once per process.
"""

from __future__ import annotations

import functools
import logging
import pickle
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import joblib
import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer

from core.errors import IngestError
from ingest.clause_model.bands import Thresholds, band
from ingest.clause_model.features import CLAUSE_CATEGORIES, SectionInput, chunked, features, section_max

log = logging.getLogger(__name__)
MODEL_PATH = Path(__file__).resolve().parents[2] / ".data" / "models" / "clause-classifier.joblib"
FORMAT = 2  # 2: chunks are scored, a section takes its best chunk's decision


@dataclass
class ClauseModel:
    """Vectorizers, weights (categories x features), intercepts, sigmoid parameters and thresholds."""

    vectorizers: dict[str, TfidfVectorizer]
    weights: np.ndarray
    intercepts: np.ndarray
    slopes: np.ndarray  # probability = 1 / (1 + exp(slope * decision + offset))
    offsets: np.ndarray
    thresholds: dict[str, Thresholds]
    meta: dict[str, Any] = field(default_factory=dict)  # seed, training split, sizes, split A's CV figures
    categories: tuple[str, ...] = CLAUSE_CATEGORIES

    def decisions(self, items: list[SectionInput]) -> np.ndarray:
        """The linear models' decision values, one row per section (its best chunk's), one column per category."""
        if not items:
            return np.zeros((0, len(self.categories)), dtype=np.float64)
        chunks = chunked(items)
        per_chunk = np.asarray(features(self.vectorizers, items, chunks) @ self.weights.T, dtype=np.float64)
        return section_max(per_chunk + self.intercepts, chunks)

    def probabilities(self, items: list[SectionInput]) -> np.ndarray:
        """Calibrated probabilities, one row per section, one column per category (CLAUSE_CATEGORIES order)."""
        return 1.0 / (1.0 + np.exp(self.slopes * self.decisions(items) + self.offsets))

    def bands(self, probabilities: np.ndarray) -> list[dict[str, tuple[str, float]]]:
        """Per section: category -> (band, probability) for the categories found or possible."""
        out = []
        for row in probabilities:
            out.append({c: (b, float(p)) for c, p in zip(self.categories, row, strict=True)
                        if (b := band(float(p), self.thresholds[c]))})
        return out


def save(model: ClauseModel, path: Path = MODEL_PATH) -> None:
    """Write the model (compressed joblib) and return nothing; the directory is created."""
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = {"format": FORMAT, "model": model}
    joblib.dump(payload, path, compress=3)


@functools.cache
def load(path: Path = MODEL_PATH) -> ClauseModel:
    """The stored model (read once per process). IngestError with the command to build it when it is missing."""
    if not path.is_file():
        raise IngestError(f"No clause classifier at {path}: build it with `make models` "
                          "(python -m ingest.clause_model train).")
    try:
        payload = joblib.load(path)
    except (OSError, ValueError, EOFError, KeyError, AttributeError, ImportError, pickle.UnpicklingError) as e:
        raise IngestError(f"The clause classifier at {path} cannot be read ({e}); rebuild it with "
                          "`make models`.") from e
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        raise IngestError(f"The clause classifier at {path} is of another format; rebuild it with `make models`.")
    return payload["model"]
