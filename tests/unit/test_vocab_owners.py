"""Each vocabulary is spelled in one module: legal forms in core/names.py, month and country names in
core/vocab.py, the phrases that name a CUAD category in a question in core/cuad_topics.py.

The check reads every production module's syntax tree and flags a string (not a docstring) or a literal
collection of strings that spells out a legal-form list (four or more of the common forms), month names
(three or more) or country names (four or more of fifteen common ones), and a dict literal mapping phrases
to three or more CUAD categories; the owner modules are the only places allowed to. A planted copy in a
temporary tree proves that the check finds one."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from core.vocab import CUAD_CATEGORIES

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = ("app.py", "pages", "components", "agent", "ingest", "graph", "core")
OWNERS = {"legal forms": "core/names.py", "month names": "core/vocab.py", "country names": "core/vocab.py",
          "question phrases of CUAD categories": "core/cuad_topics.py"}
CUAD = frozenset(CUAD_CATEGORIES)
LEGAL_MARKERS = frozenset("inc llc ltd gmbh corp plc llp pty bv nv lp ag kk pte sarl srl".split())
MONTHS = re.compile(r"\b(january|february|march|april|june|july|august|september|october|november|december)\b",
                    re.IGNORECASE)
COUNTRIES = re.compile(r"\b(germany|france|japan|switzerland|canada|sweden|norway|denmark|belgium|austria|portugal|"
                       r"finland|poland|mexico|brazil)\b", re.IGNORECASE)


def _docstrings(tree: ast.AST) -> set[int]:
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                ids.add(id(first.value))
    return ids


def _texts(tree: ast.AST) -> list[tuple[int, list[str]]]:
    """(line, strings) for every string constant and every literal collection of strings."""
    skip = _docstrings(tree)
    found: list[tuple[int, list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            found.append((node.lineno, [node.value]))
        elif isinstance(node, COLLECTIONS):
            strings = _strings_in(node)
            if len(strings) > 1:
                found.append((node.lineno, strings))
    return found


COLLECTIONS = (ast.Tuple, ast.List, ast.Set, ast.Dict)


def _strings_in(node: ast.AST) -> list[str]:
    """The strings of a literal collection and of the literal collections nested in it ([("jan", ...), ...])."""
    items = [*(i for i in node.keys if i is not None), *node.values] if isinstance(node, ast.Dict) else node.elts
    strings = []
    for item in items:
        if isinstance(item, ast.Constant) and isinstance(item.value, str):
            strings.append(item.value)
        elif isinstance(item, COLLECTIONS):
            strings += _strings_in(item)
    return strings


def _category_tables(tree: ast.AST) -> list[int]:
    """Lines of dict literals mapping phrases to three or more CUAD categories (a question -> category table)."""
    return [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Dict) and len(
        {v.value for v in node.values if isinstance(v, ast.Constant) and v.value in CUAD}) >= 3]


def _kinds(strings: list[str]) -> list[str]:
    kinds = []
    words = {w for s in strings for w in re.findall(r"[a-z]+", s.lower())}
    if len(words & LEGAL_MARKERS) >= 4:
        kinds.append("legal forms")
    if len({m.lower() for s in strings for m in MONTHS.findall(s)}) >= 3:
        kinds.append("month names")
    if len({m.lower() for s in strings for m in COUNTRIES.findall(s)}) >= 4:
        kinds.append("country names")
    return kinds


def copies(root: Path) -> list[str]:
    """'path:line kind' for every vocabulary spelled outside its owner under `root`."""
    out = []
    for top in PRODUCTION:
        base = root / top
        paths = sorted(base.rglob("*.py")) if base.is_dir() else [base] if base.is_file() else []
        for path in paths:
            rel = path.relative_to(root).as_posix()
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for line, strings in _texts(tree):
                out += [f"{rel}:{line} {kind}" for kind in _kinds(strings) if OWNERS[kind] != rel]
            kind = "question phrases of CUAD categories"
            out += [f"{rel}:{line} {kind}" for line in _category_tables(tree) if OWNERS[kind] != rel]
    return sorted(set(out))


def test_no_vocabulary_is_spelled_outside_its_owner() -> None:
    assert copies(ROOT) == []


def test_the_owners_do_spell_them() -> None:
    names = ast.parse((ROOT / "core/names.py").read_text(encoding="utf-8"))
    vocab = ast.parse((ROOT / "core/vocab.py").read_text(encoding="utf-8"))
    assert any("legal forms" in _kinds(s) for _, s in _texts(names))
    assert any("month names" in _kinds(s) for _, s in _texts(vocab))


def test_a_planted_copy_is_found(tmp_path: Path) -> None:
    (tmp_path / "core").mkdir()
    (tmp_path / "graph").mkdir()
    (tmp_path / "agent" / "question").mkdir(parents=True)
    (tmp_path / "core" / "names.py").write_text('FORMS = frozenset("inc llc ltd gmbh corp".split())\n')
    (tmp_path / "core" / "vocab.py").write_text('MONTHS = ("January", "February", "March")\n')
    (tmp_path / "graph" / "names_copy.py").write_text(
        '"""Not this docstring: inc llc ltd gmbh corp, January February March."""\n'
        'import re\n\n'
        '_SUFFIX = re.compile(r"\\s+(?:inc|l\\.l\\.c|llc|ltd|gmbh|corp)$")\n')
    (tmp_path / "agent" / "question" / "when.py").write_text(
        'MONTH = r"(?:january|february|march|april)"\n'
        'NAMES = {"June": 6, "July": 7, "August": 8}\n'
        'CUAD = {r"mfn": "Most Favored Nation", r"escrow": "Source Code Escrow", r"insurance": "Insurance"}\n'
        'PLACES = {"DE": ("germany", "german"), "FR": ("france",), "JP": ("japan",), "CH": ("switzerland", "swiss")}\n')
    assert copies(tmp_path) == ["agent/question/when.py:1 month names", "agent/question/when.py:2 month names",
                                "agent/question/when.py:3 question phrases of CUAD categories",
                                "agent/question/when.py:4 country names",
                                "graph/names_copy.py:4 legal forms"]
