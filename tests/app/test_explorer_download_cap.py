"""The Explorer's "Download all rows" above its cap (components.explorer.results.DOWNLOAD_MAX_ROWS): no CSV is
built in the app's memory; a popover says why and gives the shell command that writes every row, and that
command, run as shown, writes a file with every match. At or under the cap the button is the download itself."""

from __future__ import annotations

import csv
import io
import os
import shlex
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from neo4j import Driver
from streamlit.testing.v1 import AppTest

from components.explorer import results
from graph.query.filter_url import filter_to_query
from graph.query.filters import parse_filter
from graph.reads.repository import search_contracts
from graph.server.config import REPO_ROOT
from tests.app.test_dashboard import EXPLORER, open_page

pytestmark = pytest.mark.integration

LICENCES = {"contract_types": ["License"], "governing_law_country": "US", "sort_by": "end_date"}


def _popover_labels(at: AppTest) -> list[str]:
    return [p.proto.popover.label for p in at.get("popover")]


def test_over_the_cap_the_page_gives_the_command_instead(driver: Driver, deferred_downloads: list[Any], tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    f = parse_filter(LICENCES)
    total = search_contracts(driver, f).total_count
    monkeypatch.setattr(results, "DOWNLOAD_MAX_ROWS", total - 1)
    at = open_page(EXPLORER, filter_to_query(f))
    assert deferred_downloads == [] and not [b for b in at.get("download_button") if "Download all" in b.proto.label]
    assert _popover_labels(at) == [f"Download all {total:,} rows"]
    command = (".venv/bin/python -m graph export '{\"contract_types\": [\"License\"], "
               "\"governing_law_country\": \"US\", \"sort_by\": \"end_date\"}' --out contracts.csv")
    assert [c.value for c in at.code] == [command]
    assert any(f"at most {total - 1:,} rows at a time; this filter matches {total:,}" in m.value for m in at.markdown)
    # The command as shown, run in the project folder with this interpreter, writes every match.
    argv = shlex.split(command)
    done = subprocess.run([sys.executable, *argv[1:]], cwd=tmp_path, capture_output=True, text=True, check=False,
                          env={**os.environ, "PYTHONPATH": str(REPO_ROOT)})
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(io.StringIO((tmp_path / "contracts.csv").read_bytes().decode())))
    assert [r["file_id"] for r in rows] == [c["file_id"] for c in search_contracts(
        driver, f.model_copy(update={"limit": total}), date.today()).contracts]


def test_at_the_cap_the_button_downloads(driver: Driver, deferred_downloads: list[Any],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    f = parse_filter(LICENCES)
    total = search_contracts(driver, f).total_count
    monkeypatch.setattr(results, "DOWNLOAD_MAX_ROWS", total)
    at = open_page(EXPLORER, filter_to_query(f))
    assert _popover_labels(at) == [] and len(deferred_downloads) == 1
    assert len(list(csv.DictReader(io.StringIO(deferred_downloads[0]())))) == total
