"""`python -m graph query` against the real server (issue #27): the probe's regex and quoted range() are
refused in one line before reaching the server; Infinity and NaN come out as null with a note, so stdout is
always valid JSON (a parser that refuses the non-standard constants reads it)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any, NoReturn

from graph.readonly.expr import REGEX_MESSAGE
from graph.server.config import REPO_ROOT


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "graph", "query", *args], cwd=REPO_ROOT, capture_output=True,
                          text=True, timeout=120, check=False)


def strict_json(text: str) -> Any:
    def refuse(name: str) -> NoReturn:
        raise ValueError(f"not JSON: {name}")
    return json.loads(text, parse_constant=refuse)


def test_the_probes_regex_is_refused_in_one_line() -> None:
    done = run("MATCH (c:Contract) WHERE c.summary =~ '(.*.*.*.*.*)*x' RETURN count(c)", "--timeout", "2")
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"error: {REGEX_MESSAGE}\n")


def test_quoted_range_is_refused_in_one_line() -> None:
    done = run('RETURN size(reduce(s = "", x IN `range`(1, 300000) | s + "x")) AS n', "--timeout", "2")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: reduce() is not allowed") and done.stderr.count("\n") == 1
    done = run("MATCH (c:Contract) RETURN `range`(1, c.party_count*10000) AS r")
    assert done.returncode == 2 and done.stderr.startswith("error: range() takes integer literals only")


def test_infinity_and_nan_print_as_null_with_a_note() -> None:
    done = run("RETURN 1.0/0 AS x, -1.0/0 AS y, 0.0/0 AS z, [1.5, 1.0/0] AS l, 2 AS n")
    assert done.returncode == 0, done.stderr
    data = strict_json(done.stdout)
    assert data["rows"] == [{"x": None, "y": None, "z": None, "l": [1.5, None], "n": 2}]
    assert data["note"] == ("4 value(s) were not finite numbers and are shown as null (JSON has no Infinity or "
                            "NaN): rows[0].x: Infinity; rows[0].y: -Infinity; rows[0].z: NaN; rows[0].l[1]: Infinity")


def test_finite_results_have_no_note() -> None:
    data = strict_json(run("RETURN 1.0/4 AS x").stdout)
    assert data == {"rows": [{"x": 0.25}], "row_count": 1, "truncated": False, "params": {}}
