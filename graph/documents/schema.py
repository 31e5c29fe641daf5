"""Schema of the document layer: keys, lookup indexes, the full-text indexes retrieval searches and the
optional section vector index. Kept apart from `graph.store.schema` (the contract schema); every statement uses
IF NOT EXISTS, so running it again changes nothing.

The section index uses Lucene's English analyzer (stemming, English stop words), so "governed by the laws"
matches a question about what law governs. It also indexes the section's `file_id`, so a search scoped to a
few contracts is a Lucene conjunction (`graph.retrieval.lucene.scoped_query`) instead of scoring every section of
every contract and filtering afterwards. Databases written before that have the section index with the
default analyzer (`standard-no-stop-words`) on title and text only; `ensure_document_schema` reads the index
back (SHOW FULLTEXT INDEXES: indexConfig `fulltext.analyzer` and the properties) and drops and recreates an
index that differs (it then repopulates from the stored sections). Running it again changes nothing.

Section, DefinedTerm and Footnote nodes are keyed by their document's `file_id` plus their number or term,
so a document's whole layer can be found (and replaced) through the `file_id` indexes.
"""

from __future__ import annotations

from neo4j import Driver

from graph.server.db import read, write
from graph.store.schema import embedding_dimensions

SECTION_FULLTEXT = "section_text"
TERM_FULLTEXT = "defined_term_text"
SECTION_VECTOR = "section_embedding"
SECTION_ANALYZER = "english"  # listed by db.index.fulltext.listAvailableAnalyzers(): stemming + stop words
SECTION_PROPERTIES = ("title", "text", "file_id")

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
    f"CREATE FULLTEXT INDEX {TERM_FULLTEXT} IF NOT EXISTS FOR (t:DefinedTerm) ON EACH [t.term, t.definition]",
)
SECTION_INDEX = (
    f"CREATE FULLTEXT INDEX {SECTION_FULLTEXT} IF NOT EXISTS FOR (s:Section) "
    f"ON EACH [{', '.join('s.' + p for p in SECTION_PROPERTIES)}] "
    f"OPTIONS {{indexConfig: {{`fulltext.analyzer`: '{SECTION_ANALYZER}'}}}}"
)
FULLTEXT_CONFIG = """
SHOW FULLTEXT INDEXES YIELD name, properties, options WHERE name = $name
RETURN options.indexConfig['fulltext.analyzer'] AS analyzer, properties
"""
DROP_SECTION_INDEX = f"DROP INDEX {SECTION_FULLTEXT} IF EXISTS"
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
    migrate_section_index(driver, database)
    write(driver, VECTOR_INDEX, {"dimensions": embedding_dimensions()}, database=database)
    write(driver, AWAIT_INDEXES, database=database)


def fulltext_config(driver: Driver, name: str, database: str | None = None) -> tuple[str, tuple[str, ...]] | None:
    """(analyzer, indexed properties) of a full-text index (None: no such index)."""
    rows = read(driver, FULLTEXT_CONFIG, {"name": name}, database)
    return (rows[0]["analyzer"], tuple(rows[0]["properties"])) if rows else None


def migrate_section_index(driver: Driver, database: str | None = None) -> bool:
    """Make sure the section full-text index exists with `SECTION_ANALYZER` on `SECTION_PROPERTIES`: an index
    created otherwise is dropped and recreated (an existing index's configuration cannot be changed).
    Returns whether the index was recreated."""
    found = fulltext_config(driver, SECTION_FULLTEXT, database)
    stale = found is not None and found != (SECTION_ANALYZER, SECTION_PROPERTIES)
    if stale:
        write(driver, DROP_SECTION_INDEX, database=database)
    write(driver, SECTION_INDEX, database=database)
    return stale
