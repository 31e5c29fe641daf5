"""Numbered targets whose heading the outline missed: "Section 11.1.1" when the text has a line "11.1.1 ..." that
was not taken for a heading (run into other text, "11.1.3.The charge"), so only 11.1 is in the outline.

Like a sub-item that is not in the outline ("7.4(z)" -> 7.4), such a reference resolves to the nearest numbered
section that holds the label, with match "parent", but only when the label is found in the text standing where a
heading stands (a line start, after a sentence's end or a wide gap, followed by a capital) inside a section whose
number is a prefix of it, in the reference's scope. A table of contents entry (in the preamble) does not count.
"""

from __future__ import annotations

import re

from ingest.document.numbering import dotted_tuple, numeric_key, split_ref_number
from ingest.document.sections import Outline


def missed_heading(item: str, scopes: list[str | None], outline: Outline, text: str) -> str | None:
    """The section that holds the heading label `item` (a dotted number, 2+ levels) the outline missed."""
    base = split_ref_number(item)[0]
    values = dotted_tuple(base) if base else None
    if not values or len(values) < 2:
        return None
    label = re.compile(rf"(?:^|[.;:][ \t]+|[ \t]{{2}})(?P<label>{re.escape(base)})\.?[ \t]*(?=[A-Z\"“(\[])",
                       re.MULTILINE)
    for found in label.finditer(text):
        node: str | None = outline.owner(found.start("label"))
        while node is not None:
            key = outline.key_of.get(node, "")
            parts = dotted_tuple(key) if key and key[0].isdigit() else None
            if parts and len(parts) < len(values) and numeric_key(values[:len(parts)]) == key:
                return node if outline.scope_of.get(node) in scopes else None
            node = outline.parent_of.get(node)
    return None
