"""Clause retrieval with citations: what the contracts say, not only which contracts.

Hybrid search ranks sections by BM25 (full-text index on section title and text, English stemming; any
word of the question, plus the phrases contracts use for the CUAD category the question is about, see
`core.cuad_topics`; sections classified in that category are boosted) and, when a question vector is given
and sections have embeddings, by vector similarity; the lists are fused by reciprocal rank. When no question
vector joins and the best full-text score in scope, per query term (words and expansion phrases: BM25 sums
over terms, so longer queries score higher), is below `MIN_SCORE` (calibrated on dev contracts by
`python -m evals.retrieval --calibrate A`), nothing is returned and `not_addressed` says so; when the question is
about a category and none of the sections found is classified in it, they come with the `unclassified` caveat
(`graph.retrieval.notes`). Each hit is then expanded
recursively: the sections it references, the definitions of the terms it uses and the footnotes it cites,
up to `max_depth` hops, never visiting a section twice (cycles end), within a node and a character budget.
Defined terms the question names (the defined-term full-text index) are added when no hit led to them.
Every item says how it was reached.
The scope (one `file_id` and/or any ContractFilter) goes through the same compiler as every other reader.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from neo4j import Driver

from core.cuad_topics import question_category
from core.errors import NotFound
from graph.documents import cypher as q
from graph.query.compiler import CompiledQuery, compile_projection
from graph.query.filters import ContractFilter
from graph.retrieval.items import Budget, Item, definition_item, footnote_item, section_item
from graph.retrieval.lucene import (
    any_word_query,
    query_terms,
    question_topic,
    scoped_query,
    section_lucene_query,
)
from graph.retrieval.notes import not_addressed_sentence, unclassified_sentence
from graph.retrieval.terms import rank_terms
from graph.retrieval.topics import LOOKALIKE_CHARS, lookalike_pattern
from graph.server.db import read

RRF_K = 60
BOOST_FACTOR = 2.0  # the score factor of classified sections (the fragment document_queries.CATEGORY_BOOST)
# The best boosted full-text score per query term below which nothing in scope addresses the question. On the
# dev split A it keeps 98.7% of (contract, category) pairs with a labelled clause and cuts 36% of the pairs
# without one (evals/results/retrieval.json, "calibration").
MIN_SCORE = 0.2
HITS = 5
MAX_DEPTH = 3
MAX_NODES = 40
MAX_CHARS = 16_000
TERM_HITS = 2
NOT_SCOPE = {"limit", "offset", "sort_by", "sort_order", "group_by", "metric", "agg_order", "agg_limit", "as_of"}
Key = tuple[str, str]


@dataclass
class ClauseResult:
    """Retrieved items in order (hits first, then what they lead to) and how they were found."""

    question: str
    items: list[Item]
    method: str
    scope: list[str] | None
    truncated: bool = False
    queries: list[CompiledQuery] = field(default_factory=list)
    # Set when nothing in scope scores high enough to answer: a sentence such as 'No section of this
    # contract addresses "non-compete".' shown instead of the best of nothing (items then empty).
    not_addressed: str | None = None
    # Set when the question is about a CUAD category and none of the sections found is classified in it: a
    # caveat shown above them (graph.retrieval.notes.unclassified_sentence).
    unclassified: str | None = None

    def citations(self) -> str:
        """The items as citations, e.g. `§6.3, §7.4, definition of "CCO" (§1.1)`, per document."""
        files = list(dict.fromkeys(item.file_id for item in self.items))
        parts = []
        for file_id in files:
            cites = ", ".join(i.cite() for i in self.items if i.file_id == file_id)
            parts.append(f"{cites} [{file_id}]" if len(files) > 1 else cites)
        return "; ".join(parts)


def _has_scope(f: ContractFilter) -> bool:
    """Whether the filter restricts contracts at all (paging, sorting and grouping fields do not)."""
    return bool(set(f.describe()) - NOT_SCOPE)


def scope_ids(driver: Driver, f: ContractFilter | None, file_id: str | None, today: date | None = None,
              database: str | None = None) -> tuple[list[str] | None, list[CompiledQuery]]:
    """The file_ids the search may return (None: every document) and the queries that decided it."""
    ids: list[str] | None = None
    ran: list[CompiledQuery] = []
    if file_id:
        if not read(driver, q.CONTRACT_EXISTS, {"file_id": file_id}, database):
            raise NotFound(f"No contract with file_id '{file_id[:200]}'.")
        ids = [file_id]
    if f is not None and _has_scope(f):
        head = compile_projection(f, today)
        scoped = CompiledQuery(head.cypher + "\nRETURN c.file_id AS file_id", head.params)
        found = [r["file_id"] for r in read(driver, scoped.cypher, scoped.params, database)]
        ids = found if ids is None else [i for i in ids if i in found]
        ran.append(scoped)
    return ids, ran


def fuse(ranked: list[list[Key]], limit: int) -> list[tuple[Key, float]]:
    """Reciprocal rank fusion: sum of 1 / (RRF_K + rank) over the lists, best first."""
    scores: dict[Key, float] = {}
    for keys in ranked:
        for rank, key in enumerate(keys, start=1):
            scores[key] = scores.get(key, 0.0) + 1.0 / (RRF_K + rank)
    return sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]


def category_params(question: str) -> dict[str, Any]:
    """The parameters of `document_queries.CATEGORY_BOOST` for a question (its CUAD category and the factor) and
    of the look-alike filter of `SECTION_SEARCH` (a short section that is only the category's look-alike
    boilerplate, "The headings ... are for convenience only", is no hit)."""
    category = question_category(question)
    return {"category": category, "boost": BOOST_FACTOR, "lookalike": lookalike_pattern(category),
            "lookalike_chars": LOOKALIKE_CHARS}


@dataclass
class Ranking:
    """The fused top sections, how they were ranked, the queries run, the best boosted full-text score
    divided by the number of query terms (None when a vector ranking joined: the threshold does not apply), and
    whether any full-text hit is classified in the question's category (None when it has no category)."""

    hits: list[tuple[Key, float]]
    method: str
    queries: list[CompiledQuery]
    best_per_term: float | None
    classified: bool | None = None


