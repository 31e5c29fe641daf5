"""Party names in a question, matched against the graph's party names and aliases (passed in as data).

A span of the question's unconsumed words matches a party when its words appear in order in one of the
party's spellings (legal suffixes ignored), when it is the party's acronym typed in capitals ('IBM'), or,
for a single word, within a small edit distance of a word of the party's name (typos). One matching party
gives its name as the filter fragment; several give a clarifying question (unless the span is exactly one of
their full names).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rapidfuzz import fuzz, process

from agent.question.lexicon import COUNTRY_NAMES, SUBDIVISIONS
from agent.question.scan import Scan
from core.names import BANK_FORMS, COMMON_WORD_FORMS, LEGAL_FORMS

WORD = re.compile(r"[a-z0-9&]+")
# Words a typed span and a party's spellings are compared without (a typed "as" stays a word).
SUFFIXES = (LEGAL_FORMS - COMMON_WORD_FORMS) | BANK_FORMS | {"the"}
# Words too common to name a party alone (nor to be corrected as a typo of one).
GENERIC = LEGAL_FORMS | frozenset("""group the technologies holdings management
capital fund gp partners international of & pharmaceuticals a technology services life bank and systems
solutions energy national investment financial insurance global trust holding america
communications usa media american enterprises advisors information network new north south east west
first united general health healthcare medical software digital mobile data products industries systems
partnership services service supply license distribution marketing entertainment sports""".split())
FUZZY_CUTOFF = 85.0  # one transposed pair in a seven-letter name (Netgaer) scores 85.7
PLACES = frozenset(COUNTRY_NAMES) | frozenset(SUBDIVISIONS)
MAX_SPAN = 8
# Typo lookups (a rapidfuzz pass over every party word) per pass over a question: real questions name one to three
# parties; a long question of unknown words stays fast, and its other unknown words are left over (ignored,
# which makes the parser refuse), as any unknown name is.
MAX_FUZZY_WORDS = 12


def words_of(text: str) -> list[str]:
    """Lower-case words with dots removed ('N.A.' -> 'na', 'L.L.C.' -> 'llc')."""
    return WORD.findall(text.lower().replace(".", "").replace("'", ""))


def core(words: list[str]) -> list[str]:
    kept = [w for w in words if w not in SUFFIXES]
    return kept or words


@dataclass
class PartyEntry:
    name: str
    contract_count: int
    spellings: list[list[str]]
    acronyms: set[str]
    raw: list[list[str]] = field(default_factory=list)


@dataclass
class PartyDirectory:
    """Every party's name, aliases and contract count, indexed by word for span lookups."""

    entries: list[PartyEntry] = field(default_factory=list)
    by_word: dict[str, set[int]] = field(default_factory=dict)
    vocabulary: list[str] = field(default_factory=list)
    fuzzy_cache: dict[str, frozenset[int]] = field(default_factory=dict)  # typo lookups, the slow part

    @classmethod
    def build(cls, rows: Iterable[Mapping[str, Any]]) -> PartyDirectory:
        """From rows {name, aliases, contract_count} (graph.reads.repository.party_directory)."""
        entries, by_word = [], defaultdict(set)
        for row in rows:
            name = str(row.get("name") or "").strip()
            if not name:
                continue
            raw = [words_of(s) for s in dict.fromkeys([name, *(row.get("aliases") or [])]) if s]
            raw = [s for s in raw if s]
            spellings = [core(s) for s in raw]
            acronyms = {"".join(w[0] for w in s) for s in spellings if 2 <= len(s) <= 5}
            index = len(entries)
            entries.append(PartyEntry(name, int(row.get("contract_count") or 0), spellings, acronyms, raw))
            for spelling in spellings:
                for word in spelling:
                    by_word[word].add(index)
        return cls(entries, dict(by_word), sorted(by_word))

    def first_word(self, index: int, word: str) -> bool:
        return any(s and s[0] == word for s in self.entries[index].spellings) or \
            any(s and len(s) > 1 and s[0] in ("the", "a") and s[1] == word for s in self.entries[index].raw)

    def _contiguous(self, span: list[str]) -> set[int]:
        found: set[int] = set()
        for index in self.by_word.get(span[0], ()):
            for spelling in self.entries[index].spellings:
                n = len(span)
                if any(spelling[i:i + n] == span for i in range(len(spelling) - n + 1)):
                    found.add(index)
                    break
        return found

    def _exact(self, typed: list[str], span: list[str], candidates: set[int]) -> set[int]:
        """Candidates whose full spelling is exactly what was typed (with its legal suffix, else without)."""
        raw = {i for i in candidates if any(s == typed for s in self.entries[i].raw)}
        if len(raw) == 1:
            return raw
        return {i for i in candidates if any(s == span for s in self.entries[i].spellings)}

    def _typed_in_full(self, index: int, raw: list[str]) -> bool:
        """The entity's whole name as typed ('The Blackstone Group Inc.': the question's 'the' is filler)."""
        return any(s == raw or (s[:1] == ["the"] and s[1:] == raw) for s in self.entries[index].raw)

    @staticmethod
    def _may_fuzz(word: str, fuzzed: set[str] | None) -> bool:
        if fuzzed is None or word in fuzzed or len(word) < 5 or word in GENERIC:
            return True  # no limit asked, already counted, or too short / generic to be looked up at all
        if len(fuzzed) >= MAX_FUZZY_WORDS:
            return False
        fuzzed.add(word)
        return True

    def _fuzzy_word(self, word: str) -> set[int]:
        if len(word) < 5 or word in GENERIC:
            return set()
        if word not in self.fuzzy_cache:
            hits = process.extract(word, self.vocabulary, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF, limit=3)
            best = hits[0][1] if hits else 0
            self.fuzzy_cache[word] = frozenset(i for w, score, _ in hits if score == best and w not in GENERIC
                                               for i in self.by_word[w])
        return set(self.fuzzy_cache[word])

    def match(self, typed: list[str], capitals: bool,
              fuzzed: set[str] | None = None) -> tuple[set[int], str]:
        """Parties matching the typed words, and how ('exact' | 'words' | 'acronym' | 'fuzzy' | ''). `fuzzed`
        collects the words looked up by typo so far in this question (at most MAX_FUZZY_WORDS)."""
        raw = words_of(" ".join(typed))
        span = core(raw)
        if not span or (len(span) == 1 and span[0] in GENERIC):
            return set(), ""
        found = self._contiguous(span)
        if found:
            exact = self._exact(raw, span, found)
            # 'VerticalNet' is the core name of VerticalNet, Inc. and part of VerticalNet Enterprises LLC: two
            # readings with different counts, so it asks; typed in full ('VerticalNet, Inc.') it is the one.
            if len(exact) == 1 and (len(found) == 1 or self._typed_in_full(min(exact), raw)):
                return exact, "exact"
            return found, "words"
        if len(span) == 1 and capitals and len(span[0]) >= 3:
            acro = {i for i, e in enumerate(self.entries) if span[0] in e.acronyms}
            if acro:
                return acro, "acronym"
        if len(span) == 1 and self._may_fuzz(span[0], fuzzed):
            fuzzy = self._fuzzy_word(span[0])
            if fuzzy:
                return fuzzy, "fuzzy"
        return set(), ""


