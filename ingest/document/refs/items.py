"""The items of a numbered reference: "7.4(b)", "IX", "(c)(ii)", and lists and ranges of them ("Sections 2.1
through 2.3, 4 and 5(a)"), with the separators that join them."""

from __future__ import annotations

import re

from ingest.document.numbering import dotted_tuple, numeric_key, split_ref_number

_SUB = r"\s?\((?:[a-zA-Z]{1,4}|\d{1,2})\)"
_BASE = r"(?:\d{1,3}[A-Z]?(?:\.\d{1,3}[A-Z]?)*|[IVXL]{1,6})(?![\w])"
ITEM = rf"(?:{_BASE}(?:{_SUB})*|(?:\((?:[a-z]{{1,4}}|[A-Z]|\d{{1,2}})\))(?:{_SUB})*)"
# after ";" a new list entry may start, no reference: "Section 11.2(b); 2. that ...", "Section 4.6.1; (h) review",
# "Article 3.2.14; 10.3.17 Violating"
_NEW_ENTRY = (r"(?!(?:\d{1,3}(?:\.\d{1,3})*\.?|\([a-z]{1,4}\))\s+"
              r"(?:[\"“]|[A-Z][a-z]|(?!(?:and|or|of|in|to)\b)[a-z]{3,}))")
SEP = (r"(?:\s*,\s*(?:and/or\s+|and\s+|or\s+)?|\s*;\s*" + _NEW_ENTRY
        + r"|\s+(?:and/or|and|or|through|thru|to|until)\s+|\s*[-–—]\s*)")
_ITEM_RE = re.compile(rf"(?P<sep>{SEP})?(?P<item>{ITEM})")
_RANGE_WORDS = frozenset({"through", "thru", "to", "until", "-", "–", "—"})


def expand_items(items: str) -> list[str]:
    """Item texts of a list; numeric ranges ("2.1 through 2.3") also yield the numbers in between."""
    out: list[str] = []
    base = ""
    for m in _ITEM_RE.finditer(items):
        item = m.group("item")
        sep = (m.group("sep") or "").strip().lower()
        if item.startswith("(") and base:
            item = base + item  # "Sections 7(a) and (b)" -> 7(b)
        else:
            base = split_ref_number(item)[0]
        if out and sep in _RANGE_WORDS:
            out.extend(_between(out[-1], item))
        out.append(item)
    return out


def _between(first: str, last: str) -> list[str]:
    low, high = dotted_tuple(first), dotted_tuple(last)
    if not low or not high or len(low) != len(high) or low[:-1] != high[:-1] or not 0 < high[-1] - low[-1] <= 30:
        return []
    return [numeric_key((*low[:-1], v)) for v in range(low[-1] + 1, high[-1])]
