"""An offline `python -m agent ask` runs without the LLM stack (issue 31, start-up latency): in a fresh
interpreter, the CLI's whole exact path (parse, planner, the tool implementations, the error a failed tool
gives, the printed answer) runs and loads neither LangGraph, LangChain, the OpenAI client, pandas nor numpy.
No database is needed: the driver is a stand-in whose every query fails as an unreachable server does, so the
tool call goes through the real implementation and error handling (exit code 3, the database failed)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from graph.server.config import REPO_ROOT

HEAVY = ("langgraph", "langchain_core", "langchain_openai", "langchain", "openai", "pandas", "numpy")
PROBE = """
import json, sys
from core.lean_start import import_neo4j_without_pandas
import_neo4j_without_pandas(also_numpy=True)  # as agent/__main__.py does
from neo4j.exceptions import ServiceUnavailable
import agent.cli as cli

class NoServer:
    def __enter__(self): return self
    def __exit__(self, *exc): return False
    def execute_query(self, *args, **kwargs): raise ServiceUnavailable("no server in this test")

cli.build_driver = lambda settings: NoServer()
cli.ping = lambda driver: None
try:
    code = cli.main(["ask", {question!r}])
except SystemExit as e:
    code = e.code
heavy = sorted({{m.split(".")[0] for m in sys.modules}} & set({heavy!r}))
print(json.dumps({{"code": code, "heavy": heavy}}))
"""
LLM_VARS = ("LLM_PROVIDER", "LLM_SCRIPT", "OPENAI_API_KEY", "OPENAI_BASE_URL", "LLM_MODEL")


def run_offline(question: str) -> tuple[dict[str, object], str]:
    env = {k: v for k, v in os.environ.items() if k not in LLM_VARS} | {"LLM_PROVIDER": "offline"}
    done = subprocess.run([sys.executable, "-c", PROBE.format(question=question, heavy=HEAVY)], cwd=REPO_ROOT,
                          env=env, capture_output=True, text=True, timeout=180, check=False)
    assert done.stdout.strip(), done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1]), done.stdout


@pytest.mark.parametrize("question", ["How many supply contracts?", "Which contracts mention 'most favored nation'?"])
def test_offline_ask_runs_without_the_llm_stack(question: str) -> None:
    result, out = run_offline(question)
    assert result["code"] == 3, out  # the tool ran and failed as with the server down
    assert "A tool reported a problem" in out and "Neo4j is not reachable" in out
    assert result["heavy"] == [], result


def test_the_probe_sees_the_llm_stack_when_it_is_loaded() -> None:
    # The same probe flags LangGraph once anything imports it (here the agent loop's module).
    probe = PROBE.replace("import agent.cli as cli", "import agent.cli as cli\nimport agent.graph")
    done = subprocess.run([sys.executable, "-c", probe.format(question="How many supply contracts?", heavy=HEAVY)],
                          cwd=REPO_ROOT, capture_output=True, text=True, timeout=180, check=False)
    heavy = json.loads(done.stdout.strip().splitlines()[-1])["heavy"]
    assert "langgraph" in heavy and "langchain_core" in heavy
