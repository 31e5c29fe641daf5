"""Facts about a document's outline that reference resolution uses beyond its keys: the scopes of one exhibit whose
title is repeated atop its pages, the first section below a number that has no heading of its own, and the
document's highest top-level number (a number far beyond it is another instrument's section:
ref_external.far_beyond)."""

from __future__ import annotations

import re

from ingest.document.numbering import dotted_tuple, numeric_key
from ingest.document.sections import Outline

_REPEAT = re.compile(r" \(\d+\)$")


def exhibit_family(scope: str) -> str:
    """An exhibit scope without the " (2)" of a repeated title: "Attachment 1 (2)" -> "Attachment 1"."""
    return _REPEAT.sub("", scope)


def repeated_scopes(own: str, outline: Outline) -> list[str]:
    """The other scopes of an exhibit whose title line is repeated ("Attachment 1" after another exhibit makes
    scopes "Attachment 1", "Attachment 1 (2)", ...): one exhibit, so its sections are looked up in all."""
    family = exhibit_family(own)
    return [scope for scope in outline.exhibit_scopes.values()
            if scope != own and exhibit_family(scope) == family]


def top_number(outline: Outline) -> int:
    """The highest top-level number of the document's own outline (body and exhibits)."""
    tops = [int(key.split(".")[0].split()[-1]) for _, key in outline.keys
            if key.split(".")[0].split()[-1].isdigit()]
    return max(tops, default=0)


def first_below(base: str, subs: list[str], scope: str | None, outline: Outline) -> tuple[str, str] | None:
    """"Article 5" when the text has 5.1.1, 5.1.2 but no heading 5 or 5.1 (lost in the conversion): its first
    numbered section in reading order ("start"), as "Section 2" resolves to 2.1."""
    values = dotted_tuple(base) if base and not subs else None
    if not values:
        return None
    prefix = numeric_key(values) + "."
    return next(((number, "start") for (where, key), number in outline.keys.items()
                 if where == scope and key.startswith(prefix) and key[len(prefix):][:1].isdigit()), None)
