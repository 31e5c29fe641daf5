"""Which outline section a cited number names: the scopes a citation's context gives ("of Exhibit B", "of this
Agreement"), the keys a number is looked up under in the outline, and the lookup itself, in the citing
section's own scope first, then its group, then the whole outline. The scanning of a text for citations is in
`ingest.document.refs.resolve`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ingest.document.numbering import dotted_tuple, is_roman, numeral_value, numeric_key, split_ref_number
from ingest.document.patterns import EXHIBIT_WORDS
from ingest.document.refs.inline import enumerates, inline_owner
from ingest.document.refs.missed import letter_listed, lettered_parts, missed_heading
from ingest.document.refs.outline import first_below, repeated_scopes
from ingest.document.sections import Outline

EXH_KW = EXHIBIT_WORDS + "|" + "|".join(w.title() for w in EXHIBIT_WORDS.split("|"))
_NOT_IDS = r"(?!(?:TO|OR|OF|IS|IN|AS|AT|BY|ON|AN|IF|IT|NO|SO|UP|WE|BE|DO|MY|US)(?![\w]))"
EXH_ID = rf"[\"“]?{_NOT_IDS}(?P<id>[A-Z]{{1,2}}(?:-?\d{{1,3}})?|\d{{1,3}}(?:\.\d{{1,3}})*)[\"”]?(?![\w])"
OF_SCOPE = re.compile(rf"^\s*(?:of|in|to)\s+(?:this\s+(?P<this>{EXH_KW})|(?:the\s+)?(?P<kw>{EXH_KW})\s+{EXH_ID})")
OF_AGREEMENT = re.compile(r"^\s*(?:of|in|under)\s+(?:this|the)\s+Agreement\b", re.IGNORECASE)


def resolve_item(item: str, article: bool, source: str, scopes: list[str | None],
             outline: Outline, line: str = "", text: str = "") -> tuple[str | None, str]:
    """The best match in each scope, own scope first (an exhibit's "Section 2" may be its own or the body's);
    a lettered item enumerated in the reference's own line ("either (i) X or (ii) Y ... clause (ii)") before
    a same-lettered subsection of an ancestor."""
    hits = _lookup(item, article, source, scopes, outline)
    if not hits and (parts := lettered_parts(item)) is not None:  # "Section 3B", "Section 7A"
        hits = _lettered(parts, article, source, scopes, outline, text)
    if not hits and scopes[-1] is None:
        hits = _elsewhere(item, article, source, outline, scopes)
    if not hits and (missed := missed_heading(item, scopes, outline, text)) is not None:
        hits = [(missed, "parent")]  # "Section 11.1.1": its heading is in 11.1's text, the outline missed it
    if not hits:
        if scopes == ["?missing"]:
            return None, "absent"
        base, subs = split_ref_number(item)
        owner = inline_owner(subs[0], source, outline) if not base and subs else None
        if owner is not None:
            return owner, "containing"  # "(a) X, (b) Y ... clause (a)": items inside the source's own sentence
        return None, "missing"
    base, subs = split_ref_number(item)
    if not base and subs and not _under(hits[0][0], source, outline) and enumerates(subs[0], line):
        return source, "containing"  # "(i) X, (ii) Y ... clause (i)" in 1.1(y), not the definition 1.1(i)
    own = outline.scope_of.get(source)
    for target, how in hits:
        if own is not None and outline.scope_of.get(target) == own and (
                target == source or is_ancestor(target, source, outline)):
            return target, "containing"  # "this Section 1" inside an exhibit's 1(d): its own, not the body's 1
        if target != source and not is_ancestor(target, source, outline) and not _same_group(target, how, source,
                                                                                              outline):
            return target, how
    return hits[0][0], "containing"


def _lettered(parts: tuple[str, str, str], article: bool, source: str, scopes: list[str | None],
              outline: Outline, text: str) -> list[tuple[str, str]]:
    """"Section 7A" is a heading of its own when the text has one ("7A. Insurance") that the outline missed:
    the section holding it ("parent"). Otherwise it is item A of section 7 ("Section 3B" -> 3(B)), found as
    that subclause, or as section 3 when 3's text lists an item "B." the outline did not take."""
    base, letter, rest = parts
    if (holder := missed_heading(base + letter, scopes, outline, text)) is not None:
        return [(holder, "parent")]
    hits = _lookup(f"{base}({letter}){rest}", article, source, scopes, outline)
    return [(target, how) for target, how in hits if how == "exact" or letter_listed(letter, target, outline, text)]


