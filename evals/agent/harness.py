"""Running an evaluation set: every question through the agent, every answer through the judge, then a
results CSV and a summary (JSON and Markdown)."""

from __future__ import annotations

import csv
import json
import logging
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel
from langgraph.graph.state import CompiledStateGraph

from agent.context import Context
from agent.runner import ask
from core.errors import ContractGraphError, LLMError
from evals.agent.judge import Verdict, judge
from evals.agent.references import read_rows

log = logging.getLogger(__name__)
RESULT_COLUMNS = ("id", "category", "question", "reference", "answer", "error", "tools", "score", "reason",
                  "seconds")


@dataclass(frozen=True)
class Question:
    id: str
    category: str
    question: str
    reference: str


@dataclass
class Result:
    """One scored question."""

    id: str
    category: str
    question: str
    reference: str
    answer: str
    error: str
    tools: str
    score: int
    reason: str
    seconds: float


def load_questions(path: Path) -> list[Question]:
    """Questions with their reference answers (columns id, category, question, reference)."""
    try:
        rows = read_rows(path)
    except (OSError, csv.Error, UnicodeDecodeError) as e:
        raise ContractGraphError(f"Cannot read the questions file {path}: {e}") from e
    missing = {"id", "question", "reference"} - set(rows[0] if rows else {})
    if not rows or missing:
        raise ContractGraphError(f"{path} needs columns id, question, reference (missing: {sorted(missing)}).")
    return [Question(r["id"], r.get("category") or "", r["question"], r["reference"]) for r in rows]


def evaluate_one(agent: CompiledStateGraph, ctx: Context, judge_model: BaseChatModel, q: Question) -> Result:
    """Ask, then judge; an LLM failure on either side is recorded as a 0 with the error, not raised."""
    started = time.monotonic()
    answer = ask(agent, ctx, q.question)
    try:
        verdict = judge(judge_model, q.question, q.reference, answer.text, ctx.settings)
    except LLMError as e:
        verdict = Verdict(0, f"judge failed: {e}")
    tools = " | ".join(t.summary() for t in answer.traces)
    return Result(q.id, q.category, q.question, q.reference, answer.text, answer.error or "", tools,
                  verdict.score, verdict.reason, round(time.monotonic() - started, 2))


def run_eval(agent: CompiledStateGraph, ctx: Context, judge_model: BaseChatModel, questions: Sequence[Question],
             progress: Callable[[Result], None] | None = None) -> list[Result]:
    results = []
    for q in questions:
        result = evaluate_one(agent, ctx, judge_model, q)
        log.info("%s: %s (%s)", q.id, result.score, result.reason)
        if progress:
            progress(result)
        results.append(result)
    return results


def summarize(results: Sequence[Result], model: str) -> dict[str, Any]:
    """Accuracy overall and per category, with the failed question ids."""
    by_category: dict[str, list[int]] = defaultdict(list)
    for r in results:
        by_category[r.category or "-"].append(r.score)
    total = len(results)
    correct = sum(r.score for r in results)
    return {
        "model": model, "questions": total, "correct": correct,
        "accuracy": round(correct / total, 4) if total else 0.0,
        "errors": sum(1 for r in results if r.error),
        "by_category": {k: {"questions": len(v), "correct": sum(v), "accuracy": round(sum(v) / len(v), 4)}
                        for k, v in sorted(by_category.items())},
        "failed": [r.id for r in results if not r.score],
    }


def summary_markdown(summary: dict[str, Any]) -> str:
    lines = [f"# Agent evaluation: {summary['model']}", "",
             f"**{summary['correct']} / {summary['questions']} correct "
             f"({summary['accuracy']:.0%})**, {summary['errors']} run error(s).", "",
             "| category | correct | questions | accuracy |", "|---|---|---|---|"]
    lines += [f"| {name} | {c['correct']} | {c['questions']} | {c['accuracy']:.0%} |"
              for name, c in summary["by_category"].items()]
    if summary["failed"]:
        lines += ["", "Failed: " + ", ".join(summary["failed"])]
    return "\n".join(lines) + "\n"


def write_outputs(results: Sequence[Result], summary: dict[str, Any], out_dir: Path) -> dict[str, Path]:
    """results.csv, summary.json and summary.md in `out_dir` (created if needed)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {"results": out_dir / "results.csv", "summary_json": out_dir / "summary.json",
             "summary_md": out_dir / "summary.md"}
    with paths["results"].open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=RESULT_COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(asdict(r) for r in results)
    paths["summary_json"].write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    paths["summary_md"].write_text(summary_markdown(summary), encoding="utf-8")
    return paths
