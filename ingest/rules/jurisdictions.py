"""Names of jurisdictions a governing-law clause can cite, mapped to (ISO country, state/province code).

US states, Canadian provinces and country names come from `core.vocab`. `find_jurisdictions` scans text for
them, longest name first, so "West Virginia" is not read as "Virginia".
"""

from __future__ import annotations

import re
from functools import cache

from core.vocab import CA_PROVINCES, COUNTRY_ABBREVIATIONS, COUNTRY_NAMES, US_STATES

Jurisdiction = tuple[str, str | None]

_AMBIGUOUS_STATES = {"Georgia"}  # also a country; contracts here mean the US state


@cache
def _table() -> dict[str, Jurisdiction]:
    table: dict[str, Jurisdiction] = {}
    table.update({name: (code, None) for name, code in COUNTRY_NAMES.items()})
    table.update({name: (code, None) for name, code in COUNTRY_ABBREVIATIONS.items() if len(name) > 3 or "." in name})
    table.update({name: ("US", code) for code, name in US_STATES.items()})
    table.update({name: ("CA", code) for code, name in CA_PROVINCES.items()})
    table["Commonwealth of Massachusetts"] = ("US", "MA")
    table["Commonwealth of Pennsylvania"] = ("US", "PA")
    table["Commonwealth of Virginia"] = ("US", "VA")
    table["Washington, D.C."] = ("US", "DC")
    table["PRC"] = ("CN", None)
    return table


@cache
def _pattern() -> re.Pattern[str]:
    names = sorted(_table(), key=len, reverse=True)
    return re.compile(r"(?<![\w.])(?:" + "|".join(re.escape(n) for n in names) + r")(?![\w])", re.IGNORECASE)


def lookup(name: str) -> Jurisdiction | None:
    """The jurisdiction a name denotes, case-insensitively, or None."""
    folded = {k.casefold(): v for k, v in _table().items()}
    return folded.get(" ".join(name.split()).casefold())


def find_jurisdictions(text: str, start: int = 0, end: int | None = None) -> list[tuple[Jurisdiction, int, int]]:
    """Every jurisdiction named in `text[start:end]`, as (jurisdiction, start, end), in text order."""
    end = len(text) if end is None else end
    found = []
    for match in _pattern().finditer(text, start, end):
        value = lookup(match.group())
        if value is not None:
            found.append((value, match.start(), match.end()))
    return found


def is_ambiguous_state(name: str) -> bool:
    """Whether a US state name is also a country name."""
    return name.title() in _AMBIGUOUS_STATES
