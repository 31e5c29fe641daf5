"""`python -m evals.retrieval`: does clause search find the clause CUAD's experts labelled?

For every dev contract (`labels_dev.csv`) in the graph and every measured category, one fixed natural question
per category (never the label text) runs through `graph.retrieval.search.clause_search` scoped to that contract,
against the real graph. A (contract, category) pair with labelled spans is *found at rank r* when the r-th hit
section covers one of its spans. A hit covers a span when at least half of the span's 5-word shingles
(lowercased word tokens) occur in the hit's text; a span inside a section has all of them, a span crossing
two sections is covered by the section holding most of it; a span of fewer than 5 words must occur whole.
The hit's text is what clause search shows for it, unclipped: its own text, plus its first subsections when
its own text is a heading (under 300 characters). Per category: recall@1, recall@5, MRR over the pairs with
a span, and, over the pairs without one (the contract has no such clause), how often the search said
`not_addressed` instead of returning sections. "hedged": how often the search either said `not_addressed` or
showed its sections under the `unclassified` caveat (none of them is classified in the category), over the pairs
with a span (lower is better: the clause is there) and over those without one (higher is better).

Contracts are split A/B by a hash of their file name (`split_of`): the threshold and expansions were tuned on
A only, B is held out. `--calibrate` prints the best boosted full-text score distribution of pairs with and
without a clause (what `graph.retrieval.search.MIN_SCORE` is chosen from). Results go to
`evals/results/retrieval.json` (with the calibration table of split A).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from neo4j import Driver

from graph.documents import cypher as q
from graph.documents.load import contract_ids
from graph.retrieval.search import MIN_SCORE, ClauseResult, clause_search, search_sections
from graph.server.db import build_driver, read
from ingest.cuad_labels import LabelledContract, covers, load_labels, name_key, split_of

DEFAULT_LABELS = Path("../shared/data/cuad/labels_dev.csv")
RESULTS = Path(__file__).parent / "results" / "retrieval.json"
SHORT_SECTION = 300
TOP = 5
QUESTIONS: dict[str, str] = {
    "Governing Law": "What law governs this agreement?",
    "Termination For Convenience": "Can a party terminate this agreement for convenience?",
    "Anti-Assignment": "Can this agreement be assigned to a third party?",
    "Non-Compete": "Is there a non-compete restriction?",
    "Exclusivity": "Is the relationship exclusive?",
    "Cap On Liability": "Is liability capped or limited?",
    "Insurance": "What insurance must a party maintain?",
    "Audit Rights": "Does a party have the right to audit books and records?",
    "License Grant": "What license is granted?",
    "Change Of Control": "What happens on a change of control?",
    "Renewal Term": "Does the agreement renew automatically, and for how long?",
    "Notice Period To Terminate Renewal": "How much notice is needed to prevent renewal?",
}


def shown_text(row: dict[str, Any]) -> str:
    """A hit's text as clause search shows it, unclipped (graph.retrieval.items._section_text)."""
    text = (row.get("text") or "").strip()
    if len(text) < SHORT_SECTION and row.get("children"):
        text = "\n".join([text, *(c.strip() for c in row["children"] if c)])
    return text


@dataclass
class Tally:
    """One category on one split."""

    pairs: int = 0
    at1: int = 0
    at5: int = 0
    rr: float = 0.0
    negatives: int = 0
    rejected: int = 0
    hedged_negatives: int = 0  # not addressed, or sections shown under the "unclassified" caveat
    hedged_positives: int = 0
    misses: list[str] = field(default_factory=list)

    def row(self) -> dict[str, Any]:
        n = self.pairs or 1
        return {"n": self.pairs, "recall@1": self.at1 / n, "recall@5": self.at5 / n, "mrr": self.rr / n,
                "negatives": self.negatives,
                "not_addressed_on_negatives": self.rejected / self.negatives if self.negatives else None,
                "hedged_on_negatives": self.hedged_negatives / self.negatives if self.negatives else None,
                "hedged_on_positives": self.hedged_positives / n,
                "missed_examples": self.misses[:3]}


def hedge(result: ClauseResult) -> str | None:
    """How the search qualified its answer: "not addressed", "unclassified" (sections under the caveat) or None."""
    return "not addressed" if result.not_addressed else "unclassified" if result.unclassified else None


def first_rank(driver: Driver, file_id: str, question: str, spans: list[str]) -> tuple[int | None, str | None]:
    """(rank of the first hit covering a span or None, how the search qualified its answer)."""
    result = clause_search(driver, question, file_id=file_id, hits=TOP)
    hits = [{"file_id": i.file_id, "number": i.number} for i in result.items if i.reached == "hit"]
    rows = {r["number"]: r for r in read(driver, q.SECTION_EXPANSION, {"keys": hits})}
    for rank, hit in enumerate(hits, start=1):
        if hit["number"] in rows and any(covers(shown_text(rows[hit["number"]]), s) for s in spans):
            return rank, hedge(result)
    return None, hedge(result)


def _contracts(driver: Driver, labels: Path) -> list[tuple[str, LabelledContract]]:
    by_key = {name_key(f): f for f in contract_ids(driver)}
    found = [(by_key[c.key], c) for c in load_labels(labels) if c.key in by_key]
    return sorted(found, key=lambda pair: pair[0])


