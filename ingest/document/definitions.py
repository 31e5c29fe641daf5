"""Defined terms and where they are used.

Two forms are read. Definition clauses start a line, sentence or list item with a quoted term followed
by a defining verb (`"Territory" means`, `“customer” refers to`, `"X" shall have the meaning`), and run
to the next definition clause or the end of the section. Inline definitions are quoted terms in a
parenthesis that only names them, right after a name (`Acme Inc. ("Supplier")`, `(the "Effective Date")`,
`(hereinafter "Licensee")`) or after "hereinafter referred to as"; their definition is what they name
(`definition_text.referent`). Junk is not a term: single letters, numbers, "Agreement", the generic
"Party"/"Parties", pronouns (`definition_text.valid_term`).

A definition that only points elsewhere ("has the meaning set forth in Section 8.7") is followed: the
reference is resolved by the cross-reference resolver (its `Reference` for the same phrase in the same
section), the target is kept as `pointer`, and when the target section (or a subsection of it) defines the
term itself, that definition's text and section are used.

A section uses a term when the term occurs in it as a whole word (case-sensitive) outside the term's
own definition.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from ingest.document.definition_text import is_pointer, names_party, referent, trim_definition, valid_term
from ingest.document.models import DefinedTerm, Reference, TermUse
from ingest.document.refs.resolve import EXH_REF_RE, REF_RE

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
# Lead-ins a naming parenthesis may also have: `(each such license, a "X")`, `(as used in this Section, the "X")`.
_LEAD_PHRASE = re.compile(r"^\s*(?:(?:each|any)\s+such\s+[\w-]+|as\s+used\s+(?:herein|in\s+this\s+[\w-]+))\s*,?\s*"
                          r"(?:a|an|the)?\s*$", re.IGNORECASE)
_HEREINAFTER = re.compile(r"(?:hereinafter|hereafter|referred\s+to\s+(?:herein\s+)?as|shall\s+be\s+(?:referred\s+to|"
                          r"known)\s+as)\s+(?:(?:the|a|an)\s+)?" + _TERM)
_AFTER_NAME = re.compile(r"[\w.,”\"')\]*]\s*$")  # a naming parenthesis follows a name, not the section start
# `Clause 6 ("Deliveries")`, `Exhibit 1 ("List of Aircraft")`: a quoted title of a part, not a definition.
_AFTER_PART = re.compile(r"(?:sections?|clauses?|articles?|exhibits?|schedules?|annex(?:es)?|appendix|appendices|"
                         r"attachments?|paragraphs?)\s+[\w.()-]{1,12}\s*$", re.IGNORECASE)
_MAX_DEFINITION = 2000
_POINTER_REACH = 200


@dataclass
class _Found:
    term: str
    start: int
    end: int
    section: str
    definition: str
    inline: bool
    pointer_at: int | None = None  # where the reference phrase of a pointer definition starts


Span = tuple[int, int, str]


def find_definitions(text: str, span_at: Callable[[int], Span], extent: dict[str, int],
                     references: Iterable[Reference] = (), parent_of: Mapping[str, str | None] | None = None
                     ) -> tuple[list[DefinedTerm], list[TermUse]]:
    """Defined terms (one per term, see `_choose`) and the term uses of every section.

    `span_at(pos)` gives the (start, end, section number) piece of own text containing `pos`;
    `extent[number]` is where that section and its subsections end; `references` are the resolved
    cross-references of the document, `parent_of` its section tree (both for following pointers).
    """
    found: list[_Found] = _clauses(text, span_at, extent) + _inline(text, span_at)
    found.sort(key=lambda f: f.start)
    by_term: dict[str, list[_Found]] = {}
    for item in found:
        by_term.setdefault(item.term, []).append(item)
    targets = {(r.source_number, r.text): r.target_number for r in references if r.target_number}
    definitions = [_choose(text, items, targets, parent_of or {}) for items in by_term.values()]
    return definitions, _uses(text, lambda pos: span_at(pos)[2], found, list(by_term))


def _pointer(text: str, item: _Found, targets: dict[tuple[str, str], str | None]) -> tuple[str, str | None]:
    """(reference phrase, resolved target section) of a pointer definition."""
    if item.pointer_at is None:
        return "", None
    limit = min(item.end, item.pointer_at + _POINTER_REACH)
    matches = [m for pattern in (REF_RE, EXH_REF_RE) for m in pattern.finditer(text, item.pointer_at, limit)]
    if not matches:
        return "", None
    match = min(matches, key=lambda m: m.start())
    phrase = " ".join(match.group(0).split())
    return phrase, targets.get((item.section, phrase))


def _within(number: str, ancestor: str, parent_of: Mapping[str, str | None]) -> bool:
    node: str | None = number
    while node is not None:
        if node == ancestor:
            return True
        node = parent_of.get(node)
    return False


def _choose(text: str, items: list[_Found], targets: dict[tuple[str, str], str | None],
            parent_of: Mapping[str, str | None]) -> DefinedTerm:
    """The first definition of a term wins, except that a pointer is followed: a definition of the same term
    in the pointer's target section (or below it) replaces the pointer's text; the pointer target is kept."""
    first = items[0]
    phrase, target = _pointer(text, first, targets)
    chosen = first
    if target is not None:
        chosen = next((i for i in items[1:] if i.pointer_at is None and _within(i.section, target, parent_of)),
                      first)
    return DefinedTerm(term=first.term, definition=chosen.definition, section_number=chosen.section,
                       inline=chosen.inline, pointer=target, pointer_text=phrase)


def _clean_term(raw: str, inline: bool) -> str | None:
    term = " ".join(raw.split()).strip(" ,;:.")  # `"Parties."`: the period belongs to the sentence
    if not term or not term[0].isalnum() or len(term.split()) > 10 or not valid_term(term, inline):
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
    if re.search(r"\b(?:the|this|such)\s+(?:terms?|expressions?)$", stripped, re.IGNORECASE):
        return True  # 'As used in this Agreement, the term "Confidential Information" means'
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
        definition = trim_definition(" ".join(text[match.start("verb"):end].split()))
        pointer_at = match.start("verb") if is_pointer(definition) else None
        for raw in [match.group("term"), *_QUOTED.findall(match.group("alt") or "")]:
            term = _clean_term(raw, inline=False)
            if term:
                out.append(_Found(term, match.start(), end, number, definition, False, pointer_at))
    return out


def _inline(text: str, span_at: Callable[[int], Span]) -> list[_Found]:
    out = []
    for paren in _PAREN.finditer(text):
        body = paren.group(1)
        if "\"" not in body and "“" not in body:
            continue
        start, _, number = span_at(paren.start())
        before = text[max(start, paren.start() - 40):paren.start()]
        if not _AFTER_NAME.search(before):
            continue
        bare_title = _AFTER_PART.search(before) and body.lstrip()[:1] in _Q_OPEN  # `Clause 6 ("Deliveries")`
        for quoted in _QUOTED.finditer(body):
            if bare_title:
                break
            term = _clean_term(quoted.group(1), inline=True)
            lead = re.sub(_QUOTED, " ", body[:quoted.start()])
            if term and (_LEAD.match(lead) or _LEAD_PHRASE.match(lead)):
                out.append(_Found(term, paren.start(), paren.end(), number,
                                  referent(text, paren.start(), start, party=names_party(term)), True))
    for match in _HEREINAFTER.finditer(text):
        term = _clean_term(match.group("term"), inline=True)
        start, _, number = span_at(match.start())
        if term:
            opened = text.rfind("(", max(start, match.start() - 120), match.start())
            closed = text.rfind(")", max(start, match.start() - 120), match.start())
            at = opened if opened > closed else match.start()
            out.append(_Found(term, match.start(), match.end(), number,
                              referent(text, at, start, party=names_party(term)), True))
    return out


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
