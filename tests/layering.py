"""The import-direction checker behind tests/unit/test_layering.py: parses every module with `ast` (nothing
is imported or run) and reports wrong-way imports, streamlit outside the UI packages and import cycles.

The rules (docs/ARCHITECTURE.md draws them): packages form layers, app -> pages -> components ->
(agent, ingest) -> graph -> core, and a package may import any package below it, never one above or
beside it (agent and ingest do not import each other). evals/ and benchmarks/ are harnesses on top of
the production packages that nothing imports.

How imports count:
- Direction: every import of ours anywhere in a module (top level, inside a function, or under
  `if TYPE_CHECKING:`): a type-only import still ties the lower package to the higher one's names.
- Cycles: only imports that run when the module is imported: top-level statements, including those in a
  top-level `try`/`if`, but not those under `if TYPE_CHECKING:` (they never run) nor inside functions
  (they run late, after both modules exist). A cycle is reported between packages and between the
  modules of one package. Importing `a.b.c` counts as importing `a.b.c` only, not its parent packages'
  `__init__` (which Python runs too, but a package importing its own submodules is no cycle). But
  `from a.b import c` also counts as importing the package `a.b` itself: the statement reads `a.b`'s
  namespace, so a submodule that imports its siblings that way from a package whose `__init__` imports it
  back is a cycle (`a.b` -> `a.b.c` -> `a.b`).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

# Which of our packages each package may import (itself always allowed).
ALLOWED: dict[str, frozenset[str]] = {
    "app": frozenset({"pages", "components", "agent", "ingest", "graph", "core"}),
    "pages": frozenset({"components", "agent", "ingest", "graph", "core"}),
    "components": frozenset({"agent", "ingest", "graph", "core"}),
    "agent": frozenset({"graph", "core"}),
    "ingest": frozenset({"graph", "core"}),
    "graph": frozenset({"core"}),
    "core": frozenset(),
    "evals": frozenset({"agent", "ingest", "graph", "core"}),
    # benchmarks/parse_texts.py times the ingest parser exactly as load-texts runs it
    "benchmarks": frozenset({"ingest", "graph", "core"}),
}
# benchmarks/pages.py drives the app through streamlit's AppTest to time page renders (a harness, as tests/ is).
# Inside a package, subpackages by concern form layers too, lowest first: a module of one may import the ones
# before it, never one after it. The package's top-level modules (graph/cli.py) may import any of them.
SUBLAYERS: dict[str, tuple[str, ...]] = {
    "graph": ("query", "server", "readonly", "store", "documents", "retrieval", "reads"),
}
UI_PACKAGES = frozenset({"app", "pages", "components", "benchmarks"})
UI_ONLY = ("streamlit",)


@dataclass(frozen=True)
class Import:
    """One import statement's target as seen from a module."""

    source: str  # importing module, dotted
    target: str  # imported module, dotted (the longest prefix that is a module of the tree, else as written)
    line: int
    runs_at_import: bool  # top level and not TYPE_CHECKING-only: counts for cycles


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def python_files(root: Path) -> Iterator[Path]:
    """app.py and every .py file under the layered packages."""
    if (root / "app.py").is_file():
        yield root / "app.py"
    for package in ALLOWED:
        folder = root / package
        if folder.is_dir():
            yield from sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _statements(body: list[ast.stmt], top: bool) -> Iterator[tuple[ast.stmt, bool]]:
    """Every import statement under `body`, with whether it runs when the module is imported."""
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, top
        elif isinstance(node, ast.If):
            runs = top and not _is_type_checking(node.test)
            yield from _statements(node.body, runs)
            yield from _statements(node.orelse, top)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                yield from _statements(block, top)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.With | ast.For
                        | ast.While | ast.AsyncWith | ast.AsyncFor):
            # Class bodies run at import; function bodies and the rest are treated as late (conservative
            # only for class bodies, which hold no imports in this project).
            runs = top and isinstance(node, ast.ClassDef | ast.With)
            yield from _statements(node.body, runs)
            yield from _statements(getattr(node, "orelse", []), runs)


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *(node.module.split(".") if node.module else [])])


