"""Latency measurement of the question mix: ours (`search_contracts`) against the reference shape.

Both sides are timed from the driver's point of view (the wall time of the Python call that sends the
Cypher and reads every row), after warm-up, alternating ours and theirs on every repetition so a change in
machine load hits both. Results must agree: a count or aggregation mismatch raises `Mismatch`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any, TypeVar

from neo4j import Driver

from benchmarks.mix import Question
from benchmarks.reference import reference_aggregation, reference_search
from graph.reads.repository import search_contracts
from graph.server.db import read

TODAY = date(2021, 6, 30)
T = TypeVar("T")


class Mismatch(AssertionError):
    """Our answer and the reference shape's answer differ: the benchmark run fails."""


@dataclass
class Answer:
    """What a question returned, reduced to what both sides must agree on."""

    count: int | None
    examples: int | None
    groups: list[tuple[Any, float]] | None


def percentile(samples: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of non-empty samples."""
    ordered = sorted(samples)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def stats_ms(samples: list[float]) -> dict[str, float]:
    """p50 / p95 / max / mean of samples given in seconds, in milliseconds."""
    return {"p50": percentile(samples, 50) * 1000, "p95": percentile(samples, 95) * 1000,
            "max": max(samples) * 1000, "mean": sum(samples) / len(samples) * 1000, "n": len(samples)}


def ours(driver: Driver, q: Question) -> Answer:
    result = search_contracts(driver, q.filter, today=TODAY)
    groups = [(r["key"], r["value"]) for r in result.aggregation] if result.aggregation is not None else None
    if q.is_aggregation:
        return Answer(None, None, groups)
    return Answer(result.total_count, len(result.contracts), None)


def theirs(driver: Driver, q: Question) -> Answer:
    if q.is_aggregation:
        cypher, params = reference_aggregation(q.filter, TODAY)
        return Answer(None, None, [(r["key"], r["value"]) for r in read(driver, cypher, params)])
    cypher, params = reference_search(q.filter, TODAY)
    output = read(driver, cypher, params)[0]["output"]
    return Answer(output["total_count_of_contracts"], len(output["example_values"]), None)


def _same_groups(a: list[tuple[Any, float]], b: list[tuple[Any, float]]) -> bool:
    return len(a) == len(b) and all(
        ka == kb and (va == vb or math.isclose(float(va), float(vb), rel_tol=1e-9)) for (ka, va), (kb, vb) in zip(
            a, b, strict=True))


def check(q: Question, mine: Answer, ref: Answer) -> None:
    """Raise Mismatch unless both shapes gave the same answer."""
    if q.is_aggregation:
        if not _same_groups(mine.groups or [], ref.groups or []):
            raise Mismatch(f"{q.name}: aggregation differs: ours {mine.groups[:5] if mine.groups else None} "
                           f"vs reference {ref.groups[:5] if ref.groups else None}")
    elif (mine.count, mine.examples) != (ref.count, ref.examples):
        raise Mismatch(f"{q.name}: ours count={mine.count} examples={mine.examples}, "
                       f"reference count={ref.count} examples={ref.examples}")


def timed(call: Callable[[], T]) -> tuple[float, T]:
    """(seconds, result) of one call."""
    start = time.perf_counter()
    answer = call()
    return time.perf_counter() - start, answer


def measure(driver: Driver, q: Question, reps: int = 30, warmup: int = 3, reference: bool = True) -> dict[str, Any]:
    """Time one question both ways (ours only when `reference` is False: nothing is compared then);
    returns its result record for the JSON file."""
    mine = ours(driver, q)
    ref = theirs(driver, q) if reference else None
    if ref is not None:
        check(q, mine, ref)
    for _ in range(warmup - 1):
        ours(driver, q)
        if reference:
            theirs(driver, q)
    our_times, ref_times = [], []
    for _ in range(reps):
        elapsed, answer = timed(lambda: ours(driver, q))
        if answer != mine:
            raise Mismatch(f"{q.name}: our answer changed between repetitions")
        our_times.append(elapsed)
        if reference:
            ref_elapsed, _ = timed(lambda: theirs(driver, q))
            ref_times.append(ref_elapsed)
    ours_ms = stats_ms(our_times)
    ref_ms = stats_ms(ref_times) if ref_times else None
    return {
        "name": q.name, "tags": list(q.tags), "filter": q.spec, "aggregation": q.is_aggregation,
        "count": mine.count, "examples": mine.examples, "groups": len(mine.groups) if mine.groups else None,
        "ours_ms": ours_ms, "reference_ms": ref_ms,
        "ours_over_reference_p95": ours_ms["p95"] / ref_ms["p95"] if ref_ms else None,
        "speedup_p95": ref_ms["p95"] / ours_ms["p95"] if ref_ms else None,
    }
