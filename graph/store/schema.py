"""Idempotent schema setup: constraints, range indexes on the filtered properties, full-text and vector
indexes. Every statement uses IF NOT EXISTS, so running it again changes nothing."""

from __future__ import annotations

from neo4j import Driver

from core.settings import int_setting
from graph.query import renewal_keys, status_cypher
from graph.query.compiler import AMOUNT_KEY_PROPERTIES
from graph.query.list_labels import ALL as LIST_LABELS
from graph.query.list_labels import CLAUSES, COUNTRIES
from graph.server.db import read, write, write_rows
from graph.store.currency import backfill_currencies
from graph.store.end_dates import BACKFILL_EXTRACTED
from graph.store.titles import file_title

CONSTRAINTS = (
    "CREATE CONSTRAINT contract_file_id IF NOT EXISTS FOR (c:Contract) REQUIRE c.file_id IS UNIQUE",
    "CREATE CONSTRAINT party_key IF NOT EXISTS FOR (p:Party) REQUIRE p.key IS UNIQUE",
    "CREATE CONSTRAINT location_key IF NOT EXISTS FOR (l:Location) REQUIRE l.key IS UNIQUE",
    "CREATE CONSTRAINT country_code IF NOT EXISTS FOR (k:Country) REQUIRE k.code IS UNIQUE",
    "CREATE CONSTRAINT jurisdiction_key IF NOT EXISTS FOR (j:Jurisdiction) REQUIRE j.key IS UNIQUE",
    "CREATE CONSTRAINT clause_key IF NOT EXISTS FOR (cl:Clause) REQUIRE cl.key IS UNIQUE",
    "CREATE CONSTRAINT organisation_key IF NOT EXISTS FOR (o:Organisation) REQUIRE o.key IS UNIQUE",
    # A reviewer's decision on one contract's clause category (graph.store.clause_decisions): one per pair.
    "CREATE CONSTRAINT clause_decision_key IF NOT EXISTS FOR (d:ClauseDecision) REQUIRE (d.file_id, d.category) "
    "IS UNIQUE",
    # One contract per file: enforced inside the commit's transaction (graph.store.write), so two uploads of the same
    # bytes racing cannot both commit. Contracts loaded from JSON have no hash; null is not checked.
    "CREATE CONSTRAINT contract_file_sha256 IF NOT EXISTS FOR (c:Contract) REQUIRE c.file_sha256 IS UNIQUE",
    # One renewal decision per contract and notice deadline (graph.store.renewal_decisions MERGEs on both).
    "CREATE CONSTRAINT renewal_decision_key IF NOT EXISTS FOR (d:RenewalDecision) REQUIRE (d.file_id, d.deadline) "
    "IS UNIQUE",
    # One saved view per name, case and spacing aside (graph.store.saved_views MERGEs on the key).
    "CREATE CONSTRAINT saved_view_name_key IF NOT EXISTS FOR (v:SavedView) REQUIRE v.name_key IS UNIQUE",
)
# Schema from earlier versions that a constraint above replaces: the plain index on file_sha256 must go before
# the constraint (with its own index) can be created on the same property.
MIGRATIONS = ("DROP INDEX contract_sha256 IF EXISTS",)
RANGE_INDEXES = (
    "CREATE INDEX contract_effective_date IF NOT EXISTS FOR (c:Contract) ON (c.effective_date)",
    "CREATE INDEX contract_end_date IF NOT EXISTS FOR (c:Contract) ON (c.end_date)",
    "CREATE INDEX contract_total_amount IF NOT EXISTS FOR (c:Contract) ON (c.total_amount)",
    "CREATE INDEX contract_currency IF NOT EXISTS FOR (c:Contract) ON (c.currency)",
    "CREATE INDEX contract_type IF NOT EXISTS FOR (c:Contract) ON (c.contract_type)",
    "CREATE INDEX contract_party_count IF NOT EXISTS FOR (c:Contract) ON (c.party_count)",
    "CREATE INDEX contract_law_country IF NOT EXISTS FOR (c:Contract) ON (c.governing_law_country)",
    "CREATE INDEX contract_law_state IF NOT EXISTS FOR (c:Contract) ON (c.governing_law_state)",
    # A state with its country (Delaware, US) counted from the index alone, and its selectivity known to the planner,
    # which then walks a page's sort key instead of reading 74,000 contracts (1M synthetic: 332 -> 38 ms p50).
    "CREATE INDEX contract_law_state_country IF NOT EXISTS FOR (c:Contract) ON (c.governing_law_state, "
    "c.governing_law_country)",
    # Every page's sidebar asks whether the CUAD sample is loaded (graph.reads.cypher HEADLINE): a seek, where a
    # portfolio without it read every contract (0.3 s at 1M).
    "CREATE INDEX contract_source IF NOT EXISTS FOR (c:Contract) ON (c.source)",
    "CREATE INDEX party_name IF NOT EXISTS FOR (p:Party) ON (p.name)",
    "CREATE INDEX party_contract_count IF NOT EXISTS FOR (p:Party) ON (p.contract_count)",
    # The legal entities of one name (graph.store.organisations regroups them by it after every write).
    "CREATE INDEX party_org_key IF NOT EXISTS FOR (p:Party) ON (p.org_key)",
    "CREATE INDEX clause_type IF NOT EXISTS FOR (cl:Clause) ON (cl.type)",
    "CREATE INDEX jurisdiction_country IF NOT EXISTS FOR (j:Jurisdiction) ON (j.country)",
    "CREATE INDEX jurisdiction_state IF NOT EXISTS FOR (j:Jurisdiction) ON (j.state)",
    # The history of a contract's clause decisions (graph.store.clause_decisions), read per contract.
    "CREATE INDEX clause_decision_change IF NOT EXISTS FOR (h:ClauseDecisionChange) ON (h.file_id)",
    # In force / expired on a date from the stored span (graph.query.status_cypher.SPAN_IN_FORCE): both bounds
    # are read from the index, not the store. Contracts with no end (in_force_until null) are in neither.
    "CREATE INDEX contract_in_force IF NOT EXISTS FOR (c:Contract) ON (c.in_force_until, c.in_force_from)",
    # The two end dates of the initial term, compared in the index (status_cypher.END_DATE_DISAGREES).
    "CREATE INDEX contract_end_dates IF NOT EXISTS FOR (c:Contract) ON (c.end_date_text, c.end_date_extracted)",
    # The renewal-type filter and count by renewal type (1M synthetic: count 544 -> 135 ms p50).
    "CREATE INDEX contract_renewal_type IF NOT EXISTS FOR (c:Contract) ON (c.renewal_type)",
    # A metric over the whole portfolio by a key (graph.query.compiler COVERED): every value it reads is in one
    # index, so the store is not read (1M synthetic: sum per currency 335 -> 48 ms p50, average duration by end
    # year 696 -> 121). Not (currency, amount, key) for the other keys: the planner then sought it for a page of
    # amounts of some types too, and read 200,000 entries where the amount's index walks a few (fix 35).
    "CREATE INDEX contract_amount_by_currency IF NOT EXISTS FOR (c:Contract) ON (c.total_amount, c.currency)",
    "CREATE INDEX contract_end_duration IF NOT EXISTS FOR (c:Contract) ON (c.end_date, c.duration_days)",
    # An amount metric over the whole portfolio by type, effective date, law country or party countries reads the
    # amount, its currency and the key from one of these (graph.query.compiler AMOUNT_KEY_PROPERTIES). Amount
    # first, unlike fix 35's (currency, amount, key): a page of some types by amount walks the amounts in order
    # here too, where a currency-first index handed the planner every USD amount to sort.
    *(f"CREATE INDEX contract_amount_by_{prop[2:]} IF NOT EXISTS FOR (c:Contract) ON (c.total_amount, c.currency, "
      f"{prop})" for prop in sorted(set(AMOUNT_KEY_PROPERTIES.values()))),
    # Where in the year a contract's terms end and its notice deadlines fall (graph.query.renewal_keys): a
    # renewal or notice window shorter than a year starts from the days it covers.
    "CREATE INDEX contract_renewal_doy IF NOT EXISTS FOR (c:Contract) ON (c.renewal_doy)",
    "CREATE INDEX contract_notice_doy IF NOT EXISTS FOR (c:Contract) ON (c.notice_doy)",
)
# CONTAINS on party names goes through these trigram indexes (graph.reads.cypher' party search, graph.query.compiler).
TEXT_INDEXES = ("CREATE TEXT INDEX party_search_text IF NOT EXISTS FOR (p:Party) ON (p.search_text)",
                "CREATE TEXT INDEX contract_party_text IF NOT EXISTS FOR (c:Contract) ON (c.party_text)",
                # The organisations filter starts from the members whose organisation's text holds the fragment.
                "CREATE TEXT INDEX party_org_text IF NOT EXISTS FOR (p:Party) ON (p.org_text)")
