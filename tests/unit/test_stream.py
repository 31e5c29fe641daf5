"""Records prepared in batches (graph.store.stream) give what one pass over all of them gives: the same prepared
contracts, parties, report, stored facts and organisation keys, and byte for byte the same import CSV files
(graph.store.bulk_csv), whatever the batch sizes of the source and of the writes."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmarks.synth import generate
from graph.store.bulk_csv import contract_columns, organisation_keys, write_batches_csv, write_csv
from graph.store.load import FreshFacts, chunks
from graph.store.prepare import Prepared, prepare
from graph.store.stream import Streamed, prepare_stream


@pytest.fixture(scope="module")
def records(sample_records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """300 synthetic contracts and the CUAD sample, with a duplicate file_id one batch apart and a record
    without file_id (both skipped by prepare, and reported)."""
    synthetic = generate(300, 7, sample_records)
    return [*synthetic, *sample_records, dict(synthetic[3]), {"summary": "no id"}]


@pytest.fixture(scope="module")
def whole(records: list[dict[str, Any]]) -> Prepared:
    return prepare(records, source="synthetic")


@pytest.fixture(scope="module")
def streamed(records: list[dict[str, Any]], tmp_path_factory: pytest.TempPathFactory) -> Streamed:
    calls: list[int] = []

    def source() -> Iterator[list[dict[str, Any]]]:
        calls.append(1)
        return iter(list(chunks(records, 7)))

    result = prepare_stream(source, tmp_path_factory.mktemp("spool") / "prepared.pkl", source_name="synthetic")
    assert len(calls) == 2  # names first, then the contracts
    return result


def test_the_batches_prepare_what_one_pass_prepares(whole: Prepared, streamed: Streamed,
                                                    records: list[dict[str, Any]]) -> None:
    contracts = list(itertools.chain.from_iterable(streamed.batches(50)))
    assert len(contracts) == streamed.contracts == len(records) - 2 == 300 + 510
    assert contracts == whole.contracts
    assert [len(b) for b in streamed.batches(50)] == [50] * 16 + [10]
    assert streamed.prepared.parties == whole.parties
    assert streamed.prepared.report == whole.report
    assert streamed.prepared.report.fixes["duplicate_file_id"] == 1
    assert streamed.prepared.report.fixes["missing_file_id"] == 1
    assert streamed.clauses == sum(len(c.clauses) for c in whole.contracts)


def test_the_stored_facts_columns_and_organisations_are_the_same(whole: Prepared, streamed: Streamed) -> None:
    facts = FreshFacts.of(whole)
    assert streamed.facts == facts
    assert streamed.columns() == contract_columns(whole)
    assert streamed.org_keys() == organisation_keys(whole)
    assert streamed.org_keys()  # the sample has names with several legal forms: not a comparison of nothing
    summary = streamed.summary()
    assert (summary.contracts, summary.parties) == (810, len(whole.parties))


@pytest.mark.parametrize("batch_size", [50, 5000])
def test_the_batches_write_the_same_csv_files(whole: Prepared, streamed: Streamed, tmp_path: Path,
                                              batch_size: int) -> None:
    one = write_csv(whole, tmp_path / "one", batch_size=batch_size)
    parts = write_batches_csv(streamed.batches(batch_size), streamed.prepared, streamed.facts,
                              streamed.columns(), tmp_path / "parts")
    assert [label for label, _ in parts.nodes] == [label for label, _ in one.nodes]
    files = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert len(files) == 12 and files == sorted(p.name for p in (tmp_path / "parts").iterdir())
    for name in files:
        assert (tmp_path / "parts" / name).read_bytes() == (tmp_path / "one" / name).read_bytes(), name
    assert sum(1 for _ in (tmp_path / "one" / "contracts.csv").open(encoding="utf-8")) > 810
