"""Parties page parts: search results (with a typo-tolerant fallback), one party's contracts, and the party
network (parties linked by shared contracts) around a party or over the Explorer's filter."""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from components import reads
from components.formatting import count_of, country_label, escape_md, money
from components.network_view import render_network
from components.routes import CONTRACT_PAGE
from components.session import EXPLORER_FILTER
from graph.query.filters import ContractFilter

NODE_CAPS = (25, 50, 100, 200, 400)
DEPTHS = {1: "Direct co-parties", 2: "+ their co-parties", 3: "+ one more hop"}
AROUND, BUSIEST, FILTERED = "Around the selected party", "Busiest parties", "Explorer filter"
BUSIEST_TOP = 10  # on the sample: ~30 nodes, every name readable at 1280 px


def parties_frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """Party rows (one legal entity each) for a table: name, legal form, organisation, contract count, countries
    and other spellings."""
    return pd.DataFrame([{
        "Party": r["name"], "Legal form": r.get("legal_form") or "—",
        "Organisation": (r.get("organisation") or {}).get("name") or "—", "Contracts": r["contract_count"],
        "Countries": list(r.get("countries") or []),
        "Also written": [a for a in r.get("aliases") or [] if a != r["name"]], "key": r["key"],
    } for r in rows], columns=["Party", "Legal form", "Organisation", "Contracts", "Countries", "Also written", "key"])


def party_table(rows: list[dict[str, Any]], key: str) -> str | None:
    """A selectable party table; returns the selected party's key."""
    frame = parties_frame(rows)
    event = st.dataframe(frame, hide_index=True, on_select="rerun", selection_mode="single-row", key=key,
                         column_order=["Party", "Legal form", "Organisation", "Contracts", "Countries",
                                       "Also written"],
                         column_config={"Countries": st.column_config.ListColumn(),
                                        "Also written": st.column_config.ListColumn(width="large"),
                                        "Party": st.column_config.TextColumn(width="large")})
    rows_selected = event.selection.rows if event else []
    return str(frame.iloc[rows_selected[0]]["key"]) if rows_selected else None


def search_results(name: str, country: str | None, key: str) -> str | None:
    """Matching parties, most contracts first; similar names when nothing matches. Returns a selected key."""
    found = reads.parties(name or None, country, 200, 0)
    total = found["total_count"]
    if total:
        shown = len(found["parties"])
        st.caption(f"{count_of(total, 'party', 'parties')} {'matches' if total == 1 else 'match'}"
                   + (f"; showing the {shown} with most contracts." if total > shown else ".")
                   + " Select a row to see its contracts and network.")
        return party_table(found["parties"], key)
    similar = reads.parties_like(name) if name else []
    if not similar:
        st.info("No party matches.", icon=":material/person_search:")
        return None
    st.warning(f"No party name contains “{escape_md(name)}”. Similar names:", icon=":material/spellcheck:")
    return party_table(similar, f"{key}_fuzzy")


def party_contracts(party_key: str) -> None:
    """The party's contracts; selecting one opens it."""
    rows = reads.contracts_of(party_key)
    frame = pd.DataFrame([{
        "Contract": r.get("title") or r["file_id"], "file_id": r["file_id"], "Role": r.get("role") or "—",
        "Type": r.get("contract_type"),
        "Effective": r.get("effective_date"), "Ends": r.get("end_date"),
        "Amount": money(r.get("total_amount"), r.get("currency")),
        "Counterparties": r.get("counterparties") or [],
    } for r in rows], columns=["Contract", "file_id", "Role", "Type", "Effective", "Ends", "Amount", "Counterparties"])
    event = st.dataframe(frame, hide_index=True, on_select="rerun", selection_mode="single-row",
                         column_order=[c for c in frame.columns if c != "file_id"],
                         key=f"party_contracts_{party_key}", placeholder="—",
                         # A medium title column keeps the dates and the amount in view at 1280 px.
                         column_config={"Contract": st.column_config.TextColumn(width="medium"),
                                        "Counterparties": st.column_config.ListColumn(width="large")})
    if event and event.selection.rows:
        st.switch_page(CONTRACT_PAGE, query_params={"file_id": frame.iloc[event.selection.rows[0]]["file_id"]})


