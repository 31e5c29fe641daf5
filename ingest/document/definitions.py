"""Defined terms and where they are used.

Two forms are read. Definition clauses start a line, sentence or list item with a quoted term followed
by a defining verb (`"Territory" means`, `“customer” refers to`, `"X" shall have the meaning`), and run
to the next definition clause or the end of the section. Inline definitions are quoted terms in a
parenthesis that only names them (`(the "Effective Date")`, `("Company")`, `(hereinafter "Licensee")`)
or after "hereinafter referred to as"; their definition is the sentence fragment before them.
A section uses a term when the term occurs in it as a whole word (case-sensitive) outside the term's
own definition.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ingest.document.models import DefinedTerm, TermUse

_Q_OPEN, _Q_CLOSE = "\"“”", "\"”“"
_TERM = r"[\"“](?P<term>[^\"“”\n]{1,80}?)[\"”]"
_VERB = (r"(?:shall\s+(?:mean|have\s+the\s+meanings?|refer\s+to|include)|has\s+the\s+meanings?|have\s+the\s+"
         r"meanings?|means|mean|refers?\s+to|denotes|includes|is\s+defined\s+as|:)")
_QUALIFIER = r"(?:of|with respect to|in relation to|for|in the context of)"
DEF_RE = re.compile(rf"{_TERM}(?P<alt>\s*(?:,|or|and)\s*[\"“][^\"“”\n]{{1,80}}[\"”])*\s*"
                    rf"(?:\([^()]{{0,200}}\)\s*)?(?:{_QUALIFIER}\b[^\"“.;:]{{0,100}}?)?,?\s*"
                    rf"(?P<verb>{_VERB})")
_QUOTED = re.compile(r"[\"“]([^\"“”\n]{1,80}?)[\"”]")
_PAREN = re.compile(r"\(([^()]{1,300})\)")
_LEAD = re.compile(r"^\s*(?:(?:the|a|an|each|collectively|individually|together|jointly|severally|hereinafter|"
                   r"hereafter|herein|also|or|and|referred|to|as|called|such|being|with|any|one|of|them|party|"
                   r"parties)\b[\s,]*)*$", re.IGNORECASE)
_HEREINAFTER = re.compile(r"(?:hereinafter|hereafter|referred\s+to\s+(?:herein\s+)?as|shall\s+be\s+(?:referred\s+to|"
                          r"known)\s+as)\s+(?:the\s+)?" + _TERM)
_MAX_DEFINITION = 2000


@dataclass
class _Found:
    term: str
    start: int
    end: int
    section: str
    definition: str
    inline: bool


Span = tuple[int, int, str]


def find_definitions(text: str, span_at: Callable[[int], Span], extent: dict[str, int]
                     ) -> tuple[list[DefinedTerm], list[TermUse]]:
    """Defined terms (first definition of each term wins) and the term uses of every section.

    `span_at(pos)` gives the (start, end, section number) piece of own text containing `pos`;
    `extent[number]` is where that section and its subsections end.
    """
    found: list[_Found] = _clauses(text, span_at, extent) + _inline(text, span_at)
    found.sort(key=lambda f: f.start)
    terms: dict[str, _Found] = {}
    for item in found:
        terms.setdefault(item.term, item)
    definitions = [DefinedTerm(term=f.term, definition=f.definition, section_number=f.section, inline=f.inline)
                   for f in terms.values()]
    return definitions, _uses(text, lambda pos: span_at(pos)[2], found, list(terms))


def _clean_term(raw: str) -> str | None:
    term = " ".join(raw.split()).strip(" ,;:")
    if not term or not term[0].isalnum() or len(term.split()) > 10:
        return None
    return term


def _starts_clause(text: str, pos: int, floor: int) -> bool:
    """A definition clause begins a line, a sentence, a list item or the section's own text."""
    before = text[max(floor, pos - 40):pos]
    stripped = before.rstrip()
    if "\n" in before[len(stripped):] or not stripped:
        return True
    if re.search(r"(?:^|\s)(?:\(?[a-zA-Z0-9]{1,4}[.)]|\d+(?:\.\d+)*\.?)$", stripped):
        return True  # "(a) "Term" means", "1.2 "Term" means"
    return stripped[-1] in ".;:—-–" and not stripped.endswith(("e.g.", "i.e."))


def _clauses(text: str, span_at: Callable[[int], Span], extent: dict[str, int]) -> list[_Found]:
    """Definition clauses; each runs to the next one or the end of its section (subsections included)."""
    matches = []
    for match in DEF_RE.finditer(text):
        start, _, number = span_at(match.start())
        if _starts_clause(text, match.start(), start):
            matches.append((match, number))
    out = []
    for i, (match, number) in enumerate(matches):
        end = min(extent.get(number, len(text)), match.start() + _MAX_DEFINITION)
        if i + 1 < len(matches):
            end = min(end, matches[i + 1][0].start())
        definition = " ".join(text[match.start("verb"):end].split())
        for raw in [match.group("term"), *_QUOTED.findall(match.group("alt") or "")]:
            term = _clean_term(raw)
            if term:
                out.append(_Found(term, match.start(), end, number, definition, False))
    return out


def _inline(text: str, span_at: Callable[[int], Span]) -> list[_Found]:
    out = []
    for paren in _PAREN.finditer(text):
        body = paren.group(1)
        if "\"" not in body and "“" not in body:
            continue
        start, _, number = span_at(paren.start())
        for quoted in _QUOTED.finditer(body):
            term = _clean_term(quoted.group(1))
            if term and _LEAD.match(re.sub(_QUOTED, " ", body[:quoted.start()])):
                out.append(_Found(term, paren.start(), paren.end(), number,
                                  _fragment_before(text, paren.start(), start), True))
    for match in _HEREINAFTER.finditer(text):
        term = _clean_term(match.group("term"))
        start, _, number = span_at(match.start())
        if term:
            out.append(_Found(term, match.start(), match.end(), number,
                              _fragment_before(text, match.start(), start), True))
    return out


def _fragment_before(text: str, pos: int, floor: int) -> str:
    window = text[max(floor, pos - 300):pos]
    cut = max(window.rfind(". "), window.rfind(";"), window.rfind("\n\n"), window.rfind(")"))
    return " ".join(window[cut + 1:].split()).strip(" ,")


def _uses(text: str, owner: Callable[[int], str], found: list[_Found], terms: list[str]) -> list[TermUse]:
    if not terms:
        return []
    first = "".join(sorted({re.escape(t[0]) for t in terms}))  # cheap pre-check: most positions fail here
    alternatives = "|".join(re.escape(t) for t in sorted(terms, key=len, reverse=True))
    pattern = re.compile(rf"(?=[{first}])(?<![\w])(?:{alternatives})(?![\w])")
    own: dict[str, list[tuple[int, int]]] = {}
    for item in found:
        own.setdefault(item.term, []).append((item.start, item.end))
    seen: set[tuple[str, str]] = set()
    uses = []
    for match in pattern.finditer(text):
        term = match.group(0)
        if any(a <= match.start() < b for a, b in own.get(term, ())):
            continue
        section = owner(match.start())
        if (section, term) not in seen:
            seen.add((section, term))
            uses.append(TermUse(section_number=section, term=term))
    return uses
