"""The document's title: the capitalised heading that names the agreement.

First choice: an upper-case run in the opening text ending in AGREEMENT / CONTRACT / AMENDMENT /
ADDENDUM... ("EXCLUSIVE DISTRIBUTOR AGREEMENT"), with filing boilerplate ("Exhibit 10.1", "EXECUTION
VERSION", "CONFIDENTIAL") stripped from its front. Second: the preamble's "This <Title> Agreement".
"""

from __future__ import annotations

import re

from ingest.rules.preamble import Preamble

_KIND = r"(?:AGREEMENT|CONTRACT|AMENDMENT(?:\s+NO\.?\s*\d+)?|ADDENDUM|MEMORANDUM\s+OF\s+UNDERSTANDING|" \
    r"LICENSE|TERMS\s+AND\s+CONDITIONS|ARRANGEMENT)"
_CAPS_WORD = r"(?:[A-Z0-9][A-Z0-9&'./,-]*|AND|OF|TO|FOR|THE|IN|ON|&|-)"
_CAPS_TITLE = re.compile(rf"(?<![A-Za-z])((?:{_CAPS_WORD}\s+){{0,12}}{_KIND})(?![A-Za-z])")
_BOILERPLATE = re.compile(
    r"^(?:(?:EXHIBIT|Exhibit)\s+[\w.()-]+\s*|EXECUTION\s+(?:VERSION|COPY)\s*|CONFIDENTIAL(?:\s+TREATMENT)?\s*|"
    r"\[?\*+\]?\s*|[\d.]+\s+|(?:THIS|THE)\s+|[A-Z]\.\s+|-+\s*|REDACTED\s*|FINAL\s*|EXECUTED\s*)+"
)
_THIS_TITLE = re.compile(r"\b(?:THIS|This)\s+((?:[A-Z][\w&'/-]*\s+(?:(?:and|of|for|to|&)\s+)?){1,10}"
                         r"(?:Agreement|AGREEMENT|Contract|CONTRACT|Amendment|AMENDMENT))\b")
_HEAD = 1_500


def _caps_title(flat: str, limit: int) -> tuple[str, int, int] | None:
    for match in _CAPS_TITLE.finditer(flat, 0, limit):
        raw = match.group(1)
        cleaned = _BOILERPLATE.sub("", raw).strip(" ,.-")
        if re.fullmatch(_KIND, cleaned) and raw != cleaned and len(cleaned.split()) == 1:
            pass  # a bare "AGREEMENT" after boilerplate is still a title
        if cleaned and cleaned not in {"LICENSE"}:
            offset = match.start(1) + raw.find(cleaned)
            return cleaned, offset, offset + len(cleaned)
    return None


def find_title(flat: str, pre: Preamble | None) -> tuple[str, int, int, float] | None:
    """(title, start, end, confidence) of the document's title, or None."""
    limit = min(len(flat), pre.start + 10 if pre else _HEAD)
    limit = max(limit, min(len(flat), 300))
    caps = _caps_title(flat, limit)
    if caps:
        return (*caps, 0.8)
    this = _THIS_TITLE.search(flat, 0, min(len(flat), (pre.list_end if pre else _HEAD)))
    if this:
        return this.group(1), this.start(1), this.end(1), 0.6
    return None
