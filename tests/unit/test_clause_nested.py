"""The nested check on split A (evals.clause_nested): thresholds chosen on three folds and counted on the fourth,
pooled; checked on decisions whose outcome is known by construction (perfect, inverted, and one fold's mistake)."""

from __future__ import annotations

import numpy as np

from evals.clause_nested import folds_of, nested, summary
from ingest.clause_model.bands import KEY_CATEGORIES
from ingest.clause_model.dataset import Dataset, Example
from ingest.clause_model.features import CLAUSE_CATEGORIES

LAW = CLAUSE_CATEGORIES.index("Governing Law")


def _data(contracts: int = 8) -> Dataset:
    """Each contract: two governing-law sections (each holding its own span) and four others."""
    examples, spans = [], {c: {} for c in CLAUSE_CATEGORIES}
    for k in range(contracts):
        name = f"c{k}.pdf"
        for s in range(6):
            law = s < 2
            examples.append(Example(name, "A", f"t{s}", f"text {k} {s}", "section", frozenset(),
                                    frozenset({"Governing Law"} if law else ()),
                                    {"Governing Law": frozenset({s})} if law else {}))
        spans["Governing Law"][name] = 2
    return Dataset(examples, spans)


def _decisions(data: Dataset, sign: float) -> np.ndarray:
    d = np.full((len(data.examples), len(CLAUSE_CATEGORIES)), -5.0)
    d[:, LAW] = [sign * (5.0 if e.positive else -5.0) for e in data.examples]
    return d


def test_perfect_decisions_carry_over_and_uninformative_ones_do_not() -> None:
    data = _data()
    rows = nested(_decisions(data, 1.0), data)
    assert (rows["Governing Law"].precision, rows["Governing Law"].recall, rows["Governing Law"].kept) == (1.0, 1.0, 16)
    assert rows["Insurance"].n == 0 and rows["Insurance"].f1 == 0.0
    assert summary(rows)["key_below_target"] == [c for c in KEY_CATEGORIES if c != "Governing Law"]
    assert summary(rows)["macro_f1"] == round(1 / len(CLAUSE_CATEGORIES), 4)
    # decisions that rank the wrong way round are turned round by the sigmoid fitted on the other folds
    assert nested(_decisions(data, -1.0), data)["Governing Law"] == rows["Governing Law"]
    # decisions that say nothing: every section gets the base rate, no threshold reaches 0.90, the best F0.5
    # keeps all 48 sections, of which 16 hold a clause
    flat = nested(_decisions(data, 0.0), data)["Governing Law"]
    assert (flat.kept, flat.precision, flat.recall) == (48, round(16 / 48, 4), 1.0)


def test_a_folds_threshold_comes_from_the_other_folds() -> None:
    data = _data()
    decisions = _decisions(data, 1.0)
    _, held_out = folds_of(data.examples)[0]
    # In one fold a non-clause section scores as high as the clauses: the threshold chosen on the other three folds
    # keeps it, so it is counted as a wrong find (a threshold fitted on all folds could not exclude it either).
    wrong = next(i for i in held_out if not data.examples[i].positive)
    decisions[wrong, LAW] = 5.0
    row = nested(decisions, data)["Governing Law"]
    assert (row.kept, row.recall) == (17, 1.0) and row.precision == round(16 / 17, 4)
