"""`summary_search`: rank contracts by how well their summary matches free text, then apply the filter.

With an embedding model configured (EMBEDDING_MODEL) and embeddings in the graph, the vector index
`contract_embedding` gives the nearest contracts; otherwise the full-text index `contract_text` gives the
contracts whose summary or scope contains any of the words. Either way the hits are intersected with the
compiled ContractFilter, so counts and aggregations use the same Cypher as every other reader, restricted
to the hits. The result says which index was used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from agent.context import Context
from core.errors import FilterValidationError
from core.llm import build_embeddings, llm_errors
from core.vocab import escape_lucene
from graph.compiler import (
    CONTRACT_ROW,
    CompiledQuery,
    compile_aggregation,
    compile_count,
    compile_projection,
)
from graph.db import read
from graph.filters import ContractFilter
from graph.repository import SearchResult

FULLTEXT_HITS = 100
VECTOR_HITS = 25
FULLTEXT = ("CALL db.index.fulltext.queryNodes('contract_text', $query) YIELD node, score\n"
            "RETURN node.file_id AS file_id, score ORDER BY score DESC LIMIT $k")
VECTOR = ("CALL db.index.vector.queryNodes('contract_embedding', $k, $embedding) YIELD node, score\n"
          "RETURN node.file_id AS file_id, score")
HAS_EMBEDDINGS = "MATCH (c:Contract) WHERE c.embedding IS NOT NULL RETURN c.file_id AS file_id LIMIT 1"
RANKED_PAGE = ("\nWITH c, $hit_scores[c.file_id] AS score\nORDER BY score DESC, c.file_id ASC\n"
               "SKIP $offset LIMIT $limit\n")


@dataclass
class SemanticResult:
    """The filtered hits and how they were found."""

    result: SearchResult
    method: str


def any_word_query(text: str) -> str:
    """Lucene query matching any of the words (escaped, so input cannot form operators)."""
    words = [w.lower() for w in text.split() if any(ch.isalnum() for ch in w)]
    if not words:
        raise FilterValidationError("summary_search: give at least one word.", field="summary_search")
    return " ".join(escape_lucene(w) for w in words)


def _hits(ctx: Context, text: str) -> tuple[CompiledQuery, str]:
    embeddings = build_embeddings(ctx.settings)
    if embeddings is not None and read(ctx.driver, HAS_EMBEDDINGS, {}, ctx.database):
        with llm_errors(ctx.settings):
            vector = embeddings.embed_query(text)
        method = (f"vector index contract_embedding ({ctx.settings.embedding_model}), "
                  f"the {VECTOR_HITS} nearest contracts")
        return CompiledQuery(VECTOR, {"k": VECTOR_HITS, "embedding": vector}), method
    method = (f"full-text index contract_text (summary or scope contains any of the words; "
              f"best {FULLTEXT_HITS} matches)")
    if embeddings is not None:
        method += "; no contract embeddings in the graph yet"
    return CompiledQuery(FULLTEXT, {"query": any_word_query(text), "k": FULLTEXT_HITS}), method


def semantic_search(ctx: Context, f: ContractFilter, text: str) -> SemanticResult:
    """Count, rank and (when asked) aggregate the filter's contracts among the semantic hits."""
    hits_q, method = _hits(ctx, text)
    hits = read(ctx.driver, hits_q.cypher, hits_q.params, ctx.database)
    within = [h["file_id"] for h in hits]
    count_q = compile_count(f, ctx.today, within=within)
    total = int(read(ctx.driver, count_q.cypher, count_q.params, ctx.database)[0]["total_count"])
    ran = [CompiledQuery(hits_q.cypher, {k: v for k, v in hits_q.params.items() if k != "embedding"}), count_q]
    contracts: list[dict[str, Any]] = []
    if f.limit > 0 and total > f.offset:
        proj = compile_projection(f, ctx.today, within=within)
        page_q = CompiledQuery(proj.cypher + RANKED_PAGE + CONTRACT_ROW + ",\n       score",
                               {**proj.params, "hit_scores": {h["file_id"]: h["score"] for h in hits},
                                "offset": f.offset, "limit": f.limit})
        contracts = read(ctx.driver, page_q.cypher, page_q.params, ctx.database)
        ran.append(page_q)
    aggregation = None
    agg_q = compile_aggregation(f, ctx.today, within=within)
    if agg_q is not None:
        aggregation = read(ctx.driver, agg_q.cypher, agg_q.params, ctx.database)
        ran.append(agg_q)
    return SemanticResult(SearchResult(total, contracts, aggregation, ran), method)
