"""Reusable Streamlit widgets and the UI's cached resources. Pages import from here; this package imports
graph/, agent/ and ingest/, never the other way round."""
