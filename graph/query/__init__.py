"""The filter compiler: ContractFilter, typed conditions, compiled Cypher, paging and the renewal filters'
Cypher. Pure: no driver, nothing here talks to Neo4j, so every statement it builds is testable as a string.
"""
