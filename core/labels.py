"""A contract row's values as words, the same on the dashboard, in its CSV and in the command line's CSV:
the stated term ('P1Y6M' -> '1 year 6 months'), the governing law and the parties with their roles."""

from __future__ import annotations

import re
from typing import Any

_DURATION = re.compile(r"P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?")
_DURATION_UNITS = ("year", "month", "week", "day")


def duration_label(value: str | None) -> str:
    """An ISO 8601 duration as words ('P1Y6M' -> '1 year 6 months'); an em dash when unknown, the raw value
    when it is not a plain date duration."""
    if not value:
        return "—"
    match = _DURATION.fullmatch(value.strip().upper())
    if not match or not any(match.groups()):
        return value
    parts = [(int(n), unit) for n, unit in zip(match.groups(), _DURATION_UNITS, strict=True) if n]
    return " ".join(f"{n} {unit}{'s' if n != 1 else ''}" for n, unit in parts)


def law_label(law: dict[str, Any] | None) -> str:
    """'New York, US' style name of a governing-law jurisdiction."""
    if not law:
        return "—"
    return law.get("name") or ", ".join(x for x in (law.get("state"), law.get("country")) if x) or "—"


def party_labels(parties: list[dict[str, Any]] | None) -> list[str]:
    """'Name (role, US)' for each party of a contract row, sorted by name."""
    labels = []
    for party in sorted(parties or [], key=lambda p: (p.get("name") or "").casefold()):
        extra = [x for x in (party.get("role"), ", ".join(party.get("countries") or [])) if x]
        labels.append(f"{party.get('name')} ({'; '.join(extra)})" if extra else str(party.get("name")))
    return labels
