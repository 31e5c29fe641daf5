"""Numbered targets whose heading the outline missed: "Section 11.1.1" when the text has a line "11.1.1 ..." that
was not taken for a heading (run into other text, "11.1.3.The charge"), so only 11.1 is in the outline.

Like a sub-item that is not in the outline ("7.4(z)" -> 7.4), such a reference resolves to the nearest numbered
section that holds the label, with match "parent", but only when the label is found in the text standing where a
heading stands (a line start, after a sentence's end or a wide gap, followed by a capital) inside a section whose
number is a prefix of it, in the reference's scope. A table of contents entry (in the preamble) does not count.
"""

from __future__ import annotations

import re

from ingest.document.numbering import dotted_tuple, split_ref_number
from ingest.document.sections import Outline

_LETTERED = re.compile(r"^(?P<base>\d{1,3}(?:\.\d{1,3})*)(?P<letter>[A-Z])(?P<rest>(?:\s?\([^()]{1,4}\))*)$")


def lettered_parts(item: str) -> tuple[str, str, str] | None:
    """"7A" -> ("7", "A", ""), "1.4D(ii)" -> ("1.4", "D", "(ii)"); None for other items."""
    found = _LETTERED.match(item)
    return (found.group("base"), found.group("letter"), found.group("rest")) if found else None


def letter_listed(letter: str, target: str, outline: Outline, text: str) -> bool:
    """Section `target`'s text has a line starting with the item label "B." or "(B)"."""
    start = next((s.start for s in outline.sections if s.number == target), None)
    if start is None:
        return False
    pattern = re.compile(rf"^[ \t]*(?:{letter}\.|\({letter}\))[ \t]+[A-Z\"“]", re.MULTILINE)
    return pattern.search(text, start, outline.extent.get(target, start)) is not None


def missed_heading(item: str, scopes: list[str | None], outline: Outline, text: str) -> str | None:
    """The section that holds the heading label `item` (a dotted number, 2+ levels, or a lettered one like
    "7A") the outline missed."""
    base = split_ref_number(item)[0]
    lettered = lettered_parts(base)
    values = dotted_tuple(lettered[0] if lettered else base) if base else None
    if not values or (len(values) < 2 and not lettered):
        return None
    label = re.compile(  # after a sentence's end (a closing bracket or quote may follow, "[***]" ends one too)
        rf"(?:^|[.;:\]][\"”')]?[ \t]+|[ \t]{{2}})(?P<label>{re.escape(base)})\.?[ \t]*(?=[A-Z\"“(\[])"
        rf"|;[ \t]+(?:and[ \t]+|or[ \t]+)?(?P<item>{re.escape(base)})\.?[ \t]+(?=[a-z])",  # "...; and 4.2.6 the"
        re.MULTILINE)
    for found in label.finditer(text):
        at = found.start("label") if found.group("label") else found.start("item")
        if lettered:  # "7A. Insurance" read as part of 7.2, the section before it: that one holds it
            owner = outline.owner(at)
            key = outline.key_of.get(owner, "")
            if key.split(".")[0] == str(values[0]) and outline.scope_of.get(owner) in scopes:
                return owner
            continue
        node: str | None = outline.owner(at)
        while node is not None:
            key = outline.key_of.get(node, "")
            parts = dotted_tuple(key) if key and key[0].isdigit() else _article_parts(key)
            if parts and len(parts) < len(values) and values[:len(parts)] == parts:
                return node if outline.scope_of.get(node) in scopes else None
            node = outline.parent_of.get(node)
    return None


def _article_parts(key: str) -> tuple[int, ...] | None:
    """"article 4" / "roman 4" -> (4,): an article heading is the prefix of its sections' numbers ("4.6[***]")."""
    word, _, number = key.partition(" ")
    return (int(number),) if word in ("article", "roman") and number.isdigit() else None
