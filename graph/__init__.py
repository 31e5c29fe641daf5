"""Contract Graph's data layer: Neo4j server management, schema, import, the filter compiler and reads.

Nothing in this package imports streamlit, so it runs from the CLI (`python -m graph`) and from tests.
"""
