"""Facts about a document's outline that reference resolution uses beyond its keys: the scopes of one exhibit whose
title is repeated atop its pages, and the document's highest top-level number (a number far beyond it is another
instrument's section: ref_external.far_beyond)."""

from __future__ import annotations

import re

from ingest.document.sections import Outline

_REPEAT = re.compile(r" \(\d+\)$")


def repeated_scopes(own: str, outline: Outline) -> list[str]:
    """The other scopes of an exhibit whose title line is repeated ("Attachment 1" atop each page makes
    scopes "Attachment 1", "Attachment 1 (2)", ...): one exhibit, so its sections are looked up in all."""
    family = _REPEAT.sub("", own)
    return [scope for scope in outline.exhibit_scopes.values()
            if scope != own and _REPEAT.sub("", scope) == family]


def top_number(outline: Outline) -> int:
    """The highest top-level number of the document's own outline (body and exhibits)."""
    tops = [int(key.split(".")[0].split()[-1]) for _, key in outline.keys
            if key.split(".")[0].split()[-1].isdigit()]
    return max(tops, default=0)
