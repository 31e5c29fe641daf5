"""Clause review over a set of contracts: for each contract in scope, the section that best answers a
clause question, with a short quote.

A question about a CUAD category ("termination for convenience", `core.cuad_topics`) lists only the sections the
clause classifier put in that category's found or possible band (ingest.clause_model.bands), the found band first,
each with its probability; a contract with neither is not listed. Any other question ranks sections by the
section full-text index (the same Lucene query as clause search) and carries no band. One parameterized read
returns the number of contracts listed and the best `cap` of them, so a page can say when the list was cut. The
scope is any ContractFilter, decided by `graph.retrieval.search.scope_ids` (the compiler, as every other reader).
`word_pattern` / `quote` are pure helpers the dashboard also uses to highlight the question's words.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from neo4j import Driver

from core.errors import FilterValidationError
from core.text_safety import csv_row
from graph.documents.cypher import CATEGORY_BOOST, SECTION_HIT_FILTER
from graph.query.compiler import CompiledQuery
from graph.query.filters import ContractFilter
from graph.retrieval.lucene import content_words, scoped_query, section_lucene_query
from graph.retrieval.search import category_params, scope_ids
from graph.server.db import read

ROW_CAP = 1000
QUOTE_CHARS = 280
MIN_ROOT = 3
SHORT_SECTION = 300
HEADING_SLACK = 24  # characters a heading's title may start after (its number, 'Section', 'ARTICLE')
CSV_COLUMNS = ("file_id", "contract_title", "section", "section_title", "band", "score", "quote")
BANDS = ("found", "possible")  # ingest.clause_model.bands; a review by category lists these, found first
# Best-scoring section per contract in scope (ties: reading order), every matching contract counted,
# the best `$cap` returned. `$file_ids` NULL means every contract. Scores carry clause search's category
# boost, so the section chosen here is the one clause search would rank first in that contract.
CLAUSE_REVIEW = """
CALL db.index.fulltext.queryNodes('section_text', $query) YIELD node, score
WHERE """ + SECTION_HIT_FILTER + """
WITH node, """ + CATEGORY_BOOST + """ AS score ORDER BY score DESC, node.ordinal
WITH node.file_id AS file_id, collect(node)[0] AS best, max(score) AS score, count(*) AS sections
ORDER BY score DESC, file_id
WITH collect({file_id: file_id, best: best, score: score, sections: sections}) AS found
UNWIND found[0..$cap] AS hit
WITH size(found) AS total, hit, hit.best AS best
MATCH (c:Contract {file_id: hit.file_id})
WITH total, collect({file_id: c.file_id, title: coalesce(c.title, c.file_id), parties: coalesce(c.party_names, []),
       number: best.number, section_title: best.title, text: best.text, page: best.page, score: hit.score,
       sections: hit.sections,
       children: COLLECT { MATCH (best)-[:HAS_SUBSECTION]->(ch:Section) RETURN ch.text ORDER BY ch.ordinal LIMIT 4 }
      }) AS rows
RETURN total, rows
"""
# By category: every section linked to $category in one of $bands, the best per contract (found before possible,
# then the higher probability, then reading order); the rows as CLAUSE_REVIEW's, with the band.
CLAUSE_REVIEW_BANDED = """
MATCH (node:Section)-[r:IS_CLAUSE_OF_TYPE]->(:ClauseType {name: $category})
WHERE ($file_ids IS NULL OR node.file_id IN $file_ids) AND r.band IN $bands
WITH node, r.band AS band, coalesce(r.score, 1.0) AS score
ORDER BY CASE band WHEN 'found' THEN 0 ELSE 1 END, score DESC, node.ordinal
WITH node.file_id AS file_id, collect({node: node, band: band, score: score})[0] AS top, count(*) AS sections
ORDER BY CASE top.band WHEN 'found' THEN 0 ELSE 1 END, top.score DESC, file_id
WITH collect({file_id: file_id, best: top.node, band: top.band, score: top.score, sections: sections}) AS found
UNWIND found[0..$cap] AS hit
WITH size(found) AS total, hit, hit.best AS best
MATCH (c:Contract {file_id: hit.file_id})
WITH total, collect({file_id: c.file_id, title: coalesce(c.title, c.file_id), parties: coalesce(c.party_names, []),
       number: best.number, section_title: best.title, text: best.text, page: best.page, score: hit.score,
       band: hit.band, sections: hit.sections,
       children: COLLECT { MATCH (best)-[:HAS_SUBSECTION]->(ch:Section) RETURN ch.text ORDER BY ch.ordinal LIMIT 4 }
      }) AS rows
RETURN total, rows
"""
# Words of a question's frame ("what does it say about ...") that the search keeps but are not worth marking.
_FILLER = frozenset({"about", "regarding", "concerning", "say", "says", "provide", "provides"})
_SUFFIXES = ("ations", "ation", "ings", "ing", "ions", "ion", "ies", "ied", "ed", "es", "s", "e", "y")


@dataclass(frozen=True)
class ReviewRow:
    """One contract and the section that best matches the question."""

    file_id: str
    title: str
    parties: list[str]
    section: str
    section_title: str
    page: int | None
    score: float
    quote: str
    sections: int  # how many of its sections match at all (by category: are in a band)
    band: str | None = None  # found / possible (a review by category), None (ranked by words)

    def cite(self) -> str:
        return f"§{self.section}" if self.section[:1].isdigit() else self.section


@dataclass
class ClauseReview:
    """The rows (best first), how many contracts matched in all, and the queries that ran."""

    question: str
    rows: list[ReviewRow]
    total: int
    scope: list[str] | None
    queries: list[CompiledQuery] = field(default_factory=list)
    category: str | None = None  # the CUAD category the rows are banded by; None: ranked by words only

    @property
    def capped(self) -> bool:
        return self.total > len(self.rows)


def _root(word: str) -> str:
    """A crude stem for highlighting only ('governing' -> 'govern', 'laws' -> 'law'); the index stems itself."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= MIN_ROOT:
            return word[: -len(suffix)]
    return word


