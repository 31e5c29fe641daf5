"""Renewal terms and notice deadlines: what a contract's text says about its term, renewal and notice."""
