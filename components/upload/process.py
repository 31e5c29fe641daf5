"""Processing one uploaded file on the Upload page, with a live `st.status`, and remembering the outcome.

`process_upload(name, data, engine)` is a function of the file's bytes: it runs `ingest.pipeline.process_file`
inside an `st.status` whose steps (hashing, text, extraction, entity suggestions) appear as they happen,
and returns an `UploadItem` that the page keeps in session state (`upload_items`, keyed by the uploader's
file id), so a rerun shows the finished status without processing again. A scan (pages to OCR) is read in a worker
thread instead (`components.upload.scan`): its item is "reading" with a live progress bar until the review
is ready.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

import streamlit as st

from components.db import get_driver, get_settings
from components.formatting import count_of, escape_md
from components.upload.scan import POLL_S, ScanJob, start_scan
from core.errors import ContractGraphError
from ingest.ocr import pages_to_ocr
from ingest.pipeline import AlreadyIngested, Engine, Review, process_file

ITEMS = "upload_items"      # dict[str, UploadItem]: one per uploaded file
COUNTER = "upload_counter"  # gives each item a short, stable widget-key prefix
Status = Literal["reading", "ready", "duplicate", "failed", "committed", "discarded"]
_STATE = {"reading": "running", "ready": "complete", "duplicate": "complete", "failed": "error",
          "committed": "complete", "discarded": "complete"}


@dataclass
class UploadItem:
    """One uploaded file: where it is in the flow and what the reviewer needs."""

    name: str
    prefix: str
    engine_label: str
    status: Status = "ready"
    steps: list[str] = field(default_factory=list)
    review: Review | None = None
    message: str | None = None
    file_id: str | None = None  # the existing contract (duplicate) or the committed one
    note: str | None = None
    linked: bool = False  # committed by linking the file to the contract it duplicates
    job: ScanJob | None = None  # a scan being read in the background (status "reading")

    @property
    def label(self) -> str:
        pages = self.job.pages if self.job else 0
        words = {"reading": f"reading the scan ({count_of(pages, 'page')} to OCR)", "ready": "ready for review",
                 "duplicate": "already in the graph", "failed": "failed",
                 "committed": f"{'linked to' if self.linked else 'committed as'} {self.file_id}",
                 "discarded": "discarded, nothing written"}
        return f"{self.name}: {words[self.status]}"


def items() -> dict[str, UploadItem]:
    """Every file uploaded in this session, by the uploader's file id."""
    return st.session_state.setdefault(ITEMS, {})


def _next_prefix() -> str:
    st.session_state[COUNTER] = st.session_state.get(COUNTER, 0) + 1
    return f"upload_{st.session_state[COUNTER]}"


def _settle(item: UploadItem, result: Callable[[], Review]) -> None:
    """The item's outcome from `result()`: ready with its review, duplicate or failed with the message."""
    try:
        item.review, item.status = result(), "ready"
    except AlreadyIngested as e:
        item.status, item.message, item.file_id = "duplicate", str(e), e.file_id
    except ContractGraphError as e:
        item.status, item.message = "failed", str(e)


def process_upload(name: str, data: bytes, engine: Engine) -> UploadItem:
    """Run every step for one file inside a live status; never raises for bad input (the item says why).
    A scan starts its background job and comes back "reading"."""
    item = UploadItem(name=name, prefix=_next_prefix(), engine_label=engine.label)
    pages = pages_to_ocr(data)
    if pages:
        item.status = "reading"
        item.job = start_scan(data, name, get_driver(), engine, pages, get_settings().database)
        return item
    with st.status(f"{escape_md(name)}: processing with {engine.label}", expanded=True) as status:
        bar = st.progress(0.0)

        def progress(message: str, fraction: float) -> None:
            item.steps.append(message)
            st.markdown(f":material/arrow_right: {escape_md(message)}")
            bar.progress(min(1.0, fraction), text=escape_md(message))

        _settle(item, lambda: process_file(data, name, get_driver(), engine, progress=progress,
                                           database=get_settings().database))
        status.update(label=escape_md(item.label), state=_STATE[item.status], expanded=False)
    return item


def show_status(item: UploadItem) -> None:
    """The finished status of an item processed in an earlier run, with its steps."""
    with st.status(escape_md(item.label), state=_STATE[item.status], expanded=False):
        st.caption(f"Engine: {escape_md(item.engine_label)}")
        for step in item.steps:
            st.markdown(f":material/arrow_right: {escape_md(step)}")


@st.fragment(run_every=POLL_S)
def _scan_progress(item: UploadItem) -> None:
    job = item.job
    if job is None or job.future.done():
        st.rerun(scope="app")  # finished: redraw the page once with the review (or the message)
    message, fraction = job.snapshot()
    st.progress(min(1.0, fraction), text=escape_md(message))


def show_scan(item: UploadItem) -> None:
    """A scan read in the background: its live progress while OCR runs; once done, its outcome (the item
    becomes ready, duplicate or failed and is shown like any other)."""
    job = item.job
    if job is not None and job.future.done():
        _settle(item, job.future.result)
        item.steps, item.job = job.all_steps(), None
        show_status(item)
        return
    with st.status(escape_md(item.label), state="running", expanded=True):
        st.caption(f"Engine: {escape_md(item.engine_label)} · OCR runs in the background: the rest of the page "
                   "stays usable, and the review appears here when the scan has been read.")
        _scan_progress(item)
