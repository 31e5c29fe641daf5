"""Score an extraction engine against CUAD's expert labels: precision, recall and F1 per field.

Usage: python -m evals.ingest --labels labels_dev.csv --texts txt/ [--engine rules|llm]
       [--model NAME] [--out scores.json] [--details details.json] [--limit N]
       python -m evals.ingest --clauses --labels labels_dev.csv --texts txt/ [--out clauses.json]
       (CUAD category classification of sections; see evals.clauses)

Matching rules (one contract at a time; counts are summed over contracts, i.e. micro-averaged):

* Counting. A contract has gold for a field when its `-Answer` cell is non-empty. For single-valued
  fields a prediction that matches is a true positive; one that does not match is a false positive
  (and, when gold exists, also a false negative); gold with no prediction is a false negative.
  `n` is the number of gold items (contracts with gold; for parties, gold names). Gold that cannot be
  parsed (redactions such as "[* * *]") still counts as gold, so it can only be missed.
* Dates (agreement_date, effective_date, expiration_date). Answers look like "5/8/14" (M/D/YY;
  two-digit years 50-99 are 19xx). A prediction matches when it is the same calendar day. Partly blank
  answers ("[]/[]/2020", a date left open in a form) match a prediction that agrees on every known part.
  Expiration answers may be "perpetual" (matched by a "perpetual" prediction) and may list several
  alternatives separated by ";" (any one matches).
* Parties. Gold names come from the Answer column, `Name ("Alias"); Name2 ("Alias2")`: segments
  split on top-level ";", parentheticals and quoted aliases removed; segments that only regroup
  earlier aliases ("Stryker and Conformis ("Parties")"), or have no letters ("[]"), are dropped. Names
  are normalised (lower case, punctuation removed, leading "the" and trailing legal suffixes such as
  Inc, LLC, Ltd, Corp, S.A., GmbH removed) and paired one-to-one, best score first, when rapidfuzz
  `token_set_ratio` >= 85. Unpaired predictions are false positives, unpaired gold names false negatives.
* Governing law. Each ";"-separated answer is read as jurisdictions ("Ontario, Canada" -> CA/ON,
  "England; Wales" -> GB). US and Canadian answers compare by (country, state/province); others by
  country. The prediction matches when it equals any gold jurisdiction.
* Document name. Lower-cased, non-alphanumerics to spaces; matches when rapidfuzz `token_sort_ratio`
  >= 85 against the whole answer or any of its lines (some answers stack two titles).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz

from core.errors import ContractGraphError, ExtractionError, LLMError
from core.names import norm_party
from evals import clauses, renewals
from evals.gold import PartialDate, gold_jurisdictions, gold_parties, law_key, norm_title, parse_gold_date
from ingest.cuad_labels import LabelledContract, index_texts, load_labels, read_text

FIELDS = ("parties", "agreement_date", "effective_date", "expiration_date", "governing_law", "document_name",
          *renewals.DURATION_FIELDS)
_COLUMNS = {"parties": "Parties", "agreement_date": "Agreement Date", "effective_date": "Effective Date",
            "expiration_date": "Expiration Date", "governing_law": "Governing Law",
            "document_name": "Document Name", **renewals.DURATION_FIELDS}
PARTY_THRESHOLD = 85
TITLE_THRESHOLD = 85


@dataclass
class Counts:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    n: int = 0

    def scores(self) -> dict[str, float | int]:
        precision = self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0
        recall = self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        return {"precision": round(precision, 4), "recall": round(recall, 4), "f1": round(f1, 4), "n": self.n}


# ---- gold parsing -------------------------------------------------------------------------------


# ---- matching -----------------------------------------------------------------------------------


def match_parties(predicted: list[str], gold: list[str]) -> int:
    """Number of one-to-one pairs with token_set_ratio >= PARTY_THRESHOLD, best pairs first."""
    pred = [p for p in (norm_party(x) for x in predicted) if p]
    golds = [g for g in (norm_party(x) for x in gold) if g]
    pairs = sorted(((fuzz.token_set_ratio(p, g), i, j) for i, p in enumerate(pred) for j, g in enumerate(golds)),
                   reverse=True)
    used_p: set[int] = set()
    used_g: set[int] = set()
    for score, i, j in pairs:
        if score < PARTY_THRESHOLD:
            break
        if i not in used_p and j not in used_g:
            used_p.add(i)
            used_g.add(j)
    return len(used_p)


def _date_matches(predicted: Any, gold: PartialDate | str) -> bool:
    if isinstance(gold, str) or isinstance(predicted, str):
        return predicted == gold
    year, month, day = gold
    return all(want is None or want == got for want, got in
               zip((year, month, day), (predicted.year, predicted.month, predicted.day), strict=True))


def field_matches(field: str, predicted: Any, answer: str) -> bool:
    """Whether a single-valued prediction matches the gold answer (see the module docstring)."""
    if field == "governing_law":
        return law_key(predicted) in gold_jurisdictions(answer)
    if field in renewals.DURATION_FIELDS:
        return renewals.duration_matches(predicted, answer)
    if field == "document_name":
        alternatives = [answer, *answer.splitlines()]
        return any(fuzz.token_sort_ratio(norm_title(predicted), norm_title(a)) >= TITLE_THRESHOLD
                   for a in alternatives if norm_title(a))
    golds = [g for g in (parse_gold_date(p) for p in answer.split(";")) if g is not None]
    return any(_date_matches(predicted, g) for g in golds)


def score_contract(counts: dict[str, Counts], predicted: dict[str, Any], contract: LabelledContract) -> None:
    """Add one contract's outcome to `counts` (for the fields it has)."""
    for field in (f for f in FIELDS if f in counts):
        answer = contract.labels[_COLUMNS[field]].answer if _COLUMNS[field] in contract.labels else ""
        value, c = predicted.get(field), counts[field]
        if field == "parties":
            gold = gold_parties(answer)
            names = value or []
            tp = match_parties(names, gold)
            c.n += len(gold)
            c.tp, c.fp, c.fn = c.tp + tp, c.fp + len(names) - tp, c.fn + len(gold) - tp
            continue
        c.n += bool(answer)
        hit = bool(answer) and value is not None and field_matches(field, value, answer)
        c.tp += hit
        c.fp += value is not None and not hit
        c.fn += bool(answer) and not hit