def imports_of(root: Path, path: Path, modules: set[str]) -> list[Import]:
    """The imports in one file, each resolved to a module of the tree where it names one."""
    source = module_name(root, path)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node, runs in _statements(tree.body, True):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = _resolve(source, path.name == "__init__.py", node)
            # `from pkg import mod` imports the module pkg.mod when it exists, else a name of pkg.
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
            if base in modules and base != source and package(base) == package(source) and base not in targets:
                targets.append(base)  # `from pkg import sub` runs and reads pkg's __init__ too
        for target in targets:
            while target not in modules and "." in target:
                target = target.rsplit(".", 1)[0]
            found.append(Import(source, target, node.lineno, runs))
    return found


def all_imports(root: Path) -> list[Import]:
    files = list(python_files(root))
    modules = {module_name(root, p) for p in files}
    return [imp for p in files for imp in imports_of(root, p, modules)]


def package(module: str) -> str:
    return module.split(".", 1)[0]


def direction_errors(imports: list[Import]) -> list[str]:
    """Wrong-way imports between our packages, and streamlit imported outside app/pages/components."""
    errors = []
    for imp in imports:
        src, dst = package(imp.source), package(imp.target)
        if dst in ALLOWED and dst != src and dst not in ALLOWED[src]:
            errors.append(f"{imp.source}:{imp.line} imports {imp.target} ({src} may not import {dst})")
        if dst in UI_ONLY and src not in UI_PACKAGES:
            errors.append(f"{imp.source}:{imp.line} imports {imp.target} (only app, pages and components may)")
    return errors


def sublayer_errors(imports: list[Import]) -> list[str]:
    """Imports between the subpackages of one package (SUBLAYERS) that go up or sideways."""
    errors = []
    seen: set[tuple[str, int, str]] = set()
    for imp in imports:
        pkg = package(imp.source)
        order = SUBLAYERS.get(pkg)
        if not order or package(imp.target) != pkg:
            continue
        src, dst = (m.split(".")[1] if m.count(".") >= 1 else "" for m in (imp.source, imp.target))
        # `from graph.store import load` imports graph.store.load and graph.store itself: one report a line
        if (imp.source, imp.line, dst) in seen:
            continue
        seen.add((imp.source, imp.line, dst))
        if src in order and dst in order and order.index(dst) > order.index(src):
            errors.append(f"{imp.source}:{imp.line} imports {imp.target} ({pkg}.{src} may not import {pkg}.{dst})")
        elif src in order and dst not in order and dst:
            errors.append(f"{imp.source}:{imp.line} imports {imp.target} ({pkg}.{src} may import only "
                          f"the subpackages below it)")
    return errors


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle in a directed graph as a path that ends where it starts, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return None


def cycle_errors(imports: list[Import]) -> list[str]:
    """An import cycle between packages, and one within each package (import-time imports only)."""
    running = [i for i in imports if i.runs_at_import and i.target != i.source and package(i.target) in ALLOWED]
    between: dict[str, set[str]] = {}
    within: dict[str, dict[str, set[str]]] = {}
    for imp in running:
        src, dst = package(imp.source), package(imp.target)
        if src != dst:
            between.setdefault(src, set()).add(dst)
        else:
            within.setdefault(src, {}).setdefault(imp.source, set()).add(imp.target)
    errors = []
    if cycle := _cycle(between):
        errors.append("package cycle: " + " -> ".join(cycle))
    for name in sorted(within):
        if cycle := _cycle(within[name]):
            errors.append(f"module cycle in {name}: " + " -> ".join(cycle))
    return errors


def check(root: Path) -> list[str]:
    """Every layering violation under `root`; empty when the tree follows the rules."""
    imports = all_imports(root)
    return direction_errors(imports) + sublayer_errors(imports) + cycle_errors(imports)
