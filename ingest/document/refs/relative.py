"""Unnumbered references: "the preceding paragraph", "the foregoing Section", "this Article", "this Exhibit",
"the following clauses", "Section __" (a blank left in the draft).

They are resolved on the outline, from the section the phrase sits in (the source):

* "the preceding / foregoing / previous / above <unit>" (singular; "the above Articles" stays unresolved,
  reason "plural") -> the source's previous sibling (same parent, the
  nearest one before it); a first child has none, so it points at the parent's own text (the provision it
  is part of: resolved, match "containing", not stored as an edge, like "this Section").
* "the following / next / below <unit>" -> the section right after the source in reading order (its first
  child when it has children, else the next section).
* "this <unit>" -> the provision the phrase sits in: "this Article" the nearest article (or top-level
  section), "this Section" / "this Paragraph" the nearest numbered section, "this clause" the source itself,
  "this Exhibit" / "this Schedule" the exhibit scope; outside any attached exhibit it is the document naming
  itself (a filed exhibit: "portions of this Exhibit have been omitted"), like "this Agreement", not counted.
* "the foregoing" with no unit, "this Agreement" and sentences ("the preceding sentence") are not section
  references and are not counted.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ingest.document.models import Section
from ingest.document.sections import Outline

_UNITS = (r"(?:sub-?)?(?:sections?|paragraphs?|clauses?|subparagraphs?|subsections?|articles?)"
          r"|exhibit|schedule|annex|appendix|attachment|addendum")
DIRECTED_RE = re.compile(
    r"(?<![\w])the\s+(?P<dir>preceding|foregoing|previous|immediately\s+preceding|immediately\s+following"
    r"|following|next|above|prior)\s+(?P<unit>(?:sub-?)?(?:sections?|paragraphs?|clauses?|subparagraphs?"
    r"|subsections?|articles?))(?![\w])",
    re.IGNORECASE,
)
THIS_RE = re.compile(rf"(?<![\w])this\s+(?P<unit>{_UNITS})(?![\w])", re.IGNORECASE)
BLANK_RE = re.compile(r"(?<![\w])(?:Sections?|Paragraphs?|Articles?|Exhibit|Schedule)\s+(?:_{2,}|\[\s*[_ •*]*\s*\])")
Hit = tuple[int, str, str | None, str, str]  # position, source, target, phrase, how
_NUMBER_AFTER = re.compile(r"\s*(?:\d|\([a-z0-9]{1,4}\)|[IVX]+\b|[\"“]?[A-Z](?:-?\d{1,3})?\b)")


def find_relative(text: str, outline: Outline, sections: dict[str, Section]) -> Iterator[Hit]:
    """(position, source, target, phrase, how) for every relative reference; how is "relative",
    "containing" (the provision the phrase sits in) or an unresolved reason."""
    for match in THIS_RE.finditer(text):
        if not _NUMBER_AFTER.match(text, match.end()):  # "this Section 5" is numbered: REF_RE reads it
            source = outline.owner(match.start())
            target, how = this_target(_unit(match), source, outline, sections)
            if how != "itself":  # "this Exhibit" outside any attached exhibit: the document names itself
                yield match.start(), source, target, _phrase(match), how
    for match in DIRECTED_RE.finditer(text):
        forward = match.group("dir").lower().endswith(("following", "next"))
        if _NUMBER_AFTER.match(text, match.end()) or (forward and _plural_or_list(match, text)):
            continue  # "the following Sections: 5, 6" lists its targets; "the preceding clauses (a)" is numbered
        source = outline.owner(match.start())
        if match.group("unit").lower().endswith("s"):
            yield match.start(), source, None, _phrase(match), "plural"  # "the above Articles": which ones?
            continue
        target, how = _neighbour(source, forward, outline, sections)
        yield match.start(), source, target, _phrase(match), how
    for match in BLANK_RE.finditer(text):
        yield match.start(), outline.owner(match.start()), None, " ".join(match.group(0).split()), "blank"


def _unit(match: re.Match[str]) -> str:
    return match.group("unit").lower().rstrip("s").replace("sub-", "sub")


def _phrase(match: re.Match[str]) -> str:
    return " ".join(match.group(0).split())


def _plural_or_list(match: re.Match[str], text: str) -> bool:
    return match.group("unit").lower().endswith("s") or text[match.end():match.end() + 2].lstrip()[:1] == ":"


_EXHIBIT_UNITS = frozenset({"exhibit", "schedule", "annex", "appendix", "attachment", "addendum"})


def this_target(unit: str, source: str, outline: Outline, sections: dict[str, Section]) -> tuple[str | None, str]:
    """The provision "this <unit>" written in `source` means, with match "containing"; "itself" for "this
    Exhibit" outside any attached exhibit; "scope not found" when no enclosing provision is of that unit."""
    if unit in _EXHIBIT_UNITS:
        scope = outline.scope_of.get(source)
        return (scope, "containing") if scope else (None, "itself")
    node: str | None = source
    while node is not None:
        kind = sections[node].kind
        parent = outline.parent_of.get(node)
        top = parent is None or sections[parent].kind == "exhibit"  # an exhibit numbers its own top level
        if unit == "article" and (kind == "article" or (kind == "section" and top)):
            return node, "containing"
        if unit != "article" and (kind == "section" or (kind == "subclause" and unit.startswith(("sub", "clause")))):
            return node, "containing"
        if kind in ("article", "exhibit") and unit in {"section", "paragraph"}:
            return node, "containing"  # "this Section" in an article's or an exhibit's own unnumbered text
        node = outline.parent_of.get(node)
    return None, "scope not found"


def _neighbour(source: str, forward: bool, outline: Outline, sections: dict[str, Section]) -> tuple[str | None, str]:
    order = outline.sections  # reading order: a section's ordinal is its index
    here = sections[source].ordinal
    if sections[source].kind in ("exhibit", "preamble"):
        return None, "no neighbour"  # unnumbered text: its paragraphs are not sections
    if forward:
        return (order[here + 1].number, "relative") if here + 1 < len(order) else (None, "no neighbour")
    parent = outline.parent_of.get(source)
    for other in (s.number for s in reversed(order[:here])):
        if outline.parent_of.get(other) == parent and sections[other].kind != "preamble":
            return other, "relative"
        if other == parent:
            return parent, "containing"
    return None, "no neighbour"