# ---- engines ------------------------------------------------------------------------------------


def _rules_predictions(pages: list[str], file_id: str) -> dict[str, Any]:
    from ingest.rules import extract_rules

    result = extract_rules(pages, file_id)
    law = result.value("governing_law")
    parties = result.value("parties") or []
    start = result.value("effective_date") or result.value("agreement_date")
    return {"parties": [p.name for p in parties], "agreement_date": result.value("agreement_date"),
            "effective_date": result.value("effective_date"),
            "governing_law": (law.country, law.state) if law and law.country else None,
            "document_name": result.value("document_name"),
            **renewals.renewal_predictions(pages, file_id, start)}


def _llm_engine(model: str | None) -> Callable[[list[str], str], dict[str, Any]]:
    try:
        from ingest.llm_extract import extract_llm  # provided by the LLM module; optional here
    except ImportError as e:
        raise ExtractionError(f"The LLM engine is not available (ingest.llm_extract cannot be imported: {e}).") from e

    def predict(pages: list[str], file_id: str) -> dict[str, Any]:
        contract = extract_llm(pages, file_id, model)
        law = contract.governing_law
        effective = date.fromisoformat(contract.effective_date) if contract.effective_date else None
        # The schema has no agreement date: the effective date stands in for it.
        return {"parties": [p.name for p in contract.parties], "agreement_date": effective,
                "effective_date": effective,
                "expiration_date": date.fromisoformat(contract.end_date) if contract.end_date else None,
                "governing_law": (law.country, law.state) if law and law.country else None,
                "document_name": None}

    return predict


def evaluate(labels: Path, texts: Path, engine: str = "rules", model: str | None = None,
             limit: int | None = None, details: list[dict[str, Any]] | None = None,
             split: str | None = None) -> dict[str, dict[str, Any]]:
    """Score `engine` on every labelled contract that has a text file (or one half, `split` A or B);
    returns {field: scores}."""
    predict = _rules_predictions if engine == "rules" else _llm_engine(model)
    index = index_texts(texts)
    contracts = renewals.in_split([c for c in load_labels(labels) if c.key in index], split)[:limit]
    counts = {field: Counts() for field in FIELDS}
    for contract in contracts:
        predicted = predict([read_text(index[contract.key])], contract.filename)
        score_contract(counts, predicted, contract)
        if details is not None:
            details.append({"file": contract.filename, "predicted": predicted,
                            "gold": {f: contract.labels[_COLUMNS[f]].answer for f in FIELDS}})
    return {field: counts[field].scores() for field in FIELDS}


def format_table(scores: dict[str, dict[str, Any]]) -> str:
    """A plain-text table of the scores."""
    lines = [f"{'field':<16} {'precision':>9} {'recall':>7} {'f1':>6} {'n':>5}"]
    for field, s in scores.items():
        lines.append(f"{field:<16} {s['precision']:>9.3f} {s['recall']:>7.3f} {s['f1']:>6.3f} {s['n']:>5}")
    return "\n".join(lines)


def _clauses(labels: Path, texts: Path, out: Path | None) -> int:
    """`--clauses`: classify every section of the labelled contracts and score against the labels."""
    try:
        report = clauses.evaluate_clauses(labels, texts)
    except (ContractGraphError, OSError) as e:
        sys.stderr.write(f"error: {e}\n")
        return 2
    sys.stdout.write(clauses.format_table(report) + "\n")
    if out:
        out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the process exit code."""
    parser = argparse.ArgumentParser(prog="python -m evals.ingest", description=__doc__.splitlines()[0])
    parser.add_argument("--labels", type=Path, required=True, help="CUAD master_clauses-format CSV")
    parser.add_argument("--texts", type=Path, required=True, help="directory of CUAD .txt files")
    parser.add_argument("--engine", choices=("rules", "llm"), default="rules")
    parser.add_argument("--model", default=None, help="chat model name for --engine llm")
    parser.add_argument("--out", type=Path, help="write the scores as JSON here")
    parser.add_argument("--details", type=Path, help="write per-contract predictions and gold as JSON here")
    parser.add_argument("--limit", type=int, help="score only the first N labelled contracts")
    parser.add_argument("--split", choices=renewals.SPLITS,
                        help="score one half of the contracts (evals.renewals: A tuned on, B held out)")
    parser.add_argument("--clauses", action="store_true",
                        help="instead: CUAD category classification of sections (evals.clauses), "
                             "recall and precision per category")
    args = parser.parse_args(argv)
    if args.clauses:
        return _clauses(args.labels, args.texts, args.out)
    details: list[dict[str, Any]] | None = [] if args.details else None
    try:
        scores = evaluate(args.labels, args.texts, args.engine, args.model, args.limit, details, args.split)
    except (LLMError, ContractGraphError, OSError) as e:
        sys.stderr.write(f"error: {e}\n")
        return 2
    sys.stdout.write(format_table(scores) + "\n")
    if args.out:
        args.out.write_text(json.dumps(scores, indent=2) + "\n", encoding="utf-8")
    if args.details:
        args.details.write_text(json.dumps(details, indent=1, default=str) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
