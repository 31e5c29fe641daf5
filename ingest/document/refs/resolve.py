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
from ingest.document.numbering import split_ref_number
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
from ingest.document.refs.inline import line_at
from ingest.document.refs.items import ITEM, SEP, expand_items
from ingest.document.refs.outline import top_number
from ingest.document.refs.relative import find_relative, this_target
from ingest.document.refs.targets import EXH_ID, EXH_KW, OF_AGREEMENT, OF_SCOPE, is_ancestor, resolve_item, scopes_after
from ingest.document.sections import Outline

_KW = (r"(?:[Ss]ub-?)?(?:[Ss]ections?|SECTIONS?|[Pp]aragraphs?|PARAGRAPHS?|[Cc]lauses?|CLAUSES?|[Aa]rticles?"
       r"|ARTICLES?|[Ss]ubparagraphs?|[Ss]ubclauses?)|§§?")
REF_RE = re.compile(rf"(?=[SsPpCcAa§])(?<![\w])(?P<kw>{_KW})(?:\s*,)?\s*(?P<items>{ITEM}(?:{SEP}{ITEM})*)")
# "ADDENDUM TO LEASE", "SCHEDULE OR": a capitalised word, no label; "Schedule TO" is the SEC's tender offer form
EXH_REF_RE = re.compile(rf"(?=[EeSsAa])(?<![\w])(?P<kw>{EXH_KW})s?\s+{EXH_ID}")
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
        scopes = scopes_after(text[match.end():match.end() + 80], source, outline)
        article = match.group("kw").lower().startswith("art")
        items = expand_items(match.group("items"))
        host = matches[i + 1] if i + 1 < len(matches) else None
        if host and _OF_NEXT.match(text[match.end():host.start()]) and not any(split_ref_number(t)[0] for t in items):
            # "clause (2) of Section 5(a)(vii)", "clause (ii) of this Section 11.6": items of that section
            base = re.sub(r"\s+", "", expand_items(host.group("items"))[0])
            items = [base + item for item in items]
            article = host.group("kw").lower().startswith("art")
        for item in items:
            target, how = resolve_item(item, article, source, scopes, outline, line_at(text, match.start(), outline),
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
    scoped = OF_SCOPE.match(after)
    if scoped and scoped.group("kw"):  # "Section 2 of Schedule 10.28 to the Financing Agreement"
        return other_instrument_after(after[scoped.end():])
    return not scoped and not OF_AGREEMENT.match(after) and other_instrument_after(after)


def _exhibits(text: str, outline: Outline) -> Iterator[Found]:
    first_heading = outline.sections[1].start if len(outline.sections) > 1 else len(text)
    amends = amends_another(text)
    for match in EXH_REF_RE.finditer(text):
        after = text[match.end():match.end() + 160]
        if (match.start() in outline.filing_labels or is_filing_label(text, match.start(), first_heading)
                or toc_title(match, after) or page_label(match, text)):
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
            elif target == source or is_ancestor(target, source, outline):
                yield Found(match.start(), source, target, phrase, "exhibit", "containing")
            else:
                yield Found(match.start(), source, target, phrase, "exhibit", "exact")