def _known() -> frozenset[str]:
    from agent.question.words import KNOWN  # the word lists import the extractors, this module among them

    return KNOWN


def _distinctive(word: str, typed: str, known: frozenset[str]) -> bool:
    """A word that can carry a name: letters, and capitalised as typed or not a word the parser knows."""
    return any(ch.isalpha() for ch in word) and len(word) >= 2 and (typed[:1].isupper() or word not in known)


@dataclass
class PartyMatch:
    start: int
    end: int
    parties: list[PartyEntry]
    how: str


def find_parties(scan: Scan, directory: PartyDirectory | None, skip: frozenset[str],
                 multiword_only: bool = False) -> list[PartyMatch]:
    """Longest spans of unconsumed words naming parties, left to right (words in `skip` never start or end
    a span). With multiword_only, only spans of two or more words that match exactly (run before the
    country words, so 'Bank of America' is not read as 'America')."""
    if directory is None or not directory.entries:
        return []
    out: list[PartyMatch] = []
    known, fuzzed = _known(), set[str]()
    # Once per token, not once per (span, token): a 2,000-character question has hundreds of tokens.
    distinctive = [_distinctive(word, typed, known) for word, typed in zip(scan.words, scan.original, strict=True)]
    for run_start, run_end in scan.free_runs():
        i = run_start
        while i < run_end:
            hit = None
            for j in range(min(run_end, i + MAX_SPAN), i, -1):
                if scan.words[i] in skip or scan.words[j - 1] in skip:
                    continue
                if multiword_only and j - i < 2:
                    break
                typed = scan.original[i:j]
                if " ".join(scan.words[i:j]) in PLACES:
                    continue  # a country or state name is read as a place, not as part of a party name
                if not any(distinctive[i:j]):
                    continue  # '3 franchise': numbers and vocabulary words alone never make a name
                if i == 0 and j == 1 and scan.words[0] in known:
                    continue  # a sentence's capitalised first word ('Compare ...') is no name by that alone
                capitals = len(typed) == 1 and typed[0].isupper()
                found, how = directory.match(typed, capitals, fuzzed)
                if found and j - i == 1 and typed[0].islower():
                    # A lower-case single word names a party only as the first word of its name ('cisco',
                    # 'netgear'), not as a word inside one ('two' in SQUARE TWO GOLF, 'athletes').
                    found = {k for k in found if directory.first_word(k, words_of(typed[0])[0])}
                if found and (not multiword_only or how in ("exact", "words")):
                    hit = PartyMatch(i, j, sorted((directory.entries[k] for k in found),
                                                  key=lambda e: (-e.contract_count, e.name)), how)
                    break
            if hit:
                out.append(hit)
                i = hit.end
            else:
                i += 1
    return out


INVOLVE = frozenset({"involve", "involves", "involved", "involving", "any"})


def any_entity(m: PartyMatch, scan: Scan, typed: str) -> bool:
    """'agreements involving Federated', 'with any Federated entity': every entity that carries the name, which
    the typed name as a fragment matches (the filter's `parties` is a substring over names and aliases)."""
    cue = any(word in INVOLVE for word in scan.words[max(0, m.start - 2):m.start]) or \
        any(word == "entity" or word == "entities" for word in scan.words[m.end:m.end + 1])
    # 'The Blackstone Group': capitalised words around the match continue the name; it may be one entity
    around = scan.original[m.start - 1:m.start] + scan.original[m.end:m.end + 1]
    if any(t[:1].isupper() for t in around):
        return False
    fragment = typed.lower()
    return cue and m.how in ("exact", "words") and len(fragment) >= 3 and all(
        fragment in e.name.lower() for e in m.parties)
