"""The guard for Cypher that a user or the model wrote: lexical checks, the EXPLAIN plan allow-list, and a
READ transaction with a timeout, a row cap and a watchdog that terminates it on the server.
"""
