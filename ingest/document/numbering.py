"""Small helpers for section labels: roman numerals, letter sequences and canonical lookup keys.

Labels are written many ways ("1.01", "1.1.", "Section 7.0", "ARTICLE IX", "Article 9"); resolving a
reference compares canonical keys, never the raw strings.
"""

from __future__ import annotations

import re

_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}
_ROMAN_RE = re.compile(r"^(?=[ivxlcdm]+$)m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")


def is_roman(text: str) -> bool:
    return bool(text) and bool(_ROMAN_RE.match(text.lower()))


def roman_to_int(text: str) -> int:
    """Value of a (validated) roman numeral, case-insensitive."""
    total, previous = 0, 0
    for char in reversed(text.lower()):
        value = _ROMAN_VALUES[char]
        total = total - value if value < previous else total + value
        previous = max(previous, value)
    return total


def int_to_roman(value: int) -> str:
    numerals = ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"),
                (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"))
    out = []
    for number, numeral in numerals:
        count, value = divmod(value, number)
        out.append(numeral * count)
    return "".join(out)


def numeral_value(text: str) -> int | None:
    """Integer value of an arabic or roman numeral, None otherwise."""
    if text.isdigit():
        return int(text)
    return roman_to_int(text) if is_roman(text) else None


def dotted_tuple(label: str) -> tuple[int, ...] | None:
    """`"1.01."` -> (1, 1); `"7.0"` -> (7,); None when it is not a dotted arabic number."""
    parts = label.strip().rstrip(".").split(".")
    if not all(p.isdigit() for p in parts):
        return None
    values = [int(p) for p in parts]
    while len(values) > 1 and values[-1] == 0:
        values.pop()
    return tuple(values)


def numeric_key(values: tuple[int, ...]) -> str:
    return ".".join(str(v) for v in values)


def sub_key(label: str) -> str:
    """Canonical key of one subclause label: `(a)`, `a.`, `(iv)` -> `(a)`, `(a)`, `(iv)`."""
    return "(" + label.strip().strip("().").lower() + ")"


def split_ref_number(text: str) -> tuple[str, list[str]]:
    """`"5.2(a)(ii)"` -> ("5.2", ["(a)", "(ii)"]) with whitespace tolerated between the parts."""
    compact = re.sub(r"\s+", "", text)
    match = re.match(r"^([^()]*)((?:\([^()]*\))*)", compact)
    base = match.group(1) if match else compact
    subs = re.findall(r"\(([^()]*)\)", match.group(2) if match else "")
    return base.rstrip("."), [sub_key(s) for s in subs]
