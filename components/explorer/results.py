"""The Explorer's result area: exact count, pager, contracts table, CSV of every match, and the Cypher."""

from __future__ import annotations

import json
import math
import shlex
from datetime import date

import streamlit as st
from neo4j import Driver

from components import reads
from components.explorer.export import contracts_csv, contracts_frame, csv_name
from components.formatting import escape_md
from components.routes import CONTRACT_PAGE
from graph.query.compiler import CompiledQuery
from graph.query.filter_text import summary
from graph.query.filter_url import PAGE_PARAM, PAGE_SIZE_PARAM, PAGE_SIZES
from graph.query.filters import ContractFilter
from graph.reads.repository import SearchResult, json_params

CYPHER_KEY = "explorer_cypher"  # one open/closed state for the page, kept across filters
COLUMNS = {
    "title": st.column_config.TextColumn("Contract", width="medium", pinned=True,
                                         help="The document name found in its text, else the cleaned file name"),
    "file_id": st.column_config.TextColumn("File id", width="medium"),
    "contract_type": st.column_config.TextColumn("Type", width=130),  # "Strategic Alliance" fits
    "effective_date": st.column_config.DateColumn("Effective", format="YYYY-MM-DD", width=100),
    "end_date": st.column_config.DateColumn("Ends", format="YYYY-MM-DD", width=100),
    "duration": st.column_config.TextColumn("Term", help="The stated term"),
    # The number as written, beside its currency: a euro amount is never shown with a dollar sign.
    "total_amount": st.column_config.NumberColumn("Total amount", format="localized"),
    "currency": st.column_config.TextColumn("Currency", width=70,
                                            help="ISO 4217, read from the contract's text (USD where none is named)"),
    "parties": st.column_config.ListColumn("Parties (role; country)", width="large"),
    "party_countries": st.column_config.ListColumn("Countries"),
    "governing_law": st.column_config.TextColumn("Governing law"),
    "summary": st.column_config.TextColumn("Summary", width="large"),
}

# Readable first: the title and the short columns (type, dates, amount) fit beside it at 1280 px; the wide
# parties list follows (it pushed them out of view). The file id stays, last, for reference and links.
COLUMN_ORDER = ("title", "contract_type", "effective_date", "end_date", "total_amount", "currency", "parties",
                "duration", "party_countries", "governing_law", "summary", "file_id")


def _pager(total: int, page: int, size: int, key: str) -> tuple[int, int]:
    """Page size and page number widgets (kept in the URL); returns the (page, size) to show."""
    left, middle, right = st.columns([1, 1, 4], vertical_alignment="bottom")
    size = middle.selectbox("Rows per page", PAGE_SIZES, index=PAGE_SIZES.index(size), key=f"{key}_size")
    pages = max(1, math.ceil(total / size))
    page = left.number_input(f"Page (of {pages:,})", min_value=1, max_value=pages, value=min(page, pages),
                             step=1, key=f"{key}_page_{size}")
    first = (page - 1) * size
    right.caption(f"Showing rows {first + 1 if total else 0:,}–{min(first + size, total):,} of {total:,}")
    st.query_params[PAGE_PARAM] = str(page)
    st.query_params[PAGE_SIZE_PARAM] = str(size)
    return int(page), int(size)


def _table(result: SearchResult, key: str) -> None:
    frame = contracts_frame(result.contracts)
    event = st.dataframe(frame, column_config=COLUMNS, column_order=COLUMN_ORDER, hide_index=True, on_select="rerun",
                         selection_mode="single-row", key=key, row_height=36, placeholder="—")
    rows = event.selection.rows if event else []
    if rows:
        st.switch_page(CONTRACT_PAGE, query_params={"file_id": frame.iloc[rows[0]]["file_id"]})


# The download is built in the app's memory (about 0.9 kB a row) at 6-9k rows a second (docs/PERFORMANCE.md,
# "Download all rows"): 100,000 rows are ~90 MB and 11-16 s. Beyond that the command line writes the file a
# chunk at a time, in constant memory.
DOWNLOAD_MAX_ROWS = 100_000


def export_command(f: ContractFilter) -> str:
    """The shell command, run in the project folder (`make run` made .venv there), that writes every row of `f` to
    a CSV file; the filter's values quoted for a shell."""
    spec = {name: value for name, value in f.describe().items() if name not in ("limit", "offset")}
    return f".venv/bin/python -m graph export {shlex.quote(json.dumps(spec, ensure_ascii=False))} --out contracts.csv"


def _too_many(f: ContractFilter, total: int) -> None:
    with st.popover(f"Download all {total:,} rows", icon=":material/download:"):
        st.markdown(f"The dashboard downloads at most {DOWNLOAD_MAX_ROWS:,} rows at a time; this filter matches "
                    f"{total:,}. Narrow it, or write every row to a file from a shell in the project folder:")
        st.code(export_command(f), language="bash", wrap_lines=True)


def _download(driver: Driver, f: ContractFilter, total: int) -> None:
    if total > DOWNLOAD_MAX_ROWS:
        _too_many(f, total)
        return
    st.download_button(
        f"Download all {total:,} rows (CSV)", data=lambda: contracts_csv(driver, f),
        file_name=csv_name("contracts", f, date.today()),
        mime="text/csv", icon=":material/download:", on_click="ignore", disabled=total == 0,
        key="explorer_csv")


def show_queries(queries: list[CompiledQuery], key: str = CYPHER_KEY) -> None:
    """The Cypher and parameters that ran, in order, drawn only once the expander is opened.

    A closed expander's content is still sent and drawn; the highlighted Cypher and the parameter trees of
    ~10 queries cost the browser ~0.3-0.5 s of every Explorer load before its charts showed (fix 18).
    """
    shown = st.expander(f"Cypher and parameters ({len(queries)} queries)", icon=":material/code:",
                        key=key, on_change="rerun")
    if not shown.open:
        return
    with shown:
        for i, query in enumerate(queries, start=1):
            st.markdown(f"**Query {i}**")
            st.code(query.cypher, language="cypher")
            st.json(json_params(query.params), expanded=True)


def render_results(driver: Driver, f: ContractFilter, page: int, size: int, key: str) -> list[CompiledQuery]:
    """Count, pager, table and download for `f`; returns the queries that produced them."""
    first = reads.search(f.model_copy(update={"limit": 0}).model_dump_json())
    total = first.total_count
    head, action = st.columns([3, 2], vertical_alignment="bottom")  # the CSV label fits at 1280 px
    head.metric("Matching contracts", f"{total:,}", border=False)
    with action:
        _download(driver, f, total)
    page, size = _pager(total, page, size, key)
    result = reads.search(f.model_copy(update={"limit": size, "offset": (page - 1) * size}).model_dump_json())
    if total:
        _table(result, f"{key}_table_{page}_{size}")
        st.caption("Select a row to open the contract.")
    else:
        st.info(f"No contract matches {escape_md(summary(f))}. Loosen a condition in the form above or press "
                "Clear.", icon=":material/search_off:")
    return result.queries
