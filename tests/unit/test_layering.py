"""The package layering (docs/ARCHITECTURE.md) holds for the real tree, and the checker really rejects a
wrong-way import, streamlit below the UI and import cycles (planted in a temporary tree)."""

from __future__ import annotations

from pathlib import Path

from tests.layering import all_imports, check

REPO = Path(__file__).resolve().parents[2]


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_the_repository_follows_the_layering() -> None:
    assert check(REPO) == []


def test_the_checker_reads_the_real_imports() -> None:
    # Guards the test above against passing because it read nothing.
    edges = {(i.source, i.target) for i in all_imports(REPO)}
    assert ("graph.compiler", "core.vocab") in edges
    assert ("ingest.pipeline", "graph.write") in edges
    assert ("app", "components.db") in edges or any(s == "app" for s, _ in edges)


def test_a_wrong_way_import_is_rejected(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"core/__init__.py": "", "core/errors.py": "from graph import db\n",
                            "graph/__init__.py": "", "graph/db.py": "import core.errors\n"})
    errors = check(root)
    assert any("core.errors:1 imports graph.db (core may not import graph)" in e for e in errors), errors


def test_agent_and_ingest_may_not_import_each_other(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"agent/__init__.py": "", "agent/x.py": "from ingest.y import f\n",
                            "ingest/__init__.py": "", "ingest/y.py": "def f(): ...\n"})
    assert check(root) == ["agent.x:1 imports ingest.y (agent may not import ingest)"]


def test_a_type_checking_or_function_level_upward_import_is_still_wrong(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "graph/__init__.py": "",
        "graph/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from agent import b\n",
        "graph/c.py": "def f():\n    from ingest import d\n",
        "agent/__init__.py": "", "agent/b.py": "", "ingest/__init__.py": "", "ingest/d.py": ""})
    assert check(root) == ["graph.a:3 imports agent.b (graph may not import agent)",
                           "graph.c:2 imports ingest.d (graph may not import ingest)"]


def test_streamlit_below_the_ui_is_rejected(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"graph/__init__.py": "", "graph/view.py": "import streamlit as st\n",
                            "components/__init__.py": "", "components/ok.py": "import streamlit as st\n"})
    assert check(root) == ["graph.view:1 imports streamlit (only app, pages and components may)"]


def test_a_cycle_between_modules_of_one_package_is_rejected(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"ingest/__init__.py": "",
                            "ingest/evaluate.py": "from ingest.llm_extract import extract\n",
                            "ingest/llm_extract.py": "from ingest import merge\n",
                            "ingest/merge.py": "from ingest.evaluate import norm_party\n"})
    assert check(root) == ["module cycle in ingest: ingest.evaluate -> ingest.llm_extract -> ingest.merge "
                           "-> ingest.evaluate"]


def test_a_relative_import_cycle_is_found_and_late_imports_break_none(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"graph/__init__.py": "", "graph/a.py": "from . import b\n",
                            "graph/b.py": "from .a import x\n",
                            "graph/c.py": "import graph.d\n", "graph/d.py": "def f():\n    import graph.c\n"})
    assert check(root) == ["module cycle in graph: graph.a -> graph.b -> graph.a"]


def test_a_cycle_between_packages_is_rejected(tmp_path: Path) -> None:
    # agent -> graph is allowed, graph -> agent is not: both the direction and the cycle are reported.
    root = _tree(tmp_path, {"agent/__init__.py": "", "agent/a.py": "import graph.g\n",
                            "graph/__init__.py": "", "graph/g.py": "import agent.a\n"})
    assert check(root) == ["graph.g:1 imports agent.a (graph may not import agent)",
                           "package cycle: agent -> graph -> agent"]
