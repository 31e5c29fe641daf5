"""The local server: auth on with a generated password that is never printed or committed, Bolt on loopback."""

from __future__ import annotations

import stat
import subprocess
import sys

import psutil
import pytest
from neo4j import GraphDatabase
from neo4j.exceptions import AuthError

from graph.server.config import REPO_ROOT
from graph.server.process import status


def test_auth_is_on_and_default_credentials_fail(neo4j_settings) -> None:
    assert neo4j_settings.is_local
    for password in ("neo4j", "password", ""):
        with GraphDatabase.driver(neo4j_settings.uri, auth=("neo4j", password)) as drv, pytest.raises(AuthError):
            drv.verify_connectivity()
    conf = (neo4j_settings.local.home / "conf" / "neo4j.conf").read_text()
    assert "dbms.security.auth_enabled=true" in conf
    assert "server.http.enabled=false" in conf


def test_password_file_is_private_and_strong(neo4j_settings) -> None:
    path = neo4j_settings.local.password_file
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len(neo4j_settings.password) >= 24
    assert neo4j_settings.password not in ("neo4j", "password")


def test_bolt_listens_on_loopback_only(neo4j_settings) -> None:
    pid = status(neo4j_settings.local).pid
    assert pid is not None
    listening = [c for c in psutil.Process(pid).net_connections(kind="inet") if c.status == psutil.CONN_LISTEN]
    assert listening, "the server should listen on its Bolt port"
    assert {c.laddr.ip.removeprefix("::ffff:") for c in listening} == {"127.0.0.1"}
    assert neo4j_settings.local.port in {c.laddr.port for c in listening}


def test_password_never_printed_nor_committed(neo4j_settings) -> None:
    env_cmds = [["server", "status"], ["server", "start"], ["status"]]
    for args in env_cmds:
        out = subprocess.run([sys.executable, "-m", "graph", *args], capture_output=True, text=True, check=True)
        assert neo4j_settings.password not in out.stdout + out.stderr
    tracked = subprocess.run(["git", "ls-files"], cwd=REPO_ROOT, capture_output=True, text=True, check=True).stdout
    assert ".data/" not in tracked and "password" not in tracked.split()
    grep = subprocess.run(["git", "grep", "-l", neo4j_settings.password], cwd=REPO_ROOT, capture_output=True,
                          text=True, check=False)
    assert grep.stdout == ""
