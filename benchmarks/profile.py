"""The statistical shape of a seed-format portfolio, used both to drive the generator and to check it.

`shape(records)` reduces records to comparable numbers (type mix, parties per contract, party long tail,
countries, governing law, amounts, clause mix, dates). `Templates` keeps the sample's per-record
structure that the generator resamples. Pure functions over raw seed records: no database.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from statistics import fmean, pstdev
from typing import Any

from core.names import party_key
from graph.store.clean import is_placeholder

WORD = re.compile(r"[a-z]{3,}")


def _share(counter: Counter[Any]) -> dict[Any, float]:
    total = sum(counter.values()) or 1
    return {k: v / total for k, v in counter.most_common()}


def _year(value: Any) -> int | None:
    return int(value[:4]) if isinstance(value, str) and value[:4].isdigit() else None


@dataclass
class Shape:
    """Distributions that define a portfolio's shape (shares sum to 1 within each mapping)."""

    contracts: int
    types: dict[str, float]
    parties_per_contract: float
    party_count_share: dict[int, float]
    mentions_per_party: float
    single_contract_party_share: float
    three_plus_party_share: float
    party_countries: dict[str | None, float]
    law_countries: dict[str | None, float]
    amount_present: float
    log_amount_mean: float
    log_amount_std: float
    end_date_present: float
    effective_year_median: int
    clauses_per_contract: float
    clause_types: dict[str, float]
    roles: dict[str, float] = field(default_factory=dict)


def _party_stats(records: list[dict[str, Any]]) -> tuple[float, float, float]:
    """Mentions per distinct party, and the shares of parties on exactly one and on 3+ contracts."""
    contracts_of: Counter[str] = Counter()
    for r in records:
        keys = {party_key(p.get("name") or "") for p in r.get("parties") or []
                if not is_placeholder(p.get("name"))}
        contracts_of.update(keys)
    if not contracts_of:
        return 0.0, 0.0, 0.0
    singles = sum(1 for n in contracts_of.values() if n == 1)
    busy = sum(1 for n in contracts_of.values() if n >= 3)
    total = len(contracts_of)
    return sum(contracts_of.values()) / total, singles / total, busy / total


def _amounts(records: list[dict[str, Any]]) -> tuple[float, float, float]:
    present = [r["total_amount"] for r in records if r.get("total_amount") is not None]
    logs = [math.log(a) for a in present if a > 0]
    if not logs:
        return len(present) / max(1, len(records)), 0.0, 0.0
    return len(present) / len(records), fmean(logs), pstdev(logs)


def shape(records: list[dict[str, Any]]) -> Shape:
    """Reduce seed-format records to the distributions the generator must preserve."""
    n = max(1, len(records))
    parties = [p for r in records for p in r.get("parties") or []]
    clauses = [c for r in records for c in r.get("clauses") or []]
    years = sorted(y for y in (_year(r.get("effective_date")) for r in records) if y)
    per_party, singles, busy = _party_stats(records)
    present, log_mean, log_std = _amounts(records)
    return Shape(
        contracts=len(records),
        types=_share(Counter(r.get("contract_type") for r in records)),
        parties_per_contract=len(parties) / n,
        party_count_share=_share(Counter(len(r.get("parties") or []) for r in records)),
        mentions_per_party=per_party,
        single_contract_party_share=singles,
        three_plus_party_share=busy,
        party_countries=_share(Counter((p.get("location") or {}).get("country") for p in parties)),
        law_countries=_share(Counter((r.get("governing_law") or {}).get("country") for r in records)),
        amount_present=present,
        log_amount_mean=log_mean,
        log_amount_std=log_std,
        end_date_present=sum(1 for r in records if r.get("end_date")) / n,
        effective_year_median=years[len(years) // 2] if years else 0,
        clauses_per_contract=len(clauses) / n,
        clause_types=_share(Counter(c.get("clause_type") for c in clauses)),
        roles=_share(Counter(p.get("role") for p in parties)),
    )


def total_variation(a: dict[Any, float], b: dict[Any, float]) -> float:
    """Half the L1 distance between two discrete distributions (0 = identical, 1 = disjoint)."""
    return sum(abs(a.get(k, 0.0) - b.get(k, 0.0)) for k in set(a) | set(b)) / 2


@dataclass
class Templates:
    """What the generator resamples from the sample: whole-record skeletons, locations and word bags."""

    records: list[dict[str, Any]]
    locations: list[dict[str, Any]]
    words_by_type: dict[str, tuple[list[str], list[int]]]
    clause_words: tuple[list[str], list[int]]
    summary_lengths: list[int]
    new_party_rate: float
    log_amount_mean: float
    log_amount_std: float
    zero_amount_share: float


def _bag(texts: list[str]) -> tuple[list[str], list[int]]:
    counts = Counter(w for t in texts for w in WORD.findall(t.lower()))
    ranked = counts.most_common(400)
    return [w for w, _ in ranked], [c for _, c in ranked]


def templates(records: list[dict[str, Any]]) -> Templates:
    """Everything the generator draws from, extracted once from the sample."""
    shaped = shape(records)
    present = [r["total_amount"] for r in records if r.get("total_amount") is not None]
    by_type: dict[str, list[str]] = {}
    for r in records:
        by_type.setdefault(r.get("contract_type") or "", []).append(f"{r.get('summary') or ''} "
                                                                     f"{r.get('contract_scope') or ''}")
    mentions = sum(len(r.get("parties") or []) for r in records)
    distinct = len({party_key(p.get("name") or "") for r in records for p in r.get("parties") or []})
    return Templates(
        records=records,
        locations=[p["location"] for r in records for p in r.get("parties") or [] if p.get("location")],
        words_by_type={t: _bag(texts) for t, texts in by_type.items()},
        clause_words=_bag([c.get("summary") or "" for r in records for c in r.get("clauses") or []]),
        summary_lengths=[len((r.get("summary") or "").split()) for r in records],
        new_party_rate=distinct / max(1, mentions),
        log_amount_mean=shaped.log_amount_mean,
        log_amount_std=shaped.log_amount_std,
        zero_amount_share=sum(1 for a in present if a == 0) / max(1, len(present)),
    )
