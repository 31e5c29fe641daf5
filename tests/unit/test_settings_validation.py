"""NEO4J_URI and CG_NEO4J_PORT are validated before the driver sees them: a one-line ConfigError that never
repeats a password, from the settings and from every command line (subprocess, no database needed)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.errors import ConfigError
from graph.server import config
from tests.ingest_support import write_script
from tests.integration.throwaway import free_port

SECRET = "s3cr3t-Pw"
CREDENTIALS = "NEO4J_URI must not contain credentials: put them in NEO4J_USERNAME and NEO4J_PASSWORD."
SCHEME = ("NEO4J_URI must use one of the schemes bolt, bolt+s, bolt+ssc, neo4j, neo4j+s, neo4j+ssc "
          "(e.g. neo4j+s://xxxx.databases.neo4j.io or bolt://127.0.0.1:7687).")
HOST_PORT = ("NEO4J_URI has an invalid host or port "
             "(e.g. neo4j+s://xxxx.databases.neo4j.io or bolt://127.0.0.1:7687).")
INVALID = "NEO4J_URI is not a valid Neo4j address (e.g. neo4j+s://xxxx.databases.neo4j.io or bolt://127.0.0.1:7687)."
BAD_URIS = {
    f"neo4j://user:{SECRET}@db.example.com:7687": CREDENTIALS,
    f"bolt://{SECRET}@db.example.com": CREDENTIALS,
    f"http://neo4j:{SECRET}@db.example.com:7474": CREDENTIALS,
    "http://db.example.com:7474": SCHEME,
    "https://db.example.com": SCHEME,
    "garbage": SCHEME,
    "": None,  # empty means "not set": the local server is used
    "neo4j://db.example.com:70000": HOST_PORT,
    "bolt://db.example.com:-1": HOST_PORT,
    "bolt://db.example.com:port": HOST_PORT,
    "neo4j://[::1": HOST_PORT,
    "neo4j://db.example.com:0": INVALID,
    "neo4j://": INVALID,
    "bolt:///path/only": INVALID,
}


@pytest.fixture
def clean_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "secrets.toml"
    monkeypatch.setattr(config, "SECRETS_PATH", path)
    monkeypatch.setattr(config.read_secrets, "__defaults__", (path,))
    for name in ("NEO4J_URI", "NEO4J_USERNAME", "NEO4J_PASSWORD", "NEO4J_DATABASE", "CG_NEO4J_LOCAL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NEO4J_PASSWORD", SECRET)


@pytest.mark.parametrize("uri", [u for u, m in BAD_URIS.items() if m])
def test_bad_uri_is_a_one_line_config_error_without_the_password(clean_env, monkeypatch, uri: str) -> None:
    monkeypatch.setenv("NEO4J_URI", uri)
    with pytest.raises(ConfigError) as caught:
        config.Neo4jSettings.load()
    assert str(caught.value) == BAD_URIS[uri]
    assert SECRET not in str(caught.value)


@pytest.mark.parametrize("uri", ["neo4j+s://abc.databases.neo4j.io", "bolt://127.0.0.1:7687", "neo4j://h:7687/",
                                 "bolt+ssc://[::1]:7687", "neo4j://cluster.local?policy=eu"])
def test_good_uris_pass_unchanged(clean_env, monkeypatch, uri: str) -> None:
    monkeypatch.setenv("NEO4J_URI", f"  {uri} ")
    assert config.Neo4jSettings.load().uri == uri


@pytest.mark.parametrize("port", ["0", "65536", "-5", "99999999999999999999"])
def test_local_port_out_of_range(monkeypatch, port: str) -> None:
    monkeypatch.setenv("CG_NEO4J_PORT", port)
    with pytest.raises(ConfigError, match=r"^CG_NEO4J_PORT must be a port number between 1 and 65535$"):
        config.LocalServer.from_env()


@pytest.mark.parametrize(("value", "flags"), [
    (None, ("-XX:+UseG1GC",)),
    ("full", ("-XX:+UseG1GC",)),
    (" Quick ", ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")),
])
def test_jit_profile_chooses_the_server_jvm_flags(monkeypatch, value: str | None, flags: tuple[str, ...]) -> None:
    if value is None:
        monkeypatch.delenv("CG_NEO4J_JIT", raising=False)
    else:
        monkeypatch.setenv("CG_NEO4J_JIT", value)
    assert config.LocalServer.from_env().jvm_flags == flags


def test_unknown_jit_profile_is_a_one_line_config_error(monkeypatch) -> None:
    monkeypatch.setenv("CG_NEO4J_JIT", "-XX:+UnlockDiagnosticVMOptions")
    with pytest.raises(ConfigError, match=r"^CG_NEO4J_JIT must be one of full, quick\.$"):
        config.LocalServer.from_env()


def _run(module: str, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "CG_NEO4J_LOCAL"))}
    return subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True, check=False,
                          env={**base, **env}, cwd=config.REPO_ROOT)


def test_every_cli_shows_a_bad_uri_as_one_line(tmp_path: Path) -> None:
    pdf = tmp_path / "a.pdf"
    pdf.write_bytes(b"%PDF-1.4\n")
    script = str(write_script(tmp_path / "script.json"))
    # One bad URI per command line (each subprocess imports the whole stack: a few seconds each).
    runs = ((f"neo4j://user:{SECRET}@db.example.com:7687", "graph", ["status"]),
            ("http://db.example.com:7474", "graph", ["server", "status"]),
            ("neo4j://db.example.com:70000", "graph", ["search", "{}"]),
            (f"http://neo4j:{SECRET}@db.example.com:7474", "agent", ["ask", "how many contracts?"]),
            ("garbage", "ingest", [str(pdf), "--yes"]))
    for uri, module, args in runs:
        env = {"NEO4J_URI": uri, "NEO4J_PASSWORD": SECRET, "LLM_PROVIDER": "scripted", "LLM_SCRIPT": script}
        out = _run(module, *args, env=env)
        expected = f"error: {BAD_URIS[uri]}\n"
        assert (out.returncode, out.stdout, out.stderr) == (2, "", expected), (module, args)


def test_database_down_is_one_line_without_driver_warnings(tmp_path: Path) -> None:
    """The driver logs a WARNING per connection retry; the user sees only the one-line error."""
    port = free_port()  # nothing listens there
    out = _run("graph", "status", env={"CG_NEO4J_LOCAL": "1", "CG_NEO4J_HOME": str(tmp_path / "home"),
                                       "CG_NEO4J_PORT": str(port)})
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr == (f"error: Neo4j is not reachable at bolt://127.0.0.1:{port}. Start it with `make run` "
                          "or `.venv/bin/python -m graph server start`.\n")
