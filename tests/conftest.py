"""Shared fixtures. Database fixtures connect to the server `tests/with_test_db.sh` started (never the user's
database: CG_NEO4J_LOCAL=1 pins the local test server); they are created only when a test asks for them."""

from __future__ import annotations

import functools
import json
import os
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from neo4j import Driver

from graph.server.config import REPO_ROOT, Neo4jSettings
from graph.server.db import build_driver
from graph.store.prepare import Prepared, prepare
from ingest import layer_cache
from ingest.cuad_labels import read_text
from ingest.document import ParsedDocument, parse_document

SHARED = REPO_ROOT.parent / "shared" / "data"
SAMPLE = SHARED / "cuad" / "contract_data.json"
TEXTS = SHARED / "cuad" / "txt"
PDFS = SHARED / "cuad" / "pdf"
ARTIFACTS = REPO_ROOT / "test-artifacts"


def pytest_configure(config: pytest.Config) -> None:
    """Under `pytest -n N`, worker gwK (K > 0) talks to its own copy of the test database, which
    tests/with_test_db.sh started (CG_TEST_WORKERS=N) in "$CG_NEO4J_HOME-gwK" on port CG_NEO4J_PORT+K. Set
    before any test runs, so fixtures, CLI subprocesses and Streamlit servers all inherit it. The uploads tests
    commit keep their PDFs in the test database's own file store ("$CG_NEO4J_HOME-files"), never the
    developer's `.data/files` (ingest.pages.store)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    k = int(worker.removeprefix("gw") or 0)
    home = Path(os.environ.get("CG_NEO4J_HOME", REPO_ROOT / ".data" / "neo4j"))
    if os.environ.get("CG_NEO4J_LOCAL") == "1" and not os.environ.get("CG_FILE_STORE"):
        os.environ["CG_FILE_STORE"] = f"{home}-gw{k}-files" if k else f"{home}-files"
    if k == 0 or os.environ.get("CG_NEO4J_LOCAL") != "1":
        return
    port = int(os.environ.get("CG_NEO4J_PORT", "7687"))
    os.environ["CG_NEO4J_HOME"] = f"{home}-gw{k}"
    os.environ["CG_NEO4J_PORT"] = str(port + k)
    if not (Path(os.environ["CG_NEO4J_HOME"]) / "password").is_file():
        raise pytest.UsageError(f"{os.environ['CG_NEO4J_HOME']} is missing: run `pytest -n N` through "
                                "tests/with_test_db.sh with CG_TEST_WORKERS=N (as `make test` does).")


@pytest.hookimpl(optionalhook=True)  # a pytest-xdist hook: absent under `-p no:xdist`
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """`--dist loadgroup`: each module whole on one worker, the corpus modules together (tests/xdist_modules.py)."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from tests.xdist_modules import ModuleScheduling

    return ModuleScheduling(config, log)


@pytest.fixture(scope="session", autouse=True)
def _streamlit_components_scanned_once() -> Iterator[None]:
    """Every `AppTest` scans all installed distributions' metadata for Streamlit v2 components before its
    first run (streamlit.testing.v1.app_test: `discover_and_register_components`): about 0.2 s of CPU and,
    on this busy 2-core machine, 1.5-14 s of wall time per AppTest, for a result that cannot change while
    the session runs (the installed packages). The session scans once; each AppTest still registers what
    the scan found, as the real server does once at its start."""
    if "streamlit.testing.v1" not in sys.modules:  # no module of this session uses AppTest
        yield
        return
    from streamlit.components.v2 import manifest_scanner

    scan = functools.cache(manifest_scanner.scan_component_manifests)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(manifest_scanner, "scan_component_manifests", lambda max_workers=None: list(scan()))
        yield


@pytest.fixture(scope="session")
def sample_records() -> list[dict[str, Any]]:
    return json.loads(SAMPLE.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def prepared_sample(sample_records: list[dict[str, Any]]) -> Prepared:
    return prepare(sample_records)


@pytest.fixture(scope="session")
def neo4j_settings() -> Neo4jSettings:
    if os.environ.get("CG_NEO4J_LOCAL") != "1":
        pytest.fail("Database tests run under `make test` (tests/with_test_db.sh starts the test server).")
    return Neo4jSettings.load()


@pytest.fixture(scope="session")
def driver(neo4j_settings: Neo4jSettings) -> Iterator[Driver]:
    drv = build_driver(neo4j_settings)
    drv.verify_connectivity()
    yield drv
    drv.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@dataclass(frozen=True)
class ParsedCorpus:
    """Every CUAD text file parsed once (`parse_document(text, stem)`), by file name in name order; how many of
    them this session parsed (the others come from the parses `make test`'s setup wrote into the layer cache,
    ingest/layer_cache.py) and the wall time that took. Several tests check properties over the whole corpus;
    parsing the 510 texts costs minutes of CPU on this machine, so they share one parse per session (the parser
    is deterministic, and the doc_id it is given only names the document)."""

    texts: dict[str, str]
    docs: dict[str, ParsedDocument]
    parsed: int
    seconds: float


def _parsed(text: str, doc_id: str, cache: Path | None) -> tuple[ParsedDocument, bool]:
    """The parse of `text` and whether it was parsed here (False: read from the layer cache)."""
    key = layer_cache.document_key(text) if cache else ""
    if cache and (doc := layer_cache.read_document(cache, key, doc_id)) is not None:
        return doc, False
    return parse_document(text, doc_id), True


@pytest.fixture(scope="session")
def cuad_corpus() -> ParsedCorpus:
    texts = {path.name: read_text(path) for path in sorted(TEXTS.glob("*.txt"))}
    started = time.perf_counter()
    cache = layer_cache.cache_dir()
    found = {name: _parsed(text, name.removesuffix(".txt"), cache) for name, text in texts.items()}
    docs = {name: doc for name, (doc, _) in found.items()}
    parsed = sum(here for _, here in found.values())
    return ParsedCorpus(texts=texts, docs=docs, parsed=parsed, seconds=time.perf_counter() - started)
