"""Cross-references ("Section 7.4", "Sections 2.1 through 2.3", "clause (b) above", "Article IX",
"paragraph 3 of Appendix 4") found in each section and resolved to section numbers of the same document.

A reference followed by "of the <Other Instrument>" (or preceded by "U.S.C.", "Code", "Act") points into
another document; it is kept with `external=True` and no target. Unresolved references are kept too.
References to the section itself or to one of its ancestors (the provision it is part of) are ignored.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ingest.document.models import Reference
from ingest.document.numbering import dotted_tuple, is_roman, numeral_value, numeric_key, split_ref_number
from ingest.document.patterns import EXHIBIT_WORDS
from ingest.document.sections import Outline

_SUB = r"\s?\((?:[a-zA-Z]{1,4}|\d{1,2})\)"
_BASE = r"(?:\d{1,3}[A-Z]?(?:\.\d{1,3}[A-Z]?)*|[IVXL]{1,6})(?![\w])"
_ITEM = rf"(?:{_BASE}(?:{_SUB})*|(?:\((?:[a-z]{{1,4}}|[A-Z]|\d{{1,2}})\))(?:{_SUB})*)"
_SEP = r"(?:\s*,\s*(?:and/or\s+|and\s+|or\s+)?|\s*;\s*|\s+(?:and/or|and|or|through|thru|to|until)\s+|\s*[-–—]\s*)"
_KW = (r"(?:[Ss]ub-?)?(?:[Ss]ections?|SECTIONS?|[Pp]aragraphs?|PARAGRAPHS?|[Cc]lauses?|CLAUSES?|[Aa]rticles?"
       r"|ARTICLES?|[Ss]ubparagraphs?|[Ss]ubclauses?)|§§?")
REF_RE = re.compile(rf"(?=[SsPpCcAa§])(?<![\w])(?P<kw>{_KW})(?:\s*,)?\s*(?P<items>{_ITEM}(?:{_SEP}{_ITEM})*)")
_ITEM_RE = re.compile(rf"(?P<sep>{_SEP})?(?P<item>{_ITEM})")
_EXH_KW = EXHIBIT_WORDS + "|" + "|".join(w.title() for w in EXHIBIT_WORDS.split("|"))
_EXH_ID = r"[\"“]?(?P<id>[A-Z]{1,2}(?:-?\d{1,3})?|\d{1,3}(?:\.\d{1,3})*)[\"”]?(?![\w])"
EXH_REF_RE = re.compile(rf"(?=[EeSsAa])(?<![\w])(?P<kw>{_EXH_KW})s?\s+{_EXH_ID}")
_OF_SCOPE = re.compile(rf"^\s*(?:of|in|to)\s+(?:this\s+(?P<this>{_EXH_KW})|(?:the\s+)?(?P<kw>{_EXH_KW})\s+{_EXH_ID})")
_EXTERNAL_AFTER = re.compile(r"^\s*\)?\s*,?\s*(?:of|under|in)\s+(?:the\s+)?(?P<name>[A-Z][\w.\-/&']*)")
_EXTERNAL_BEFORE = re.compile(r"(?:U\.\s?S\.\s?C\.|C\.F\.R\.|CFR|Code|Act|Regulations?|Rules?|Law)\s*$")
_OF_AGREEMENT = re.compile(r"^\s*(?:of|in|under)\s+(?:this|the)\s+Agreement\b", re.IGNORECASE)
_SELF_NAMES = frozenset({"Agreement", "AGREEMENT", "Contract", "Addendum", "Amendment"})


def find_references(text: str, outline: Outline) -> list[Reference]:
    """All references of all sections, in reading order, de-duplicated per (source, target, text)."""
    found: list[tuple[int, Reference]] = []
    for match in REF_RE.finditer(text):
        source = outline.owner(match.start())
        found.extend((match.start(), ref) for ref in _resolve_match(text, match, source, outline))
    for match in EXH_REF_RE.finditer(text):
        source = outline.owner(match.start())
        phrase = " ".join(match.group(0).split())
        target = outline.exhibit_scopes.get(f"{match.group('kw').title()} {match.group('id')}".lower())
        if target != source and not _is_ancestor(target, source, outline):
            found.append((match.start(), Reference(source_number=source, target_number=target, text=phrase)))
    found.sort(key=lambda item: item[0])
    out: list[Reference] = []
    seen: set[tuple[str, str | None, str]] = set()
    for _, ref in found:
        key = (ref.source_number, ref.target_number, ref.text)
        if key not in seen:
            seen.add(key)
            out.append(ref)
    return out


def _resolve_match(text: str, match: re.Match[str], source: str, outline: Outline) -> Iterator[Reference]:
    phrase = " ".join(match.group(0).split())
    after = text[match.end():match.end() + 80]
    external = _is_external(text, match, after)
    scopes = _scopes(after, source, outline)
    article = match.group("kw").lower().startswith("art")
    for item in _expand(match.group("items")):
        if external:
            yield Reference(source_number=source, target_number=None, text=phrase, external=True)
            continue
        targets = _lookup(item, article, source, scopes, outline)
        if targets and all(t == source or _is_ancestor(t, source, outline) for t in targets):
            continue  # the provision the reference sits in
        target = next((t for t in targets if t != source and not _is_ancestor(t, source, outline)), None)
        yield Reference(source_number=source, target_number=target, text=phrase)


def _is_external(text: str, match: re.Match[str], after: str) -> bool:
    if _EXTERNAL_BEFORE.search(text[max(0, match.start() - 30):match.start()]):
        return True
    named = _EXTERNAL_AFTER.match(after)
    if not named or _OF_SCOPE.match(after):
        return False
    return named.group("name").rstrip(".,;:'") not in _SELF_NAMES


def _scopes(after: str, source: str, outline: Outline) -> list[str | None]:
    own = outline.scope_of.get(source)
    scoped = _OF_SCOPE.match(after)
    if scoped and scoped.group("kw"):
        label = f"{scoped.group('kw').title()} {scoped.group('id')}".lower()
        return [outline.exhibit_scopes.get(label, "?missing")]  # an exhibit that is not attached: unresolved
    if scoped and scoped.group("this"):
        return [own]
    if _OF_AGREEMENT.match(after):
        return [None]
    return [own, None] if own is not None else [None]


def _expand(items: str) -> list[str]:
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
        if out and sep in {"through", "thru", "to", "until", "-", "–", "—"}:
            out.extend(_between(out[-1], item))
        out.append(item)
    return out


def _between(first: str, last: str) -> list[str]:
    low, high = dotted_tuple(first), dotted_tuple(last)
    if not low or not high or len(low) != len(high) or low[:-1] != high[:-1] or not 0 < high[-1] - low[-1] <= 30:
        return []
    return [numeric_key((*low[:-1], v)) for v in range(low[-1] + 1, high[-1])]


def _lookup(item: str, article: bool, source: str, scopes: list[str | None], outline: Outline) -> list[str]:
    """The best match in each scope, own scope first (an exhibit's "Section 2" may be its own or the body's)."""
    base, subs = split_ref_number(item)
    found = []
    for scope in scopes:
        hit = next((outline.keys[(scope, k)] for k in _keys(base, subs, article, source, outline)
                    if (scope, k) in outline.keys), None)
        if hit:
            found.append(hit)
    return found


def _keys(base: str, subs: list[str], article: bool, source: str, outline: Outline) -> Iterator[str]:
    if not base:  # "clause (b) above": look under the source section and its ancestors
        node: str | None = source
        while node is not None:
            key = _key_of(node, outline)
            for n in range(len(subs), 0, -1):
                yield key + "".join(subs[:n])
            node = outline.parent_of.get(node)
        return
    for stem in _stems(base, article):
        for n in range(len(subs), -1, -1):
            yield stem + "".join(subs[:n])


def _stems(base: str, article: bool) -> list[str]:
    values = dotted_tuple(base)
    number = numeral_value(base) if (base.isdigit() or is_roman(base)) else None
    stems = []
    if article and number:
        stems += [f"article {number}", f"roman {number}"]
    if values:
        stems.append(numeric_key(values))
    if number and not article:
        stems += [f"article {number}", f"roman {number}"]
    return stems


def _key_of(number: str, outline: Outline) -> str:
    return outline.key_of.get(number, number)


def _is_ancestor(target: str | None, source: str, outline: Outline) -> bool:
    node = outline.parent_of.get(source)
    while node is not None:
        if node == target:
            return True
        node = outline.parent_of.get(node)
    return False