def search_sections(driver: Driver, question: str, scope: list[str] | None, k: int = HITS,
                    vector: list[float] | None = None, database: str | None = None) -> Ranking:
    """The fused top-`k` sections for the question, a description of the method, and the queries run."""
    boost = category_params(question)
    category = boost["category"]
    queries = [CompiledQuery(q.SECTION_SEARCH, {"query": scoped_query(section_lucene_query(question), scope),
                                                "file_ids": scope, "k": k * 4, **boost})]
    method = "full-text (BM25, English stemming, any word) on section titles and text"
    if category:
        method += f"; about {category}: its contract phrases searched too, sections classified so boosted"
    if vector is not None and read(driver, q.HAS_SECTION_EMBEDDINGS, {}, database):
        candidates = k * 4 if scope is None else k * 40
        queries.append(CompiledQuery(q.SECTION_VECTOR_SEARCH, {"vector": vector, "candidates": candidates,
                                                               "file_ids": scope, "k": k * 4}))
        method += " + vector (section embeddings), fused by reciprocal rank"
    rows = [read(driver, c.cypher, c.params, database) for c in queries]
    ranked = [[(r["file_id"], r["number"]) for r in found] for found in rows]
    best = max((r["score"] for r in rows[0]), default=0.0) / query_terms(question) if len(rows) == 1 else None
    # CATEGORY_BOOST multiplies a classified section's score: a boosted row is one classified in the category
    classified = any(r["score"] > r["text_score"] for r in rows[0]) if category else None
    return Ranking(fuse(ranked, k), method, queries, best, classified)


def _stems(text: str) -> set[str]:
    return {w.lower().rstrip("s") for w in re.findall(r"\w+", text)}


def search_terms(driver: Driver, question: str, scope: list[str] | None, k: int = TERM_HITS,
                 database: str | None = None) -> tuple[list[dict[str, Any]], CompiledQuery]:
    """Defined terms the question names (every word of the term, plural or not, is in the question)."""
    query = CompiledQuery(q.TERM_SEARCH, {"query": any_word_query(question, "term"), "file_ids": scope,
                                          "k": k * 10})
    asked = _stems(question)
    rows = [r for r in read(driver, query.cypher, query.params, database) if _stems(r["term"]) <= asked]
    return rows[:k], query


def _leaves(row: dict[str, Any], parent: Item, seen: set[tuple[str, str, str]]) -> list[Item]:
    """Definitions of the terms a section uses (`graph.retrieval.terms`: at most 3, ranked) and its footnotes."""
    found = []
    for term in rank_terms(row):
        if ("term", row["file_id"], term["term"]) not in seen:
            seen.add(("term", row["file_id"], term["term"]))
            found.append(definition_item(row["file_id"], term, parent))
    for note in row["footnotes"]:
        if ("note", row["file_id"], str(note["number"])) not in seen:
            seen.add(("note", row["file_id"], str(note["number"])))
            found.append(footnote_item(row["file_id"], note, parent))
    return found