# Parties written before `search_text` existed get it here; names never contain a newline, so a fragment
# CONTAINed in the newline-joined text is CONTAINed in one of the names.
BACKFILL_SEARCH_TEXT = """
MATCH (p:Party) WHERE p.search_text IS NULL AND p.search_names IS NOT NULL
SET p.search_text = reduce(s = '', n IN p.search_names | s + '\\n' + n)
"""
# Stored facts (graph.store.load keeps them current): the expressions that compute them, and a backfill for
# databases loaded before they existed.
CONTRACT_COUNT = "COUNT { MATCH (p)-[:PARTY_TO]->(c:Contract) RETURN DISTINCT c }"
PARTY_COUNTRIES = ("COLLECT { MATCH (c)<-[:PARTY_TO]-(:Party)-[:LOCATED_AT]->(:Location)-[:IN_COUNTRY]->(k:Country)\n"
                   "          RETURN DISTINCT k.code ORDER BY k.code }")
CLAUSE_TYPES = "COLLECT { MATCH (c)-[:HAS_CLAUSE]->(cl:Clause) RETURN DISTINCT cl.type ORDER BY cl.type }"
# Every search name of the contract's parties, each after a newline, parties in key order (graph.store.load.FreshFacts
# builds the same text). A party-name fragment never holds a newline (graph.query.filters), so it is CONTAINed here
# exactly when one of the names contains it; the TEXT index below answers that without a walk.
PARTY_TEXT = ("reduce(s = '', names IN COLLECT { MATCH (c)<-[:PARTY_TO]-(p:Party) WITH DISTINCT p ORDER BY p.key\n"
              "                                  RETURN p.search_names } | reduce(t = s, n IN names | t + '\\n' + n))")
