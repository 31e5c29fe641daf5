"""Explorer: filter contracts with every ContractFilter field; the filter lives in the URL (bookmarkable).

Shows the exact count, a paged table, a CSV of every match, a clause search over the matches, the charts
for the filtered set (a click on a bar narrows the filter) and the Cypher that ran.
"""

from __future__ import annotations

from datetime import date

import streamlit as st

from components import reads
from components.build_status import layer_note
from components.charts import render_charts
from components.explorer.clause_grid import render_clause_grid
from components.explorer.clause_review import render_clause_review
from components.explorer.form import render_filter_form
from components.explorer.results import render_results, show_queries
from components.explorer.save_view import render_save_view, render_view_banner
from components.explorer.text_search import render_text_search
from components.footer import render_footer
from components.formatting import escape_md
from components.routes import EXPLORER_PAGE as THIS_PAGE
from components.session import EXPLORER_FILTER
from core.errors import FilterValidationError
from graph.query.filter_url import (
    PAGE_SIZE_PARAM,
    filter_from_query,
    filter_to_query,
    page_from_query,
    short_digest,
)
from graph.query.filters import ContractFilter

CHARTS_KEY = "explorer_charts"  # the open chart tabs: ?explorer_charts_left=...&explorer_charts_right=...


def url_filter() -> ContractFilter:
    """The filter in the URL; an invalid link shows why and falls back to no filter."""
    try:
        return filter_from_query(st.query_params.get_all)
    except FilterValidationError as e:
        st.error(f"The filter in this link is invalid and was ignored. {escape_md(e)}", icon=":material/link_off:")
        return ContractFilter()


def apply_submission(submitted: ContractFilter, size: int) -> None:
    """Put the submitted filter in the URL (page 1) so it survives a reload and can be bookmarked."""
    st.query_params.from_dict({**filter_to_query(submitted), PAGE_SIZE_PARAM: str(size)})


today = date.today()
driver = reads.require_db()
st.title("Explorer")
st.caption("Filter the portfolio; the filter is kept in the page address, so you can bookmark or share it, "
           "or save it as a view for everyone using this database.")

current = url_filter()
page, size = page_from_query(st.query_params.get_all)
banner = st.container()  # filled once the form's submission is known: a new filter leaves the saved view
with reads.guarded():
    submitted = render_filter_form(current, reads.choices(), reads.party_names(),
                                   key=f"explorer_{short_digest(current.model_dump_json())}")
if submitted is not None:
    apply_submission(submitted, size)
    current, page = submitted, 1
with banner:
    opened = render_view_banner(current)
render_save_view(current, opened, key=f"explorer_{short_digest(current.model_dump_json())}")
st.session_state[EXPLORER_FILTER] = current
if (current.text_clause_types or current.without_text_clause_types) and (note := layer_note()):
    st.info(note, icon=":material/hourglass_top:")

digest = short_digest(current.model_dump_json())
with reads.guarded():
    queries = render_results(driver, current, page, size, key=f"results_{digest}")
    render_clause_review(current)
    render_text_search(current)
    render_clause_grid(current)
    st.subheader("Charts for this selection")
    st.caption("Click a bar to narrow the filter to it.")
    # The expiry chart counts from the filter's as-of date when it has one (a 2015 filter, not today).
    clicked, chart_queries = render_charts(current, current.as_of or today, f"explorer_{digest}",
                                           CHARTS_KEY)
if clicked is not None:
    st.switch_page(THIS_PAGE, query_params={**filter_to_query(clicked), PAGE_SIZE_PARAM: str(size)})
show_queries(queries + chart_queries)

render_footer()