@dataclass
class _Walk:
    """State of one expansion: the budget, what was visited (sections, terms, footnotes) and the items."""

    budget: Budget
    seen: set[tuple[str, str, str]]
    items: list[Item] = field(default_factory=list)


Pending = tuple[Key, Item | None, str, float | None]  # section, reached from, reference text, hit score


def _level(driver: Driver, frontier: list[Pending], walk: _Walk, last: bool, database: str | None) -> list[Pending]:
    """Visit one depth: its sections (within budget), then their definitions and footnotes; returns the
    sections they reference that were never visited (nothing on the `last` level)."""
    keys = [{"file_id": f, "number": n} for (f, n), *_ in frontier]
    rows = {(r["file_id"], r["number"]): r for r in read(driver, q.SECTION_EXPANSION, {"keys": keys}, database)}
    level, leaves, following = [], [], []
    for key, parent, ref_text, score in frontier:
        row = rows.get(key)
        item = walk.budget.take(section_item(row, parent, ref_text, score)) if row else None
        if item is None or last:
            level += [item] if item else []
            continue
        level.append(item)
        leaves += _leaves(row, item, walk.seen)
        for ref in row["references"]:
            target = ("section", key[0], ref["number"])
            if target not in walk.seen:
                walk.seen.add(target)
                following.append(((key[0], ref["number"]), item, ref["text"], None))
    walk.items += level + [taken for leaf in leaves if (taken := walk.budget.take(leaf)) is not None]
    return following


def _term_hits(terms: list[dict[str, Any]], walk: _Walk) -> list[Item]:
    """Definitions found by name that no hit section led to already."""
    found = []
    for term in terms:
        if ("term", term["file_id"], term["term"]) not in walk.seen:
            walk.seen.add(("term", term["file_id"], term["term"]))
            item = walk.budget.take(definition_item(term["file_id"], term, None, term["score"]))
            found += [item] if item else []
    return found


def expand(driver: Driver, hits: list[tuple[Key, float]], max_depth: int = MAX_DEPTH, budget: Budget | None = None,
           term_hits: list[dict[str, Any]] | None = None, database: str | None = None) -> tuple[list[Item], bool]:
    """Breadth-first from the hits through REFERENCES (each section once), adding each visited section's
    term definitions and footnotes; stops at `max_depth` hops or when the budget is spent. Definitions found
    by name (`term_hits`) follow the hits unless a hit led to them."""
    walk = _Walk(budget or Budget(MAX_NODES, MAX_CHARS), {("section", *key) for key, _ in hits})
    frontier: list[Pending] = [(key, None, "", score) for key, score in hits]
    for depth in range(max_depth + 1):
        if frontier and not walk.budget.spent:
            frontier = _level(driver, frontier, walk, depth == max_depth, database)
        if depth == 0:
            walk.items += _term_hits(term_hits or [], walk)
    return walk.items, walk.budget.spent


def clause_search(driver: Driver, question: str, *, file_id: str | None = None, scope: ContractFilter | None = None,
                  vector: list[float] | None = None, hits: int = HITS, max_depth: int = MAX_DEPTH,
                  max_nodes: int = MAX_NODES, max_chars: int = MAX_CHARS, today: date | None = None,
                  database: str | None = None) -> ClauseResult:
    """Sections answering `question` within the scope, expanded through references, definitions and footnotes."""
    ids, ran = scope_ids(driver, scope, file_id, today, database)
    if ids == []:
        return ClauseResult(question, [], "no contract matches the scope", ids, queries=ran)
    if not read(driver, q.ANY_LAYER, {}, database):
        return ClauseResult(question, [], "no document layer in the graph (python -m ingest load-texts)", ids,
                            queries=ran)
    ranking = search_sections(driver, question, ids, hits, vector, database)
    if ranking.best_per_term is not None and (not ranking.hits or ranking.best_per_term < MIN_SCORE):
        method = ranking.method + f"; best score per query term {ranking.best_per_term:.2f} below {MIN_SCORE}"
        return ClauseResult(question, [], method, ids, queries=[*ran, *ranking.queries],
                            not_addressed=not_addressed_sentence(question_topic(question), ids, file_id))
    terms, term_query = search_terms(driver, question, ids, database=database)
    items, truncated = expand(driver, ranking.hits, max_depth, Budget(max_nodes, max_chars), terms, database)
    method = ranking.method + f"; defined terms the question names (best {TERM_HITS})"
    caveat = unclassified_sentence(question_topic(question), ids, file_id) if ranking.classified is False else None
    return ClauseResult(question, items, method, ids, truncated, [*ran, *ranking.queries, term_query],
                        unclassified=caveat if items else None)
