"""The dashboard's modules (side panel, sidebar, every page's components) load without langgraph or
langchain: those took ~4-6 s to import and delayed the first page after a server start (PERFORMANCE.md,
fix 17). Checked in a fresh interpreter, since this test process has imported everything already."""

from __future__ import annotations

import json
import subprocess
import sys

from graph.server.config import REPO_ROOT

DASHBOARD = ["app_chat_panel:components.chat.panel", "components.sidebar", "components.charts",
             "components.explorer.form", "components.explorer.results", "components.contract.view",
             "components.parties.view", "components.renewals.view", "components.footer"]
PROBE = """
import importlib, json, sys
for name in {names}:
    importlib.import_module(name.split(":")[-1])
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("langgraph", "langchain_core", "langchain_openai",
                                                             "openai", "agent"))
print(json.dumps(heavy))
"""


def loaded_heavy(names: list[str]) -> list[str]:
    out = subprocess.run([sys.executable, "-c", PROBE.format(names=names)], cwd=REPO_ROOT, capture_output=True,
                         text=True, check=True, timeout=120)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_dashboard_modules_do_not_import_the_agent() -> None:
    assert loaded_heavy(DASHBOARD) == []


def test_the_assistant_module_does_import_it() -> None:
    heavy = loaded_heavy(["components.chat.assistant"])  # the probe can see the agent when it is there
    assert "langgraph" in heavy and "agent.graph" in heavy
