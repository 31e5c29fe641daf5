"""What the dashboard charts plot and what a click on a bar means, as filters (no Streamlit here).

Every chart is a ContractFilter query: the grouped charts use `group_by` aggregations, amount bands are
exact counts of amount ranges and the expiry timeline groups the contracts ending from today on by year.
A click turns the bar back into a filter, so the Explorer shows exactly the contracts the bar counted.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from neo4j import Driver

from core.currency import CURRENCIES
from core.errors import FilterValidationError
from graph.query.filters import ContractFilter, parse_filter
from graph.reads.repository import count_contracts

# Decade bands: amounts span about $5k to $1B, so equal-width bins would put everything in one bar.
AMOUNT_EDGES: tuple[float, ...] = (0.0, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9)
AMOUNT_LABELS: tuple[str, ...] = ("< $10k", "$10k–100k", "$100k–1M", "$1M–10M", "$10M–100M", "$100M–1B",
                                  "≥ $1B")  # in US dollars; amount_labels gives them in another currency
# Upper bounds are exclusive; amounts carry at most cents, so "at most high - 1 cent" is "below high".
CENT = 0.01


@dataclass(frozen=True)
class AmountBand:
    """One bar of the amount distribution."""

    label: str
    low: float
    high: float | None
    count: int


def _merge(f: ContractFilter, update: dict[str, Any]) -> ContractFilter | None:
    """`f` with `update` applied, or None when the combination is impossible (e.g. min above max)."""
    data = {**f.model_dump(exclude_defaults=True), **update}
    try:
        return parse_filter(data)
    except FilterValidationError:
        return None


def _later(a: date | None, b: date | None) -> date | None:
    return max(x for x in (a, b) if x is not None) if (a or b) else None


def _earlier(a: date | None, b: date | None) -> date | None:
    return min(x for x in (a, b) if x is not None) if (a or b) else None


def amount_band_filter(f: ContractFilter, index: int) -> ContractFilter | None:
    """`f` narrowed to amount band `index` (intersected with its own amount range)."""
    low = AMOUNT_EDGES[index]
    high = AMOUNT_EDGES[index + 1] - CENT if index + 1 < len(AMOUNT_EDGES) else None
    new_low = max(low, f.min_amount or 0.0)
    new_high = high if f.max_amount is None else (f.max_amount if high is None else min(high, f.max_amount))
    return _merge(f, {"min_amount": new_low, "max_amount": new_high})


def amount_labels(currency: str) -> tuple[str, ...]:
    """The band labels with the currency's sign ('< €10k', ...)."""
    sign = CURRENCIES.get(currency, ("", f"{currency} "))[1]
    return tuple(label.replace("$", sign) for label in AMOUNT_LABELS)


def amount_bands(driver: Driver, f: ContractFilter) -> list[AmountBand]:
    """Exact count of matching contracts in each amount band (contracts without an amount are left out). The
    bands are amount filters: they count only amounts in the filter's currency (default USD)."""
    bands = []
    for i, label in enumerate(amount_labels(f.amount_currency())):
        narrowed = amount_band_filter(f, i)
        count = count_contracts(driver, narrowed) if narrowed is not None else 0
        high = AMOUNT_EDGES[i + 1] if i + 1 < len(AMOUNT_EDGES) else None
        bands.append(AmountBand(label, AMOUNT_EDGES[i], high, count))
    return bands


def upcoming_filter(f: ContractFilter, today: date) -> ContractFilter | None:
    """`f` restricted to contracts ending today or later (the expiry timeline's set)."""
    return _merge(f, {"min_end_date": _later(f.min_end_date, today)})


def year_filter(f: ContractFilter, year: int, field: str, today: date | None = None) -> ContractFilter | None:
    """`f` narrowed to one calendar year of `field` ('effective' or 'end'); `today` also bounds end years
    from below, as the expiry timeline counts only upcoming end dates."""
    low, high = date(year, 1, 1), date(year, 12, 31)
    if field == "effective":
        return _merge(f, {"min_effective_date": _later(f.min_effective_date, low),
                          "max_effective_date": _earlier(f.max_effective_date, high)})
    return _merge(f, {"min_end_date": _later(_later(f.min_end_date, low), today),
                      "max_end_date": _earlier(f.max_end_date, high)})


def drill_filter(f: ContractFilter, chart: str, key: Any, today: date) -> ContractFilter | None:
    """The filter a click on bar `key` of `chart` stands for (None when the bar cannot be reproduced)."""
    if chart == "contract_type":
        return _merge(f, {"contract_types": [key]})
    if chart == "party_country":
        return _merge(f, {"party_country": key})
    if chart == "effective_year":
        return year_filter(f, int(key), "effective")
    if chart == "expiry":
        return year_filter(f, int(key), "end", today)
    if chart == "amount":
        return amount_band_filter(f, int(key))
    raise ValueError(f"unknown chart {chart!r}")
