"""The document's title: the capitalised heading that names the agreement.

First choice: an upper-case run in the opening text ending in AGREEMENT / CONTRACT / AMENDMENT /
ADDENDUM... ("EXCLUSIVE DISTRIBUTOR AGREEMENT"). Words ending in "." or "," end a run, so company names
("NETZEE, INC.") and the previous sentence of a confidentiality legend stay out; filing boilerplate
("Exhibit 10.1", "EXECUTION VERSION") is stripped from its front. Then a Title-Case heading
("Sponsorship Agreement"), then the preamble's "This <Title> Agreement".
"""

from __future__ import annotations

import re

from ingest.rules.preamble import Preamble, find_preamble
from ingest.rules.text import Doc

_KIND = r"(?:AGREEMENT|CONTRACT|AMENDMENT(?:\s+NO\.?\s*\d+)?|ADDENDUM|MEMORANDUM\s+OF\s+UNDERSTANDING|" \
    r"TERMS\s+AND\s+CONDITIONS|ARRANGEMENT|STATEMENT)"
_CAPS_WORD = r"(?!(?:AGREEMENT|CONTRACT|THIS|EXHIBIT)\b)(?:[A-Z][A-Z0-9&'/\u00ae-]*|[0-9]+[A-Z-][A-Z0-9-]*|&|-)"
_CAPS_TITLE = re.compile(rf"(?<![\w.,])((?:{_CAPS_WORD}\s+){{0,10}}{_KIND})(?![A-Za-z])")
_BOILERPLATE = re.compile(r"^(?:(?:EXECUTION|FINAL)\s+(?:VERSION|COPY)\s+|CONFIDENTIAL\s+|REDACTED\s+|"
                          r"TABLE\s+OF\s+CONTENTS\s+|[A-Z]\s+)+")
_TITLE_CASE = re.compile(r"(?<![\w.,])((?:(?!(?:This|THIS|Agreement|Parties|Execution|Version)\b)[A-Z][\w&'/-]*\s+"
                         r"(?:(?:and|of|for|to|&)\s+)?){1,8}"
                         r"(?:Agreement|Contract|Addendum))\b")
_THIS_TITLE = re.compile(r"\b(?:THIS|This)\s+((?:[A-Z][\w&'/-]*\s+(?:(?:and|of|for|to|&)\s+)?){1,10}"
                         r"(?:Agreement|AGREEMENT|Contract|CONTRACT|Amendment|AMENDMENT))\b")
_HEAD = 1_500
# "19. ENTIRE AGREEMENT" is a section heading; "EXHIBIT 10.1 DISTRIBUTOR AGREEMENT" is a label and the title.
_SECTION_NUMBER = re.compile(r"(?<!EXHIBIT)(?<!Exhibit)(?<!No\.)(?<!NO\.)(?:^|\s)\d{1,3}(?:\.\d{1,3})*\.\s*$")


def _caps_title(flat: str, limit: int) -> tuple[str, int, int] | None:
    for match in _CAPS_TITLE.finditer(flat, 0, limit):
        raw = match.group(1)
        if _SECTION_NUMBER.search(flat, max(0, match.start(1) - 16), match.start(1)):
            continue  # "19. ENTIRE AGREEMENT, GOVERNING LAW": a numbered section heading, not the title
        cleaned = _BOILERPLATE.sub("", raw).strip(" ,.-")
        if len(cleaned.split()) >= 2 or re.fullmatch(r"AMENDMENT\s+NO\.?\s*\d+", cleaned):
            offset = match.start(1) + raw.find(cleaned)
            return cleaned, offset, offset + len(cleaned)
    return None


def find_title(flat: str, pre: Preamble | None) -> tuple[str, int, int, float] | None:
    """(title, start, end, confidence) of the document's title, or None."""
    limit = max(min(len(flat), pre.start + 10 if pre else _HEAD), min(len(flat), 300))
    caps = _caps_title(flat, limit)
    if caps:
        return (*caps, 0.8)
    for pattern, confidence in ((_TITLE_CASE, 0.6), (_THIS_TITLE, 0.6)):
        found = pattern.search(flat, 0, min(len(flat), max(limit, pre.list_end if pre else 0)))
        if found and found.group(1).split()[0] not in {"This", "THIS", "The", "THE"}:
            cleaned = _BOILERPLATE.sub("", found.group(1))  # "EXECUTION COPY Collaboration Agreement"
            start = found.start(1) + len(found.group(1)) - len(cleaned)
            return cleaned, start, found.end(1), confidence
    return None


def document_name(text: str, head: int = 6_000) -> str | None:
    """The document's title as written in the opening of `text` (pages joined), or None."""
    doc = Doc([text[:head]])
    found = find_title(doc.flat, find_preamble(doc.flat))
    return found[0] if found else None
