"""Run-in headings: put a heading or list item that plain text ran into the previous line back on its own line.

CUAD's `.txt` files often flatten a page's lines into one: "…Agreement.   4. INCLUDED SERVICES … that:   A. It
has reviewed …", "…COMMISSION.     EXHIBIT A   DIRECTOR CANDIDATE POOL", "ARTICLE 9 - GENERAL LEGAL MATTERS
(1) Governing Law …". Heading detection wants those labels at a line start, so one space before the label is
turned into a newline. The change keeps the text's length, so every offset (pages, spans) stays valid.

A label is only split off when it is safe:
- after a run of 2+ spaces that follows the end of a sentence/heading (not a lowercase word or a comma), and
  - it continues the outline: a number whose predecessor ("3." before "4.", "4.1" before "4.2") or parent was
    already seen at a line start, or a dotted list item ("B.") right after its predecessor ("A.");
  - or it opens a list ("A.", "a.", "1.", "i.") right after a colon;
  - or it is an exhibit/schedule/annex label whose rest reads like a title, not after a word like "as";
- or after a running header that opens many pages' first lines ("Confidential Execution Version 15.2.2 ..."),
  with the same checks;
- or after a heading prefix on the line ("10. MISCELLANEOUS PROVISIONS", "22. Miscellaneous.") when the label
  is a list's first item ("(a)", "(1)", "a.").
"""

from __future__ import annotations

import re
from collections import Counter

from ingest.document.numbering import dotted_tuple, is_roman, roman_to_int
from ingest.document.patterns import EXHIBIT_WORDS, STOP_WORDS, exhibit_rest_ok, previous_word

_EXHIBIT_KW = EXHIBIT_WORDS + "|" + "|".join(w.title() for w in EXHIBIT_WORDS.split("|"))
# A label after whitespace (the code then asks for a line start or a run of 2+ spaces): a dotted number, a
# dotted letter/roman item, or an exhibit label.
_GAP_RE = re.compile(
    r"[ \t\n](?P<tok>(?P<num>\d{1,3}(?:\.\d{1,3}){0,3})\.?(?=[ \t]+[A-Z\"“])"
    r"|(?P<item>[A-Z]|[a-z]|[ivx]{1,4})\.(?=[ \t]+[A-Z\"“])"
    rf"|(?P<kw>{_EXHIBIT_KW})[ \t]+(?P<id>[A-Z]{{1,2}}(?:-?\d{{1,3}})?|\d{{1,3}}(?:\.\d{{1,3}})?)(?![\w.\-]))"
)
# A heading at a line start or after a sentence's end: label, then an ALL-CAPS title or a short Title-Case
# title ending in "."; then a list's first item
_HEAD_PREFIX_RE = re.compile(
    r"(?:\A[ \t]*|(?<=[.;:][ \t])|(?<=[.;:][ \t]{2})|(?<=[.;:][ \t]{3}))"
    r"(?:(?:ARTICLE|Article|SECTION|Section)[ \t]+)?(?:\d{1,3}(?:\.\d{1,3})*\.?|[IVX]{1,6}\.?)"
    r"[ \t]*[-–—:]?[ \t]*"
    r"(?:[A-Z][A-Z'’&,/\-]+(?:[ \t]+(?:[A-Z][A-Z'’&,/\-]*|OF|AND|THE|TO|FOR))*"
    r"|[A-Z][a-z]+(?:[ \t]+(?:[A-Z][a-z]+|of|and|the|to|for|in|on)){0,5}\.)"
    r"[ \t]+\Z"
)
_FIRST_ITEM_RE = re.compile(r"[ \t](?:\((?:1|a|A|i)\)|(?:a|A|1)\.)(?=[ \t]+[A-Z\"“])")
_PREFIX_SPAN = 240  # a heading prefix is looked for this far back on the line
_LINE_NUM_RE = re.compile(r"^[ \t]*(?:(?:ARTICLE|Article|SECTION|Section)[ \t]+)?(\d{1,3}(?:\.\d{1,3}){0,3})\.?[ \t]",
                          re.MULTILINE)
_PAGE_TOP_RE = re.compile(r"\n[ \t]*\n[ \t]*\n[ \t]*([^\n]+)")  # a line after two blank ones: a page's first
_ITEM_WINDOW = 6000  # "B." continues "A." only this close (characters)


def split_run_in(text: str) -> str:
    """The text with a newline in place of the space before each safely recognised run-in label."""
    prefix = set(_prefix_cuts(text))
    cuts = sorted(set(_gap_cuts(text, prefix)) | prefix)
    if not cuts:
        return text
    chars = list(text)
    for cut in cuts:
        chars[cut] = "\n"
    return "".join(chars)


def _prefix_cuts(text: str) -> list[int]:
    """Cuts before a list's first item that directly follows a heading prefix on its line."""
    cuts = []
    for match in _FIRST_ITEM_RE.finditer(text):
        line_start = text.rfind("\n", 0, match.start()) + 1
        start = max(line_start, match.start() + 1 - _PREFIX_SPAN)
        window = ("x" if start > line_start else "") + text[start:match.start() + 1]  # "x": not a line start
        if _HEAD_PREFIX_RE.search(window):
            cuts.append(match.start())
    return cuts


