"""Score the offline parser on the generated set (seeded; no database: party names from the sample).

    python -m evals.generated [--seed 31] [--per-family 160] [--show wrong|safe] [--out evals/results/generated.json]

Outcomes as evals.ask_offline: exact (the parser's filter equals the gold), safe (it refused or asked back: no
number), wrong (a confident wrong answer). The table is per family."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from evals.ask_offline import evaluate, markdown, sample_directory, summary
from evals.generated.families import generate
from evals.generated.values import sample_values


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals.generated", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--per-family", type=int, default=160)
    parser.add_argument("--show", choices=("wrong", "safe"), help="print these questions with the parse")
    parser.add_argument("--out", type=Path, help="write the summary as JSON")
    args = parser.parse_args(argv)
    rows = generate(sample_values(), args.seed, args.per_family, args.per_family)
    outcomes = evaluate(rows, sample_directory())
    table = summary(outcomes)
    for o in outcomes:
        if args.show and (o.verdict == args.show or (args.show == "safe" and o.verdict != "exact")):
            got = o.parsed.filter.describe() if o.parsed.filter else None
            sys.stdout.write(f"[{o.verdict}] {o.row['id']} {o.row['q']}\n   gold={o.row['gold']}\n   got={got} "
                             f"refusal={o.parsed.refusal} clarify={(o.parsed.clarify or '')[:80]}\n")
    if args.out:
        args.out.write_text(json.dumps({"seed": args.seed, "questions": len(rows), "table": table}, indent=1) + "\n")
    sys.stdout.write(markdown(table) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
