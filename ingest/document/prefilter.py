"""A cheap, exact pre-check for case-insensitive regular expressions: the literals every match must contain.

`classify` runs ~80 case-insensitive patterns over every section; Python's `re` cannot use its fast literal
search for them, so each pattern costs a full scan even when its key word ("insurance", "escrow") never
occurs. `required_literals` reads a pattern's syntax tree and returns sets of lower-case strings such that
every match contains one string of each set; `fold` lower-cases text the way `re.IGNORECASE` compares ASCII letters
(simple case mapping plus `re`'s extra equivalences i/ı/İ and s/ſ), length-preserving. When no literal of
some set occurs in the folded text (`LiteralIndex.present`), the pattern cannot match and is skipped;
otherwise it runs as before, so results are identical by construction.
"""

from __future__ import annotations

import re
from re import _constants as c  # the parser's opcodes: private, pinned with the Python version
from re import _parser

# re.IGNORECASE treats these as the ASCII letters (re/_casefix.py); İ's str.lower() is two characters long
_FOLD = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s"})
_LETTERS = re.compile(r"[a-z]+")
_REPEATS = (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT)


def fold(text: str) -> str:
    """Lower-case `text` as `re.IGNORECASE` compares it with ASCII letters (same length as `text`)."""
    return text.translate(_FOLD).lower()


def required_literals(pattern: str) -> list[frozenset[str]]:
    """Requirements every case-insensitive match of `pattern` meets: for each set, the match contains one of
    its lower-case ASCII strings. Most selective first; empty when nothing is known."""
    found = _sequence(list(_parser.parse(pattern, re.IGNORECASE)))
    return sorted(set(found), key=_selectivity, reverse=True)


def _selectivity(options: frozenset[str]) -> tuple[int, int, tuple[str, ...]]:
    """Longer shortest literal first, then fewer alternatives (ties broken by text, for a stable order)."""
    return min(len(x) for x in options), -len(options), tuple(sorted(options))


def _sequence(items: list[tuple[object, object]]) -> list[frozenset[str]]:
    """All requirements of a sequence: its literal runs and its elements' requirements."""
    needs: list[frozenset[str]] = []
    run: list[str] = []
    for op, arg in items:
        if op is c.LITERAL and chr(arg).isascii():  # type: ignore[arg-type]
            run.append(chr(arg).lower())  # type: ignore[arg-type]
            continue
        if run:
            needs.append(frozenset({"".join(run)}))
            run = []
        needs.extend(_element(op, arg))
    if run:
        needs.append(frozenset({"".join(run)}))
    return needs


def _element(op: object, arg: object) -> list[frozenset[str]]:
    """What one non-literal element of a sequence requires (empty: nothing known)."""
    if op is c.SUBPATTERN:
        _group, add_flags, del_flags, sub = arg  # type: ignore[misc]
        return [] if (add_flags or del_flags) else _sequence(list(sub))
    if op is c.ATOMIC_GROUP:
        return _sequence(list(arg))  # type: ignore[call-overload]
    if op in _REPEATS:
        low, _high, sub = arg  # type: ignore[misc]
        return _sequence(list(sub)) if low >= 1 else []
    if op is c.BRANCH:  # each alternative must bring one of its own literals: their union is required
        alternatives = [_sequence(list(branch)) for branch in arg[1]]  # type: ignore[index]
        if not all(alternatives):
            return []
        return [frozenset().union(*(max(a, key=_selectivity) for a in alternatives))]
    return []  # classes, anchors, look-arounds, back-references: no literal requirement


class Prefiltered:
    """A compiled case-insensitive pattern and its required literals."""

    __slots__ = ("literals", "pattern")

    def __init__(self, pattern: str, flags: int = re.IGNORECASE) -> None:
        if not flags & re.IGNORECASE:
            raise ValueError("Prefiltered is for case-insensitive patterns")
        self.pattern = re.compile(pattern, flags)
        self.literals = required_literals(pattern)

    def possible(self, present: set[str]) -> bool:
        """False when a required literal set has no member in `present` (then the pattern cannot match)."""
        return all(not options.isdisjoint(present) for options in self.literals)

    def search(self, text: str, present: set[str]) -> bool:
        """True when the pattern matches `text`; `present` holds the literals found in `fold(text)`."""
        return self.possible(present) and self.pattern.search(text) is not None


class LiteralIndex:
    """Which of a fixed set of literals occur in a folded text, found word by word with a memo.

    A literal of lower-case ASCII letters only occurs inside one maximal run of such letters, so the letters
    runs of a text (a few dozen distinct ones per section) decide it; which literals each run contains is
    computed once per distinct run and remembered. Other literals ("/", "right,") are looked up directly.
    """

    def __init__(self, literals: set[str], memo_limit: int = 200_000) -> None:
        self.letters = frozenset(x for x in literals if _LETTERS.fullmatch(x))
        self.others = tuple(sorted(set(literals) - self.letters))
        self.memo: dict[str, frozenset[str]] = {}
        self.memo_limit = memo_limit

    def present(self, folded: str) -> set[str]:
        """The literals that occur in `folded` (a `fold`ed text)."""
        found: set[str] = {x for x in self.others if x in folded}
        memo = self.memo
        for run in set(_LETTERS.findall(folded)):
            hit = memo.get(run)
            if hit is None:
                if len(memo) >= self.memo_limit:  # a long-lived process: keep the memo bounded
                    memo.clear()
                hit = memo[run] = frozenset(x for x in self.letters if x in run)
            if hit:
                found |= hit
        return found


class PatternSet:
    """Named case-insensitive patterns; `matching(text)` gives the names with at least one matching pattern.

    Each pattern is indexed under the literals of its most selective requirement, so a text only tries the
    patterns one of whose key literals it contains (plus those with no requirement at all).
    """

    def __init__(self, named: list[tuple[str, str]], flags: int = re.IGNORECASE) -> None:
        self.patterns = [(name, Prefiltered(pattern, flags)) for name, pattern in named]
        self.index = LiteralIndex({x for _, p in self.patterns for options in p.literals for x in options})
        self.always = [i for i, (_, p) in enumerate(self.patterns) if not p.literals]
        self.by_literal: dict[str, list[int]] = {}
        for i, (_, p) in enumerate(self.patterns):
            for literal in p.literals[0] if p.literals else ():
                self.by_literal.setdefault(literal, []).append(i)

    def matching(self, text: str, skip: frozenset[str] = frozenset()) -> set[str]:
        """Names (other than `skip`) of which some pattern matches `text`."""
        present = self.index.present(fold(text))
        tried = set(self.always)
        for literal in present:
            tried.update(self.by_literal.get(literal, ()))
        found: set[str] = set()
        for i in sorted(tried):
            name, pattern = self.patterns[i]
            if name not in found and name not in skip and pattern.search(text, present):
                found.add(name)
        return found
