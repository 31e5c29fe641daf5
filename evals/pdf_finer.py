"""Is the PDF layer right where it has MORE sections than the `.txt` layer? A check on the text, not the counts.

Many CUAD `.txt` files ran headings and list items into the previous line ("... that:   A. It has reviewed",
"Execution version   EXHIBIT 8 - LEASE OF THE STOCK"), so the text parser cannot see them as headings, while
the PDF prints them at the start of a line. A contract off the +/-20% / 5-point target counts as *PDF finer,
verified* only when all of these hold:

1. the PDF layer has more sections than the `.txt` layer and an equal or better resolution rate;
2. the PDF's extra sections are real text of the contract: each one's key, the first `KEY_CHARS` characters
   of its first line (and of the next lines when that line is short; spaces ignored, quotes and dashes plain),
   is printed verbatim in the `.txt` too, so it is not a page header, a table cell or another artefact of the
   PDF layout;
3. and the `.txt` lost the line break there: it has that text in the MIDDLE of a line, after other text
   ("run in"), or the text starts a `.txt` line but an earlier item of the same list (the PDF section's
   preceding siblings, back to one that is run in) is run in - the text parser follows a list only from an
   item it saw at a line start ("ARTICLE 9 - GENERAL (1) Governing Law ...", then "(2) Waiver ..." on its own
   line, gives no (1) and no (2)); or it lies inside a part whose heading the `.txt` runs in (an ancestor
   section that is a run-in extra: without "EXHIBIT 8" the text parser nests that exhibit's "2." under the
   contract's last clause, where its "2.1" does not number on).

"Extra" sections are the PDF's sections left over after pairing them one-for-one with the `.txt` layer's
sections: same key, or one key starting the other (a heading the PDF prints alone, "15. TERM.", and the `.txt`
runs into its first paragraph), or a common start of `MIN_COMMON` characters. At least `MIN_VERIFIED` of the
extras must pass 2 and 3 (a key breaks on a word the two texts hyphenate or spell differently, "charge- backs").
A contract that fails stays a plain miss.
"""

from __future__ import annotations

import bisect
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass

from ingest.document import ParsedDocument, Section

KEY_CHARS = 32  # characters other than spaces
MIN_KEY = 13  # a shorter section ("(d)RESERVED") proves nothing by being found somewhere
MIN_COMMON = 16
LINE_KEY = 20
MIN_VERIFIED = 0.9
_PLAIN = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'", "\u2013": "-", "\u2014": "-",
                        "\u00a0": " "})


def plain(text: str) -> str:
    """Text without whitespace (PDF extraction puts stray spaces inside words, "Prop erty"), with typographic
    quotes, dashes and compatibility characters made plain."""
    return "".join(unicodedata.normalize("NFKC", text).translate(_PLAIN).split())


def heading_key(section_text: str) -> str:
    """The first `KEY_CHARS` characters of a section's first line; when that line is shorter than `LINE_KEY`,
    the following lines too (a bare "Exhibit A" line would be found inside any sentence that cites it)."""
    first = plain(section_text.strip().split("\n", 1)[0])
    return (first if len(first) >= LINE_KEY else plain(section_text))[:KEY_CHARS]


@dataclass(frozen=True)
class ExtraSections:
    """The PDF's sections the `.txt` layer has no section for, and how many of them pass conditions 2-3."""

    extra: int
    run_in: int
    list_hidden: int
    unverified: tuple[str, ...] = ()  # keys of the extras that failed (for the report)

    @property
    def verified_share(self) -> float:
        return (self.run_in + self.list_hidden) / self.extra if self.extra else 0.0


