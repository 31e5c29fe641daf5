"""Names of jurisdictions a governing-law clause can cite, mapped to (ISO country, state/province code).

US states and Canadian provinces come from `core.vocab`; countries from its aliases plus the names
contracts in the sample cite. `find_jurisdictions` scans text for them, longest name first, so
"West Virginia" is not read as "Virginia".
"""

from __future__ import annotations

import re
from functools import cache

from core.vocab import CA_PROVINCES, COUNTRY_ALIASES, US_STATES

Jurisdiction = tuple[str, str | None]

_EXTRA_COUNTRIES: dict[str, str] = {
    "People's Republic of China": "CN", "P.R.C.": "CN", "P.R. China": "CN", "Mainland China": "CN",
    "Republic of Korea": "KR", "Korea": "KR", "Republic of Kazakhstan": "KZ", "Kazakhstan": "KZ",
    "Papua New Guinea": "PG", "Hong Kong SAR": "HK", "Hong Kong": "HK", "Switzerland": "CH",
    "Sweden": "SE", "Norway": "NO", "Denmark": "DK", "Finland": "FI", "Belgium": "BE", "Austria": "AT",
    "Poland": "PL", "Portugal": "PT", "Greece": "GR", "Russia": "RU", "Russian Federation": "RU",
    "New Zealand": "NZ", "South Africa": "ZA", "Philippines": "PH", "Thailand": "TH", "Malaysia": "MY",
    "Indonesia": "ID", "Vietnam": "VN", "Argentina": "AR", "Chile": "CL", "Colombia": "CO", "Peru": "PE",
    "Cyprus": "CY", "Malta": "MT", "Isle of Man": "IM", "Jersey": "JE", "Guernsey": "GG",
    "British Virgin Islands": "VG", "Bahamas": "BS", "Barbados": "BB", "Panama": "PA", "Turkey": "TR",
    "United Arab Emirates": "AE", "Saudi Arabia": "SA", "Egypt": "EG", "Nigeria": "NG", "Kenya": "KE",
    "Czech Republic": "CZ", "Hungary": "HU", "Romania": "RO", "Slovakia": "SK", "Slovak Republic": "SK",
    "Liechtenstein": "LI", "Monaco": "MC", "Iceland": "IS", "Macau": "MO", "Macao": "MO",
    "England and Wales": "GB", "Northern Ireland": "GB", "Great Britain": "GB", "Republic of China": "TW",
    "State of Israel": "IL", "Republic of Singapore": "SG", "Federal Republic of Germany": "DE",
}
_AMBIGUOUS_STATES = {"Georgia"}  # also a country; contracts here mean the US state


@cache
def _table() -> dict[str, Jurisdiction]:
    table: dict[str, Jurisdiction] = {}
    for name, code in COUNTRY_ALIASES.items():
        if len(name) > 3 or "." in name:
            table[name.title() if "." not in name else name] = (code, None)
    table.update({name: (code, None) for name, code in _EXTRA_COUNTRIES.items()})
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