# The contract's party names for display (tables, pickers, graphs, chat): each party's name, in key order.
PARTY_NAMES = "COLLECT { MATCH (c)<-[:PARTY_TO]-(p:Party) WITH DISTINCT p ORDER BY p.key RETURN p.name }"
# The display title: the document name found in the text, else the cleaned file name (graph.store.titles).
TITLE = "coalesce(c.text_title, c.file_title, c.file_id)"
BACKFILL_STORED_FACTS = (
    BACKFILL_EXTRACTED,
    f"MATCH (p:Party) WHERE p.contract_count IS NULL SET p.contract_count = {CONTRACT_COUNT}",
    f"MATCH (c:Contract) WHERE c.party_countries IS NULL SET c.party_countries = {PARTY_COUNTRIES}\n"
    f"{COUNTRIES.set_labels}",
    f"MATCH (c:Contract) WHERE c.clause_types IS NULL SET c.clause_types = {CLAUSE_TYPES}\n{CLAUSES.set_labels}",
    f"MATCH (c:Contract) WHERE c.party_text IS NULL SET c.party_text = {PARTY_TEXT}",
    f"MATCH (c:Contract) WHERE c.party_names IS NULL SET c.party_names = {PARTY_NAMES}",
    "MATCH (c:Contract)-[:GOVERNED_BY]->(j:Jurisdiction) WHERE c.governing_law_country IS NULL "
    "OR (c.governing_law_state IS NULL AND j.state IS NOT NULL) "
    "SET c.governing_law_country = j.country, c.governing_law_state = j.state",
)
# Contracts written before the in-force span existed, or by the bulk import, get it here: a batch at a time (one
# transaction for a million contracts would pass the transaction memory limit); in_force_from is never null once set.
BACKFILL_SPAN = ("MATCH (c:Contract) WHERE c.in_force_from IS NULL\nWITH c LIMIT $limit\n"
                 f"SET {status_cypher.SET_SPAN}\nRETURN count(*) AS n")
# The same for the renewal keys: a key is null only where it does not apply (renewal_keys.MISSING).
BACKFILL_RENEWAL_KEYS = (f"MATCH (c:Contract) WHERE {renewal_keys.MISSING}\nWITH c LIMIT $limit\n"
                         f"SET {renewal_keys.SET_KEYS}\nRETURN count(*) AS n")
FINGERPRINT_BANDS_INDEX = "document_fingerprint_bands"
# The band keys of each document's fingerprint (graph.store.fingerprint.band_keys), whole keys as terms: the
# duplicate check's candidates (graph.store.duplicates) without reading every stored fingerprint.
FINGERPRINT_BANDS_FULLTEXT = (
    f"CREATE FULLTEXT INDEX {FINGERPRINT_BANDS_INDEX} IF NOT EXISTS FOR (d:Document) ON EACH [d.fingerprint_bands] "
    "OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace'}}")
