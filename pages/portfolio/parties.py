"""Parties: search parties (one legal entity each) by name or alias (with a typo-tolerant fallback), see the
organisations that group legal entities of one name, a party's contracts and organisation, and the network of
parties linked by shared contracts, with their organisations. `?party=<key>` opens a party directly."""

from __future__ import annotations

import streamlit as st

from components import reads
from components.footer import render_footer
from components.formatting import country_label, escape_md
from components.parties.view import (
    organisations_table,
    party_contracts,
    party_header,
    render_party_network,
    search_results,
)

reads.require_db()
st.title("Parties")

left, right = st.columns([2, 1], vertical_alignment="bottom")
name = left.text_input("Search parties", key="party_search", placeholder="Name or alias, e.g. Bank of America",
                       help="Case-insensitive match on any part of a name or alias; typos fall back to similar "
                            "names.")
with reads.guarded():
    countries = reads.choices().get("countries", [])
country = right.selectbox("Country", countries, index=None, format_func=country_label, placeholder="Any country",
                          key="party_country")

with reads.guarded():
    selected = search_results(name.strip(), country, key=f"party_table_{name}_{country}")
with reads.guarded():
    organisations_table()
if selected and selected != st.query_params.get("party"):
    st.query_params["party"] = selected
party_key = selected or st.query_params.get("party") or None

if party_key:
    with reads.guarded():
        profile = reads.party_profile(party_key)
    if profile is None:
        st.error(f"No party with key '{escape_md(party_key[:200])}'.", icon=":material/error:")
        party_key = None
    else:
        st.divider()
        party_header(profile)
        with reads.guarded():
            party_contracts(party_key)
render_party_network(party_key)
render_footer()
