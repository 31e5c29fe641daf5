"""Evaluation harnesses (run by hand or from tests; never part of the app)."""
