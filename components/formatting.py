"""Display helpers shared by the dashboard pages: money, countries, parties and governing law as text."""

from __future__ import annotations

from typing import Any

from core.vocab import COUNTRY_ALIASES, US_STATES

# Names for codes the vocabulary's aliases do not spell out (display only; filters use the codes).
_EXTRA_COUNTRY_NAMES = {
    "AE": "United Arab Emirates", "AR": "Argentina", "AT": "Austria", "BE": "Belgium", "CL": "Chile",
    "CO": "Colombia", "CR": "Costa Rica", "CY": "Cyprus", "CZ": "Czechia", "DK": "Denmark", "FI": "Finland",
    "GR": "Greece", "HU": "Hungary", "ID": "Indonesia", "MY": "Malaysia", "NO": "Norway", "NZ": "New Zealand",
    "PH": "Philippines", "PL": "Poland", "PT": "Portugal", "RU": "Russia", "SE": "Sweden", "TH": "Thailand",
    "TR": "Turkey", "VG": "British Virgin Islands", "VN": "Vietnam", "ZA": "South Africa",
}


def _country_names() -> dict[str, str]:
    names: dict[str, str] = {}
    for alias, code in COUNTRY_ALIASES.items():
        if len(alias) > 3 and "." not in alias and not alias.startswith("THE "):
            names.setdefault(code, alias.title())
    return {**names, **_EXTRA_COUNTRY_NAMES}


COUNTRY_NAMES = _country_names()


def country_label(code: str | None) -> str:
    """'US · United States' for a known code, the code itself otherwise."""
    if not code:
        return "—"
    name = COUNTRY_NAMES.get(code)
    return f"{code} · {name}" if name else code


def state_label(code: str | None) -> str:
    """'DE · Delaware' for US states, the value itself otherwise."""
    if not code:
        return "—"
    name = US_STATES.get(code)
    return f"{code} · {name}" if name else code


def money(value: float | None) -> str:
    """Compact dollars: $5.0k, $12.5M, $1.2B; an em dash when unknown."""
    if value is None:
        return "—"
    for scale, suffix in ((1e9, "B"), (1e6, "M"), (1e3, "k")):
        if abs(value) >= scale:
            return f"${value / scale:,.1f}{suffix}"
    return f"${value:,.0f}"


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