def evaluate(driver: Driver, labels: Path) -> dict[str, dict[str, dict[str, Any]]]:
    """Per split ('A', 'B', 'all'), per category: the tallies as rows, plus the average row."""
    tallies = {s: {c: Tally() for c in QUESTIONS} for s in ("A", "B", "all")}
    for file_id, contract in _contracts(driver, labels):
        split = split_of(contract.filename)
        for category, question in QUESTIONS.items():
            label = contract.labels.get(category)
            spans = [s for s in (label.contexts if label else ()) if s.strip()]
            rank, hedged = first_rank(driver, file_id, question, spans) if spans else \
                (None, hedge(clause_search(driver, question, file_id=file_id, hits=TOP)))
            for t in (tallies[split][category], tallies["all"][category]):
                if spans:
                    t.pairs += 1
                    t.at1 += rank == 1
                    t.at5 += rank is not None
                    t.rr += 1 / rank if rank else 0.0
                    t.hedged_positives += hedged is not None
                    if rank is None:
                        t.misses.append(f"{file_id[:60]}{f' ({hedged})' if hedged else ''}")
                else:
                    t.negatives += 1
                    t.rejected += hedged == "not addressed"
                    t.hedged_negatives += hedged is not None
    return {s: _with_average({c: t.row() for c, t in by_cat.items()}) for s, by_cat in tallies.items()}


def _with_average(rows: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    measured = [r for r in rows.values() if r["n"]]
    average = {k: sum(r[k] for r in measured) / len(measured) for k in ("recall@1", "recall@5", "mrr",
                                                                            "hedged_on_positives")}
    average |= {"n": sum(r["n"] for r in measured), "negatives": sum(r["negatives"] for r in measured)}
    for key in ("not_addressed_on_negatives", "hedged_on_negatives"):
        shares = [r[key] for r in measured if r[key] is not None]
        average[key] = sum(shares) / len(shares) if shares else None
    return rows | {"average": average}


def calibrate(driver: Driver, labels: Path, split: str) -> dict[str, list[float]]:
    """Best boosted full-text scores of the split's pairs with a labelled clause and without one."""
    scores: dict[str, list[float]] = {"with": [], "without": []}
    for file_id, contract in _contracts(driver, labels):
        if split_of(contract.filename) != split:
            continue
        for category, question in QUESTIONS.items():
            label = contract.labels.get(category)
            best = search_sections(driver, question, [file_id], TOP).best_per_term or 0.0
            scores["with" if label and any(s.strip() for s in label.contexts) else "without"].append(best)
    return scores


def _out(line: str) -> None:
    sys.stdout.write(line + "\n")


def format_table(report: dict[str, dict[str, Any]]) -> str:
    """Fixed-width table: one line per category, the average last."""
    lines = [f"{'category':<36} {'n':>4} {'R@1':>6} {'R@5':>6} {'MRR':>6} {'hedged':>6} {'neg':>4} "
             f"{'n/a on neg':>10} {'hedged neg':>10}"]
    for category, r in report.items():
        na, hedged = r["not_addressed_on_negatives"], r["hedged_on_negatives"]
        lines.append(f"{category:<36} {r['n']:>4} {r['recall@1']:>6.3f} {r['recall@5']:>6.3f} {r['mrr']:>6.3f} "
                     f"{r['hedged_on_positives']:>6.3f} {r['negatives']:>4} "
                     f"{'-' if na is None else f'{na:.3f}':>10} {'-' if hedged is None else f'{hedged:.3f}':>10}")
    return "\n".join(lines)


def calibration_rows(scores: dict[str, list[float]]) -> list[dict[str, float]]:
    """For candidate thresholds: the share of pairs with a clause kept and of pairs without one cut."""
    rows = []
    for threshold in (0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5):
        kept = sum(s >= threshold for s in scores["with"]) / max(1, len(scores["with"]))
        cut = sum(s < threshold for s in scores["without"]) / max(1, len(scores["without"]))
        rows.append({"threshold": threshold, "with_clause_kept": round(kept, 3), "without_clause_cut": round(cut, 3)})
    return rows


def _print_calibration(rows: list[dict[str, float]]) -> None:
    for r in rows:
        _out(f"threshold {r['threshold']:>4}: pairs with a clause kept {r['with_clause_kept']:.3f}, "
             f"pairs without one cut {r['without_clause_cut']:.3f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--labels", type=Path, default=DEFAULT_LABELS)
    parser.add_argument("--calibrate", choices=("A", "B"), help="print score distributions of one split")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    if not args.labels.is_file():
        sys.stderr.write(f"No labels file at {args.labels}.\n")
        return 2
    with build_driver() as driver:
        if args.calibrate:
            _print_calibration(calibration_rows(calibrate(driver, args.labels, args.calibrate)))
            return 0
        report: dict[str, Any] = evaluate(driver, args.labels)
        report["calibration"] = {"split": "A", "min_score": MIN_SCORE,
                                 "rows": calibration_rows(calibrate(driver, args.labels, "A"))}
    for split in ("A", "B", "all"):
        _out(f"== split {split}" + (" (tuned on)" if split == "A" else " (held out)" if split == "B" else ""))
        _out(format_table(report[split]))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    _out(f"Wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
