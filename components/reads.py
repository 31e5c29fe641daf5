"""Cached reads for the dashboard pages and the guard that turns database failures into banners.

Cache keys are plain values: filters travel as their canonical JSON (never widgets), so the same filter
hits the same entry from any page. Errors are not cached, so a page recovers once the database is back.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date

import streamlit as st
from neo4j import Driver

from components.chart_data import AmountBand, amount_bands, upcoming_filter
from components.db import get_driver, show_db_error
from components.formatting import escape_md
from core.errors import ContractGraphError, DatabaseUnavailable
from graph.query.filters import ContractFilter
from graph.reads import subgraph
from graph.reads.documents import ALL_LEVELS, DocumentOutline, add_document_layer, document_outline
from graph.reads.families import family_of
from graph.reads.repository import (
    SearchResult,
    contract_details,
    filter_options,
    find_contract_choices,
    find_contract_ids,
    fuzzy_parties,
    organisation_members,
    organisations,
    search_contracts,
    search_parties,
)
from graph.reads.repository import kpis as kpi_numbers
from graph.retrieval.clause_grid import ClauseGrid, Column, clause_grid
from graph.retrieval.clause_review import ClauseReview, clause_review
from graph.retrieval.search import ClauseResult, clause_search
from graph.retrieval.text_search import TextHits, text_search
from graph.server.db import ping
from graph.store.saved_views import SavedView, list_views

TTL_S = 300
GROUP_LIMIT = 500


def require_db() -> Driver:
    """The shared driver after a live check; stops the page with the standard banner when it is down."""
    try:
        driver = get_driver()
        ping(driver)
    except ContractGraphError as e:
        show_db_error(str(e))
        st.stop()
    return driver


@contextmanager
def guarded(stop: bool = True) -> Iterator[None]:
    """Show a ContractGraphError as a banner (the database one for outages) instead of a traceback."""
    try:
        yield
    except DatabaseUnavailable as e:
        show_db_error(str(e))
        if stop:
            st.stop()
    except ContractGraphError as e:
        st.error(escape_md(e), icon=":material/error:")
        if stop:
            st.stop()


def _filter(filter_json: str) -> ContractFilter:
    return ContractFilter.model_validate_json(filter_json)


@st.cache_data(ttl=TTL_S, max_entries=256, show_spinner=False)
def search(filter_json: str) -> SearchResult:
    """Exact count and one page of contracts (the filter's own limit/offset)."""
    return search_contracts(get_driver(), _filter(filter_json))


@st.cache_data(ttl=TTL_S, max_entries=512, show_spinner=False)
def groups(filter_json: str, group_by: str) -> SearchResult:
    """Count of matching contracts per `group_by` key (no contract rows)."""
    f = _filter(filter_json).model_copy(update={"limit": 0, "group_by": group_by, "agg_limit": GROUP_LIMIT})
    return search_contracts(get_driver(), f)


@st.cache_data(ttl=TTL_S, max_entries=256, show_spinner=False)
def bands(filter_json: str) -> list[AmountBand]:
    return amount_bands(get_driver(), _filter(filter_json))


@st.cache_data(ttl=TTL_S, max_entries=256, show_spinner=False)
def expiry_years(filter_json: str, today: date) -> SearchResult | None:
    """Contracts ending on or after `today` per end year, or None when the filter excludes the future."""
    upcoming = upcoming_filter(_filter(filter_json), today)
    if upcoming is None:
        return None
    f = upcoming.model_copy(update={"limit": 0, "group_by": "end_year", "agg_limit": GROUP_LIMIT})
    return search_contracts(get_driver(), f, today=today)


@st.cache_data(ttl=60, max_entries=8, show_spinner=False)
def kpis(today: date) -> dict:
    return kpi_numbers(get_driver(), today=today)


@st.cache_data(ttl=TTL_S, max_entries=4, show_spinner=False)
def choices() -> dict[str, list[str]]:
    """Values present in the graph for the form's pickers."""
    return filter_options(get_driver())


@st.cache_data(ttl=TTL_S, max_entries=4, show_spinner=False)
def party_names() -> list[str]:
    return subgraph.party_name_choices(get_driver())


@st.cache_data(ttl=TTL_S, max_entries=256, show_spinner=False)
def contract(file_id: str) -> dict:
    return contract_details(get_driver(), file_id)


@st.cache_data(ttl=TTL_S, max_entries=256, show_spinner=False)
def family(file_id: str) -> dict | None:
    return family_of(get_driver(), file_id)


@st.cache_data(ttl=TTL_S, max_entries=256, show_spinner=False)
def contract_ids(fragment: str, limit: int = 200) -> list[str]:
    return find_contract_ids(get_driver(), fragment, limit=limit)


@st.cache_data(ttl=TTL_S, max_entries=256, show_spinner=False)
def contract_choices(fragment: str, limit: int = 200) -> list[dict]:
    return find_contract_choices(get_driver(), fragment, limit=limit)


@st.cache_data(ttl=TTL_S, max_entries=128, show_spinner=False)
def contract_graph(file_id: str, depth: int, node_cap: int) -> subgraph.Subgraph:
    return subgraph.contract_subgraph(get_driver(), file_id, depth=depth, node_cap=node_cap)


@st.cache_data(ttl=TTL_S, max_entries=128, show_spinner=False)
def party_graph(party_key: str, depth: int, node_cap: int) -> subgraph.Subgraph:
    return subgraph.party_network(get_driver(), party_key, depth=depth, node_cap=node_cap)


@st.cache_data(ttl=TTL_S, max_entries=16, show_spinner=False)
def busiest_parties_graph(top: int, node_cap: int) -> subgraph.Subgraph:
    """The `top` parties with the most contracts and their direct co-parties."""
    keys = [p["key"] for p in search_parties(get_driver(), {"limit": top})["parties"]]
    return subgraph.parties_network(get_driver(), keys, depth=1, node_cap=node_cap)


@st.cache_data(ttl=TTL_S, max_entries=64, show_spinner=False)
def filter_graph(filter_json: str, node_cap: int) -> subgraph.Subgraph:
    return subgraph.filter_party_network(get_driver(), _filter(filter_json), node_cap=node_cap)


@st.cache_data(ttl=TTL_S, max_entries=256, show_spinner=False)
def parties(name: str | None, country: str | None, limit: int, offset: int) -> dict:
    return search_parties(get_driver(), {"name": name, "country": country, "limit": limit, "offset": offset})


@st.cache_data(ttl=TTL_S, max_entries=128, show_spinner=False)
def parties_like(name: str) -> list[dict]:
    return fuzzy_parties(get_driver(), name)


@st.cache_data(ttl=TTL_S, max_entries=128, show_spinner=False)
def party_profile(party_key: str) -> dict | None:
    rows = subgraph.party_profiles(get_driver(), [party_key])
    return rows[0] if rows else None


@st.cache_data(ttl=TTL_S, max_entries=4, show_spinner=False)
def organisation_list() -> list[dict]:
    return organisations(get_driver())


@st.cache_data(ttl=TTL_S, max_entries=128, show_spinner=False)
def members_of(organisation_key: str) -> list[dict]:
    return organisation_members(get_driver(), organisation_key)


@st.cache_data(ttl=TTL_S, max_entries=128, show_spinner=False)
def contracts_of(party_key: str) -> list[dict]:
    return subgraph.party_contracts(get_driver(), party_key)


@st.cache_data(ttl=TTL_S, max_entries=32, show_spinner=False)
def outline(file_id: str) -> DocumentOutline | None:
    return document_outline(get_driver(), file_id)


LAYER_DETAIL_ALL = 3  # components.contract.view.LAYER_DETAIL: every section and the defined terms


@st.cache_data(ttl=TTL_S, max_entries=64, show_spinner=False)
def contract_graph_with_document(file_id: str, depth: int, node_cap: int,
                                 detail: int = LAYER_DETAIL_ALL) -> subgraph.Subgraph:
    """The contract's subgraph (as the graph view draws it) plus its document layer, within the same cap:
    `detail` 1 top-level sections, 2 with their subsections, 3 every section and the defined terms."""
    sub = subgraph.contract_subgraph(get_driver(), file_id, depth=depth, node_cap=node_cap)
    everything = detail >= LAYER_DETAIL_ALL
    add_document_layer(get_driver(), sub, file_id, max_level=ALL_LEVELS if everything else detail,
                       with_terms=everything)
    return sub


@st.cache_data(ttl=TTL_S, max_entries=128, show_spinner=False)
def clause_hits(file_id: str, question: str) -> ClauseResult:
    """Clause search within one contract (the Document tab's search box)."""
    return clause_search(get_driver(), question, file_id=file_id)


@st.cache_data(ttl=TTL_S, max_entries=64, show_spinner=False)
def clause_table(filter_json: str, question: str) -> ClauseReview:
    """The best matching section of each contract in the filter (the Explorer's clause review)."""
    return clause_review(get_driver(), question, _filter(filter_json))


@st.cache_data(ttl=TTL_S, max_entries=64, show_spinner=False)
def text_hits(filter_json: str, text: str) -> TextHits:
    """The contracts in the filter whose sections hold every word and phrase of `text` (Explorer text search)."""
    return text_search(get_driver(), text, _filter(filter_json))


@st.cache_data(ttl=TTL_S, max_entries=32, show_spinner=False)
def clause_grid_of(filter_json: str, columns: tuple[tuple[str, str | None], ...]) -> ClauseGrid:
    """The review grid of the filter's contracts x columns ((label, category) pairs). A reviewer's decision
    clears every cached read (components.explorer.grid_decision): it changes counts on every page."""
    return clause_grid(get_driver(), [Column(label, cat) for label, cat in columns], _filter(filter_json))


@st.cache_data(ttl=15, max_entries=2, show_spinner=False)
def saved_views() -> list[SavedView]:
    """The saved views for the sidebar (short-lived: views are shared, another analyst may have saved one;
    this session's saves and deletes clear it at once)."""
    return list_views(get_driver())
