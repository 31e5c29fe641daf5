"""One contract in full: headline numbers, summary, parties with roles and countries, governing law,
clauses with summaries, and its graph neighbourhood (a fragment, so the depth controls rerun only it)."""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from components import reads
from components.formatting import country_label, escape_md, money, parties_short
from components.network_view import render_network
from components.routes import PARTIES_PAGE
from core.currency import currency_name
from core.labels import duration_label, law_label
from graph.reads import subgraph

# The document layer in the graph opens collapsed to the top-level sections; more on request.
LAYER_DETAIL = {1: "Top-level sections", 2: "+ subsections", 3: "Every section + defined terms"}
DEPTHS = {0: "This contract only", 1: "+ its parties' other contracts", 2: "+ those contracts' parties",
          3: "+ their other contracts"}
NODE_CAPS = (50, 100, 150, 250, 400)


def _location(loc: dict[str, Any]) -> str:
    parts = [loc.get("city"), loc.get("state"), loc.get("country")]
    return ", ".join(p for p in parts if p) or (loc.get("address") or "")


def parties_frame(parties: list[dict[str, Any]]) -> pd.DataFrame:
    """Parties with their role, countries, locations and other spellings."""
    rows = []
    for party in sorted(parties, key=lambda p: (p.get("name") or "").casefold()):
        locations = party.get("locations") or []
        # A role standing in for a name the extraction did not find ("Customer") is no counterparty.
        name = f"Not named (only as '{party['name']}')" if party.get("role_only") else party["name"]
        rows.append({
            "Party": name, "Role": party.get("role") or "—",
            "Countries": sorted({country_label(loc["country"]) for loc in locations if loc.get("country")}),
            "Locations": [_location(loc) for loc in locations if _location(loc)],
            "Also written": [a for a in party.get("aliases") or [] if a != party["name"]],
        })
    return pd.DataFrame(rows, columns=["Party", "Role", "Countries", "Locations", "Also written"])


def _headline(c: dict[str, Any]) -> None:
    st.header(escape_md(c.get("title") or c["file_id"]), anchor=False)
    named = [p["name"] for p in c.get("parties") or [] if not p.get("role_only")]
    st.caption(f"{escape_md(parties_short(named, shown=4))} · file {escape_md(c['file_id'])}")
    badges = [f":blue-badge[{escape_md(c.get('contract_type') or 'Unknown type')}]",
              f":gray-badge[source: {escape_md(c.get('source') or 'unknown')}]"]
    st.markdown(" ".join(badges))
    cards = [("Effective", c.get("effective_date") or "—"), ("Ends", c.get("end_date") or "No end date"),
             ("Term", duration_label(c.get("duration"))),
             ("Total amount", money(c.get("total_amount"), c.get("currency"))),
             ("Parties", str(len(c.get("parties") or [])))]
    # Dates and the party count in a row of three; the term ("1 year 6 months") and full amounts in a row of
    # two, the only width where they fit at 1280 px (five in a row, or the term in a third, cut them off).
    for row in ([cards[0], cards[1], cards[4]], cards[2:4]):
        for column, (label, value) in zip(st.columns(len(row)), row, strict=True):
            column.metric(label, escape_md(value), border=True)  # a metric's value is Markdown too
    if (note := currency_note(c)) is not None:
        st.caption(escape_md(note))


def currency_note(c: dict[str, Any]) -> str | None:
    """How the amount's currency was found (graph.store.currency), with the sentence that says so."""
    if c.get("total_amount") is None or not c.get("currency"):
        return None
    name, source = currency_name(c["currency"]), c.get("currency_source")
    if source == "assumed":
        return f"Currency: {name}, assumed: the contract's text names no currency for this amount."
    how = "written at the amount" if source == "text" else "read from the contract's other amounts and words"
    where = {"text": "the contract's text", "summary": "the summary", "scope": "the scope"}.get(
        c.get("currency_evidence_in") or "", "the record")
    return f"Currency: {name}, {how} ({where}): “{c.get('currency_evidence') or ''}”"


