"""Which definitions a clause-search hit carries: the defined terms the hit's shown text actually uses, ranked,
at most `TERMS_PER_HIT` (3) unless a caller asks for more.

A section row of `graph.documents.cypher.SECTION_EXPANSION` lists the terms its own text uses (`own`) and the
terms its direct subsections use, each with the number of sections of the document using it (`uses`). A term
is a candidate when it has a definition, is not defined by the hit itself (its definition is already in the
text shown), and occurs as a whole word in the text the hit shows: its own text, plus its first subsections
when the own text is only a heading (`graph.retrieval.items.section_text` shows those). Candidates rank by
1. own text before subsections (what the clause itself says comes first),
2. rarity: fewer using sections first (a term used everywhere, a party name, explains the least),
3. position of the first use in the shown text (earlier first),
4. the term, alphabetically (a stable tie-break).
"""

from __future__ import annotations

import re
from typing import Any

from graph.retrieval.items import SHORT_SECTION

TERMS_PER_HIT = 3


def _position(term: str, text: str) -> int | None:
    """Offset of the first whole-word, case-sensitive use of `term` in `text` (as the parser counts uses)."""
    match = re.search(rf"(?<![\w]){re.escape(term)}(?![\w])", text)
    return match.start() if match else None


def _shown(row: dict[str, Any]) -> tuple[str, str]:
    """(own text, subsection text shown with it): subsections are shown only under a heading-only section."""
    own = (row.get("text") or "").strip()
    children = "\n".join(c for c in row.get("children") or [] if c) if len(own) < SHORT_SECTION else ""
    return own, children


def rank_terms(row: dict[str, Any], limit: int | None = TERMS_PER_HIT) -> list[dict[str, Any]]:
    """The term rows of a section row that its shown text uses, best first, at most `limit` (None: all)."""
    own_text, child_text = _shown(row)
    ranked = []
    for term in row.get("terms") or []:
        if not term.get("definition") or term.get("section") == row["number"]:
            continue
        at = _position(term["term"], own_text) if term.get("own", True) else None
        in_own = at is not None
        if at is None:
            at = _position(term["term"], child_text)
            if at is None:
                continue  # the hit does not show a use of this term
            at += len(own_text)
        ranked.append(((not in_own, term.get("uses") or 0, at, term["term"]), term))
    ranked.sort(key=lambda pair: pair[0])
    chosen = [term for _, term in ranked]
    return chosen if limit is None else chosen[:limit]
