"""Shared fixtures. Database fixtures connect to the server `tests/with_test_db.sh` started (never the user's
database: CG_NEO4J_LOCAL=1 pins the local test server); they are created only when a test asks for them."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from neo4j import Driver

from graph.server.config import REPO_ROOT, Neo4jSettings
from graph.server.db import build_driver
from graph.store.prepare import Prepared, prepare

SHARED = REPO_ROOT.parent / "shared" / "data"
SAMPLE = SHARED / "cuad" / "contract_data.json"
TEXTS = SHARED / "cuad" / "txt"
PDFS = SHARED / "cuad" / "pdf"
ARTIFACTS = REPO_ROOT / "test-artifacts"


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
