"""What the `clause_search` tool does, given the run's Context (its LangChain wrapper and argument schema are
in agent/clause_tool.py; this module is free of LangChain and LangGraph, so the exact-mode runner calls it
directly).

`clause_search`: what the contracts say about something, with section citations.

Searches the document layer (`graph.retrieval.search.clause_search`): the best-matching sections, plus the
sections they reference, the definitions of the terms they use and the footnotes they cite (recursively,
bounded). Scoped to one `file_id` and/or any ContractFilter fields, compiled by the same compiler as
contract_search. With an embedding model configured and section embeddings in the graph, the vector index
joins the full-text ranking. The texts it returns (section text, definitions, footnotes, titles) are marked
as quoted data (`agent.tool_output.quote`): the model must never follow what a contract says to do.
"""

from __future__ import annotations

from typing import Any

from agent.context import Context
from agent.search_impl import FILTER_FIELDS
from agent.tool_output import quote
from agent.tool_support import to_json
from core.cuad_topics import question_category
from core.llm import build_embeddings, llm_errors
from graph.documents import cypher as document_queries
from graph.query.compiler import CompiledQuery
from graph.query.filters import ContractFilter, parse_filter
from graph.reads.repository import json_params
from graph.retrieval.clause_grid import Cell, GridRow, contract_cells
from graph.retrieval.search import ClauseResult, clause_search
from graph.server.db import read

MAX_HITS = 8
MAX_VERDICTS = 5  # a scope of at most this many contracts gets a per-contract verdict on the question's category


def _question_vector(ctx: Context, question: str) -> list[float] | None:
    """The question's embedding when a model is configured and sections have embeddings, else None."""
    embeddings = build_embeddings(ctx.settings)
    if embeddings is None or not read(ctx.driver, document_queries.HAS_SECTION_EMBEDDINGS, {}, ctx.database):
        return None
    with llm_errors(ctx.settings):
        return embeddings.embed_query(question)


def _queries(result: ClauseResult) -> tuple[list[str], list[dict[str, Any]]]:
    shown = [CompiledQuery(c.cypher, {k: v for k, v in c.params.items() if k != "vector"}) for c in result.queries]
    params = [json_params(c.params) for c in shown]
    for p in params:
        if isinstance(p.get("file_ids"), list) and len(p["file_ids"]) > 5:
            p["file_ids"] = f"<{len(p['file_ids'])} file_ids in scope>"
    return [c.cypher for c in shown], params


QUOTED_FIELDS = ("text", "definition", "title")


def quoted_item(item: dict[str, Any]) -> dict[str, Any]:
    """One result with its document text marked as quoted data."""
    return {k: quote(v) if k in QUOTED_FIELDS and isinstance(v, str) else v for k, v in item.items()}


def clause_payload(result: ClauseResult, f: ContractFilter | None) -> dict[str, Any]:
    """What the tool returns: the items with their citations and paths, the citation line, the scope."""
    payload: dict[str, Any] = {
        "question": result.question,
        "results": [quoted_item(item.to_json()) for item in result.items],
        "citations": result.citations(),
        "contracts": [{"file_id": fid} for fid in dict.fromkeys(i.file_id for i in result.items)],
        "search": result.method,
        "scope": "all contracts" if result.scope is None else f"{len(result.scope)} contract(s)",
    }
    if not result.items:
        payload["note"] = ("No section matched. The contract may have no document layer yet "
                           "(python -m ingest load-texts), or try other words.")
    if result.not_addressed:  # nothing in scope scored high enough: say so, in the scope's words
        payload["note"] = payload["not_addressed"] = result.not_addressed
    if result.unclassified:  # the sections only share the question's words: the answer must say so
        payload["caveat"] = result.unclassified
    if result.truncated:
        payload["note"] = "The result was cut at the node/character budget; ask a narrower question for more."
    if f is not None and f.describe():
        payload["filter"] = f.describe()
    payload["cypher"], payload["params"] = _queries(result)
    return payload


def run_clause_search(ctx: Context, question: str, file_id: str | None = None, hits: int = 5,
                      **fields: Any) -> str:
    """clause_search's JSON for a question, an optional file_id and ContractFilter fields (the scope)."""
    given = {k: v for k, v in fields.items() if k in FILTER_FIELDS}
    f = parse_filter(given) if given else None
    result = clause_search(ctx.driver, question, file_id=(file_id or "").strip() or None, scope=f,
                           vector=_question_vector(ctx, question), hits=hits, today=ctx.today,
                           database=ctx.database)
    payload = clause_payload(result, f)
    if (category := question_category(question)) and result.scope and len(result.scope) <= MAX_VERDICTS:
        # A few named contracts and a CUAD category: say whether each has it, as every count would.
        payload["verdicts"] = [verdict(row, cell, category) for row, cell in
                               contract_cells(ctx.driver, result.scope, category, ctx.database)]
    return to_json(payload)


def verdict(row: GridRow, cell: Cell, category: str) -> dict[str, Any]:
    """One contract's answer to 'does it have `category`': status, band, probability, section, decision."""
    section, decision = cell.section, cell.decision
    return {"file_id": row.file_id, "category": category, "status": cell.status,
            "counts": cell.status in ("found", "confirmed"),
            "band": section.band if section else None, "probability": round(section.score, 4) if section else None,
            "cite": section.cite() if section else None, "section_title": quote(section.section_title) if section
            else None, "decision": quote(decision.provenance()) if decision else None,
            "note": quote(decision.note) if decision and decision.note else None}