FULLTEXT_INDEXES = (
    "CREATE FULLTEXT INDEX contract_text IF NOT EXISTS FOR (c:Contract) ON EACH [c.summary, c.scope]",
    FINGERPRINT_BANDS_FULLTEXT,
)
VECTOR_INDEX = (
    "CREATE VECTOR INDEX contract_embedding IF NOT EXISTS FOR (c:Contract) ON (c.embedding) "
    "OPTIONS {indexConfig: {`vector.dimensions`: toInteger($dimensions), "
    "`vector.similarity_function`: 'cosine'}}"
)
AWAIT_INDEXES = "CALL db.awaitIndexes(300)"
# Titles for databases loaded before contracts had them: the file title is computed in Python (graph.store.titles).
UNTITLED = "MATCH (c:Contract) WHERE c.file_title IS NULL RETURN c.file_id AS file_id"
SET_FILE_TITLES = """
UNWIND $rows AS row
MATCH (c:Contract {file_id: row.file_id})
SET c.file_title = row.title
SET c.title = """ + TITLE


def embedding_dimensions() -> int:
    """Vector size of the configured embedding model (text-embedding-3-small: 1536): EMBEDDING_DIMENSIONS from
    the environment or secrets.toml."""
    return int_setting("EMBEDDING_DIMENSIONS", 1536)


def ensure_constraints(driver: Driver, database: str | None = None) -> None:
    """Only the uniqueness constraints: the keys the importer MERGEs on. A first load into an empty
    database builds the other indexes afterwards, in one pass over the loaded data (graph.store.load)."""
    for statement in (*MIGRATIONS, *CONSTRAINTS):
        write(driver, statement, database=database)


def backfill_file_titles(driver: Driver, database: str | None = None) -> int:
    """Give contracts written before titles existed their file title (and so a title); returns how many."""
    rows = [{"file_id": r["file_id"], "title": file_title(r["file_id"])}
            for r in read(driver, UNTITLED, database=database)]
    for start in range(0, len(rows), 5000):
        write(driver, SET_FILE_TITLES, {"rows": rows[start:start + 5000]}, database=database)
    return len(rows)


def write_in_batches(driver: Driver, cypher: str, database: str | None = None, batch_size: int = 20000) -> int:
    """Run a statement that writes at most `$limit` nodes and returns their number as `n`, until a batch falls
    short; returns the total."""
    done = 0
    while True:
        rows = write_rows(driver, cypher, {"limit": batch_size}, database)
        written = int(rows[0]["n"]) if rows else 0
        done += written
        if written < batch_size:
            return done


def backfill_derived(driver: Driver, database: str | None = None) -> None:
    """Store what every writer derives from a contract's facts (the in-force span, the renewal keys, the clause and
    country labels) where it is missing: a database written before them, or the bulk import's CSV, which carries
    neither the span nor the keys (it writes the labels itself: their check then finds none)."""
    write_in_batches(driver, BACKFILL_SPAN, database)
    write_in_batches(driver, BACKFILL_RENEWAL_KEYS, database)
    for labels in LIST_LABELS:
        write_in_batches(driver, labels.backfill, database)


def ensure_schema(driver: Driver, database: str | None = None, *, backfill: bool = True) -> None:
    """Create every constraint and index that is missing, then wait until they are online.

    `backfill` also fills in the properties that databases written by earlier versions lack. Each backfill
    reads every node of its label (about 1.3 s at 100k contracts), so an upload's commit, whose own rows are
    complete, skips them; loads and `graph load --if-empty` (what `make run` calls) run them.
    """
    for statement in (*MIGRATIONS, *CONSTRAINTS, *RANGE_INDEXES, *TEXT_INDEXES, *FULLTEXT_INDEXES):
        write(driver, statement, database=database)
    for statement in (BACKFILL_SEARCH_TEXT, *BACKFILL_STORED_FACTS) if backfill else ():
        write(driver, statement, database=database)
    if backfill:
        backfill_derived(driver, database)
        backfill_file_titles(driver, database)
        backfill_currencies(driver, database)
    write(driver, VECTOR_INDEX, {"dimensions": embedding_dimensions()}, database=database)
    write(driver, AWAIT_INDEXES, database=database)
