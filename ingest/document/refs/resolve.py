"""Cross-references ("Section 7.4(b)", "Sections 2.1 through 2.3", "clause (b) above", "Article IX hereof",
"paragraph 3 of Appendix 4", "Exhibit B", "the preceding paragraph", "this Section") found in each section
and resolved to section numbers of the same document.

`scan_references` returns every reference with how it resolved (`Found.how`): "exact"; "parent" (a sub-item
that is not in the outline, "7.4(z)", resolved to 7.4); "start" (a group number with no heading of its own,
"Section 2" when the text has 2.1, 2.2..., resolved to its first subsection); "relative" ("the preceding
paragraph"); "containing" (the provision the reference sits in: "this Section", "Section 5" inside 5.2);
or, unresolved, a reason: "absent" (an exhibit/schedule that is not attached to the text), "not recognised"
(its title line is in the text but the outline has no such exhibit), "missing" (no such number),
"scope not found", "no neighbour", "blank" ("Section __"). External references (ref_external.py) never
resolve. `find_references` keeps everything but the "containing" ones, which would be edges to oneself.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ingest.document.models import Reference
from ingest.document.numbering import dotted_tuple, is_roman, numeral_value, numeric_key, split_ref_number
from ingest.document.patterns import EXHIBIT_WORDS
from ingest.document.refs.exhibits import (
    absent_or_missed,
    continued_ids,
    first_part,
    page_label,
    running_title,
    toc_title,
    whole_of,
)
from ingest.document.refs.external import (
    amends_another,
    far_beyond,
    is_filing_label,
    land_survey,
    list_glue,
    of_amended_agreement,
    other_instrument_after,
    statute_before,
)
from ingest.document.refs.inline import enumerates, inline_owner, line_at
from ingest.document.refs.items import ITEM, SEP, expand_items
from ingest.document.refs.missed import letter_listed, lettered_parts, missed_heading
from ingest.document.refs.outline import first_below, repeated_scopes, top_number
from ingest.document.refs.relative import find_relative, this_target
from ingest.document.sections import Outline

_KW = (r"(?:[Ss]ub-?)?(?:[Ss]ections?|SECTIONS?|[Pp]aragraphs?|PARAGRAPHS?|[Cc]lauses?|CLAUSES?|[Aa]rticles?"
       r"|ARTICLES?|[Ss]ubparagraphs?|[Ss]ubclauses?)|§§?")
REF_RE = re.compile(rf"(?=[SsPpCcAa§])(?<![\w])(?P<kw>{_KW})(?:\s*,)?\s*(?P<items>{ITEM}(?:{SEP}{ITEM})*)")
_EXH_KW = EXHIBIT_WORDS + "|" + "|".join(w.title() for w in EXHIBIT_WORDS.split("|"))
# "ADDENDUM TO LEASE", "SCHEDULE OR": a capitalised word, no label; "Schedule TO" is the SEC's tender offer form
_NOT_IDS = r"(?!(?:TO|OR|OF|IS|IN|AS|AT|BY|ON|AN|IF|IT|NO|SO|UP|WE|BE|DO|MY|US)(?![\w]))"
_EXH_ID = rf"[\"“]?{_NOT_IDS}(?P<id>[A-Z]{{1,2}}(?:-?\d{{1,3}})?|\d{{1,3}}(?:\.\d{{1,3}})*)[\"”]?(?![\w])"
EXH_REF_RE = re.compile(rf"(?=[EeSsAa])(?<![\w])(?P<kw>{_EXH_KW})s?\s+{_EXH_ID}")
_OF_SCOPE = re.compile(rf"^\s*(?:of|in|to)\s+(?:this\s+(?P<this>{_EXH_KW})|(?:the\s+)?(?P<kw>{_EXH_KW})\s+{_EXH_ID})")
_OF_AGREEMENT = re.compile(r"^\s*(?:of|in|under)\s+(?:this|the)\s+Agreement\b", re.IGNORECASE)
_OF_NEXT = re.compile(r"^(?:\s*\([^()\n]{1,80}\))?\s*,?\s*(?:of|in|under)\s+(?:the\s+|this\s+)?$")
_TOC_LEADER = re.compile(r"[ \t]*[A-Z][^\n.]{0,90}?[ \t]*(?:\.{5,}|…{2,})")
_THIS_BEFORE = re.compile(r"(?<![\w])this\s+$", re.IGNORECASE)


@dataclass(frozen=True)
class Found:
    """One reference as found: where, from which section, to which (or None), and how it resolved."""

    position: int
    source: str
    target: str | None
    text: str
    shape: str  # "numbered", "exhibit", "relative", "blank"
    how: str
    external: bool = False

    def reference(self) -> Reference:
        resolved = self.target is not None
        return Reference(source_number=self.source, target_number=self.target, text=self.text,
                         external=self.external, match=self.how if resolved else None,
                         reason=None if resolved or self.external else self.how)


def find_references(text: str, outline: Outline) -> list[Reference]:
    """All references of all sections, in reading order, de-duplicated per (source, target, text); references
    to the provision they sit in are left out (they would be edges to itself or an ancestor)."""
    return [f.reference() for f in scan_references(text, outline) if f.how != "containing"]


def scan_references(text: str, outline: Outline) -> list[Found]:
    """Every reference, the ones to the provision they sit in included, de-duplicated per (source, target, text)."""
    sections = {s.number: s for s in outline.sections}
    found = list(_numbered(text, outline))
    found += _exhibits(text, outline)
    found += [Found(pos, src, tgt, phrase, "blank" if how == "blank" else "relative", how)
              for pos, src, tgt, phrase, how in find_relative(text, outline, sections)]
    headings = {s.start for s in outline.sections if s.kind != "subclause"}
    found = [f for f in found if f.position not in headings]  # "ARTICLE 5 TERM", "EXHIBIT A": a title, no reference
    found.sort(key=lambda f: f.position)
    out: list[Found] = []
    seen: set[tuple[str, str | None, str]] = set()
    for ref in found:
        key = (ref.source, ref.target, ref.text)
        if key not in seen:
            seen.add(key)
            out.append(ref)
    return out


def _numbered(text: str, outline: Outline) -> Iterator[Found]:
    # "article(s)": a plural marker, no item; "SECTION 6.0 PURCHASE OF PRODUCTS ........ Page 11": a table of
    # contents entry, no reference
    matches = [m for m in REF_RE.finditer(text) if not (m.end("kw") == m.start("items") and m.group("items") == "(s)")
               and not _TOC_LEADER.match(text, m.end())]
    amends = amends_another(text)
    top = top_number(outline)
    external = [statute_before(text, m.start()) or _external_after(text[m.end():m.end() + 160], amends)
                or land_survey(text[m.end():m.end() + 30]) or far_beyond(m.group("items"), top) for m in matches]
    for i in range(len(matches) - 2, -1, -1):  # "Section 6.8 (X), Section 6.9 (Y) of the Purchase Agreement"
        between = text[matches[i].end():matches[i + 1].start()]
        if external[i + 1] and not external[i] and (list_glue(between) or _OF_NEXT.match(between)):
            external[i] = True  # a list of them, or "clause (k) of Section 351 of the PHSA"
    for i, (match, is_external) in enumerate(zip(matches, external, strict=True)):
        source = outline.owner(match.start())
        phrase = " ".join(match.group(0).split())
        if is_external:
            yield Found(match.start(), source, None, phrase, "numbered", "external", external=True)
            continue
        scopes = _scopes(text[match.end():match.end() + 80], source, outline)
        article = match.group("kw").lower().startswith("art")
        items = expand_items(match.group("items"))
        host = matches[i + 1] if i + 1 < len(matches) else None
        if host and _OF_NEXT.match(text[match.end():host.start()]) and not any(split_ref_number(t)[0] for t in items):
            # "clause (2) of Section 5(a)(vii)", "clause (ii) of this Section 11.6": items of that section
            base = re.sub(r"\s+", "", expand_items(host.group("items"))[0])
            items = [base + item for item in items]
            article = host.group("kw").lower().startswith("art")
        for item in items:
            target, how = _resolve(item, article, source, scopes, outline, line_at(text, match.start(), outline),
                                   text)
            if how == "missing":
                target, how = _reread(match, len(items), source, outline, text)
            yield Found(match.start(), source, target, phrase, "numbered", how)


def _reread(match: re.Match[str], count: int, source: str, outline: Outline, text: str) -> tuple[str | None, str]:
    """A second reading of a numbered reference that found no target: "this Section 4.8" written in 4.7 (a
    renumbered draft) is the provision it sits in, as the words say."""
    if count == 1 and _THIS_BEFORE.search(text, max(0, match.start() - 6), match.start()):
        sections = {s.number: s for s in outline.sections}
        target, how = this_target(match.group("kw").lower().rstrip("s"), source, outline, sections)
        if target is not None:
            return target, how
    return None, "missing"


def _external_after(after: str, amends: bool = False) -> bool:
    if amends and of_amended_agreement(after):
        return True  # an amendment's "Section 4 of the Agreement": the agreement it amends
    scoped = _OF_SCOPE.match(after)
    if scoped and scoped.group("kw"):  # "Section 2 of Schedule 10.28 to the Financing Agreement"
        return other_instrument_after(after[scoped.end():])
    return not scoped and not _OF_AGREEMENT.match(after) and other_instrument_after(after)


def _resolve(item: str, article: bool, source: str, scopes: list[str | None],
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
                target == source or _is_ancestor(target, source, outline)):
            return target, "containing"  # "this Section 1" inside an exhibit's 1(d): its own, not the body's 1
        if target != source and not _is_ancestor(target, source, outline) and not _same_group(target, how, source,
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


def _exhibits(text: str, outline: Outline) -> Iterator[Found]:
    first_heading = outline.sections[1].start if len(outline.sections) > 1 else len(text)
    amends = amends_another(text)
    for match in EXH_REF_RE.finditer(text):
        after = text[match.end():match.end() + 160]
        if is_filing_label(text, match.start(), first_heading) or toc_title(match, after) or page_label(match, text):
            continue
        source = outline.owner(match.start())
        if running_title(match, text, outline.scope_of.get(source)):
            continue
        phrase = " ".join(match.group(0).split())
        if statute_before(text, match.start()) or other_instrument_after(after) or (amends and of_amended_agreement(
                after)):
            yield Found(match.start(), source, None, phrase, "exhibit", "external", external=True)
            continue
        kw = match.group("kw").title()
        for ident in [match.group("id"), *continued_ids(after)]:
            label = f"{kw} {ident}"
            target = outline.exhibit_scopes.get(label.lower())
            if target is None and (target := first_part(label, outline.exhibit_scopes)) is not None:
                yield Found(match.start(), source, target, phrase, "exhibit", "start")
                continue
            if target is None and (target := whole_of(label, outline.exhibit_scopes)) is not None:
                yield Found(match.start(), source, target, phrase, "exhibit", "parent")
                continue
            if target is None:
                yield Found(match.start(), source, None, phrase, "exhibit",
                            absent_or_missed(text, kw, ident, first_heading))
            elif target == source or _is_ancestor(target, source, outline):
                yield Found(match.start(), source, target, phrase, "exhibit", "containing")
            else:
                yield Found(match.start(), source, target, phrase, "exhibit", "exact")


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
    return target == source or _is_ancestor(source, target, outline)


def _is_ancestor(target: str | None, source: str, outline: Outline) -> bool:
    node = outline.parent_of.get(source)
    while node is not None:
        if node == target:
            return True
        node = outline.parent_of.get(node)
    return False
