"""Reading CUAD's gold answers: party names, dates and governing-law jurisdictions as the labels write them
(the rules are in `evals.ingest`'s docstring, which scores predictions against them).
"""

from __future__ import annotations

import re

from ingest.rules.jurisdictions import Jurisdiction, find_jurisdictions

PartialDate = tuple[int | None, int | None, int | None]


def _split_top_level(text: str, sep: str = ";") -> list[str]:
    parts, depth, current = [], 0, []
    for ch in text:
        depth += (ch == "(") - (ch == ")")
        if ch == sep and depth <= 0:
            parts.append("".join(current))
            current, depth = [], 0
        else:
            current.append(ch)
    parts.append("".join(current))
    return [p for p in (p.strip() for p in parts) if p]


def _strip_aliases(segment: str) -> tuple[str, list[str]]:
    text = segment.translate(str.maketrans("\u201c\u201d\u2019", "\"\"'"))
    aliases = re.findall(r"\"([^\"]*)\"", text)
    text = re.sub(r"\"[^\"]*\"", " ", text)
    while re.search(r"\([^()]*\)", text):
        text = re.sub(r"\([^()]*\)", " ", text)
    text = re.sub(r"\(.*$", " ", text)  # an unbalanced "(..." runs to the end
    return " ".join(text.split()).strip(" ,.;:)"), aliases


def gold_parties(answer: str) -> list[str]:
    """Party names from a Parties-Answer cell (see the module docstring)."""
    names: list[str] = []
    known: set[str] = set()
    for segment in _split_top_level(answer):
        name, aliases = _strip_aliases(segment)
        tokens = set(re.findall(r"[a-z0-9]+", name.lower())) - {"and", "the", "or", "with", "each"}
        regroups = bool(tokens) and tokens <= known
        collective = re.match(r"(?i)(?:collectively|individually|each|together|jointly|and\b|hereinafter)", name)
        if sum(ch.isalpha() for ch in name) >= 2 and not regroups and not collective:
            names.append(name)
        for alias in [*aliases, name]:
            known.update(re.findall(r"[a-z0-9]+", alias.lower()))
    return names


def parse_gold_date(text: str) -> PartialDate | str | None:
    """M/D/YY(YY) with blanks as "[]", or "perpetual"; None when unreadable."""
    text = text.strip().lower()
    if "perpetual" in text:
        return "perpetual"
    match = re.fullmatch(r"(\[\]|\d{1,2})/(\[\]|\d{1,2})/(\[\]|\d{2}|\d{4}|\d\d\[\])", text)
    if not match:
        return None
    month, day, year = (None if "[" in g else int(g) for g in match.groups())
    if year is not None and year < 100:
        year += 1900 if year >= 50 else 2000
    return None if (month, day, year) == (None, None, None) else (year, month, day)


def gold_jurisdictions(answer: str) -> set[Jurisdiction]:
    """Jurisdictions of a Governing Law answer, each at its comparison granularity."""
    found: set[Jurisdiction] = set()
    for piece in _split_top_level(answer):
        hits = [j for j, _, _ in find_jurisdictions(piece)]
        specific = [j for j in hits if j[1] is not None]
        found.update(specific or hits)
    return {law_key(j) for j in found}


def law_key(jurisdiction: Jurisdiction) -> Jurisdiction:
    """Comparison key: (country, subdivision) in the US and Canada, country elsewhere."""
    country, sub = jurisdiction
    return (country, sub) if country in {"US", "CA"} else (country, None)


def norm_title(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))
