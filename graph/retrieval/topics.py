"""Clause search's look-alike boilerplate per CUAD category: sections that share a category's words but never
are its clause. Which category a question is about, and the phrases contracts use for it, live in
`core.cuad_topics` (shared with the offline question parser).
"""

from __future__ import annotations

# Boilerplate that shares a category's words but never is its clause (a regular expression over a section's
# text): "The headings of this Agreement are for convenience of reference only" is no termination for
# convenience. Only a short section (at most LOOKALIKE_CHARS) is left out: a long one may hold the clause too.
NOT_THE_CLAUSE: dict[str, str] = {
    "Termination For Convenience": r"\bheadings?\b[^.]{0,80}\bconvenien",
}
LOOKALIKE_CHARS = 600


def lookalike_pattern(category: str | None) -> str | None:
    """The whole-text regular expression (Cypher `=~`) of the category's look-alike boilerplate, or None."""
    found = NOT_THE_CLAUSE.get(category or "")
    return f"(?is).*(?:{found}).*" if found else None
