"""The Explorer's filter in the URL: `ContractFilter` <-> query parameters, so a filtered view is bookmarkable
and survives a reload. List fields repeat their key (`?contract_types=Supply&contract_types=License`)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import date
from typing import Any

from core.errors import FilterValidationError
from graph.query.filters import ContractFilter, date_out_of_range, parse_filter

LIST_FIELDS = ("contract_types", "parties", "organisations", "clause_types", "without_clause_types",
               "text_clause_types", "without_text_clause_types", "renewal_types")
SCALAR_FIELDS = (
    "min_effective_date", "max_effective_date", "min_end_date", "max_end_date", "party_country",
    "governing_law_country", "governing_law_state", "active", "has_end_date", "as_of", "min_amount", "max_amount",
    "currency", "text", "min_notice_by", "max_notice_by", "min_next_renewal", "max_next_renewal",
    "sort_by", "sort_order",
)
OPERATOR_NAMES = {"=": "eq", ">": "gt", "<": "lt", ">=": "gte", "<=": "lte"}
PAGE_PARAM = "page"
PAGE_SIZE_PARAM = "page_size"
PAGE_SIZES = (10, 25, 50, 100)
DEFAULT_PAGE_SIZE = 25
# Fields that shape the listing, not the matching set: kept out of chart and count cache keys.
LISTING_FIELDS = {"sort_by", "sort_order", "limit", "offset", "group_by", "metric", "agg_order", "agg_limit"}


def _monetary_from(text: str) -> dict[str, Any]:
    name, _, value = text.partition(":")
    operator = next((op for op, label in OPERATOR_NAMES.items() if label == name), None)
    if operator is None:
        raise FilterValidationError(f"Invalid filter: monetary_value: unknown operator '{name[:10]}' in the URL",
                                    field="monetary_value")
    return {"operator": operator, "value": value}


def filter_from_query(get_all: Callable[[str], list[str]]) -> ContractFilter:
    """Read a ContractFilter from query parameters (`get_all(key)` lists a key's values).

    Raises FilterValidationError naming the field when a value is invalid.
    """
    data: dict[str, Any] = {}
    for name in LIST_FIELDS:
        values = [v for v in get_all(name) if v.strip()]
        if values:
            data[name] = values
    for name in SCALAR_FIELDS:
        values = get_all(name)
        if values and values[-1].strip():
            data[name] = values[-1]
    money = get_all("monetary_value")
    if money and money[-1].strip():
        data["monetary_value"] = _monetary_from(money[-1])
    return parse_filter(data)


def date_from_query(get_all: Callable[[str], list[str]], name: str) -> date | None:
    """A page's own date parameter (the Overview's and Renewals' `as_of`; the last one when repeated): None
    when absent or empty. Raises FilterValidationError naming the parameter when it is not a YYYY-MM-DD date
    within the range a filter accepts (graph.query.filters.DATE_MIN..DATE_MAX), as `filter_from_query` does."""
    values = get_all(name)
    raw = values[-1].strip() if values else ""
    if not raw:
        return None
    try:
        value = date.fromisoformat(raw)
    except ValueError as e:
        raise FilterValidationError(f"Invalid link: {name}: '{raw[:20]}' is not a date (use YYYY-MM-DD)",
                                    field=name) from e
    if why := date_out_of_range(value):
        raise FilterValidationError(f"Invalid link: {name}: {why}", field=name)
    return value


def _number(value: float) -> str:
    """1000000.0 -> '1000000', 12.5 -> '12.5' (no exponent, no trailing zeros)."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def filter_to_query(f: ContractFilter) -> dict[str, str | list[str]]:
    """Query parameters for the fields that differ from the defaults (listing and paging fields excluded,
    except the sort)."""
    params: dict[str, str | list[str]] = {}
    for name, value in f.describe().items():
        if name in LIST_FIELDS:
            params[name] = [str(v) for v in value]
        elif name == "monetary_value":
            params[name] = f"{OPERATOR_NAMES[value['operator']]}:{_number(value['value'])}"
        elif name in ("active", "has_end_date"):
            params[name] = "true" if value else "false"
        elif name in SCALAR_FIELDS:
            params[name] = _number(value) if isinstance(value, float) else str(value)
    return params


def matching_key(f: ContractFilter) -> str:
    """Canonical JSON of the fields that decide which contracts match (the cache key for counts and charts)."""
    return f.model_copy(update={k: ContractFilter.model_fields[k].default for k in LISTING_FIELDS}) \
        .model_dump_json()


def short_digest(text: str) -> str:
    """A short stable digest for widget keys that must change when the filter changes."""
    return hashlib.sha256(text.encode()).hexdigest()[:10]


def page_from_query(get_all: Callable[[str], list[str]]) -> tuple[int, int]:
    """(1-based page, page size) from the URL, falling back to page 1 and the default size."""
    def number(name: str, default: int) -> int:
        values = get_all(name)
        try:
            return int(values[-1]) if values else default
        except ValueError:
            return default
    size = number(PAGE_SIZE_PARAM, DEFAULT_PAGE_SIZE)
    return max(1, number(PAGE_PARAM, 1)), size if size in PAGE_SIZES else DEFAULT_PAGE_SIZE
