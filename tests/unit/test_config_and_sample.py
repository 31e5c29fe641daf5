"""Settings precedence (env over secrets.toml, forced local for tests) and sample-file resolution."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.errors import ConfigError, SampleDataMissing
from graph.server import config
from graph.store import sample


@pytest.fixture
def secrets_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "secrets.toml"
    monkeypatch.setattr(config, "SECRETS_PATH", path)
    monkeypatch.setattr(config.read_secrets, "__defaults__", (path,))
    for name in ("NEO4J_URI", "NEO4J_USERNAME", "NEO4J_PASSWORD", "NEO4J_DATABASE", "CG_NEO4J_LOCAL"):
        monkeypatch.delenv(name, raising=False)
    return path


def test_external_database_from_secrets(secrets_file: Path) -> None:
    secrets_file.write_text('[neo4j]\nuri = "neo4j+s://abc.databases.neo4j.io"\npassword = "pw"\ndatabase = "x"\n')
    s = config.Neo4jSettings.load()
    assert (s.uri, s.username, s.password, s.database, s.is_local) == (
        "neo4j+s://abc.databases.neo4j.io", "neo4j", "pw", "x", False)


def test_environment_wins_over_secrets(secrets_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    secrets_file.write_text('NEO4J_URI = "bolt://from-secrets:7687"\nNEO4J_PASSWORD = "a"\n')
    monkeypatch.setenv("NEO4J_URI", "neo4j://from-env:7687")
    monkeypatch.setenv("NEO4J_PASSWORD", "b")
    s = config.Neo4jSettings.load()
    assert (s.uri, s.password) == ("neo4j://from-env:7687", "b")


def test_forced_local_ignores_external_settings(secrets_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "neo4j://elsewhere:7687")
    monkeypatch.setenv("CG_NEO4J_LOCAL", "1")
    monkeypatch.setenv("CG_NEO4J_PORT", "7777")
    s = config.Neo4jSettings.load()
    assert s.is_local and s.uri == "bolt://127.0.0.1:7777"


def test_uri_without_password_is_a_config_error(secrets_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "bolt://x:7687")
    with pytest.raises(ConfigError, match="NEO4J_PASSWORD"):
        config.Neo4jSettings.load()


def test_bad_toml_is_a_config_error(secrets_file: Path) -> None:
    secrets_file.write_text("NEO4J_URI = ")
    with pytest.raises(ConfigError, match="not valid TOML"):
        config.Neo4jSettings.load()


def test_sample_resolution_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    explicit, env = tmp_path / "a.json", tmp_path / "b.json"
    for path in (explicit, env):
        path.write_text(json.dumps([{"file_id": path.stem}]))
    monkeypatch.setenv("CONTRACTS_SAMPLE", str(env))
    assert sample.resolve_sample(explicit) == explicit
    assert sample.resolve_sample() == env
    monkeypatch.delenv("CONTRACTS_SAMPLE")
    assert sample.resolve_sample() == sample.SHARED_SAMPLE


def test_missing_sample_gives_clear_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CONTRACTS_SAMPLE", raising=False)
    monkeypatch.setattr(sample, "SHARED_SAMPLE", tmp_path / "none.json")
    monkeypatch.setattr(sample, "DOWNLOAD_CACHE", tmp_path / "cache.json")
    with pytest.raises(SampleDataMissing, match=r"not found.*CONTRACTS_SAMPLE"):
        sample.resolve_sample(allow_download=False)
    with pytest.raises(SampleDataMissing, match="No contract file"):
        sample.resolve_sample(tmp_path / "missing.json")


def test_unreachable_download_gives_clear_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CONTRACTS_SAMPLE", raising=False)
    monkeypatch.setattr(sample, "SHARED_SAMPLE", tmp_path / "none.json")
    monkeypatch.setattr(sample, "DOWNLOAD_CACHE", tmp_path / "cache.json")
    monkeypatch.setenv("CONTRACTS_SAMPLE_URL", "http://127.0.0.1:9/contract_data.json")
    with pytest.raises(SampleDataMissing, match="failed"):
        sample.resolve_sample()
    assert not (tmp_path / "cache.json").exists()


def test_read_records_rejects_non_lists(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"file_id": 1}')
    with pytest.raises(SampleDataMissing, match="JSON list"):
        sample.read_records(bad)
