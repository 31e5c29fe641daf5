"""`python -m graph export FILTER --out PATH`: every contract a filter matches, as the Explorer's CSV (the same
bytes as its "Download all rows"), written a chunk at a time to a file that appears only when complete. Bad
paths, a bad filter and a database that is down end in one `error:` line, exit 2, and leave an earlier file
of that name as it was and no partial file beside it."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from neo4j import Driver

from components.explorer.export import contracts_csv
from core.errors import ContractGraphError
from graph.cli import main as graph_main
from graph.query.filters import ContractFilter, parse_filter
from graph.reads import contracts_csv as module
from graph.reads.contracts_csv import CSV_COLUMNS
from tests.integration.test_cli_hygiene import assert_one_line_error
from tests.integration.throwaway import free_port
from tests.oracle import Oracle, graph_oracle

pytestmark = pytest.mark.integration

FILTERS = [{}, {"contract_types": ["License", "Service"], "sort_by": "end_date", "sort_order": "desc"},
           {"governing_law_state": "Delaware", "min_effective_date": "2010-01-01"}]
EARLIER = "an earlier export\n"


@pytest.fixture(scope="module")
def oracle(driver: Driver, prepared_sample) -> Oracle:
    return graph_oracle(driver, prepared_sample)


@pytest.mark.parametrize("spec", FILTERS, ids=["all", "licence-service-by-end", "delaware-since-2010"])
def test_export_writes_every_match_as_the_explorer_download(driver: Driver, oracle: Oracle, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str], spec: dict) -> None:
    out = tmp_path / "contracts.csv"
    assert graph_main(["export", json.dumps(spec), "--out", str(out)]) == 0
    text = out.read_bytes().decode("utf-8")  # as written: CSV rows end in CRLF (RFC 4180)
    rows = list(csv.DictReader(io.StringIO(text)))
    expected = {c.file_id for c in oracle.select(parse_filter(spec).describe(), date.today())}
    assert len(rows) == len(expected) and {r["file_id"] for r in rows} == expected
    assert tuple(rows[0]) == CSV_COLUMNS
    assert text == contracts_csv(driver, parse_filter(spec))  # the same file as the dashboard's, row order too
    assert capsys.readouterr().out == f"Wrote {len(expected):,} contracts to {out}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["contracts.csv"]


def _refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], expected: str) -> None:
    code = graph_main(args)
    captured = capsys.readouterr()
    assert captured.out == ""
    assert_one_line_error(code, captured.err, expected)


def test_bad_paths_and_filters_leave_the_earlier_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "contracts.csv"
    out.write_text(EARLIER)
    _refused(tmp_path, capsys, ["export", '{"contract_types": "Supply"}', "--out", str(out)],
             "error: Invalid filter: contract_types")
    _refused(tmp_path, capsys, ["export", "{oops", "--out", str(out)], "error: ")
    _refused(tmp_path, capsys, ["export", "--out", str(tmp_path)],
             f"error: --out {tmp_path} is a folder; name the file, e.g. {tmp_path / 'contracts.csv'}")
    _refused(tmp_path, capsys, ["export", "--out", str(tmp_path / "missing" / "x.csv")],
             f"the folder {tmp_path / 'missing'} does not exist")
    assert out.read_text() == EARLIER
    assert sorted(p.name for p in tmp_path.iterdir()) == ["contracts.csv"]


def test_database_down_leaves_the_earlier_file(tmp_path: Path) -> None:
    out = tmp_path / "contracts.csv"
    out.write_text(EARLIER)
    code = ("import os, sys; os.environ['CG_NEO4J_PORT'] = sys.argv[1]; from graph.cli import main; "
            "sys.exit(main(['export', '{}', '--out', sys.argv[2]]))")
    done = subprocess.run([sys.executable, "-c", code, str(free_port()), str(out)], capture_output=True,
                          text=True, check=False)
    assert_one_line_error(done.returncode, done.stderr, "error: Neo4j is not reachable at bolt://127.0.0.1:")
    assert out.read_text() == EARLIER
    assert sorted(p.name for p in tmp_path.iterdir()) == ["contracts.csv"]


def test_an_error_midway_removes_the_partial_file(driver: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    def failing(driver: Driver, f: ContractFilter, today: date | None = None):
        yield from list(module.iter_contracts(driver, f, today))[:3]
        raise ContractGraphError("the database went away")

    monkeypatch.setattr(module, "all_contracts", failing)
    out = tmp_path / "contracts.csv"
    out.write_text(EARLIER)
    _refused(tmp_path, capsys, ["export", "{}", "--out", str(out)], "error: the database went away")
    assert out.read_text() == EARLIER
    assert sorted(p.name for p in tmp_path.iterdir()) == ["contracts.csv"]
