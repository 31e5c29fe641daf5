"""Exhibit references, the parts that only read the text: more ids listed after the first ("Exhibits A, B and C"),
a table of contents entry that only looks like one ("13.13 Schedules 42"), and whether a label that did not
resolve is absent from the text or has a title the outline did not recognise."""

from __future__ import annotations

import re

from ingest.document.refs.outline import exhibit_family

_EXH_MORE = re.compile(r"(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)[\"“]?(?P<id>[A-Z](?:-?\d{1,3})?|\d{1,3})[\"”]?"
                       r"(?![\w])")
_CITED_BY = re.compile(r"(?:clauses?|sections?|paragraphs?|subsections?|subparagraphs?|items?|and|or|through|to|"
                       r"[,\-–—]|\))\s*$", re.IGNORECASE)
_NEXT_TOC_ENTRY = re.compile(r"^[ \t]+(?:Section[ \t]+)?\d{1,3}\.\d{1,3}\.?[ \t]+[A-Z]")


def toc_title(match: re.Match[str], after: str) -> bool:
    """"13.13 Schedules 42 13.14 Expenses 42": a table of contents entry titled "Schedules" and its page number."""
    return match.group(0).split()[0].lower().endswith("s") and match.group("id").isdigit() and bool(
        _NEXT_TOC_ENTRY.match(after))


def continued_ids(after: str) -> list[str]:
    """"Exhibits A, B and C": the ids listed right after the first."""
    ids, pos = [], 0
    while (more := _EXH_MORE.match(after, pos)) is not None:
        ids.append(more.group("id"))
        pos = more.end()
    return ids


def absent_or_missed(text: str, kw: str, ident: str, body_start: int) -> str:
    """"absent" when nothing after the body's first heading (a list of exhibits before it does not count) looks
    like the exhibit's title: no line starting with "Exhibit B", and no "EXHIBIT B" in capitals outside a
    sentence (flattened layouts lose the line break before a title)."""
    label = rf"{kw}[ \t]*[\"“]?{re.escape(ident)}[\"”]?(?![\w.])"
    if re.compile(rf"^[ \t]*{label}", re.IGNORECASE | re.MULTILINE).search(text, body_start):
        return "not recognised"
    caps_label = re.compile(rf"(?<![\w])(?:{kw.upper()})[ \t]*[\"“]?{re.escape(ident)}[\"”]?(?![\w.])")
    for caps in caps_label.finditer(text, body_start):
        if not _CITED_BY.search(text[max(0, caps.start() - 25):caps.start()]) and not re.search(
                r"(?:in|on|as|of|at|under|per|see|hereto|with|by)\s*$", text[max(0, caps.start() - 12):caps.start()],
                re.IGNORECASE):
            return "not recognised"
    return "absent"


def first_part(label: str, scopes: dict[str, str]) -> str | None:
    """"Exhibit F" when the text attaches only its parts "Exhibit F-1", "Exhibit F-2" (or "A1", "A2"): the
    first part, as "Section 2" resolves to 2.1 when 2 has no heading of its own."""
    low = label.lower()
    if not re.fullmatch(r"\w+ [a-z]{1,2}", low):
        return None
    return scopes.get(low + "-1") or scopes.get(low + "1")


def whole_of(label: str, scopes: dict[str, str]) -> str | None:
    """"Schedule A1" / "Exhibit F-2" when the text attaches only "Schedule A" / "Exhibit F" as one piece: the part
    is inside the whole, as "Section 7.4(z)" resolves to 7.4 ("parent")."""
    found = re.fullmatch(r"(\w+ [a-z]{1,2})-?\d{1,3}", label.lower())
    return scopes.get(found.group(1)) if found else None


def running_title(match: re.Match[str], text: str, scope: str | None) -> bool:
    """"ATTACHMENT 1 IBM/MSL Outsourcing Base Agreement" at a line start inside Attachment 1: the exhibit's running
    page header (a repeat of its own title), no reference."""
    own = exhibit_family(scope or "").lower()
    label = f"{match.group('kw')} {match.group('id')}".lower()
    line_start = text.rfind("\n", 0, match.start()) + 1
    return bool(own) and own == label and not text[line_start:match.start()].strip()


# "... Example Calculation Appendix A-1\n\nSource: BLOOM ENERGY CORP, DRS/A": page 1 of Appendix A, in the footer
_PAGE_LABEL = re.compile(r"[ \t]*(?:\n\s*Source:|\s*$)")


def page_label(match: re.Match[str], text: str) -> bool:
    """An exhibit's page number ("Exhibit A-1", "Appendix B-3") closing a page (the filing's "Source:" footer
    follows, or the text ends): a running footer, no reference."""
    return bool(re.fullmatch(r"[A-Z]{1,2}-\d{1,3}", match.group("id"))) and bool(
        _PAGE_LABEL.match(text, match.end()))
