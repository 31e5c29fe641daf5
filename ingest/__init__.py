"""Turning documents into contracts: PDF text, structured extraction (LLM or offline rules), document
structure, review and commit. No streamlit imports here: everything runs from `python -m ingest` too."""
