"""Heading candidates: every place that could start a numbered section, with a plausibility weight.

A candidate is only a guess ("7." after a full stop, "ARTICLE IX" at a line start); `outline` keeps
the ones that form a consistent numbering sequence. Weights encode how heading-like the spot looks:
line start beats "after a full stop" beats "after two spaces"; a table-of-contents entry (short text
ending in a page number) is nearly worthless, so the real heading later wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ingest.document.numbering import dotted_tuple, is_roman, roman_to_int
from ingest.document.patterns import EXHIBIT_LINE_RE, STOP_WORDS, exhibit_rest_ok, previous_word

NUM_RE = re.compile(
    r"(?=[SCP\d])(?P<kw>(?:Section|SECTION|Clause|CLAUSE|Paragraph|PARAGRAPH)[ \t]+)?"
    r"(?P<num>\d{1,3}(?:\.\d{1,3}){0,4})(?P<dot>\.)?(?=[ \t\n]|$|(?<=\.)[A-Z]{2})"
)
ARTICLE_RE = re.compile(r"(?P<kw>ARTICLE|Article)[ \t]+(?P<num>[IVXLC]{1,7}|\d{1,3})(?![\w.\-]*\d)(?P<dot>\.)?")
ROMAN_RE = re.compile(r"(?P<num>[IVXL]{1,6})\.(?=[ \t]+\S)")
_KEYWORD_NEXT = re.compile(r"[ \t]+(?:ARTICLE|Article|SECTION|Section)[ \t]+\w")
_RULE_LINE = re.compile(r"[-=_*~]{5,}")
_ABBREVIATIONS = frozenset({"no.", "nos.", "sec.", "art.", "para.", "p.", "pp.", "vol."})
_TOC_TAIL = re.compile(r"(?:\.{4,}|…{2,}|\s\d{1,3}|Page\s+\d+)\s*$")
_CAPS_WORD = r"[A-Z][A-Z0-9'’&,;/\-]*+"
_TITLE_RE = re.compile(
    rf"^[ \t]*+[\-–—:]?[ \t]*+({_CAPS_WORD}(?:[ \t]++{_CAPS_WORD}){{0,13}})(?=[.\n]|[ \t]{{2}}|[ \t]*$|[ \t]+[\d\"“(])"
)
_SMALL_WORDS = frozenset(
    "of and or the to for in on with a an this its by as at from upon under into not per via vs. v. &".split()
)


@dataclass
class Candidate:
    """A possible heading at `pos`; `values` is the numbering tuple used for sequencing."""

    pos: int
    label_end: int
    family: str
    values: tuple[int, ...]
    label: str
    weight: float
    title: str = ""


def boundary_weight(text: str, pos: int, allow_caps_word: bool = True) -> float:
    """How strongly the spot before `pos` says "a heading may start here" (0 = it may not)."""
    line_start = text.rfind("\n", 0, pos) + 1
    lead = text[line_start:pos].strip()
    if lead in ("", "S", "G") or _RULE_LINE.fullmatch(lead):  # "------ 6.0 Confidentiality": a rule, then it
        return 1.0
    before = text[max(0, pos - 3):pos]
    word = previous_word(text, pos)
    lower = word.lower()
    ended = word[-1:] in ".;:" and lower not in _ABBREVIATIONS
    if (not ended and lower.strip(",") in STOP_WORDS) or word.startswith(("$", "§")):
        return 0.0
    last = text[:pos].rstrip()[-1:]
    if last in ".;" and before[-1:].isspace():
        return 0.7
    if last == ":":
        return 0.5
    if before.endswith(("  ", "\t")):
        return 0.6 if not last.isalnum() or word.isupper() else 0.3
    if allow_caps_word and before.endswith(" ") and len(word) > 2 and word.isupper() and word.isalpha():
        return 0.4
    return 0.0


_PARENT_TITLE_RE = re.compile(
    r"(?:^|\s)(?P<num>\d{1,3}(?:\.\d{1,3}){0,3})\.?[ \t]+(?:[A-Z\"“][\w,;&'’\-\"”]*[ \t]+"
    r"(?:(?:of|and|or|the|to|for|in|on|with|a|an)[ \t]+)*){1,8}$"
)


def _after_parent_title(text: str, pos: int, values: tuple[int, ...]) -> float:
    """'1. Grant of Franchise 1.1 Rights...': a sub-heading right after its parent's title."""
    found = _PARENT_TITLE_RE.search(text[max(0, pos - 100):pos])
    return 0.5 if found and dotted_tuple(found.group("num")) == values[:-1] else 0.0


