"""Accuracy of the offline question parser on the labelled set (`evals/questions/*.jsonl`).

    python -m evals.ask_offline [QUESTIONS.jsonl ...] [--json] [--show wrong|safe|all]

The default files are `offline_questions.jsonl` (223 questions), `offline_questions_b.jsonl` (70),
`offline_questions_d.jsonl` (40), `offline_questions_renewals.jsonl` (35, renewals and notice deadlines) and
`offline_questions_status.jsonl` (38, the status on a date, groups by status, month ranges), each written before
the parser was run on it. Each row has a gold answer:
a ContractFilter (describe() form), {"tool", "scope"} for contract-level questions ({"tool": "text_search",
"scope", "query"} for a search of the contracts' text: the query must match too), "refuse" or "clarify".
Outcomes: `exact` (the parser's filter / tool equals the gold), `safe` (it refused or asked back where an
answer was expected: no number given), `wrong` (it answered with anything else: a confident wrong answer).
Follow-ups (`follow`: the id of the previous question) start from the previous question's gold filter. Party
names come from the CUAD sample (graph.store.prepare), the same names the loaded graph holds, so no database is
needed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from agent.question import ParsedQuestion, PartyDirectory, parse_question
from core.settings import REPO_ROOT
from graph.query.filters import ContractFilter, parse_filter
from graph.store.prepare import prepare
from graph.store.sample import read_records, resolve_sample

QUESTION_FILES = (REPO_ROOT / "evals" / "questions" / "offline_questions.jsonl",
                  REPO_ROOT / "evals" / "questions" / "offline_questions_b.jsonl",
                  REPO_ROOT / "evals" / "questions" / "offline_questions_d.jsonl",
                  REPO_ROOT / "evals" / "questions" / "offline_questions_renewals.jsonl",
                  REPO_ROOT / "evals" / "questions" / "offline_questions_status.jsonl")
# Written while making the parser robust (after it was tuned): a regression set, reported on its own.
REGRESSION_FILE = REPO_ROOT / "evals" / "questions" / "offline_questions_c.jsonl"
REFERENCE_DATE = date(2025, 6, 15)


@dataclass
class Outcome:
    row: dict[str, Any]
    parsed: ParsedQuestion
    verdict: str  # exact | safe | wrong


def load_questions(*paths: Path) -> list[dict[str, Any]]:
    """Rows of every file (default: both labelled sets; follow-ups may refer to rows of another file)."""
    return [json.loads(line) for path in paths or QUESTION_FILES
            for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def sample_party_rows() -> list[dict[str, Any]]:
    """Party names, aliases and contract counts of the CUAD sample, as the graph stores them."""
    prepared = prepare(read_records(resolve_sample(allow_download=False)))
    counts: Counter[str] = Counter()
    for contract in prepared.contracts:
        counts.update({link["key"] for link in contract.parties})
    return [{"name": p.name, "aliases": p.aliases, "contract_count": counts[key]}
            for key, p in prepared.parties.items()]


def sample_directory() -> PartyDirectory:
    return PartyDirectory.build(sample_party_rows())


def gold_filter(gold: dict[str, Any]) -> ContractFilter:
    return parse_filter(gold.get("scope", {}) if "tool" in gold else gold)


def comparable(f: ContractFilter) -> dict[str, Any]:
    """describe() with list fields as sets: types are OR-ed and parties / clauses AND-ed, so order is moot."""
    return {k: sorted(v) if isinstance(v, list) else v for k, v in f.describe().items()}


def judge(row: dict[str, Any], parsed: ParsedQuestion) -> str:
    gold = row["gold"]
    answered = parsed.tool is not None and parsed.refusal is None and parsed.clarify is None
    if gold in ("refuse", "clarify"):
        if not answered:
            return "exact" if (gold == "refuse") == (parsed.refusal is not None) else "safe"
        return "wrong"
    if not answered:
        return "safe"
    tool = gold.get("tool", "contract_search") if isinstance(gold, dict) else "contract_search"
    same = parsed.tool == tool and parsed.filter is not None and \
        comparable(parsed.filter) == comparable(gold_filter(gold))
    if tool == "text_search":  # the words searched for are part of the answer's meaning
        same = same and parsed.topic == gold.get("query")
    return "exact" if same else "wrong"


def evaluate(rows: list[dict[str, Any]], directory: PartyDirectory | None = None,
             today: date = REFERENCE_DATE) -> list[Outcome]:
    directory = directory or sample_directory()
    by_id = {row["id"]: row for row in rows}
    outcomes = []
    for row in rows:
        previous = gold_filter(by_id[row["follow"]]["gold"]) if row.get("follow") else None
        parsed = parse_question(row["q"], today, previous=previous, directory=directory)
        outcomes.append(Outcome(row, parsed, judge(row, parsed)))
    return outcomes


def summary(outcomes: list[Outcome]) -> dict[str, Any]:
    by_category: dict[str, Counter[str]] = defaultdict(Counter)
    for o in outcomes:
        by_category[o.row["category"]][o.verdict] += 1
        by_category["all"][o.verdict] += 1
    return {cat: {"n": sum(c.values()), "exact": c["exact"], "safe": c["safe"], "wrong": c["wrong"],
                  "exact_pct": round(100 * c["exact"] / sum(c.values()), 1)}
            for cat, c in sorted(by_category.items(), key=lambda kv: (kv[0] == "all", kv[0]))}


def markdown(table: dict[str, Any]) -> str:
    lines = ["| category | questions | exact | refused / asked back | confident wrong | exact % |",
             "|---|---:|---:|---:|---:|---:|"]
    for cat, s in table.items():
        name = f"**{cat}**" if cat == "all" else cat
        lines.append(f"| {name} | {s['n']} | {s['exact']} | {s['safe']} | {s['wrong']} | {s['exact_pct']} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals.ask_offline", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("questions", nargs="*", help="JSONL files (default: the two labelled sets)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--show", choices=("wrong", "safe", "all"), help="print these questions with the parse")
    args = parser.parse_args(argv)
    outcomes = evaluate(load_questions(*(Path(p) for p in args.questions)))
    table = summary(outcomes)
    if args.show:
        for o in outcomes:
            if args.show == "all" or o.verdict == args.show or (args.show == "safe" and o.verdict != "exact"):
                got = o.parsed.filter.describe() if o.parsed.filter else None
                sys.stdout.write(f"[{o.verdict}] {o.row['id']} {o.row['q']}\n   gold={o.row['gold']}\n   "
                                 f"got={o.parsed.tool} {got} refusal={o.parsed.refusal} "
                                 f"clarify={(o.parsed.clarify or '')[:80]} ignored={o.parsed.ignored}\n")
    sys.stdout.write((json.dumps(table, indent=1) if args.json else markdown(table)) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
