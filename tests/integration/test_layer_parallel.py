"""The document layer built with parsing in worker processes writes the same graph as one process (issue 33):
the layer of a few CUAD texts is cleared, rebuilt by one process and then by two workers, and the graph's
per-document digest (graph.documents.digest) must equal the one the test server's own build left."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from graph.documents.cypher import CLEAR_LAYER
from graph.documents.digest import layer_digests
from graph.server.db import read, write
from ingest.layer import load_texts
from tests.conftest import TEXTS

pytestmark = pytest.mark.integration

# Five texts spread over the sample (every 100th text name), written two to a batch.
IDS = [p.stem for p in sorted(TEXTS.glob("*.txt"))[::100][:5]]
ONE_REFERENCE = """
UNWIND $ids AS id
MATCH (:Section {file_id: id})-[r:REFERENCES]->() RETURN id AS file_id, elementId(r) AS rel LIMIT 1
"""
RETAG = "MATCH ()-[r:REFERENCES]->() WHERE elementId(r) = $rel SET r.match = r.match + '-changed'"
SECTIONS = "UNWIND $ids AS id MATCH (s:Section {file_id: id}) RETURN count(s) AS n"


@pytest.fixture
def built(driver, monkeypatch) -> Iterator[dict[str, str]]:
    """The five documents' digests as the server's build left them; restored after the test whatever happens."""
    monkeypatch.delenv("CG_LAYER_CACHE", raising=False)  # real parses (the spawned workers copy os.environ)
    before = layer_digests(driver, IDS)
    assert sorted(before) == sorted(IDS)
    yield before
    load_texts(driver, TEXTS, file_ids=IDS, workers=1)


def _cleared(driver) -> int:
    write(driver, CLEAR_LAYER, {"rows": [{"file_id": f} for f in IDS]})
    return read(driver, SECTIONS, {"ids": IDS})[0]["n"]


def test_two_workers_write_what_one_process_writes(driver, built) -> None:
    assert _cleared(driver) == 0
    single = load_texts(driver, TEXTS, file_ids=IDS, workers=1, batch_size=2)
    assert layer_digests(driver, IDS) == built
    assert _cleared(driver) == 0
    parallel = load_texts(driver, TEXTS, file_ids=IDS, workers=2, batch_size=2)
    assert layer_digests(driver, IDS) == built
    assert (parallel.documents, parallel.sections) == (single.documents, single.sections) == (5, single.sections)
    assert read(driver, SECTIONS, {"ids": IDS})[0]["n"] == single.sections > 0


def test_a_cleared_layer_changes_the_digest(driver, built) -> None:
    """The digest sees a document whose layer is missing (what a dropped worker result would leave)."""
    _cleared(driver)
    after = layer_digests(driver, IDS)
    assert sorted(after) == sorted(IDS) and all(after[f] != built[f] for f in IDS)


def test_one_changed_relationship_changes_that_document_only(driver, built) -> None:
    changed, rel = read(driver, ONE_REFERENCE, {"ids": IDS})[0].values()
    write(driver, RETAG, {"rel": rel})
    after = layer_digests(driver, IDS)
    assert [f for f in IDS if after[f] != built[f]] == [changed]