def _title_line(text: str, end: int) -> bool:
    """The rest of the line is nothing but a short title ("1 Introduction")."""
    stop = text.find("\n", end, end + 120)
    line = text[end:stop if stop >= 0 else end + 120].strip()
    return 0 < len(line) <= 80 and len(line.split()) <= 10 and not line.endswith((".", ",", ";", ":"))


def _follow_factor(text: str, end: int) -> float:
    nxt = text[end:end + 40].lstrip(" \t")
    if not nxt or nxt[0] == "\n":
        return 0.8
    first = nxt[0]
    if first.isupper() or first in "\"“(['‘":
        return 1.0
    return 0.3 if first.islower() else 0.5


def find_candidates(text: str) -> list[Candidate]:
    """Numeric, article and roman-numeral heading candidates, in text order, weighted."""
    found: list[Candidate] = []
    for match in NUM_RE.finditer(text):
        found.extend(_numeric(text, match))
    for match in ARTICLE_RE.finditer(text):
        found.extend(_article(text, match))
    for match in ROMAN_RE.finditer(text):
        found.extend(_roman(text, match))
    found.sort(key=lambda c: c.pos)
    _apply_gap_features(text, found)
    return found


def _numeric(text: str, match: re.Match[str]) -> list[Candidate]:
    if match.start() > 0 and (text[match.start() - 1].isalnum() or text[match.start() - 1] in "$.,-/("):
        return []
    values = dotted_tuple(match.group("num"))
    if not values or values[0] == 0 or max(values) > 150:
        return []
    weight = boundary_weight(text, match.start())
    if not weight and len(values) > 1:
        weight = _after_parent_title(text, match.start(), values)
    single = len(values) == 1 and not match.group("dot") and not match.group("kw")
    title_line = single and _title_line(text, match.end())
    if single and not title_line and not re.match(r"[ \t]+[A-Z]", text[match.end():match.end() + 3]):
        return []
    if single and _KEYWORD_NEXT.match(text, match.end()):
        return []  # "... 1 ARTICLE 2 ...": a page number in a table of contents
    weight *= 1.0 if title_line else _follow_factor(text, match.end()) * (0.6 if single else 1.0)
    if match.group("kw") and not match.group("kw").isupper() and weight < 1.0:
        weight *= 0.5  # "Section 2.3 shall..." mid-paragraph is usually a reference
    if weight <= 0:
        return []
    label = match.group("num").rstrip(".")
    start = match.start()
    marker = re.search(r"(?:^|\n)[ \t]*([SG])[ \t]+$", text[max(0, start - 12):start])
    if marker:  # "S 8.1" / "G 8.5": a standard/guidance marker printed before the paragraph number
        start -= len(text[max(0, start - 12):start]) - marker.start(1)
    return [Candidate(start, match.end(), "num", values, label, weight)]


def _article(text: str, match: re.Match[str]) -> list[Candidate]:
    raw = match.group("num")
    value = int(raw) if raw.isdigit() else (roman_to_int(raw) if is_roman(raw) else 0)
    if not value or (match.start() > 0 and text[match.start() - 1].isalnum()):
        return []
    weight = boundary_weight(text, match.start(), allow_caps_word=False)
    rest = text[match.end():match.end() + 30].lstrip(" \t:-–—")
    if rest[:1].islower() and not rest.startswith(("of ", "to ")):
        return []
    if weight <= 0:
        return []
    label = "Article " + raw.upper()
    return [Candidate(match.start(), match.end(), "art", (value,), label, weight * 1.2)]


def _roman(text: str, match: re.Match[str]) -> list[Candidate]:
    raw = match.group("num")
    line_start = text.rfind("\n", 0, match.start()) + 1
    if not is_roman(raw) or text[line_start:match.start()].strip():
        return []
    if text[match.end():match.end() + 20].lstrip()[:1].islower():
        return []
    return [Candidate(match.start(), match.end(), "rom", (roman_to_int(raw),), raw, 1.0)]


def _apply_gap_features(text: str, found: list[Candidate]) -> None:
    """Title bonus and table-of-contents penalty, both judged on the text up to the next candidate."""
    for i, cand in enumerate(found):
        stop = found[i + 1].pos if i + 1 < len(found) else len(text)
        gap = text[cand.label_end:min(stop, cand.label_end + 400)]
        cand.title = heading_title(gap)
        if not cand.title and cand.family == "num" and len(cand.values) == 1 and _title_line(text, cand.label_end):
            cand.title = gap.split("\n", 1)[0].strip()
        if cand.title:
            cand.weight += 0.3
        short = gap.strip()
        if len(short) < 160 and (not short or _TOC_TAIL.search(short)) and stop - cand.label_end < 400:
            cand.weight *= 0.1


