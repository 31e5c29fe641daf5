"""`summary_search`: rank contracts by how well their summary matches free text, then apply the filter.

With an embedding model configured (EMBEDDING_MODEL) and embeddings in the graph, the vector index
`contract_embedding` gives the nearest contracts; otherwise the full-text index `contract_text` gives the
contracts whose summary or scope contains any of the words. Either way the hits are intersected with the
compiled ContractFilter, so counts and aggregations use the same Cypher as every other reader, restricted
to the hits (graph/reads/semantic.py holds that Cypher). The result says which index was used.
"""

from __future__ import annotations

from dataclasses import dataclass

from agent.context import Context
from core.llm import build_embeddings, llm_errors
from graph.query.compiler import CompiledQuery
from graph.query.filters import ContractFilter
from graph.reads.repository import SearchResult
from graph.reads.semantic import (
    FULLTEXT_HITS,
    VECTOR_HITS,
    fulltext_hits,
    has_contract_embeddings,
    search_within_hits,
    vector_hits,
)

__all__ = ["FULLTEXT_HITS", "VECTOR_HITS", "SemanticResult", "semantic_search"]


@dataclass
class SemanticResult:
    """The filtered hits and how they were found."""

    result: SearchResult
    method: str


def _hits(ctx: Context, text: str) -> tuple[CompiledQuery, str]:
    embeddings = build_embeddings(ctx.settings)
    if embeddings is not None and has_contract_embeddings(ctx.driver, ctx.database):
        with llm_errors(ctx.settings):
            vector = embeddings.embed_query(text)
        method = (f"vector index contract_embedding ({ctx.settings.embedding_model}), "
                  f"the {VECTOR_HITS} nearest contracts")
        return vector_hits(vector), method
    method = (f"full-text index contract_text (summary or scope contains any of the words; "
              f"best {FULLTEXT_HITS} matches)")
    if embeddings is not None:
        method += "; no contract embeddings in the graph yet"
    return fulltext_hits(text), method


def semantic_search(ctx: Context, f: ContractFilter, text: str) -> SemanticResult:
    """Count, rank and (when asked) aggregate the filter's contracts among the semantic hits."""
    hits_q, method = _hits(ctx, text)
    return SemanticResult(search_within_hits(ctx.driver, f, hits_q, ctx.today, ctx.database), method)
