"""Enumerated subclauses inside a numbered section: (a), (i), (A), (1), and "a." / "i." items.

Labels are read with a stack of open lists: a label either continues one of the open lists ((b) after
(a), popping anything nested deeper) or opens a nested list with its first item ((i) under (a)).
Anything else, like "(c)" in "see clause (c) above", is not a boundary and stays text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ingest.document.numbering import int_to_roman, is_roman, roman_to_int

# "(a)" anywhere (the boundary check decides), "a." only at a line start
SUB_RE = re.compile(
    r"\((?P<p>[a-z]{1,4}|[A-Z]{1,4}|\d{1,2})\)(?=[ \t\n]|$)"
    r"|^[ \t]*(?P<d>[a-z]{1,4}|[A-Z]{1,3}|\d{1,2})\.(?=[ \t]+[A-Z\"“(])",
    re.MULTILINE,
)
_REF_TAIL = re.compile(r"(?:paragraph|section|clause|article|subsection)s?\s+\d[\d.]*\s*$", re.IGNORECASE)
_AND_OR = re.compile(r"[;,:]\s*(?:and|or|and/or)?\s*$")


@dataclass
class Sub:
    """One accepted subclause label: where it starts, its key path ("(a)", "(a)(i)") and title."""

    pos: int
    label_end: int
    path: tuple[str, ...]


def _interpretations(label: str, dotted: bool) -> list[tuple[str, int]]:
    """(style, value) readings of a label: letters may also be roman numerals."""
    suffix = "." if dotted else ")"
    if label.isdigit():
        return [("1" + suffix, int(label))]
    case = "A" if label.isupper() else "a"
    out: list[tuple[str, int]] = []
    if len(set(label)) == 1 and len(label) <= 3:
        out.append((case + suffix, (ord(label[0].lower()) - 96) + 26 * (len(label) - 1)))
    if is_roman(label):
        out.append(("I" + suffix if case == "A" else "i" + suffix, roman_to_int(label)))
    return out


def _boundary(text: str, pos: int, dotted: bool, region_start: int) -> str:
    """'strong', 'weak' (may only continue a list) or '' (not a boundary)."""
    if pos - region_start <= 2:
        return "strong"
    if _REF_TAIL.search(text, max(region_start, pos - 40), pos):
        return ""  # "paragraph 8.9\n(i)": a reference broken across lines
    line_start = text.rfind("\n", 0, pos) + 1
    if not text[line_start:pos].strip():
        return "strong"
    before = text[max(region_start, pos - 12):pos]
    if before.endswith(("  ", "\t")) and not dotted:
        return "strong"
    stripped = before.rstrip()
    if not dotted and stripped[-1:] in ".:;" and before[-1:].isspace():
        return "strong"
    if not dotted and _AND_OR.search(before):
        return "weak"
    return ""


def find_subclauses(text: str, start: int, end: int) -> list[Sub]:
    """Accepted subclause labels between `start` and `end`, with their nesting paths."""
    stack: list[list] = []  # [style, value, key]
    out: list[Sub] = []
    for match in SUB_RE.finditer(text, start, end):
        dotted = match.group("d") is not None
        label = match.group("d") if dotted else match.group("p")
        pos = match.start("d") if dotted else match.start()
        strength = _boundary(text, pos, dotted, start)
        if not strength:
            continue
        if dotted and label.isupper() and _bare_title(text, match.end()):
            continue  # "A. General requirements" on a line of its own is a sub-heading, not a list item
        readings = _interpretations(label, dotted)
        depth = _continue(stack, readings) if readings else None
        if depth is None and strength == "strong":
            depth = _open(stack, readings)
        if depth is None:
            continue
        path = tuple(entry[2] for entry in stack[: depth + 1])
        out.append(Sub(pos, match.end(), path))
    return out


def _bare_title(text: str, end: int) -> bool:
    stop = text.find("\n", end)
    line = text[end:stop if stop >= 0 else len(text)].strip()
    return len(line.split()) <= 8 and not line.endswith((".", ";", ":", ","))


def _key(style: str, value: int) -> str:
    """Display label in parenthesised form, keeping the list's case: "(a)", "(A)", "(iv)", "(IV)", "(3)"."""
    if style[0] in "aA":
        label = chr(96 + (value - 1) % 26 + 1) * ((value - 1) // 26 + 1)
    elif style[0] in "iI":
        label = int_to_roman(value)
    else:
        return f"({value})"
    return f"({label.upper() if style[0] in 'AI' else label})"


def _continue(stack: list[list], readings: list[tuple[str, int]]) -> int | None:
    for depth in range(len(stack) - 1, -1, -1):
        for style, value in readings:
            if stack[depth][0] == style and value == stack[depth][1] + 1:
                del stack[depth + 1:]
                stack[depth][1] = value
                stack[depth][2] = _key(style, value)
                return depth
    return None


def _open(stack: list[list], readings: list[tuple[str, int]]) -> int | None:
    for style, value in readings:
        if value != 1:
            continue
        for depth, entry in enumerate(stack):
            if entry[0] == style:  # the same list style again: a new list at that level
                del stack[depth:]
                break
        stack.append([style, 1, _key(style, 1)])
        return len(stack) - 1
    return None