def word_pattern(question: str) -> re.Pattern[str] | None:
    """Whole words of a text that start with a root of one of the question's words (None: no words)."""
    roots = sorted({_root(w) for w in content_words(question) if w not in _FILLER}, key=len, reverse=True)
    if not roots:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(r) for r in roots) + r")[\w'’]*", re.IGNORECASE)


def quote(text: str, question: str, limit: int = QUOTE_CHARS) -> str:
    """A window of `text` (whitespace collapsed) around the first word matching the question, with ellipses
    where it was cut; the start of the text when no word matches."""
    flat = " ".join((text or "").split())
    if len(flat) <= limit:
        return flat
    pattern = word_pattern(question)
    hit = pattern.search(flat) if pattern else None
    start = 0 if hit is None else max(0, hit.start() - limit // 3)
    if start:  # begin at the sentence holding the match when it starts close enough, else at a word
        sentence = flat.rfind(". ", max(0, hit.start() - limit // 2), hit.start())
        space = flat.find(" ", start)
        start = sentence + 2 if sentence >= 0 else (space + 1 if 0 <= space < hit.start() else start)
    end = min(len(flat), start + limit)
    piece = flat[start:end].strip()
    return ("…" if start else "") + piece + ("…" if end < len(flat) else "")


def check_question(question: str | None) -> str:
    """The question stripped; FilterValidationError (a one-line message) when it is empty or has only common
    words ("the", "what", "contract", ...), which no search can match."""
    question = (question or "").strip()
    if not question:
        raise FilterValidationError("Type a question, e.g. “termination for convenience”.", field="question")
    if not content_words(question):
        raise FilterValidationError(f"“{question[:80]}” has only common words; name the clause, e.g. “governing "
                                    "law” or “termination for convenience”.", field="question")
    return question


def without_heading(text: str, title: str) -> str:
    """The text after its own heading ("14.5 Force Majeure. Both Parties ..." -> "Both Parties ..."): the
    quote sits next to the section's number and title, so repeating them wastes its room."""
    if not title:
        return text
    at = text.casefold().find(title.casefold(), 0, HEADING_SLACK + len(title))
    if at < 0:
        return text
    rest = text[at + len(title):].lstrip(" .:-–—\n\t")
    return rest or text


def review_row(row: dict[str, Any], question: str) -> ReviewRow:
    """One row of the reads above as a ReviewRow: a heading-only section quotes its subsections too."""
    title = (row["section_title"] or "").strip()
    text = (row["text"] or "").strip()
    if len(text) < SHORT_SECTION:  # a heading-only section ("17. GOVERNING LAW"): quote its subsections too
        text = " ".join([text, *(c for c in row["children"] if c)])
    text = without_heading(text, title)
    pattern = word_pattern(question)
    # A title that names the clause says where the match is: the quote then reads from the start of the body.
    asked = "" if pattern and pattern.search(title) else question
    return ReviewRow(row["file_id"], row["title"], list(row["parties"]), row["number"], title, row["page"],
                     float(row["score"]), quote(text, asked), int(row["sections"]), row.get("band"))


def clause_review(driver: Driver, question: str, scope: ContractFilter | None = None, cap: int = ROW_CAP,
                  today: date | None = None, database: str | None = None) -> ClauseReview:
    """The best section of every contract in `scope` that has one (at most `cap`, best first): by the question's
    CUAD category, its found or possible sections; else by full-text match. Raises FilterValidationError when
    the question has no content word."""
    question = check_question(question)
    if not 1 <= cap <= ROW_CAP:
        raise FilterValidationError(f"cap must be between 1 and {ROW_CAP}.", field="cap")
    ids, ran = scope_ids(driver, scope, None, today, database)
    params = category_params(question)
    category = params["category"]
    if ids == []:
        return ClauseReview(question, [], 0, ids, ran, category)
    if category:
        query = CompiledQuery(CLAUSE_REVIEW_BANDED, {"category": category, "bands": list(BANDS), "file_ids": ids,
                                                     "cap": cap})
    else:
        query = CompiledQuery(CLAUSE_REVIEW, {"query": scoped_query(section_lucene_query(question), ids),
                                              "file_ids": ids, "cap": cap, **params})
    found = read(driver, query.cypher, query.params, database)  # no row at all when nothing matched
    rows, total = (found[0]["rows"], int(found[0]["total"])) if found else ([], 0)
    return ClauseReview(question, [review_row(r, question) for r in rows], total, ids, [*ran, query], category)


def review_csv(review: ClauseReview) -> str:
    """The clause review table as CSV: one row per contract (file_id, contract title, section, section title,
    band, score, quote; band is empty for a question ranked by words, whose score is its full-text relevance);
    a cell a spreadsheet would read as a formula starts with an apostrophe."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS)
    writer.writeheader()
    for row in review.rows:
        writer.writerow(csv_row({"file_id": row.file_id, "contract_title": row.title, "section": row.cite(),
                                 "section_title": row.section_title, "band": row.band or "",
                                 "score": f"{row.score:.4f}", "quote": row.quote}))
    return out.getvalue()
