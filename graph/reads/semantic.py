"""Semantic contract search next to the compiler: the hits of the full-text index `contract_text` or the
vector index `contract_embedding`, intersected with a compiled ContractFilter, so counts and aggregations
use the same Cypher as every other reader, restricted to the hits (agent/semantic.py picks the index).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from neo4j import Driver

from core.errors import FilterValidationError
from core.vocab import escape_lucene
from graph.query.compiler import (
    CONTRACT_ROW,
    FULLTEXT_INDEX,
    CompiledQuery,
    compile_aggregation,
    compile_count,
    compile_projection,
)
from graph.query.filters import ContractFilter
from graph.query.status import row_fields
from graph.reads.repository import SearchResult
from graph.server.db import read

VECTOR_INDEX = "contract_embedding"
FULLTEXT_HITS = 100
VECTOR_HITS = 25
FULLTEXT = (f"CALL db.index.fulltext.queryNodes('{FULLTEXT_INDEX}', $query) YIELD node, score\n"
            "RETURN node.file_id AS file_id, score ORDER BY score DESC LIMIT $k")
VECTOR = (f"CALL db.index.vector.queryNodes('{VECTOR_INDEX}', $k, $embedding) YIELD node, score\n"
          "RETURN node.file_id AS file_id, score")
HAS_EMBEDDINGS = "MATCH (c:Contract) WHERE c.embedding IS NOT NULL RETURN c.file_id AS file_id LIMIT 1"
RANKED_PAGE = ("\nWITH c, $hit_scores[c.file_id] AS score\nORDER BY score DESC, c.file_id ASC\n"
               "SKIP $offset LIMIT $limit\n")


def any_word_query(text: str) -> str:
    """Lucene query matching any of the words (escaped, so input cannot form operators)."""
    words = [w.lower() for w in text.split() if any(ch.isalnum() for ch in w)]
    if not words:
        raise FilterValidationError("summary_search: give at least one word.", field="summary_search")
    return " ".join(escape_lucene(w) for w in words)


def has_contract_embeddings(driver: Driver, database: str | None = None) -> bool:
    """True once some contract carries an embedding (the vector index has something to find)."""
    return bool(read(driver, HAS_EMBEDDINGS, {}, database))


def fulltext_hits(text: str) -> CompiledQuery:
    """The best FULLTEXT_HITS contracts whose summary or scope contains any of the words."""
    return CompiledQuery(FULLTEXT, {"query": any_word_query(text), "k": FULLTEXT_HITS})


def vector_hits(embedding: list[float]) -> CompiledQuery:
    """The VECTOR_HITS contracts nearest to the embedding."""
    return CompiledQuery(VECTOR, {"k": VECTOR_HITS, "embedding": embedding})


def search_within_hits(driver: Driver, f: ContractFilter, hits_q: CompiledQuery, today: date,
                       database: str | None = None) -> SearchResult:
    """Count, rank (by hit score) and, when asked, aggregate the filter's contracts among the hits."""
    hits = read(driver, hits_q.cypher, hits_q.params, database)
    within = [h["file_id"] for h in hits]
    count_q = compile_count(f, today, within=within)
    total = int(read(driver, count_q.cypher, count_q.params, database)[0]["total_count"])
    ran = [CompiledQuery(hits_q.cypher, {k: v for k, v in hits_q.params.items() if k != "embedding"}), count_q]
    contracts: list[dict[str, Any]] = []
    if f.limit > 0 and total > f.offset:
        proj = compile_projection(f, today, within=within)
        page_q = CompiledQuery(proj.cypher + RANKED_PAGE + CONTRACT_ROW + ",\n       score",
                               {**proj.params, "hit_scores": {h["file_id"]: h["score"] for h in hits},
                                "offset": f.offset, "limit": f.limit, "as_of": f.as_of or today})
        as_of = f.as_of or today
        contracts = [{**row, **row_fields(row, as_of)} for row in read(driver, page_q.cypher, page_q.params, database)]
        ran.append(page_q)
    aggregation = None
    agg_q = compile_aggregation(f, today, within=within)
    if agg_q is not None:
        aggregation = read(driver, agg_q.cypher, agg_q.params, database)
        ran.append(agg_q)
    return SearchResult(total, contracts, aggregation, ran)