class _TxtIndex:
    """The `.txt` as one whitespace-free string, remembering which positions start a line."""

    def __init__(self, txt: str) -> None:
        parts, starts, pos = [], [], 0
        for line in txt.split("\n"):
            flat = plain(line)
            if flat:
                starts.append(pos)
                parts.append(flat)
                pos += len(flat)
        self.text = "".join(parts)
        self.starts = starts

    def hits(self, key: str) -> tuple[int, int]:
        """(occurrences after other text of their line, occurrences at a line start)."""
        mid = at_start = 0
        i = self.text.find(key)
        while i >= 0:
            j = bisect.bisect_left(self.starts, i)
            if j < len(self.starts) and self.starts[j] == i:
                at_start += 1
            else:
                mid += 1
            i = self.text.find(key, i + 1)
        return mid, at_start


def _pair_off(pdf: list[Section], txt_keys: list[str]) -> list[Section]:
    """PDF sections left after pairing with `.txt` keys: exactly, then by prefix, then by a long common start."""
    left = Counter(txt_keys)
    rest = []
    for s in pdf:
        key = heading_key(s.text)
        if left[key] > 0:
            left[key] -= 1
        else:
            rest.append(s)
    for rule in (lambda a, b: a.startswith(b) or b.startswith(a),
                 lambda a, b: len(a) >= MIN_COMMON and a[:MIN_COMMON] == b[:MIN_COMMON]):
        still = []
        for s in rest:
            key = heading_key(s.text)
            twin = next((t for t, n in left.items() if n > 0 and rule(key, t)), None)
            if twin is None:
                still.append(s)
            else:
                left[twin] -= 1
        rest = still
    return rest


def _statuses(extras: list[Section], index: _TxtIndex) -> dict[str, str]:
    """"run_in", "line_start" or "absent" per extra section number (occurrences shared out in order)."""
    by_key: dict[str, list[Section]] = defaultdict(list)
    for s in extras:
        by_key[heading_key(s.text)].append(s)
    status = {}
    for key, sections in by_key.items():
        mid, at_start = index.hits(key) if len(key) >= MIN_KEY else (0, 0)
        for s in sections:
            if mid:
                status[s.number], mid = "run_in", mid - 1
            elif at_start:
                status[s.number], at_start = "line_start", at_start - 1
            else:
                status[s.number] = "absent"
    return status


def _hidden(section: Section, pdf: ParsedDocument, status: dict[str, str]) -> bool:
    """Whether the preceding siblings of `section` are extras at a line start back to one that is run in, or
    one of its ancestors is a run-in extra."""
    siblings = [s for s in pdf.sections[:section.ordinal] if s.parent_number == section.parent_number]
    for s in reversed(siblings):
        if status.get(s.number) == "run_in":
            return True
        if status.get(s.number) != "line_start":
            break
    parent = pdf.section(section.parent_number) if section.parent_number else None
    while parent is not None:
        if status.get(parent.number) == "run_in":
            return True
        parent = pdf.section(parent.parent_number) if parent.parent_number else None
    return False


def extra_sections(pdf: ParsedDocument, txt: ParsedDocument, txt_text: str) -> ExtraSections:
    """Pair the two layers' sections and test the PDF's surplus against the raw `.txt` text."""
    body = [s for s in pdf.sections if s.number != "preamble"]
    extras = _pair_off(body, [heading_key(s.text) for s in txt.sections if s.number != "preamble"])
    status = _statuses(extras, _TxtIndex(txt_text))
    run_in = sum(1 for s in extras if status[s.number] == "run_in")
    hidden = [s for s in extras if status[s.number] == "line_start" and _hidden(s, pdf, status)]
    failed = [heading_key(s.text) for s in extras if status[s.number] != "run_in" and s not in hidden]
    return ExtraSections(extra=len(extras), run_in=run_in, list_hidden=len(hidden), unverified=tuple(failed))


def pdf_finer(pdf_sections: int, txt_sections: int, pdf_rate: float, txt_rate: float,
              extra: ExtraSections) -> bool:
    """Conditions 1-3 of the module docstring."""
    return (pdf_sections > txt_sections and pdf_rate >= txt_rate - 1e-9 and extra.extra > 0
            and extra.verified_share >= MIN_VERIFIED)
