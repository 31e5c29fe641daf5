"""Measure `classify_section` against CUAD's expert labels.

For every labelled contract whose text is on disk, the contract is parsed and every section classified.
A labelled clause (one context string of a category) counts as found when, whitespace-normalised, it lies
inside a section (its text including subsections) that was classified with that category. Per category:
recall = found / labelled clauses, precision = classified sections containing a labelled clause of that
category / all sections classified with it, n = labelled clauses.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from core.vocab import CUAD_CATEGORIES
from ingest.cuad_labels import LabelledContract, index_texts, load_labels, read_text
from ingest.document.classify import classify_section
from ingest.document.models import ParsedDocument
from ingest.document.parser import parse_document

log = logging.getLogger(__name__)


@dataclass
class _Tally:
    n: int = 0
    found: int = 0
    in_text: int = 0
    classified: int = 0
    correct: int = 0
    examples: list[str] = field(default_factory=list)


def _norm(text: str) -> str:
    return " ".join(text.split())


def evaluate_clauses(labels_csv: Path, texts_dir: Path) -> dict[str, dict]:
    """Per CUAD category: precision, recall, n (labelled clauses) and the underlying counts."""
    tallies = {c: _Tally() for c in CUAD_CATEGORIES}
    texts = index_texts(texts_dir)
    contracts = 0
    for contract in load_labels(labels_csv):
        path = texts.get(contract.key)
        if path is None:
            log.warning("no text for labelled contract %s", contract.filename)
            continue
        contracts += 1
        _score_contract(parse_document(read_text(path), path.name), contract, tallies)
    return {c: _summary(t, contracts) for c, t in tallies.items()}


def _score_contract(doc: ParsedDocument, contract: LabelledContract, tallies: dict[str, _Tally]) -> None:
    whole = _norm(doc.text)
    subtree_cache: dict[str, str] = {}

    def subtree(number: str) -> str:
        if number not in subtree_cache:
            subtree_cache[number] = _norm(doc.full_text(number))
        return subtree_cache[number]

    classified: dict[str, list[str]] = {}
    for section in doc.sections:
        for category in classify_section(section):
            classified.setdefault(category, []).append(section.number)
    for category, tally in tallies.items():
        label = contract.labels.get(category)
        spans = [s for s in (_norm(c) for c in (label.contexts if label else ())) if s]
        numbers = classified.get(category, [])
        tally.classified += len(numbers)
        tally.correct += sum(1 for n in numbers if any(s in subtree(n) for s in spans))
        for span in spans:
            tally.n += 1
            tally.in_text += span in whole
            if any(span in subtree(n) for n in numbers):
                tally.found += 1
            elif len(tally.examples) < 3:
                tally.examples.append(f"{contract.filename[:50]}: {span[:100]}")


def _summary(tally: _Tally, contracts: int) -> dict:
    return {
        "precision": tally.correct / tally.classified if tally.classified else 0.0,
        "recall": tally.found / tally.n if tally.n else 0.0,
        "n": tally.n,
        "found": tally.found,
        "in_text": tally.in_text,
        "classified": tally.classified,
        "correct": tally.correct,
        "contracts": contracts,
        "missed_examples": list(tally.examples),
    }


def macro_average(report: dict[str, dict]) -> tuple[float, float]:
    """Macro precision and recall over the categories that have labelled clauses."""
    rows = [r for r in report.values() if r["n"]]
    if not rows:
        return 0.0, 0.0
    return sum(r["precision"] for r in rows) / len(rows), sum(r["recall"] for r in rows) / len(rows)


def format_table(report: dict[str, dict]) -> str:
    """A fixed-width text table, one line per category, macro averages last."""
    lines = [f"{'category':<36} {'n':>5} {'recall':>7} {'prec.':>7} {'classified':>10}"]
    for category, row in report.items():
        lines.append(f"{category:<36} {row['n']:>5} {row['recall']:>7.3f} {row['precision']:>7.3f} "
                     f"{row['classified']:>10}")
    precision, recall = macro_average(report)
    lines.append(f"{'macro (categories with n > 0)':<36} {'':>5} {recall:>7.3f} {precision:>7.3f}")
    return "\n".join(lines)


if __name__ == "__main__":  # `python -m evals.clauses`: the clause classifier, split A and B (evals.clause_classifier)
    from evals.clause_classifier import main

    raise SystemExit(main())
