"""`python -m graph`: JSON out, exact counts, one-line errors with non-zero exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date

from graph.reads.repository import graph_counts


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "graph", *args], capture_output=True, text=True, check=False)


def test_search_all_reports_510() -> None:
    out = run("search", "{}")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["total_count"] == 510
    assert len(data["contracts"]) == 20
    first = data["contracts"][0]
    assert {"file_id", "contract_type", "effective_date", "end_date", "total_amount", "parties",
            "governing_law"} <= first.keys()
    # One statement: the count from the count store, then the page (graph.query.paging).
    assert data["cypher"][0].startswith("CALL () {\n  MATCH (c:Contract)\n  RETURN count(c) AS total_count\n}")


def test_search_with_aggregation_and_params() -> None:
    out = run("search", json.dumps({"governing_law_state": "Delaware", "group_by": "contract_type", "limit": 2}))
    data = json.loads(out.stdout)
    # as_of (today): each row's status column reads it
    assert data["params"][0] == {"governing_law_state": "DE", "window": 2, "offset": 0, "limit": 2,
                                 "as_of": date.today().isoformat()}
    assert {"status", "rolled_over", "status_note", "end_date_source"} <= data["contracts"][0].keys()
    assert sum(row["value"] for row in data["aggregation"]) == data["total_count"] == 38


def test_parties_command() -> None:
    data = json.loads(run("parties", '{"name": "pelican", "limit": 5}').stdout)
    assert data["total_count"] == 1
    assert data["parties"][0]["contract_count"] == 2


def test_query_runs_read_only_statements() -> None:
    data = json.loads(run("query", "MATCH (c:Contract) RETURN count(c) AS n").stdout)
    assert data["rows"] == [{"n": 510}]
    capped = json.loads(run("query", "MATCH (c:Contract) RETURN c.file_id AS f", "--row-cap", "3").stdout)
    assert capped["row_count"] == 3 and capped["truncated"] is True


def test_bad_input_gives_one_line_error(driver) -> None:
    before = graph_counts(driver)
    cases = [("search", '{"limit": -1}'), ("search", "{oops"), ("search", "[1]"),
             ("parties", '{"country": "Narnia"}'), ("query", "MATCH (n) DETACH DELETE n"),
             ("query", "CALL dbms.listConfig()"), ("query", "MATCH (n RETURN n")]
    for args in cases:
        out = run(*args)
        assert out.returncode == 2, args
        assert out.stdout == ""
        assert out.stderr.startswith("error: ") and out.stderr.count("\n") == 1, out.stderr
        assert "Traceback" not in out.stderr
    assert graph_counts(driver) == before


def test_database_down_message(tmp_path) -> None:
    env_cmd = [sys.executable, "-c", "import os, sys; os.environ['CG_NEO4J_PORT']='7999';"
               "from graph.cli import main; sys.exit(main(['search', '{}']))"]
    out = subprocess.run(env_cmd, capture_output=True, text=True, check=False)
    assert out.returncode == 2
    assert "not reachable at bolt://127.0.0.1:7999" in out.stderr
    assert "python -m graph server start" in out.stderr
