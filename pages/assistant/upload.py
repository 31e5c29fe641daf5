"""Upload: add contracts from PDFs. Each file is hashed (a file already in the graph is offered to open),
read, extracted (LLM or offline rules) and matched against existing parties, with a live status per
file; then a review form shows every field with its confidence and evidence. Commit writes the contract
in one transaction and links to it; Discard writes nothing."""

from __future__ import annotations

import streamlit as st

from components import reads
from components.footer import render_footer
from components.upload.engine import choose_engine
from components.upload.outcome import render_outcome
from components.upload.process import items, process_upload, show_scan, show_status
from components.upload.queue import render_review_queue

reads.require_db()
st.title("Upload contracts")
st.caption("PDFs, with a text layer or scanned (scans are read by OCR in the background, page by page). Several "
           "files at once are fine; each is reviewed before anything is written.")
render_review_queue()
engine = choose_engine()
uploads = st.file_uploader("Contract PDFs", type=["pdf"], accept_multiple_files=True, key="upload_files")
known = items()
for upload in uploads or []:
    item = known.get(upload.file_id)
    if item is None:
        item = known[upload.file_id] = process_upload(upload.name, upload.getvalue(), engine)
    elif item.status != "reading":
        show_status(item)
    if item.status == "reading":
        show_scan(item)
    if item.status != "reading":
        render_outcome(item)
render_footer()
