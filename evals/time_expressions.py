"""Time expressions in the labelled questions: our parser against Duckling and Microsoft Recognizers-Text.

    PYTHONPATH=/tmp/dt python -m evals.time_expressions [QUESTIONS.jsonl ...]      # after
    pip install --target /tmp/dt pyduckling-native-phihos recognizers-text-date-time "emoji==0.6.0"

Neither library is a dependency (the comparison below decided against both): the script imports each if it can.
For every labelled question (evals/questions/*.jsonl, all files) whose gold filter has a date, the dates a reader
yields are compared with the gold's dates as a set: a day is itself; a year, quarter or month its first and last
day; an interval its first day and its last (an exclusive end minus one day); an open side drops out. The gold's
`as_of` counts only when the question names it (not the default reference date). The role of a date (signed,
ends, status date, notice deadline) is not scored here: only the parser decides it (docs/ASSISTANT.md); a
library would still need our rules for it. Reference date 2025-06-15, as in evals.ask_offline.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from agent.question import parse_question
from core.settings import REPO_ROOT
from evals.ask_offline import QUESTION_FILES, REFERENCE_DATE, REGRESSION_FILE, load_questions, sample_directory
from graph.query.filters import DATE_FIELDS

FILES = (*QUESTION_FILES, REGRESSION_FILE, REPO_ROOT / "evals" / "questions" / "offline_questions_handwritten31.jsonl")


def dates_of(f: dict[str, Any]) -> set[str]:
    out = {str(f[k]) for k in DATE_FIELDS if f.get(k) is not None}
    if f.get("as_of") is not None and str(f["as_of"]) == REFERENCE_DATE.isoformat():
        out.discard(REFERENCE_DATE.isoformat())
    return out


def _last(start: date, grain: str) -> date:
    if grain == "year":
        return date(start.year, 12, 31)
    if grain == "quarter":
        month = start.month + 3
        return (date(start.year + (month > 12), (month - 1) % 12 + 1, 1)) - timedelta(days=1)
    if grain == "month":
        return date(start.year + (start.month == 12), start.month % 12 + 1, 1) - timedelta(days=1)
    return start


def duckling_reader() -> Callable[[str], set[str]] | None:
    try:
        from duckling import (
            Context,
            default_locale_lang,
            load_time_zones,
            parse,
            parse_dimensions,
            parse_lang,
            parse_ref_time,
        )
    except ImportError:
        return None
    ref = parse_ref_time(load_time_zones("/usr/share/zoneinfo"), "UTC",
                         int(datetime(2025, 6, 15).timestamp()))
    ctx, dims = Context(ref, default_locale_lang(parse_lang("EN"))), parse_dimensions(["time"])

    def read(q: str) -> set[str]:
        out: set[str] = set()
        for ent in parse(q, ctx, dims, False):
            v = ent["value"]
            if v.get("type") == "value":
                start = date.fromisoformat(v["value"][:10])
                out |= {start.isoformat(), _last(start, v.get("grain", "day")).isoformat()}
            else:
                if v.get("from"):
                    out.add(v["from"]["value"][:10])
                if v.get("to"):
                    out.add((date.fromisoformat(v["to"]["value"][:10]) - timedelta(days=1)).isoformat())
        return out
    return read


def recognizers_reader() -> Callable[[str], set[str]] | None:
    try:
        from recognizers_date_time import Culture, recognize_datetime
    except ImportError:
        return None
    ref = datetime(2025, 6, 15)

    def read(q: str) -> set[str]:
        out: set[str] = set()
        for r in recognize_datetime(q, Culture.English, reference=ref):
            for v in (r.resolution or {}).get("values", [])[:1]:
                if v.get("type") == "date" and v.get("value"):
                    out.add(v["value"][:10])
                elif v.get("type") == "daterange":
                    if v.get("start"):
                        out.add(v["start"][:10])
                    if v.get("end"):
                        out.add((date.fromisoformat(v["end"][:10]) - timedelta(days=1)).isoformat())
        return out
    return read


def main(argv: list[str] | None = None) -> int:
    files = [Path(a) for a in (sys.argv[1:] if argv is None else argv)] or list(FILES)
    rows = [r for r in load_questions(*files) if isinstance(r["gold"], dict)
            and dates_of(r["gold"].get("scope", r["gold"])) and not r.get("follow")]
    directory = sample_directory()

    def ours(q: str) -> set[str]:
        parsed = parse_question(q, REFERENCE_DATE, directory=directory)
        return dates_of(parsed.filter.describe()) if parsed.filter is not None else set()

    readers = {"ours (agent.question)": ours, "Duckling (pyduckling-native-phihos 0.3.0)": duckling_reader(),
               "Recognizers-Text date-time (1.0.2a2)": recognizers_reader()}
    table = {}
    for name, read in readers.items():
        if read is None:
            table[name] = "not installed"
            continue
        started, exact, misses = time.perf_counter(), 0, []
        for r in rows:
            got = read(r["q"])
            if got == dates_of(r["gold"].get("scope", r["gold"])):
                exact += 1
            else:
                misses.append(r["id"])
        table[name] = {"questions": len(rows), "dates_exact": exact, "pct": round(100 * exact / len(rows), 1),
                       "ms_per_question": round(1000 * (time.perf_counter() - started) / len(rows), 1),
                       "misses_first": misses[:15]}
    sys.stdout.write(json.dumps(table, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
