"""The command-line entry points start without the modules they do not use (issue 31, latency): an offline
`python -m agent ask` loads neither LangGraph nor LangChain nor the OpenAI client (agent.exact runs exact mode
without the agent loop; core.llm imports the client only when a model is built) nor numpy, and no CLI loads
pandas (core.lean_start: the Neo4j driver would import both). Read from
`python -X importtime`, which lists every module the real entry point imported."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from core.settings import REPO_ROOT, read_secrets
from graph.reads.repository import search_contracts

LLM_VARS = ("LLM_PROVIDER", "LLM_SCRIPT", "OPENAI_API_KEY", "OPENAI_BASE_URL", "LLM_MODEL")
UNUSED = {"openai", "langchain_openai", "pandas", "numpy", "langgraph", "langchain_core"}


def imported(*args: str) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """Run `python -X importtime -m ARGS` with no LLM configured; the packages it loaded, read from their
    submodules (an import refused on purpose, as core.lean_start refuses pandas, is listed by its bare name)."""
    env = {k: v for k, v in os.environ.items() if k not in LLM_VARS}
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", *args], cwd=REPO_ROOT, env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    modules = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()
               if line.startswith("import time:") and "|" in line]
    names = {name.split(".")[0] for name in modules if "." in name}
    return done, names


def test_offline_ask_answers_without_the_llm_stack_or_pandas(driver) -> None:
    if any(read_secrets().get(k) for k in LLM_VARS):
        pytest.skip("an LLM is configured in .streamlit/secrets.toml on this machine")
    done, names = imported("agent", "ask", "How many supply contracts?")
    assert done.returncode == 0, done.stderr[-2000:]
    expected = search_contracts(driver, {"contract_types": ["Supply"]}).total_count
    assert done.stdout.startswith(f"**{expected} contracts** match.")
    assert {"neo4j", "agent", "graph", "pydantic"} <= names  # the probe sees what the answer needed
    assert names & UNUSED == set()  # exact mode runs without the agent loop (agent.exact)


@pytest.mark.parametrize("args", [("graph", "server", "status"), ("ingest", "load-texts", "--help"),
                                  ("ingest", "--help")])
def test_graph_and_ingest_clis_start_without_pandas_or_the_llm_stack(args: tuple[str, ...]) -> None:
    """Nor LangChain and the OpenAI client with no model configured: ingest.pipeline imports its LLM extractors
    when a model reads (about 1 CPU second of every `python -m ingest` run before)."""
    if any(read_secrets().get(k) for k in LLM_VARS):
        pytest.skip("an LLM is configured in .streamlit/secrets.toml on this machine")
    done, names = imported(*args)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "neo4j" in names and names & {"pandas", "langchain_core", "openai"} == set()
