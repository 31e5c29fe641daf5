"""The offline question parser on hostile questions at the length limit (core.untrusted.MAX_QUESTION_CHARS):
combining accents, one long word, long unknown words (typo correction and fuzzy party lookups), repeated
vocabulary, capitalised would-be names, punctuation runs. Each case is parsed with the CUAD sample's party
directory (evals.ask_offline.sample_directory: the names the graph stores; no database needed), a fresh typo
cache per case, best of REPEATS. Results go to benchmarks/results/question-parser-<date>.json. It lives in
evals/ because it runs the agent's parser (benchmarks/ may import only graph and core), like parse_benchmark.

Usage: `python -m evals.parse_hostile [--chars 2000]`. Target: every case well under 0.5 s (issue 27).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import date
from typing import Any

from agent.question import parse_question
from agent.question.parties import PartyDirectory
from core.settings import REPO_ROOT
from core.untrusted import MAX_QUESTION_CHARS
from evals.ask_offline import sample_directory

RESULTS = REPO_ROOT / "benchmarks" / "results"

REPEATS = 3
TODAY = date(2021, 6, 30)


def cases(chars: int) -> dict[str, str]:
    """Hostile questions of exactly `chars` characters."""
    def fill(unit: str) -> str:
        return (unit * (chars // len(unit) + 1))[:chars]

    return {
        "combining accents, one word": "a" + "\u0301" * (chars - 1),
        "combining accents, short words": fill("e\u0301\u0301\u0301 "),
        "one long word": "x" * chars,
        "long unknown words": " ".join(f"zqxw{chr(97 + i % 26)}{chr(97 + i // 26 % 26)}" for i in range(chars))[:chars],
        "long words of letters": fill("abcdefghijklmnopqrstuvwxy "),
        "typos of vocabulary": fill("licnse agrement "),
        "capitalised names": " ".join(f"Zq{i}xw" for i in range(chars))[:chars],
        "repeated 'supply'": fill("supply "),
        "repeated question": fill("How many supply contracts signed in 2019 worth more than $1M with Acme? "),
        "between acme and beta": fill("between acme and beta "),
        "month names": fill("january february march "),
        "negations": fill("not "),
        "commas": fill("a,"),
        "hyphens": fill("a-"),
        "dotted words": fill("a.b.c.d.e."),
    }


def measure(directory: PartyDirectory, question: str) -> dict[str, Any]:
    best, refusal = float("inf"), None
    for _ in range(REPEATS):
        directory.fuzzy_cache.clear()
        start = time.perf_counter()
        parsed = parse_question(question, TODAY, directory=directory)
        best = min(best, time.perf_counter() - start)
        refusal = parsed.refusal
    return {"chars": len(question), "best_s": round(best, 4), "refusal": refusal}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals.parse_hostile", description=__doc__)
    parser.add_argument("--chars", type=int, default=MAX_QUESTION_CHARS)
    args = parser.parse_args(argv)
    directory = sample_directory()
    results = {}
    for name, question in cases(args.chars).items():
        results[name] = measure(directory, question)
        sys.stdout.write(f"{name:32s} {results[name]['best_s']:7.3f} s\n")
    out = RESULTS / f"question-parser-{date.today().isoformat()}.json"
    out.write_text(json.dumps({"chars": args.chars, "parties": len(directory.entries), "repeats": REPEATS,
                               "cases": results}, indent=2) + "\n", encoding="utf-8")
    sys.stdout.write(f"wrote {out}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
