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
    assert ("graph.query.compiler", "core.vocab") in edges
    assert ("ingest.pipeline", "graph.store.write") in edges
    assert ("graph.reads.repository", "graph.query.compiler") in edges
    assert ("app", "components.sidebar") in edges


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


def test_a_submodule_importing_its_siblings_from_its_own_package_is_a_cycle(tmp_path: Path) -> None:
    # `from pkg import sibling` reads pkg's __init__, which imports the submodule back (ingest.rules.engine,
    # agent.question.parser did); `import pkg.sibling as sibling` does not.
    root = _tree(tmp_path, {"ingest/__init__.py": "",
                            "ingest/rules/__init__.py": "from ingest.rules.engine import extract\n",
                            "ingest/rules/engine.py": "from ingest.rules import law\n",
                            "ingest/rules/law.py": "",
                            "agent/__init__.py": "", "agent/q/__init__.py": "from agent.q.parser import parse\n",
                            "agent/q/parser.py": "import agent.q.words as w\n", "agent/q/words.py": ""})
    assert check(root) == ["module cycle in ingest: ingest.rules -> ingest.rules.engine -> ingest.rules"]


def test_the_real_package_cycles_are_found_when_planted_back(tmp_path: Path) -> None:
    # The two cycles issue 28 named, on copies of the real modules with the old import lines.
    for name in ("ingest/__init__.py", "ingest/rules/__init__.py", "agent/__init__.py", "agent/question/__init__.py",
                 "agent/question/parser.py"):
        text = (REPO / name).read_text(encoding="utf-8")
        if name == "agent/question/parser.py":
            text = "from agent.question import words as w\n"
        _tree(tmp_path, {name: text})
    _tree(tmp_path, {"ingest/rules/engine.py": "from ingest.rules import law\n", "ingest/rules/law.py": "",
                     "ingest/rules/model.py": "", "agent/question/parties.py": "", "agent/question/words.py": ""})
    assert check(tmp_path) == ["module cycle in agent: agent.question -> agent.question.parser -> agent.question",
                               "module cycle in ingest: ingest.rules -> ingest.rules.engine -> ingest.rules"]


def test_a_cycle_between_packages_is_rejected(tmp_path: Path) -> None:
    # agent -> graph is allowed, graph -> agent is not: both the direction and the cycle are reported.
    root = _tree(tmp_path, {"agent/__init__.py": "", "agent/a.py": "import graph.g\n",
                            "graph/__init__.py": "", "graph/g.py": "import agent.a\n"})
    assert check(root) == ["graph.g:1 imports agent.a (graph may not import agent)",
                           "package cycle: agent -> graph -> agent"]


def test_graph_subpackages_import_only_the_ones_below(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"graph/__init__.py": "", "graph/cli.py": "from graph.reads import repo\n",
                            "graph/query/__init__.py": "", "graph/query/compiler.py": "from graph.store import load\n",
                            "graph/store/__init__.py": "", "graph/store/load.py": "from graph.query import compiler\n",
                            "graph/reads/__init__.py": "", "graph/reads/repo.py": "from graph.retrieval import s\n",
                            "graph/retrieval/__init__.py": "", "graph/retrieval/s.py": "from graph import cli\n"})
    assert check(root) == [
        "graph.query.compiler:1 imports graph.store.load (graph.query may not import graph.store)",
        "graph.retrieval.s:1 imports graph.cli (graph.retrieval may import only the subpackages below it)",
        "module cycle in graph: graph.cli -> graph.reads.repo -> graph.retrieval.s -> graph.cli",
    ]


def test_a_planted_wrong_way_import_in_the_real_tree_is_rejected(tmp_path: Path) -> None:
    import shutil
    for name in ("app.py",):
        shutil.copy(REPO / name, tmp_path / name)
    for pkg in ("core", "graph", "agent", "ingest", "components", "pages"):
        shutil.copytree(REPO / pkg, tmp_path / pkg, ignore=shutil.ignore_patterns("__pycache__", "neo4j"))
    assert check(tmp_path) == []
    planted = tmp_path / "graph" / "query" / "filters.py"
    planted.write_text(planted.read_text(encoding="utf-8") + "\nfrom graph.server.db import read\n", encoding="utf-8")
    errors = check(tmp_path)
    assert len(errors) == 1 and "graph.query.filters" in errors[0] and "may not import graph.server" in errors[0]
