"""Reaching Neo4j: connection settings, the one driver factory and the transaction helpers, and the
project's own local server process (started from Maven Central jars under .data/).
"""