def heading_title(gap: str) -> str:
    """The title right after a heading label: an ALL-CAPS run, or a short capitalised phrase ending in '.'.

    A label alone on its line ("ARTICLE I" / "DEFINITIONS") takes an ALL-CAPS next line as its title.
    """
    own_line = gap.lstrip(" \t")
    if own_line.startswith("\n"):
        caps = _TITLE_RE.match(own_line.lstrip())
        return caps.group(1).strip(" \t,;-–—") if caps and sum(c.isalpha() for c in caps.group(1)) >= 3 else ""
    caps = _TITLE_RE.match(gap)
    if caps and sum(ch.isalpha() for ch in caps.group(1)) >= 3:
        return caps.group(1).strip(" \t,;-–—")
    head = re.match(r"^[ \t]*([^\n.]{2,90}?)(?:\.(?=\s)|\n|[ \t]{3})", gap)
    if not head:
        return ""
    words = head.group(1).split()
    if not words or len(words) > 12 or not words[0][:1].isupper():
        return ""
    capital = sum(1 for w in words if w[:1].isupper() or w[:1] in "\"“(")
    small = sum(1 for w in words if w.lower() in _SMALL_WORDS)
    return head.group(1).strip() if capital + small >= len(words) and capital * 2 >= len(words) else ""


def find_exhibits(text: str) -> list[Candidate]:
    """Exhibit / schedule / annex / appendix title lines."""
    out = []
    for match in EXHIBIT_LINE_RE.finditer(text):
        if not exhibit_rest_ok(match.group("kw"), match.group("rest")):
            continue
        pos = match.start("kw")
        label = f"{match.group('kw').title()} {match.group('id')}"
        title = re.split(r"\s{3,}", match.group("rest").strip(" \t:.-–—"))[0]
        if not title:
            following = re.match(r"\s*\n\s*([^\n]{3,120})", text[match.end():])
            if following and following.group(1).strip().isupper():
                title = following.group(1)
        out.append(Candidate(pos, match.end("id"), "exh", (0,), label, 1.0, " ".join(title.split())[:120]))
    return _with_inline_titles(text, out)


# "... 16 May 3, 2016 EXHIBIT C JHU Ref Number": a title whose line break the text extraction lost
_INLINE_EXHIBIT_RE = re.compile(
    r"(?<![\w\-])(?P<kw>EXHIBIT|SCHEDULE|ANNEX|APPENDIX|ATTACHMENT)[ \t]+"
    r"[\"“]?(?P<id>[A-Z](?:-\d{1,2})?|\d{1,2}(?:\.\d{1,2})?)[\"”]?"  # "EXHIBIT C", "EXHIBIT F-1", "EXHIBIT 8.1"
    r"(?:[ \t]+(?P<rest>(?:T[Oo][ \t]+[A-Z][a-z]|[A-Z][A-Z&\-]{2,}[ \t,]+[A-Z][A-Za-z&\-]+)[^\n]{0,80})"
    r"|[ \t]*\n\s*(?P<below>[A-Z][A-Z&\-]{2,}[^\n]{0,80}))"  # or alone at a line end, its title below
)
_NOT_TITLE = frozenset("HERETO HEREOF HEREIN ATTACHED SHALL AND OR OF TO THE AS FOR IS ARE WILL".split())


def _with_inline_titles(text: str, found: list[Candidate]) -> list[Candidate]:
    """Add exhibit titles that sit mid-line, for labels with no title line of their own. Only capitals
    ("EXHIBIT C"), after a word that does not make it part of a sentence, followed by a capitalised title,
    and only when the text mentions the label somewhere else too (it is referenced, so it is attached)."""
    known = {c.label.lower() for c in found}
    extra = []
    for match in _INLINE_EXHIBIT_RE.finditer(text):
        label = f"{match.group('kw').title()} {match.group('id')}"
        rest = match.group("rest") or match.group("below")
        first_word = rest.split()[0]
        if label.lower() in known or first_word in _NOT_TITLE or previous_word(text, match.start()).lower(
                ).strip(",") in STOP_WORDS | {"on", "in", "as", "at", "see", "per", "hereto", "attached"}:
            continue
        family = re.escape(match.group("id").split("-")[0])  # "EXHIBIT F-1" is attached when "Exhibit F" is cited
        if len(re.findall(rf"(?i)(?<!\w){match.group('kw')}\s+[\"“]?{family}(?![\w])", text)) < 2:
            continue
        known.add(label.lower())
        title = re.split(r"\s{3,}", rest.strip())[0]
        extra.append(Candidate(match.start("kw"), match.end("id"), "exh", (0,), label, 1.0, title[:120]))
    return sorted(found + extra, key=lambda c: c.pos)
