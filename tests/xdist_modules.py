"""How `make test` shares the tests between its pytest-xdist workers (`-n 2 --dist loadgroup`): each test module
runs whole on one worker, so its module fixtures (a Streamlit server, a throwaway Neo4j, an oracle over the
graph) are built once, and the modules that read the parsed CUAD corpus share one worker (one parse).

xdist's own loadgroup cannot do this with pytest 9.2: it tags each test's node id with its `xdist_group`
through the old `_nodeid` field, which pytest 9.2 no longer reads (pytest-dev/pytest-xdist#1386), so every
test was scheduled on its own and each module's fixtures were built on both workers. This scheduler decides
the group from the node id on the controller instead. Modules are handed out in collection order (app,
browser, integration, unit) when `--no-loadscope-reorder` is given, as `make test` does: the slow modules
with few tests go first, and the many quick unit modules fill the end on both workers.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from xdist.remote import Producer
from xdist.scheduler import LoadScopeScheduling

CORPUS_GROUP = "cuad_corpus"
CORPUS_FIXTURE = "cuad_corpus"  # tests/conftest.py: the session's one parse of the 510 texts


def corpus_modules(rootdir: Path) -> frozenset[str]:
    """The test modules (as node id paths) whose source names the parsed-corpus fixture."""
    return frozenset(path.relative_to(rootdir).as_posix() for path in sorted((rootdir / "tests").rglob("test_*.py"))
                     if CORPUS_FIXTURE in path.read_text(encoding="utf-8"))


class ModuleScheduling(LoadScopeScheduling):
    """One work unit per test module; the corpus modules form one unit together."""

    def __init__(self, config: pytest.Config, log: Producer | None = None) -> None:
        super().__init__(config, log)
        self.log = Producer("modulesched") if log is None else log.modulesched
        self.corpus = corpus_modules(config.rootpath)

    def _split_scope(self, nodeid: str) -> str:
        module = nodeid.split("::", 1)[0]
        return CORPUS_GROUP if module in self.corpus else module
