"""The Explorer's "Search the contracts' text": words and "quoted phrases" over the sections of the contracts in
the current filter (graph.retrieval.text_search), with the number of matching sections per contract and
highlighted snippets. The contract's text is shown literally (escape_md); only the highlight is ours. A
fragment: searching reruns only this part."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from components import reads
from components.explorer.results import show_queries
from components.formatting import escape_md
from components.renewals.export import contract_link
from graph.query.filters import ContractFilter
from graph.retrieval.text_search import Term, TextHits, snippet

ASKED = "explorer_text_asked"  # the last text search on the Explorer
SNIPPET_CONTRACTS = 5  # the page stays readable; the table lists the rest


def highlighted(text: str, terms: list[Term]) -> str:
    """Markdown of a snippet: the contract's words escaped, the matches on a highlight."""
    return "".join(f":orange-background[{escape_md(part)}]" if match else escape_md(part)
                   for part, match in snippet(text, terms))


def _ask() -> str | None:
    with st.form("explorer_text_form", border=False):
        left, right = st.columns([3, 1], vertical_alignment="bottom")
        text = left.text_input("Words or \"a phrase\" in the contracts' text", key="explorer_text_q",
                               value=st.session_state.get(ASKED) or "", max_chars=200,
                               placeholder='e.g. "most favored nation" audit',
                               help="Every word and quoted phrase must be in one section; word endings are "
                                    "ignored (terminate finds termination). Other characters are searched as text.")
        if right.form_submit_button("Search text", icon=":material/search:", use_container_width=True):
            st.session_state[ASKED] = text
    return st.session_state.get(ASKED)


def hits_frame(hits: TextHits) -> pd.DataFrame:
    return pd.DataFrame([{"Contract": r["title"], "Sections": r["hits"], "Open": contract_link(r["file_id"]),
                          "File id": r["file_id"]} for r in hits.rows],
                        columns=["Contract", "Sections", "Open", "File id"])


def _snippets(hits: TextHits) -> None:
    for row in hits.rows[:SNIPPET_CONTRACTS]:
        with st.container(border=True):
            st.markdown(f"**{escape_md(row['title'])}** · {row['hits']:,} section{'s' * (row['hits'] != 1)}")
            for s in row["sections"]:
                page = f", page {s['page']}" if s.get("page") else ""
                st.caption(escape_md(f"§{s['number']} {s.get('title') or ''}".strip() + page))
                st.markdown(highlighted(s.get("text") or "", hits.terms))


@st.fragment
def render_text_search(f: ContractFilter) -> None:
    """Search box, the matching contracts with their section counts, and snippets of the first ones."""
    st.subheader("Search the contracts' text", anchor=False)
    text = _ask()
    if not text:
        return
    with reads.guarded(stop=False):  # unsearchable input and database errors: a one-line banner
        scope = f.model_copy(update={"limit": 0, "offset": 0, "group_by": None})
        hits = reads.text_hits(scope.model_dump_json(), text)
        what = " and ".join(escape_md(t.label()) for t in hits.terms)
        if not hits.rows:
            st.info(f"No contract in this filter has a section with {what}.", icon=":material/search_off:")
            return
        listed = f" (the {len(hits.rows):,} with the most listed)" if len(hits.rows) < hits.contracts else ""
        st.caption(f"{hits.contracts:,} contracts in this filter have {hits.sections:,} sections with {what}"
                   f"{listed}.")
        st.dataframe(hits_frame(hits), hide_index=True, width="stretch", key="explorer_text_table", column_config={
            "Open": st.column_config.LinkColumn("Contract page", display_text="Open"),
            "Sections": st.column_config.NumberColumn("Sections with a hit")})
        _snippets(hits)
        show_queries(hits.queries, key="explorer_text_cypher")
