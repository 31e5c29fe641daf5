"""Tokens of a question and which of them an extractor has consumed.

Extractors match regular expressions against `text` (the lower-cased, typo-corrected tokens joined by single
spaces); a match is snapped to whole tokens and refused when any of them is already consumed, so one word
never means two things. Whatever is left at the end is reported as ignored (minus filler words).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field

from rapidfuzz import process
from rapidfuzz.distance import OSA

TOKEN = re.compile(r"[\w$][\w$&'./@,+-]*|[<>]=?|=")
TRAILING = ".,;:'"
HYPHEN_TAILS = frozenset({"law", "based", "governed", "located", "headquartered", "signed"})


@dataclass
class Span:
    """A regex match snapped to tokens [start, end)."""

    match: re.Match[str]
    start: int
    end: int

    def group(self, name: int | str = 0) -> str:
        return self.match.group(name) or ""


@dataclass
class Scan:
    """The question as tokens: `original` (as typed), `words` (lower-cased, corrected), consumed flags."""

    original: list[str]
    words: list[str]
    used: list[bool] = field(default_factory=list)
    understood: list[tuple[str, str]] = field(default_factory=list)
    text: str = ""
    starts: list[int] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)  # first word of the meaning that consumed each token

    def __post_init__(self) -> None:
        self.used = [False] * len(self.words)
        self.kinds = [""] * len(self.words)
        self.starts, pos = [], 0
        for word in self.words:
            self.starts.append(pos)
            pos += len(word) + 1
        self.text = " ".join(self.words)

    def token_at(self, offset: int) -> int:
        return bisect_right(self.starts, offset) - 1

    def spans(self, pattern: re.Pattern[str], free: bool = True) -> Iterator[Span]:
        """Matches on token boundaries, left to right; `free` skips matches touching consumed tokens."""
        for m in pattern.finditer(self.text):
            if m.start() == m.end():
                continue
            if (m.start() > 0 and self.text[m.start() - 1] != " ") or \
                    (m.end() < len(self.text) and self.text[m.end()] != " "):
                continue
            start, end = self.token_at(m.start()), self.token_at(m.end() - 1) + 1
            if free and any(self.used[start:end]):
                continue
            yield Span(m, start, end)

    def first(self, pattern: re.Pattern[str]) -> Span | None:
        return next(self.spans(pattern), None)

    def phrase(self, start: int, end: int) -> str:
        return " ".join(self.original[start:end])

    def use(self, span: Span | tuple[int, int], meaning: str | None = None) -> None:
        """Consume the tokens; with a meaning, record (phrase as typed, meaning) for the user."""
        start, end = (span.start, span.end) if isinstance(span, Span) else span
        for i in range(start, end):
            self.used[i] = True
            if meaning:
                self.kinds[i] = meaning.split()[0]
        if meaning:
            self.understood.append((self.phrase(start, end), meaning))

    def free_runs(self) -> list[tuple[int, int]]:
        """Maximal runs of unconsumed tokens."""
        runs, start = [], None
        for i, used in enumerate([*self.used, True]):
            if not used and start is None:
                start = i
            elif used and start is not None:
                runs.append((start, i))
                start = None
        return runs

    def before(self, index: int, count: int) -> list[str]:
        return self.words[max(0, index - count):index]


def tokenize(question: str) -> list[str]:
    """Words as typed, without trailing punctuation ('Inc.' keeps its dot only inside: 'N.A')."""
    text = question.replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    text = text.replace("\u2013", "-").replace("\u2014", " - ")
    out = []
    for raw in TOKEN.findall(text):
        if raw.lower() in ("no.", "nr.", "num."):
            out.append("number")  # 'no. of contracts' is a count, not a negation
            continue
        token = raw.rstrip(TRAILING) if len(raw) > 1 else raw
        if token.endswith("'s") and len(token) > 3:
            token = token[:-2]
        head, dash, tail = token.rpartition("-")
        if dash and head and tail.lower() in HYPHEN_TAILS:
            out += [head, tail]  # 'Delaware-law', 'US-based': two words
        elif token:
            out.append(token)
    return out


def correct(word: str, known: frozenset[str], vocabulary: tuple[str, ...]) -> str:
    """A vocabulary word for a likely typo (OSA distance 1, or 2 for long words), else the word itself.

    Only words the lexicon does not know are corrected, and only to a unique nearest vocabulary word, so a
    party name or an unrelated English word is left alone (it then shows up as ignored)."""
    if word in known or len(word) < 5 or not word.isalpha():
        return word
    limit = 1 if len(word) < 8 else 2
    # One C call over the vocabulary (a Python loop of OSA distances cost 4 ms a word: a long question of
    # unknown words took a second); hits come nearest first.
    hits = process.extract(word, vocabulary, scorer=OSA.distance, score_cutoff=limit, limit=None)
    found = [candidate for candidate, distance, _ in hits if distance == hits[0][1]] if hits else []
    return found[0] if len(found) == 1 else word
