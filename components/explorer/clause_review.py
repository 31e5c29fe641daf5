"""The Explorer's "Search clauses in these contracts": a question run over the current filter, listing each
contract that has a matching section with its best one (citation, title, a quote, the score), downloadable
as a clause review CSV. A fragment: asking reruns only this part, not the Explorer's table and charts."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from components import reads
from components.explorer.results import show_queries
from components.formatting import count_of, escape_md
from components.routes import CONTRACT_PAGE
from graph.query.filters import ContractFilter
from graph.retrieval.clause_review import ClauseReview, check_question, review_csv

ASKED = "explorer_clause_asked"  # the last clause question asked on the Explorer
CYPHER = "explorer_clause_cypher"  # its own queries panel, apart from the filter's
# The quote is what a reviewer reads: it comes right after the contract and the section (at 1280 px wide
# the columns after it scroll); the section's number and title share one column.
COLUMNS = {
    "title": st.column_config.TextColumn("Contract", width="medium", pinned=True),
    "section": st.column_config.TextColumn("Section", width="medium", help="Best matching section: number and title"),
    "quote": st.column_config.TextColumn("Quote", width="large",
                                         help="Around the first of the question's words; hover or widen for more"),
    "band": st.column_config.TextColumn("Band", width="small",
                                        help="found: the clause classifier's precision-oriented band; possible: "
                                             "its lower band; empty: the question names no CUAD category"),
    "score": st.column_config.NumberColumn("Score", format="%.2f", width="small",
                                           help="By category: the classifier's probability that the section is "
                                                "the clause; else full-text relevance (higher is better)"),
    "parties": st.column_config.ListColumn("Parties", width="medium"),
    "file_id": st.column_config.TextColumn("File id", width="small"),
}

def review_frame(review: ClauseReview) -> pd.DataFrame:
    """The review's rows for st.dataframe, best first."""
    rows = [{"title": r.title, "section": f"{r.cite()} {r.section_title}".strip(), "quote": r.quote,
             "band": r.band or "", "score": round(r.score, 2), "parties": r.parties, "file_id": r.file_id}
            for r in review.rows]
    return pd.DataFrame(rows, columns=list(COLUMNS))


def _ask() -> str | None:
    with st.form("explorer_clause_form", border=False):
        left, right = st.columns([3, 1], vertical_alignment="bottom")  # the button's label fits at 1280 px
        question = left.text_input("What do these contracts say about ...", key="explorer_clause_q",
                                   value=st.session_state.get(ASKED) or "", max_chars=300,
                                   placeholder="e.g. termination for convenience, governing law, non-compete")
        if right.form_submit_button("Search clauses", icon=":material/manage_search:", use_container_width=True):
            st.session_state[ASKED] = question
    return st.session_state.get(ASKED)


def _headline(review: ClauseReview) -> None:
    scope = "in the graph" if review.scope is None else f"of the {len(review.scope):,} in this filter"
    have = f"{count_of(review.total, 'contract')} {scope} {'has' if review.total == 1 else 'have'}"
    if review.category:
        found = sum(1 for r in review.rows if r.band == "found")
        st.caption(f"{have} a section the clause classifier puts in "
                   f"“{escape_md(review.category)}”: {found:,} listed in the found band, the others possible; each "
                   "with its best section and its probability. Select a row to open that contract's document.")
    else:
        st.caption(f"{have} a section matching “{escape_md(review.question)}” "
                   "(by its words: the question names no CUAD category, so no band); each is listed with its best "
                   "matching section. Select a row to open that contract's document with this search.")
    if review.capped:
        st.warning(f"Only the best {len(review.rows):,} of {review.total:,} contracts are listed (and downloaded); "
                   "narrow the filter to see the rest.", icon=":material/warning:")


def _table(review: ClauseReview) -> None:
    frame = review_frame(review)
    event = st.dataframe(frame, column_config=COLUMNS, hide_index=True, on_select="rerun",
                         selection_mode="single-row", key="explorer_clause_table", row_height=36)
    rows = event.selection.rows if event else []
    if rows:
        st.switch_page(CONTRACT_PAGE, query_params={"file_id": frame.iloc[rows[0]]["file_id"],
                                                    "clause": review.question})


@st.fragment
def render_clause_review(f: ContractFilter) -> None:
    """Question box, the clause review table and its CSV for the contracts matching `f`."""
    st.subheader("Search clauses in these contracts", anchor=False)
    question = _ask()
    if question is None:
        return
    with reads.guarded(stop=False):  # empty or stop-word-only questions and database errors: one-line banner
        question = check_question(question)
        scope = f.model_copy(update={"limit": 0, "offset": 0, "group_by": None})
        with st.spinner("Searching the contracts' sections ..."):
            review = reads.clause_table(scope.model_dump_json(), question)
        if not review.rows:
            what = (f"the clause classifier puts in “{escape_md(review.category)}” (found or possible band)"
                    if review.category else f"matching “{escape_md(question)}”")
            st.info(f"No contract in this filter has a section {what}.", icon=":material/search_off:")
            show_queries(review.queries, key=CYPHER)
            return
        _headline(review)
        _table(review)
        st.download_button(f"Download the clause review ({len(review.rows):,} rows, CSV)", data=review_csv(review),
                           file_name="clause-review.csv", mime="text/csv", icon=":material/download:",
                           on_click="ignore", key="explorer_clause_csv")
        show_queries(review.queries, key=CYPHER)  # the same transparency as the filter's own queries above
