"""Duplicate candidates through the band-key index agree with a full comparison against every stored
fingerprint; fingerprints stored without band keys get them from the backfill; a database without the index
gets it (and the keys) at its first check; the metadata comparison reads only the upload's date."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from graph.server.db import read, write
from graph.store.duplicates import (
    CANDIDATES,
    backfill_fingerprints,
    candidate_fingerprints,
    contracts_without_text,
    ensure_band_keys,
)
from graph.store.fingerprint import band_keys, fingerprint
from graph.store.schema import FINGERPRINT_BANDS_INDEX
from ingest.duplicates import best_text_match
from tests.integration.test_document_layer import document_layer  # noqa: F401  (the 510 texts' documents)

pytestmark = [pytest.mark.integration, pytest.mark.usefixtures("document_layer")]
EVERY_FINGERPRINT = ("MATCH (c:Contract)-[:HAS_DOCUMENT]->(d:Document) WHERE d.fingerprint IS NOT NULL "
                     "RETURN c.file_id AS file_id, d.fingerprint AS fingerprint")
TEXTS = ("MATCH (c:Contract)-[:HAS_DOCUMENT]->(d:Document) WHERE d.text IS NOT NULL "
         "RETURN c.file_id AS file_id, d.text AS text ORDER BY c.file_id SKIP $skip LIMIT $limit")
BANDS_OF = "MATCH (d:Document {file_id: $id}) RETURN d.fingerprint AS fp, d.fingerprint_bands AS bands"
REMOVE_BANDS = "UNWIND $ids AS id MATCH (d:Document {file_id: id}) REMOVE d.fingerprint_bands"
DROP_INDEX = f"DROP INDEX {FINGERPRINT_BANDS_INDEX} IF EXISTS"
INDEX_STATE = f"SHOW FULLTEXT INDEXES YIELD name, state WHERE name = '{FINGERPRINT_BANDS_INDEX}' RETURN state"
ADD_TEXTLESS = """
UNWIND $rows AS row
CREATE (:Contract {file_id: row.id, effective_date: date(row.day)})
"""
TEXTLESS_ON = """
MATCH (c:Contract) WHERE c.effective_date = date($day) AND NOT (c)-[:HAS_DOCUMENT]->(:Document)
RETURN c.file_id AS file_id ORDER BY file_id
"""
DELETE_TEXTLESS = "UNWIND $ids AS id MATCH (c:Contract {file_id: id}) DETACH DELETE c"


def _reworded(text: str) -> str:
    """The text as another copy of the filing might give it: every 25th line gone, the rest re-wrapped."""
    lines = [line for i, line in enumerate(text.splitlines()) if i % 25 != 7]
    return " ".join(lines)


def test_candidate_matches_equal_the_full_comparison_on_40_sample_texts(driver):
    stored = read(driver, EVERY_FINGERPRINT)
    assert len(stored) >= 500
    rows = read(driver, TEXTS, {"skip": 100, "limit": 40})
    for row in rows:
        upload = fingerprint(_reworded(row["text"].replace("\f", "\n")))
        candidates = candidate_fingerprints(driver, upload)
        assert 1 <= len(candidates) <= CANDIDATES
        full = best_text_match(upload, stored, row["file_id"] + ".pdf")
        assert full is not None and full.file_id == row["file_id"]
        assert best_text_match(upload, candidates, row["file_id"] + ".pdf") == full


def test_an_unrelated_text_has_no_candidate_that_clears_the_threshold(driver):
    upload = fingerprint("This lease of office space is made between Alpha Holdings and Beta Tenants. " * 3
                         + " ".join(f"clause {i} says the rent is {i * 7} dollars per month" for i in range(200)))
    assert best_text_match(upload, candidate_fingerprints(driver, upload), "lease.pdf") is None


@pytest.fixture
def three_documents(driver) -> Iterator[list[str]]:
    ids = [r["file_id"] for r in read(driver, TEXTS, {"skip": 0, "limit": 3})]
    before = {i: read(driver, BANDS_OF, {"id": i})[0]["bands"] for i in ids}
    yield ids
    write(driver, "UNWIND $rows AS row MATCH (d:Document {file_id: row.id}) SET d.fingerprint_bands = row.bands",
          {"rows": [{"id": i, "bands": b} for i, b in before.items()]})


def test_backfill_gives_fingerprints_stored_without_band_keys_their_keys(driver, three_documents):
    write(driver, REMOVE_BANDS, {"ids": three_documents})
    assert all(read(driver, BANDS_OF, {"id": i})[0]["bands"] is None for i in three_documents)
    assert backfill_fingerprints(driver) == 3
    for i in three_documents:
        row = read(driver, BANDS_OF, {"id": i})[0]
        assert row["bands"] == band_keys(row["fp"])
    assert backfill_fingerprints(driver) == 0


def test_a_database_without_the_index_gets_it_and_the_keys_at_its_first_check(driver, three_documents):
    assert ensure_band_keys(driver) is False
    write(driver, DROP_INDEX)
    write(driver, REMOVE_BANDS, {"ids": three_documents})
    assert read(driver, INDEX_STATE) == []
    assert ensure_band_keys(driver) is True
    assert read(driver, INDEX_STATE) == [{"state": "ONLINE"}]
    own = read(driver, BANDS_OF, {"id": three_documents[0]})[0]
    assert own["bands"] == band_keys(own["fp"])
    assert three_documents[0] in {r["file_id"] for r in candidate_fingerprints(driver, own["fp"])}


def test_the_metadata_comparison_reads_only_text_less_contracts_of_the_upload_date(driver):
    rows = [{"id": "dup-test-a", "day": "1990-02-03"}, {"id": "dup-test-b", "day": "1990-02-03"},
            {"id": "dup-test-c", "day": "1990-02-04"}]
    write(driver, ADD_TEXTLESS, {"rows": rows})
    try:
        got = sorted(r["file_id"] for r in contracts_without_text(driver, [("1990-02-03", "1990-02-03")], []))
        assert got == [r["file_id"] for r in read(driver, TEXTLESS_ON, {"day": "1990-02-03"})]
        assert {"dup-test-a", "dup-test-b"} <= set(got) and "dup-test-c" not in got
        window = {r["file_id"] for r in contracts_without_text(driver, [("1990-02-04", "1990-03-01")], [])}
        assert {"dup-test-c"} <= window and not {"dup-test-a", "dup-test-b"} & window
    finally:
        write(driver, DELETE_TEXTLESS, {"ids": [r["id"] for r in rows]})
