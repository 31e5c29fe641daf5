"""`python -m evals.clause_nested`: how well the clause classifier's thresholds carry over to unseen contracts,
estimated on dev split A alone (a nested check; split B is never read).

`evals.clauses` reports split A's figures at thresholds chosen and counted on the same cross-validated
probabilities, which overstates them. Here each of the 4 folds by contract (the folds training uses) is counted
with a sigmoid and band thresholds fitted on the other 3 folds' out-of-fold decisions only, exactly as
`train` chooses them (`bands.choose`: found at KEY_CHOICE_TARGET for the KEY_CATEGORIES, by F1 for the others);
the 4 folds' found sections are pooled per category (precision over the sections kept, recall over the labelled
spans), as `evals.clauses` counts. This is what model choices are decided on before split B is read
(docs/EVALUATION.md). `--target` tries another precision target for the named categories. Writes
`evals/results/clauses-nested.json`.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from core.errors import ContractGraphError
from ingest.clause_model.bands import KEY_CATEGORIES, KEY_CHOICE_TARGET, PRECISION_TARGET, choose, curve
from ingest.clause_model.dataset import Dataset, Example, build_dataset
from ingest.clause_model.features import CLAUSE_CATEGORIES, chunked
from ingest.clause_model.train import (
    SEED,
    TRAIN_SPLIT,
    chunk_labels,
    folds,
    holds_of,
    inputs,
    out_of_fold,
    platt,
    section_labels,
)

CUAD = Path("../shared/data/cuad")
RESULTS = Path(__file__).parent / "results" / "clauses-nested.json"


@dataclass(frozen=True)
class Pooled:
    """One category's found band over the 4 held-out folds."""

    precision: float
    recall: float
    f1: float
    kept: int
    n: int


def folds_of(examples: list[Example]) -> list[tuple[np.ndarray, np.ndarray]]:
    """The training folds (`train.folds`: by contract)."""
    return folds(np.array([e.contract for e in examples]))


def nested(decisions: np.ndarray, data: Dataset, target: float = KEY_CHOICE_TARGET) -> dict[str, Pooled]:
    """Per category, the pooled found band of each fold counted at thresholds chosen on the other folds."""
    examples, labels = data.examples, section_labels(data.examples)
    folds = folds_of(examples)
    out = {}
    for j, category in enumerate(CLAUSE_CATEGORIES):
        holds = holds_of(examples, category)
        kept, correct, found = 0, 0, set()
        for train_rows, test_rows in folds:
            slope, offset = platt(decisions[train_rows, j], labels[train_rows, j])
            p = 1.0 / (1.0 + np.exp(slope * decisions[:, j] + offset))
            contracts = {examples[i].contract for i in train_rows}
            spans = sum(n for c, n in data.spans[category].items() if c in contracts)
            points = curve(p[train_rows], [holds[i] for i in train_rows], spans)
            threshold = choose(points, target if category in KEY_CATEGORIES else None).found
            for i in test_rows[p[test_rows] >= threshold]:
                kept, correct, found = kept + 1, correct + bool(holds[i]), found | holds[i]
        n = sum(data.spans[category].values())
        precision, recall = (correct / kept if kept else 0.0), (len(found) / n if n else 0.0)
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        out[category] = Pooled(round(precision, 4), round(recall, 4), round(f1, 4), kept, n)
    return out


def summary(rows: dict[str, Pooled]) -> dict[str, object]:
    """Macro F1 over the 36 categories and the named categories whose pooled precision misses PRECISION_TARGET."""
    return {"macro_f1": round(float(np.mean([r.f1 for r in rows.values()])), 4),
            "key_below_target": [c for c in KEY_CATEGORIES if rows[c].precision < PRECISION_TARGET]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals.clause_nested", description=__doc__.splitlines()[0])
    parser.add_argument("--labels", type=Path, default=CUAD / "labels_dev.csv")
    parser.add_argument("--texts", type=Path, default=CUAD / "txt")
    parser.add_argument("--target", type=float, default=KEY_CHOICE_TARGET, help="precision target, named categories")
    args = parser.parse_args(argv)
    try:
        data = build_dataset(args.labels, args.texts).subset(TRAIN_SPLIT)
    except (ContractGraphError, OSError, ValueError) as e:
        sys.stderr.write(f"error: {e}\n")
        return 2
    items = inputs(data.examples)
    chunks = chunked(items)
    groups = np.array([e.contract for e in data.examples])
    decisions = out_of_fold(items, chunks, chunk_labels(data.examples, chunks), groups, SEED)
    rows = nested(decisions, data, args.target)
    for category, r in rows.items():
        sys.stdout.write(f"{category:38s} P {r.precision:.2f} R {r.recall:.2f} F1 {r.f1:.2f} kept {r.kept:4d} "
                         f"n {r.n}\n")
    result = summary(rows)
    sys.stdout.write(f"split A nested, named categories at {args.target}: macro F1 {result['macro_f1']:.3f}; "
                     f"named categories below {PRECISION_TARGET}: {result['key_below_target'] or 'none'}\n")
    RESULTS.write_text(json.dumps({"target": args.target, **result, "categories": {c: asdict(r) for c, r in
                                                                                    rows.items()}}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
