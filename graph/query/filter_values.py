"""Value normalisers behind `ContractFilter`'s validators: blank fields, canonical vocabulary spellings and
state or region names. Pure functions over core.vocab; they raise ValueError, which pydantic reports with the
field's name."""

from __future__ import annotations

from core.vocab import canonical, normalize_subdivision


def blank(value: str | None) -> bool:
    """None, '' or whitespace only: a field left empty (forms send ''), which sets no condition."""
    return value is None or not value.strip()


def has_alnum(value: str) -> bool:
    """At least one letter or digit (a name of only punctuation or invisible characters matches nothing)."""
    return any(ch.isalnum() for ch in value)


def state_code(value: str, country: str | None, max_chars: int) -> str | None:
    """A state or province as its code ('Delaware' -> 'DE'), another region title-cased, None when blank."""
    if len(value) > max_chars:
        raise ValueError(f"governing_law_state is at most {max_chars} characters")
    if blank(value):
        return None
    for candidate in ([country] if country else ["US", "CA"]):
        code = normalize_subdivision(candidate, value)
        if code and len(code) == 2 and code.isupper():
            return code
    # Other regions ('Bavaria') are kept title-cased and match what the data has, or nothing. A value with
    # no letter ('12', '*:*', a zero-width space) would normalise to no condition at all: refused instead.
    region = normalize_subdivision(country, value) if any(ch.isalpha() for ch in value) else None
    if region is None:
        raise ValueError(f"governing_law_state: '{value[:40]}' is not a state, province or region name or code")
    return region


def canonical_all(values: tuple[str, ...], choices: tuple[str, ...], what: str) -> tuple[str, ...]:
    """Each value in its canonical spelling from `choices`, duplicates dropped; an unknown one is refused."""
    result = []
    for value in values:
        found = canonical(value, choices)
        if found is None:
            raise ValueError(f"unknown {what} '{value[:60]}'; valid: {', '.join(choices)}")
        result.append(found)
    return tuple(dict.fromkeys(result))
