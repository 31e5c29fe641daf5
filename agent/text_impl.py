"""`text_search`: the contracts whose own text mentions words or a phrase, with the number of matching sections
per contract and a snippet of the best one. The same search, scope and numbers as the Explorer's "Search the
contracts' text" (graph.retrieval.text_search, docs/SEARCH.md): every word and "quoted phrase" in one section,
case and word endings ignored, common words dropped.

Free of LangChain and LangGraph, like agent/search_impl.py: the exact-mode runner calls it directly, the agent
through its wrapper in agent/tools.py.
"""

from __future__ import annotations

from typing import Any

from agent.context import Context
from agent.search_impl import FILTER_FIELDS
from agent.tool_output import quote
from agent.tool_support import MAX_EXAMPLES, to_json
from graph.query.filter_url import LISTING_FIELDS
from graph.query.filters import ContractFilter, parse_filter
from graph.reads.repository import json_params
from graph.retrieval.text_search import Term, TextHits, reading, snippet, text_search

SNIPPET_WIDTH = 90  # characters either side of the first match
MATCHING = ("every word and quoted phrase in one section of the contract's text; case and word endings ignored "
            "(terminate also finds termination); common words such as 'the' or 'of' dropped")


def snippet_text(text: str, terms: list[Term]) -> str:
    """A snippet around the first match, the matches between ** marks (the Explorer highlights the same)."""
    return "".join(f"**{part}**" if match else part for part, match in snippet(text, terms, SNIPPET_WIDTH))


def _listed(row: dict[str, Any], terms: list[Term]) -> dict[str, Any]:
    best = (row.get("sections") or [{}])[0]  # the contract's best-scoring matching section
    out: dict[str, Any] = {"file_id": row["file_id"], "title": row.get("title"), "sections_with_hits": row["hits"]}
    if best:
        out["section"] = f"§{best.get('number')}" + (f" {best['title']}" if best.get("title") else "")
        if best.get("page"):
            out["page"] = best["page"]
        out["snippet"] = quote(snippet_text(str(best.get("text") or ""), terms))
    return out


def text_payload(hits: TextHits, scope: ContractFilter, query: str) -> dict[str, Any]:
    """What text_search returns: the exact count of contracts and sections, the top contracts, the Cypher."""
    payload: dict[str, Any] = {
        "reading": reading(hits.terms),
        "query": query,
        "terms": [t.label() for t in hits.terms],
        "matching": MATCHING,
        "total_count": hits.contracts,
        "sections_total": hits.sections,
        "contracts": [_listed(row, hits.terms) for row in hits.rows[:MAX_EXAMPLES]],
    }
    if len(payload["contracts"]) < hits.contracts:
        payload["note"] = (f"Listed the {len(payload['contracts'])} contracts with the most matching sections of "
                           f"{hits.contracts}; total_count is exact.")
    if scope.describe():
        payload["scope"] = scope.describe()  # not `filter`: the Explorer's filter alone would list other contracts
    payload["cypher"] = [q.cypher for q in hits.queries]
    payload["params"] = [json_params(q.params) for q in hits.queries]
    for params in payload["params"]:
        if isinstance(params.get("file_ids"), list) and len(params["file_ids"]) > MAX_EXAMPLES:
            params["file_ids"] = f"<{len(params['file_ids'])} file_ids in scope>"
    return payload


def text_scope(fields: dict[str, Any]) -> ContractFilter:
    """The filter the search is limited to, without paging, sorting or grouping (the Explorer scopes it so)."""
    return parse_filter({k: v for k, v in fields.items() if k in FILTER_FIELDS and k not in LISTING_FIELDS})


def run_text_search(ctx: Context, query: str, **fields: Any) -> str:
    """text_search's JSON for a query and optional ContractFilter fields (the scope)."""
    scope = text_scope(fields)
    searched = scope.model_copy(update={"limit": 0, "offset": 0, "group_by": None})  # as the Explorer passes it
    hits = text_search(ctx.driver, query, searched, database=ctx.database)
    return to_json(text_payload(hits, scope, query))
