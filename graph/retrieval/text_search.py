"""Full-text search over the contracts' own text (docs/SEARCH.md): words and "quoted phrases", all of them in
one section, through the document layer's `section_text` index (English analyzer: "terminate" finds
"termination"), scoped by any ContractFilter. Returns the matching contracts with their number of matching
sections, most first, and the first few sections of each for snippets.

The query language is ours, not Lucene's: words and double-quoted phrases; every other character is a
literal (escaped with `core.vocab.escape_lucene`), so `title:x OR *` searches for those words and cannot form
an operator. What cannot be searched (nothing but stop words, an unclosed quote, too many terms) raises
FilterValidationError with the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from neo4j import Driver

from core.errors import FilterValidationError
from core.vocab import escape_lucene
from graph.query.compiler import CompiledQuery
from graph.query.filters import ContractFilter
from graph.retrieval.lucene import LUCENE_STOPWORDS
from graph.retrieval.search import scope_ids
from graph.server.db import read

QUERY_MAX = 200
TERMS_MAX = 8
CONTRACTS = 50  # contracts returned (the count covers all of them)
SECTIONS = 3  # sections per contract returned for snippets
TITLE = "coalesce(c.text_title, c.file_title, c.file_id)"

TEXT_SEARCH = """
CALL db.index.fulltext.queryNodes('section_text', $query) YIELD node, score
WHERE $file_ids IS NULL OR node.file_id IN $file_ids
WITH node, score ORDER BY score DESC
WITH node.file_id AS file_id, count(node) AS hits, max(score) AS best,
     collect(node {.number, .title, .text, .page})[..$sections] AS sections
ORDER BY hits DESC, best DESC, file_id
WITH collect({file_id: file_id, hits: hits, sections: sections}) AS found
WITH found, size(found) AS contracts, reduce(n = 0, f IN found | n + f.hits) AS sections_total
UNWIND (CASE WHEN contracts = 0 THEN [null] ELSE found[..$limit] END) AS f
OPTIONAL MATCH (c:Contract {file_id: f.file_id})
RETURN contracts, sections_total, f.file_id AS file_id, """ + TITLE + """ AS title, f.hits AS hits,
       f.sections AS sections
"""
_TOKEN = re.compile(r'"([^"]*)"|(\S+)')


@dataclass(frozen=True)
class Term:
    """One word or phrase of the query: its words as typed (lowercased)."""

    words: tuple[str, ...]

    @property
    def phrase(self) -> bool:
        return len(self.words) > 1

    def lucene(self) -> str:
        inner = " ".join(escape_lucene(w) for w in self.words)
        # A word the analyzer splits into parts ('non-compete') is a phrase too: unquoted, Lucene would OR its
        # parts ('non' or 'compete' anywhere in the section). A leading '-' or an apostrophe splits nothing.
        split = any(len(re.findall(r"[^\W_]+", re.sub(r"['’]", "", w))) > 1 for w in self.words)
        return f'"{inner}"' if self.phrase or split else inner

    def label(self) -> str:
        return f'"{" ".join(self.words)}"' if self.phrase else self.words[0]


@dataclass
class TextHits:
    """The contracts whose sections hold every term, their total, and the queries that ran."""

    terms: list[Term]
    contracts: int
    sections: int
    rows: list[dict[str, Any]]
    queries: list[CompiledQuery] = field(default_factory=list)


def _words(text: str) -> tuple[str, ...]:
    return tuple(w.lower() for w in re.findall(r"[\w'’.-]+", text) if any(ch.isalnum() for ch in w))


def parse_terms(text: str) -> list[Term]:
    """The query's words and phrases, or FilterValidationError saying why it cannot be searched."""
    text = " ".join(text.split())
    if not text:
        raise FilterValidationError("Text search: type a word or a \"quoted phrase\".", field="text_search")
    if len(text) > QUERY_MAX:
        raise FilterValidationError(f"Text search: at most {QUERY_MAX} characters.", field="text_search")
    if text.count('"') % 2:
        raise FilterValidationError("Text search: a quote is not closed; put a phrase between two \" marks.",
                                    field="text_search")
    terms: list[Term] = []
    for phrase, word in _TOKEN.findall(text):
        words = _words(phrase or word)
        if phrase:
            terms.append(Term(words)) if words else None
        else:
            terms.extend(Term((w,)) for w in words)
    kept = list(dict.fromkeys(t for t in terms if set(t.words) - LUCENE_STOPWORDS))
    if not kept:
        raise FilterValidationError("Text search: give at least one word that is not a common word like "
                                    "\"the\" or \"of\".", field="text_search")
    if len(kept) > TERMS_MAX:
        raise FilterValidationError(f"Text search: at most {TERMS_MAX} words or phrases.", field="text_search")
    return kept


def reading(terms: list[Term]) -> str:
    """What a search counts, in words: 'contracts whose text mentions "most favored nation"', or with several
    terms 'contracts with a section that mentions 'audit' and 'rights''."""
    labels = [t.label() if t.phrase else f"'{t.label()}'" for t in terms]
    if len(labels) == 1:
        return f"contracts whose text mentions {labels[0]}"
    return f"contracts with a section that mentions {', '.join(labels[:-1])} and {labels[-1]}"


def lucene_query(terms: list[Term]) -> str:
    """Every term required, in the section's text."""
    return "text:(" + " ".join(f"+{t.lucene()}" for t in terms) + ")"


def text_search(driver: Driver, text: str, f: ContractFilter | None = None, limit: int = CONTRACTS,
                database: str | None = None) -> TextHits:
    """The contracts (within the filter `f`) with a section holding every word and phrase of `text`."""
    terms = parse_terms(text)
    ids, ran = scope_ids(driver, f, None, database=database)
    params = {"query": lucene_query(terms), "file_ids": ids, "sections": SECTIONS, "limit": limit}
    rows = read(driver, TEXT_SEARCH, params, database)
    found = [r for r in rows if r["file_id"] is not None]
    total = rows[0]["contracts"] if rows else 0
    sections = rows[0]["sections_total"] if rows else 0
    return TextHits(terms, total, sections, found, [*ran, CompiledQuery(TEXT_SEARCH, params)])


def _pattern(term: Term) -> re.Pattern[str]:
    """Where a term is in a section's text: its words in order (any punctuation or spacing between them),
    each also with an ending (the index stems: "terminate" also finds "termination")."""
    stems = [re.escape(w[: max(4, len(w) - 2)] if len(w) > 4 else w) + r"\w*" for w in term.words]
    return re.compile(r"\b" + r"\W+".join(stems), re.IGNORECASE)


def snippet(text: str, terms: list[Term], width: int = 110) -> list[tuple[str, bool]]:
    """A piece of `text` around the first term found in it, as (text, is_match) parts for highlighting;
    the text's start when no term is found literally (the analyzer matched a form the pattern does not)."""
    spans = sorted(m.span() for t in terms for m in _pattern(t).finditer(text))
    if not spans:
        return [(text[: 2 * width] + ("…" if len(text) > 2 * width else ""), False)]
    start = max(0, spans[0][0] - width)
    end = min(len(text), spans[0][1] + width)
    parts: list[tuple[str, bool]] = [("…" if start else "", False)]
    at = start
    for a, b in spans:
        if a < at or b > end:
            continue
        parts += [(text[at:a], False), (text[a:b], True)]
        at = b
    parts += [(text[at:end], False), ("…" if end < len(text) else "", False)]
    return [(re.sub(r"\s+", " ", p), m) for p, m in parts if p]  # line breaks in the text: one space