def _elsewhere(item: str, article: bool, source: str, outline: Outline,
               searched: list[str | None]) -> list[tuple[str, str]]:
    """A reference that neither its own scope nor the body has, found exactly (no fallback) in exactly one other
    exhibit scope: the outline took the body for an exhibit's ("Exhibit A" in a list of exhibits before the
    body), or an attachment cites the attached base agreement's sections."""
    scopes = {scope for scope, _ in outline.keys if scope is not None and scope not in searched}
    hits = [h for scope in scopes for h in _lookup(item, article, source, [scope], outline) if h[1] == "exact"]
    return hits if len(hits) == 1 else []


def _same_group(target: str, how: str, source: str, outline: Outline) -> bool:
    """"Section 2" read inside 2.3 of a text with no heading "2": the group the source belongs to."""
    if how != "start":
        return False
    group = outline.key_of.get(target, "")[:-2]
    return outline.key_of.get(source, "").startswith(group + ".")


def scopes_after(after: str, source: str, outline: Outline) -> list[str | None]:
    own = outline.scope_of.get(source)
    scoped = OF_SCOPE.match(after)
    if scoped and scoped.group("kw"):
        label = f"{scoped.group('kw').title()} {scoped.group('id')}".lower()
        return [outline.exhibit_scopes.get(label, "?missing")]  # an exhibit that is not attached: unresolved
    if scoped and scoped.group("this"):
        return [own]
    if OF_AGREEMENT.match(after):
        return [None]
    return [own, *repeated_scopes(own, outline), None] if own is not None else [None]


def _lookup(item: str, article: bool, source: str, scopes: list[str | None],
            outline: Outline) -> list[tuple[str, str]]:
    base, subs = split_ref_number(item)
    found = []
    for scope in scopes:
        hit = next(((outline.keys[(scope, k)], how) for k, how in _keys(base, subs, article, source, outline)
                    if (scope, k) in outline.keys), None) or first_below(base, subs, scope, outline)
        if hit:
            found.append(hit)
    return found


def _keys(base: str, subs: list[str], article: bool, source: str, outline: Outline) -> Iterator[tuple[str, str]]:
    """Candidate keys, best first, each with how it matches: the full item, then without its last sub-items
    ("parent"), then the first subsection of a number that has no heading of its own ("start")."""
    if not base:  # "clause (b) above": look under the source section and its ancestors
        node: str | None = source
        while node is not None:
            key = outline.key_of.get(node, node)
            for n in range(len(subs), 0, -1):
                yield key + "".join(subs[:n]), "exact" if n == len(subs) else "parent"
            node = outline.parent_of.get(node)
        return
    stems = _stems(base, article)
    for stem in stems:
        for n in range(len(subs), -1, -1):
            yield stem + "".join(subs[:n]), "exact" if n == len(subs) else "parent"
    for stem in stems:
        if not stem.startswith(("article", "roman")):
            yield stem + ".1", "start"


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
    if number and not values:
        stems.append(str(number))  # "Article IX" / "Section IX" in a text whose provisions are numbered "9."
    return stems


def _under(target: str, source: str, outline: Outline) -> bool:
    """`target` is `source` or one of its descendants."""
    return target == source or is_ancestor(source, target, outline)


def is_ancestor(target: str | None, source: str, outline: Outline) -> bool:
    node = outline.parent_of.get(source)
    while node is not None:
        if node == target:
            return True
        node = outline.parent_of.get(node)
    return False
