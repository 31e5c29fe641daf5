"""Reads the currency of a contract's `total_amount` from the words around the amount, with the sentence.

`read_currency(amount, texts)` looks for the amount where it is written (the contract's own text first, then
the record's summary and scope): '200,000 Euros', 'RMB200 million', '176 million RMB', 'US$1.1 million',
'RMB three thousand (3,000)'. The currency sign or word right before the number (number words and an opening
parenthesis may stand between) or right after it (after 'million' and a closing parenthesis) is the amount's.

`source` says how the currency was found (docs/FILTERS.md#currencies):
- "text": a currency is written at the amount itself; `evidence` is that sentence;
- "context": the amount is not written as such (a yearly fee times the years, say) or its sign is ambiguous
  ($, ¥), and the contract's other amounts or words settle it; `evidence` is the sentence that did;
- "assumed": nothing in the text names a currency for it: USD is assumed and `evidence` is None.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from core.currency import DEFAULT_CURRENCY, DOLLAR, PREFIX_MARKERS, SUFFIX_MARKERS, YEN_SIGN, marker_code

SOURCES = ("text", "context", "assumed")
# A number as contracts write it: 1,000,000 / 6.745.000 / 1.1 / 250000, then an optional scale word.
NUMBER = re.compile(r"(?<![\d.,])(\d{1,3}(?:[,.]\d{3})+|\d+)(?:\.(\d{1,2}))?(?!\d)"
                    r"(?:\s?(?i:(million|billion|thousand|mm|mn|bn|m|k))(?![A-Za-z]))?")
SCALES = {"million": 1e6, "billion": 1e9, "thousand": 1e3, "mm": 1e6, "mn": 1e6, "bn": 1e9, "m": 1e6, "k": 1e3}
NUMBER_WORDS = frozenset((
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
    "eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million billion and "
    "only say no/100 point").split())
# Every sign or word in a text, found in one pass (its end is where its number may start), and what may stand
# between a sign and its number: a space, or number words and '(' ('RMB three thousand (3,000)').
_SIGNS = re.compile(rf"(?<![A-Za-z])(?:{PREFIX_MARKERS.pattern})")
_TOKEN = re.compile(r"[^\s\-,(]+|\(")
_AFTER = re.compile(rf"\s?\)?\s?(?:{SUFFIX_MARKERS.pattern})(?![A-Za-z])")  # matched at the number's end
WINDOW = 160  # characters before a '(' searched for the number words and the sign before them
CHINA = re.compile(r"RMB|CNY|(?i:renminbi|yuan|People'?s Republic of China|\bPRC\b|\bChina\b|Chinese)")
JAPAN = re.compile(r"JPY|(?i:\byen\b|\bJapan\b|Japanese)")
OTHER_DOLLARS = ("CAD", "AUD", "NZD", "HKD", "SGD", "TWD")


@dataclass(frozen=True)
class Mention:
    """One number in a text, its value and the currency marker written at it (None when there is none)."""

    value: float
    marker: str | None
    where: str
    start: int
    end: int
    text: str

    def sentence(self) -> str:
        return sentence_at(self.text, self.start, self.end)


@dataclass(frozen=True)
class CurrencyReading:
    """The currency of an amount: ISO 4217 code, how it was found, and the sentence that says so."""

    currency: str
    source: str
    evidence: str | None = None
    where: str | None = None  # "text", "summary" or "scope": where the evidence sentence is


def sentence_at(text: str, start: int, end: int, limit: int = 300) -> str:
    """The sentence around text[start:end], on one line, at most about 2 x limit characters."""
    left = text[max(0, start - limit):start]
    cut = max((m.end() for m in re.finditer(r"[.;!?]\s+(?=[A-Z(\"'])|\n\s*\n", left)), default=0)
    right = text[end:end + limit]
    stop = re.search(r"[.;!?](?=\s+[A-Z(\"']|\s*$)|\n\s*\n", right)
    head, tail = left[cut:], right[:stop.end()] if stop else right
    # A sentence longer than the window is cut at a word, and says so.
    if not cut and start > limit:
        head = "… " + head.split(" ", 1)[-1]
    if not stop and end + limit < len(text):
        tail = tail.rsplit(" ", 1)[0] + " …"
    return " ".join((head + text[start:end] + tail).split())


def _prefix(text: str, start: int, signs: dict[int, str]) -> str | None:
    """The sign ending right before text[start] (a space may stand between), or before the number words and
    '(' that precede it."""
    for pos in (start, start - 1):
        if pos in signs and (pos == start or text[pos].isspace()):
            return signs[pos]
    if not text[max(0, start - 3):start].rstrip().endswith("("):
        return None
    # Walk back over '(' and the number words before it, to where the sign would end.
    base = max(0, start - WINDOW)
    tokens = [(m.start(), m.group(0)) for m in _TOKEN.finditer(text, base, start)]
    if not tokens or tokens[-1][1] != "(":
        return None
    first = tokens.pop()[0]
    while tokens and tokens[-1][1].lower() in NUMBER_WORDS:
        first = tokens.pop()[0]
    return _prefix(text, first, signs) if first < start else None


def _marker(text: str, start: int, end: int, signs: dict[int, str]) -> str | None:
    """The code (or DOLLAR / YEN_SIGN) written right before or after the number at text[start:end]."""
    prefix = _prefix(text, start, signs)
    after = _AFTER.match(text, end, end + 40)
    suffix = marker_code(after, suffix=True) if after else None
    if prefix in (None, DOLLAR, YEN_SIGN) and suffix is not None:
        return suffix if suffix not in (DOLLAR, YEN_SIGN) or prefix is None else prefix
    return prefix


def mentions(text: str, where: str) -> Iterator[Mention]:
    """Every number in `text` with its value and marker; a number glued to letters ('EX-10', 'B2') only when
    the letters are a currency ('RMB200')."""
    signs = {m.end(): marker_code(m) for m in _SIGNS.finditer(text)}
    for m in NUMBER.finditer(text):
        marker = _marker(text, m.start(), m.end(), signs)
        if m.start() and text[m.start() - 1].isalpha() and marker is None:
            continue
        whole = float(re.sub(r"[,.]", "", m.group(1)))
        value = whole + (float("0." + m.group(2)) if m.group(2) else 0.0)
        if m.group(3):
            value *= SCALES[m.group(3).lower()]
        yield Mention(value, marker, where, m.start(), m.end(), text)


def _same(a: float, b: float) -> bool:
    return abs(a - b) <= max(0.005, abs(b) * 1e-9)


def _resolve(marker: str, context: str, named: set[str]) -> tuple[str, bool]:
    """An ambiguous sign settled by the contract's words (`named`: the currencies its amounts are written
    in): (code, whether the context decided it)."""
    if marker == YEN_SIGN:
        china, japan = bool(CHINA.search(context)), bool(JAPAN.search(context))
        return ("CNY", True) if china and not japan else ("JPY", japan)
    if marker == DOLLAR:
        others = [c for c in OTHER_DOLLARS if c in named]
        if len(others) == 1 and "USD" not in named:
            return others[0], True
        return "USD", False
    return marker, False


def read_currency(amount: float | None, texts: Sequence[tuple[str, str | None]]) -> CurrencyReading | None:
    """The currency of `amount` read from `texts`, (where, text) pairs in order of trust (the contract's own
    text, then summary and scope). None when there is no amount."""
    if amount is None:
        return None
    sources = [(where, text) for where, text in texts if text]
    context = "\n".join(text for _, text in sources)
    found = [m for where, text in sources for m in mentions(text, where)]
    named = {str(m.marker) for m in found if m.marker is not None}
    at_amount = [m for m in found if _same(m.value, amount) and m.marker is not None]
    if at_amount:
        specific = Counter(m.marker for m in at_amount if m.marker not in (DOLLAR, YEN_SIGN))
        # The most frequent specific currency, else the ambiguous sign; the first mention of it is the evidence.
        marker = specific.most_common(1)[0][0] if specific else at_amount[0].marker
        first = next(m for m in at_amount if m.marker == marker)
        code, by_context = _resolve(str(marker), context, named)
        return CurrencyReading(code, "context" if by_context else "text", first.sentence(), first.where)
    money = [m for m in found if m.marker is not None]
    codes = {_resolve(str(m.marker), context, named)[0] for m in money}
    if len(codes) == 1:
        first = money[0]
        return CurrencyReading(codes.pop(), "context", first.sentence(), first.where)
    return CurrencyReading(DEFAULT_CURRENCY, "assumed")
