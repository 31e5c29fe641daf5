"""The Contract page's "Show on the page": for a contract whose PDF was uploaded (kept in the file store,
`ingest.pages.store`), the page a quote is on, drawn with the quote highlighted (`ingest.pages`), and a caption
that says how exact the highlight is. Contracts loaded from text have no PDF: nothing is offered. A PDF the
store no longer holds, or holds damaged, is said so where the page would be.

Both steps are cached by the file's SHA-256: where the quote is (file, quote, page hint) and the drawn page
(file, page, boxes), so a rerun or a second visit draws nothing again.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from components import reads
from components.formatting import escape_md
from core.errors import ContractGraphError
from graph.retrieval.items import Item
from ingest.pages.locate import Located
from ingest.pages.render import find_quote, page_png
from ingest.pages.store import Box, load_ocr_words, load_pdf

PREFIX = "contract_page_"  # this component's session keys


def contract_pdf(file_id: str) -> str | None:
    """The SHA-256 of the contract's uploaded PDF (None: loaded from text, no PDF was ever uploaded)."""
    return (reads.contract(file_id) or {}).get("file_sha256") or None


@st.cache_data(max_entries=256, show_spinner=False)
def locate_quote(sha256: str, quote: str, hint: int | None) -> Located:
    return find_quote(load_pdf(sha256), quote, hint, load_ocr_words(sha256))


@st.cache_data(max_entries=32, show_spinner=False)
def page_image(sha256: str, page: int, boxes: tuple[Box, ...]) -> bytes:
    return page_png(load_pdf(sha256), page, boxes)


def caption(found: Located) -> str:
    """What the highlight is: exact text boxes, OCR words, the part found, or no highlight and why."""
    where = f"Page {found.page} of the uploaded PDF."
    if found.match == "exact":
        how = ("the quote's words as OCR read them on this scan" if found.source == "ocr"
               else "the quote's text boxes in the PDF's text layer")
        return f"{where} Highlighted: {how}."
    if found.match == "approximate":
        return (f"{where} Highlighted: the parts of the quote found on this page ({found.share:.0%} of it); the "
                "rest runs onto another page or reads differently in the PDF.")
    if found.source == "empty":
        return (f"{where} Not highlighted: this page is a scan whose word positions were not kept (it was read "
                "by OCR before they were stored).")
    return (f"{where} Not highlighted: the quote was not found in the PDF's text; this is the page its section "
            "starts on.")


def show_page(sha256: str, quote: str, hint: int | None, alt: str) -> None:
    """The page image with its caption, or the file store's message (missing or damaged PDF)."""
    try:
        with st.spinner("Drawing the page ..."):
            found = locate_quote(sha256, quote, hint)
            png = page_image(sha256, found.page, found.boxes)
    except ContractGraphError as e:
        st.warning(escape_md(e), icon=":material/broken_image:")
        return
    # The caption first (a page is taller than the screen), the page in a column: a whole A4 page at about 80%
    # of the main width keeps its 10-point text legible at 1366 px without filling the screen.
    st.caption(escape_md(caption(found)))
    column, _ = st.columns([4, 1])
    column.image(png, width="stretch", alt=alt)


def render_on_page(file_id: str, quote: str | None, page: int | None, key: str) -> None:
    """A "Show on the page" toggle under a quote, drawing its page when on (nothing for a text-only contract)."""
    sha = contract_pdf(file_id)
    if not sha or not quote:
        return
    if st.toggle("Show on the page", key=f"{PREFIX}{file_id}_{key}", help="The page of the uploaded PDF this "
                 "quote is on, with the quote highlighted."):
        show_page(sha, quote, page, alt=f"Page of {file_id} with the quote highlighted")


def render_items_on_page(file_id: str, items: Sequence[Item]) -> None:
    """For clause-search results: pick one and see it on its page of the uploaded PDF."""
    sha = contract_pdf(file_id)
    if not sha or not items:
        return
    if not st.toggle("Show a result on the page", key=f"{PREFIX}{file_id}_hits",
                     help="The page of the uploaded PDF a result is on, with its text highlighted."):
        return
    labels = [f"{item.cite()} {item.title or ''}".strip() + (f" (page {item.page})" if item.page else "")
              for item in items]
    chosen = st.selectbox("Result", range(len(items)), format_func=lambda i: labels[i], key=f"{PREFIX}{file_id}_hit")
    item = items[chosen or 0]
    show_page(sha, item.text, item.page, alt=f"Page of {file_id} with {item.cite()} highlighted")
