"""The document layer parsed in worker processes (issue 33): the default is one worker per usable core, and
the batches the loader writes hold, document by document and in order, exactly the rows the single process
builds, which are the rows benchmarks/results/parse-digest.json was taken from."""

from __future__ import annotations

import json
import os

import pytest

from benchmarks.parse_texts import DIGEST, rows_digest
from graph.documents.rows import ROW_KEYS, merge_rows, split_rows
from ingest import layer
from ingest.layer import default_workers, layer_batches
from ingest.texts_cli import build_parser
from tests.conftest import TEXTS

# The longest text first (seconds of CPU; the shortest take hundredths), then the four shortest, two to a batch
# (batches of 2, 2 and 1): with two workers the short ones finish first, so results merged as they complete
# rather than in submission order would come out of order.
BY_SIZE = sorted(TEXTS.glob("*.txt"), key=lambda p: (-p.stat().st_size, p.name))
PATHS = [BY_SIZE[0], *BY_SIZE[-4:]]
ITEMS = [(p.stem, str(p)) for p in PATHS]


def test_default_workers_is_the_usable_cores(monkeypatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 3, 5}, raising=False)
    assert default_workers() == 3
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)  # macOS and Windows have no affinity call
    monkeypatch.setattr(os, "cpu_count", lambda: 6)
    assert default_workers() == 6
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert default_workers() == 1


def test_cli_leaves_the_worker_count_to_the_loader() -> None:
    assert build_parser().parse_args([]).workers is None
    assert build_parser().parse_args(["--workers", "2"]).workers == 2


def test_split_rows_undoes_merge_rows() -> None:
    first = {key: [{"file_id": "a", "n": 1}, {"file_id": "a", "n": 2}] for key in ROW_KEYS}
    second = {key: [{"file_id": "b", "n": 3}] for key in ROW_KEYS} | {"titles": [{"file_id": "b", "title": "B"}]}
    split = split_rows(merge_rows([first, second]))
    assert list(split) == ["a", "b"]
    assert split["a"] == first | {"titles": []}
    assert split["b"] == second


def test_rows_of_another_document_are_refused() -> None:
    rows = {key: [{"file_id": "a"}] for key in ROW_KEYS} | {"sections": [{"file_id": "z"}]}
    with pytest.raises(ValueError, match="'z'"):
        split_rows(rows)


def test_parallel_batches_equal_the_single_process_and_the_parse_digest(monkeypatch) -> None:
    monkeypatch.delenv("CG_LAYER_CACHE", raising=False)  # real parses in every process (spawn copies os.environ)
    single = list(layer_batches(ITEMS, workers=1, batch_size=2))
    parallel = list(layer_batches(ITEMS, workers=2, batch_size=2))
    assert [len(b["info"]) for b in parallel] == [2, 2, 1]
    assert parallel == single
    stored = json.loads(DIGEST.read_text())
    digests = [(file_id, rows_digest(rows)) for batch in parallel for file_id, rows in split_rows(batch).items()]
    assert digests == [(stem, stored[stem]) for stem, _ in ITEMS]



def test_workers_are_handed_a_bounded_window_of_texts_not_all_of_them(monkeypatch) -> None:
    """At a million texts, submitting every text at once held a future per text and the rows of every text
    parsed before the writer reached it: the parent takes the next text only as it hands a result back."""
    monkeypatch.setattr(layer, "IN_FLIGHT_PER_WORKER", 1)
    pulled: list[str] = []

    def texts():
        for _ in range(4):  # 16 texts: the four short ones four times
            for file_id, path in ITEMS[1:]:
                pulled.append(file_id)
                yield file_id, path

    batches = layer_batches(texts(), workers=2, batch_size=1)
    first = next(batches)
    assert first["info"][0]["file_id"] == ITEMS[1][0]
    assert len(pulled) == 2  # the window of 1 x 2 workers, not the 16 texts
    rest = list(batches)
    assert len(pulled) == 16 and [b["info"][0]["file_id"] for b in rest] == [f for f, _ in (ITEMS[1:] * 4)][1:]
