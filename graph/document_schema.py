"""Schema of the document layer: keys, lookup indexes, the full-text indexes retrieval searches and the
optional section vector index. Kept apart from `graph.schema` (the contract schema); every statement uses
IF NOT EXISTS, so running it again changes nothing.

Section, DefinedTerm and Footnote nodes are keyed by their document's `file_id` plus their number or term,
so a document's whole layer can be found (and replaced) through the `file_id` indexes.
"""

from __future__ import annotations

from neo4j import Driver

from graph.db import write
from graph.schema import embedding_dimensions

SECTION_FULLTEXT = "section_text"
TERM_FULLTEXT = "defined_term_text"
SECTION_VECTOR = "section_embedding"

CONSTRAINTS = (
    "CREATE CONSTRAINT section_key IF NOT EXISTS FOR (s:Section) REQUIRE (s.file_id, s.number) IS UNIQUE",
    "CREATE CONSTRAINT defined_term_key IF NOT EXISTS FOR (t:DefinedTerm) REQUIRE (t.file_id, t.term) IS UNIQUE",
    "CREATE CONSTRAINT footnote_key IF NOT EXISTS FOR (f:Footnote) REQUIRE (f.file_id, f.number) IS UNIQUE",
    "CREATE CONSTRAINT clause_type_name IF NOT EXISTS FOR (t:ClauseType) REQUIRE t.name IS UNIQUE",
)
INDEXES = (
    "CREATE INDEX document_file_id IF NOT EXISTS FOR (d:Document) ON (d.file_id)",
    "CREATE INDEX section_file_id IF NOT EXISTS FOR (s:Section) ON (s.file_id)",
    "CREATE INDEX defined_term_file_id IF NOT EXISTS FOR (t:DefinedTerm) ON (t.file_id)",
    "CREATE INDEX footnote_file_id IF NOT EXISTS FOR (f:Footnote) ON (f.file_id)",
    f"CREATE FULLTEXT INDEX {SECTION_FULLTEXT} IF NOT EXISTS FOR (s:Section) ON EACH [s.title, s.text]",
    f"CREATE FULLTEXT INDEX {TERM_FULLTEXT} IF NOT EXISTS FOR (t:DefinedTerm) ON EACH [t.term, t.definition]",
)
VECTOR_INDEX = (
    f"CREATE VECTOR INDEX {SECTION_VECTOR} IF NOT EXISTS FOR (s:Section) ON (s.embedding) "
    "OPTIONS {indexConfig: {`vector.dimensions`: toInteger($dimensions), "
    "`vector.similarity_function`: 'cosine'}}"
)
AWAIT_INDEXES = "CALL db.awaitIndexes(300)"


def ensure_document_schema(driver: Driver, database: str | None = None) -> None:
    """Create the document layer's constraints and indexes that are missing and wait until they are online."""
    for statement in (*CONSTRAINTS, *INDEXES):
        write(driver, statement, database=database)
    write(driver, VECTOR_INDEX, {"dimensions": embedding_dimensions()}, database=database)
    write(driver, AWAIT_INDEXES, database=database)