def party_header(profile: dict[str, Any]) -> None:
    st.subheader(escape_md(profile["name"]), anchor=False)
    countries = ", ".join(country_label(c) for c in profile.get("countries") or []) or "Unknown country"
    aliases = [a for a in profile.get("aliases") or [] if a != profile["name"]]
    form = f"legal form {profile['legal_form']}" if profile.get("legal_form") else "no legal form stated"
    st.caption(f"One legal entity · {escape_md(form)} · {count_of(profile['contract_count'], 'contract')} · "
               f"{escape_md(countries)}" + (f" · also written: {escape_md('; '.join(aliases))}" if aliases else ""))
    org = profile.get("organisation")
    if org:
        members = reads.members_of(org["key"])
        others = "; ".join(f"{m['name']} ({m.get('legal_form') or 'no form'}, {m['contract_count']} "
                           f"contract{'' if m['contract_count'] == 1 else 's'})"
                           for m in members if m["key"] != profile["key"])
        st.info(f"Member of the organisation **{escape_md(org['name'])}**: {org['member_count']} legal entities "
                f"of one name in different legal forms, {count_of(org['contract_count'], 'contract')} together. "
                f"Also in it: {escape_md(others)}. The contracts below are this entity's only; the Explorer's "
                "organisation filter gives the whole organisation's.", icon=":material/corporate_fare:")


def organisations_table() -> None:
    """Every organisation: the legal entities it groups and their contracts together."""
    rows = reads.organisation_list()
    with st.expander(f"Organisations ({len(rows)}): legal entities of one name in different legal forms"):
        st.caption("A party is one legal entity (the one that signed). An organisation groups the entities whose "
                   "names differ only by the legal form (Inc. and LLC); no parent or affiliate is inferred.")
        frame = pd.DataFrame([{"Organisation": r["name"], "Legal entities": r["member_count"],
                               "Contracts": r["contract_count"], "Members": r["members"]} for r in rows],
                             columns=["Organisation", "Legal entities", "Contracts", "Members"])
        st.dataframe(frame, hide_index=True, key="party_organisations",
                     column_config={"Members": st.column_config.ListColumn(width="large")})


def _network_source(party_key: str | None) -> str:
    # With no party chosen, the default is the busiest parties (a readable ~30 nodes), not the whole
    # portfolio's network (hundreds of two-party pairs: an unlabelled hairball at any cap).
    sources = [AROUND] if party_key else [BUSIEST]
    # Keyed by the party: choosing a party centres the network on it, whatever was picked before.
    return st.radio("Network of", [*sources, FILTERED], horizontal=True,
                    key=f"party_net_source_{party_key or 'none'}")


def _network(source: str, party_key: str | None, left: Any, cap: int) -> tuple[Any, str | None]:
    """The subgraph to draw for `source` and the node to centre on."""
    if source == AROUND and party_key:
        depth = left.select_slider("Depth", options=list(DEPTHS), value=1, format_func=DEPTHS.get,
                                   key="party_net_depth")
        return reads.party_graph(party_key, depth, cap), f"Party:{party_key}"
    if source == BUSIEST:
        left.caption(f"The {BUSIEST_TOP} parties with the most contracts (largest dots) and the parties they "
                     "share contracts with. Select a party in the table above to centre the network on it.")
        return reads.busiest_parties_graph(BUSIEST_TOP, cap), None
    f: ContractFilter = st.session_state.get(EXPLORER_FILTER) or ContractFilter()
    left.caption("Parties of the contracts matching the Explorer's current filter "
                 f"({len(f.describe())} conditions); heaviest links first.")
    return reads.filter_graph(f.model_dump_json(), cap), None


def network_caption(sub: Any) -> str:
    """'12 parties, 9 links[, 1 organisation ...]': shared-contract links apart from organisation membership."""
    parties = sum(1 for n in sub.nodes.values() if n.label == "Party")
    orgs = sum(1 for n in sub.nodes.values() if n.label == "Organisation")
    links = sum(1 for e in sub.edges.values() if e.type != "MEMBER_OF")
    grouped = (f", {orgs} organisation{'' if orgs == 1 else 's'} (squares; dashed lines join the legal entities "
               "of one name)" if orgs else "")
    return (f"{count_of(parties, 'party', 'parties')}, {count_of(links, 'link')}{grouped}. "
            "Edge labels count shared contracts (shown when above 1); "
            "hover for examples.")


@st.fragment
def render_party_network(party_key: str | None) -> None:
    """Parties linked by shared contracts (edge width and label = shared contracts), with caps."""
    st.subheader("Party network", anchor=False)
    source = _network_source(party_key)
    left, right = st.columns([3, 1])
    cap = right.selectbox("Node cap", NODE_CAPS, index=2, key="party_net_cap")
    with reads.guarded(stop=False):
        sub, focus = _network(source, party_key, left, cap)
        st.caption(network_caption(sub))
        if sub.capped:
            st.warning(f"The node cap ({cap}) was reached: only part of the network is drawn.",
                       icon=":material/warning:")
        render_network(sub, focus=focus, alt="Party network")