def _parties_and_law(c: dict[str, Any]) -> None:
    left, right = st.columns([3, 1], gap="medium")
    with left:
        st.subheader("Parties", anchor=False)
        st.dataframe(parties_frame(c.get("parties") or []), hide_index=True, placeholder="—",
                     column_config={"Countries": st.column_config.ListColumn(),
                                    "Locations": st.column_config.ListColumn(width="medium"),
                                    "Also written": st.column_config.ListColumn(width="medium")})
        # A wrapping row sized to each name (fixed columns cut long names: "VerticalNet Enterprises LL").
        with st.container(horizontal=True, gap="medium"):
            for party in [p for p in c.get("parties") or [] if not p.get("role_only")]:
                st.page_link(PARTIES_PAGE, label=escape_md(party["name"]), icon=":material/groups:",
                             query_params={"party": party["key"]}, width="content")
    with right:
        st.subheader("Governing law", anchor=False)
        law = c.get("governing_law")
        st.markdown(f"**{escape_md(law_label(law))}**" if law else "Not stated")
        if law:
            state = f" · State: {escape_md(law['state'])}" if law.get("state") else ""
            st.caption(f"Country: {escape_md(country_label(law.get('country')))}{state}")


def _clauses(c: dict[str, Any]) -> None:
    clauses = sorted(c.get("clauses") or [], key=lambda k: k.get("type") or "")
    st.subheader(f"Clauses ({len(clauses)})", anchor=False)
    if not clauses:
        st.caption("No clauses recorded for this contract.")
    for clause in clauses:
        with st.expander(escape_md(clause.get("type") or "Clause"), icon=":material/gavel:"):
            st.markdown(escape_md(clause.get("summary") or "No summary."))


def render_contract(c: dict[str, Any]) -> None:
    """Fields, summary, parties, governing law and clauses of one contract."""
    _headline(c)
    st.markdown(escape_md(c["summary"]) if c.get("summary") else "_No summary._")
    if c.get("scope"):
        with st.expander("Scope", icon=":material/subject:"):
            st.markdown(escape_md(c["scope"]))
    _parties_and_law(c)
    _clauses(c)


def others_drawn(sub: subgraph.Subgraph, file_id: str) -> int:
    """How many contracts besides `file_id` the graph holds (depth 1 and more expand to them)."""
    return sum(1 for other in sub.ids("Contract") if other != file_id)


@st.fragment
def render_contract_graph(file_id: str) -> None:
    """The contract's subgraph with depth and node-cap controls (reruns on its own)."""
    st.subheader("Graph", anchor=False)
    left, right = st.columns([3, 1])
    depth = left.select_slider("Expand through shared parties", options=list(DEPTHS), value=0,
                               format_func=DEPTHS.get, key="contract_depth")
    cap = right.selectbox("Node cap", NODE_CAPS, index=2, key="contract_node_cap",
                          help="At most this many nodes are drawn.")
    layer = st.toggle("Show the document layer (sections, defined terms, cross-references)", key="contract_doc_layer")
    detail = st.select_slider("Document detail", options=list(LAYER_DETAIL), value=1, format_func=LAYER_DETAIL.get,
                              key="contract_doc_detail") if layer else 1
    with reads.guarded(stop=False):
        sub = reads.contract_graph_with_document(file_id, depth, cap, detail) if layer \
            else reads.contract_graph(file_id, depth, cap)
        if depth >= 1 and not others_drawn(sub, file_id):
            st.info("No other contracts: none of this contract's parties is party to another contract in the "
                    "graph.", icon=":material/hub:")
        st.caption(f"{len(sub.nodes)} nodes, {len(sub.edges)} relationships. Hover a node for its properties; "
                   "drag to rearrange, scroll to zoom.")
        if sub.capped:
            st.warning(f"The node cap ({cap}) was reached: only part of the neighbourhood is drawn. Raise the "
                       "cap or lower the depth.", icon=":material/warning:")
        render_network(sub, focus=f"Contract:{file_id}", alt=f"Graph of {file_id}")
