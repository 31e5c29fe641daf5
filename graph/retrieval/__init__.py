"""Clause search: full-text retrieval of sections scoped by a filter, CUAD category topics, the Lucene
query, the definitions a hit carries, and the clause review over a filter's contracts.
"""