def _gap_cuts(text: str, prefix_cuts: set[int]) -> list[int]:
    """Cuts before labels after 2+ spaces; `prefix_cuts` (first items after a heading) open lists too."""
    line_numbers = [(m.start(1), dotted_tuple(m.group(1))) for m in _LINE_NUM_RE.finditer(text)]
    running = _running_prefixes(text)
    seen: set[tuple[int, ...]] = set()
    items: dict[str, tuple[int, int]] = {}  # style -> (value, position) of the latest dotted item
    cuts: list[int] = []
    k = 0
    for match in _GAP_RE.finditer(text):
        pos = match.start("tok")
        while k < len(line_numbers) and line_numbers[k][0] < pos:
            if line_numbers[k][1]:
                seen.add(line_numbers[k][1])
            k += 1
        gap = pos
        while gap > 0 and text[gap - 1] in " \t":
            gap -= 1
        if _at_line_start(text, pos) or pos - 1 in prefix_cuts:
            if match.group("item"):
                _item_ok(match.group("item"), pos, ":", items)  # a list item on its own line sets the state
            continue
        header = " ".join(text[text.rfind("\n", 0, gap) + 1:gap].split())
        # the whole header, not a part of it ("Tender Offer Statement on | Schedule TO - July 16, 2012")
        headed = header in running and f"{header} {text[pos:pos + 40].split(maxsplit=1)[0]}" not in running
        if pos - gap < 2 and not headed:
            continue  # one space: inside a sentence, unless a running header precedes it on the page's first line
        before = text[max(0, gap - 200):gap].rstrip()
        last = before[-1:]
        word = previous_word(text, gap)
        if not headed and (last in ",(-" or (word[:1].islower() and last not in ".;:")
                           or word.lower().strip(",") in STOP_WORDS):
            continue
        if last.isdigit() and re.search(r"(?:^|\s)\d{1,3}$", before):
            continue  # "13. TITLE  11   14. RATES": a table of contents (page numbers) or a table row
        if match.group("num"):
            single = "." not in match.group("num") and not match.group("tok").endswith(".")
            ok = not single and _continues_outline(dotted_tuple(match.group("num")), seen)
            if ok:
                seen.add(dotted_tuple(match.group("num")))
        elif match.group("item"):
            ok = _item_ok(match.group("item"), pos, last, items)
        else:
            ok = _exhibit_ok(text, match)
        if ok:
            cuts.append(pos - 1)
    return cuts


def _running_prefixes(text: str) -> set[str]:
    """Word runs that open many pages' first lines ("Confidential Execution Version 15.2.2 Termination ..."): a
    running header that the text ran into the page's first line, so a label right after it starts a line."""
    tops = [m.group(1).split() for m in _PAGE_TOP_RE.finditer(text)]
    counts = Counter(" ".join(words[:k]) for words in tops for k in range(2, min(len(words), 7)))
    need = max(3, len(tops) // 4)
    return {prefix for prefix, n in counts.items() if n >= need}


def _at_line_start(text: str, pos: int) -> bool:
    return not text[text.rfind("\n", 0, pos) + 1:pos].strip()


def _continues_outline(values: tuple[int, ...] | None, seen: set[tuple[int, ...]]) -> bool:
    if not values or values[0] == 0:
        return False
    if values[-1] > 1:
        return (*values[:-1], values[-1] - 1) in seen
    return len(values) > 1 and values[:-1] in seen


def _item_ok(label: str, pos: int, last: str, items: dict[str, tuple[int, int]]) -> bool:
    """A dotted item continues its list ("B." after "A.") or opens one after a colon ("A." after "that:")."""
    readings = []
    if len(label) == 1:
        readings.append(("A" if label.isupper() else "a", ord(label.lower()) - 96))
    if label.islower() and is_roman(label):
        readings.append(("i", roman_to_int(label)))
    for style, value in readings:
        previous = items.get(style)
        if previous and previous[0] == value - 1 and pos - previous[1] <= _ITEM_WINDOW:
            items[style] = (value, pos)
            return True
    for style, value in readings:
        if value == 1 and last == ":":
            items[style] = (1, pos)
            return True
    return False


_BULLETS = frozenset("*•·-–")  # "*     Attachment B - ...": an entry of a bulleted list of attachments
_LIST_WORD_RE = re.compile(rf"^(?:{_EXHIBIT_KW}|EXHIBITS|SCHEDULES|ANNEXES|APPENDICES|ATTACHMENTS)\b")


def _exhibit_ok(text: str, match: re.Match[str]) -> bool:
    """A title-like rest, and not an entry of a list of exhibits ("SCHEDULES   Schedule A ...   Schedule B ...")."""
    stop = text.find("\n", match.end())
    after = re.split(r"[ \t]{2,}", text[match.end():stop if stop >= 0 else len(text)], maxsplit=2)
    rest = after[0]
    if rest.strip() and not rest[:1].isspace() and rest[:1] not in ":.-–—":
        return False
    following = after[1] if len(after) > 1 else ""
    previous = re.split(r"[ \t]{2,}", text[text.rfind("\n", 0, match.start()) + 1:match.start()].strip())[-1]
    if _LIST_WORD_RE.match(previous) or _LIST_WORD_RE.match(following) or previous in _BULLETS:
        return False
    return exhibit_rest_ok(match.group("kw"), rest)
