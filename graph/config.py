"""Settings for reaching Neo4j: an external database from the environment or `.streamlit/secrets.toml`,
or else the project's own local server under `.data/`.

Environment variables win over secrets.toml; both are read through core/settings.py, the one loader.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from core.errors import ConfigError
from core.settings import REPO_ROOT, SECRETS_PATH, read_secrets, setting

DIST_LIB = REPO_ROOT / ".data" / "neo4j-dist" / "lib"


@dataclass(frozen=True)
class LocalServer:
    """Where and how the project's own Neo4j server runs."""

    home: Path
    port: int
    heap: str
    pagecache: str
    tx_timeout: str

    @property
    def password_file(self) -> Path:
        return self.home / "password"

    @property
    def uri(self) -> str:
        return f"bolt://127.0.0.1:{self.port}"

    @classmethod
    def from_env(cls) -> LocalServer:
        home = Path(os.environ.get("CG_NEO4J_HOME", REPO_ROOT / ".data" / "neo4j"))
        try:
            port = int(os.environ.get("CG_NEO4J_PORT", "7687"))
        except ValueError as e:
            raise ConfigError("CG_NEO4J_PORT must be a port number") from e
        return cls(
            home=home.resolve(),
            port=port,
            heap=os.environ.get("CG_NEO4J_HEAP", "1g"),
            pagecache=os.environ.get("CG_NEO4J_PAGECACHE", "512m"),
            tx_timeout=os.environ.get("CG_NEO4J_TX_TIMEOUT", "120s"),
        )


@dataclass(frozen=True)
class Neo4jSettings:
    """Connection settings; `local` is set when the project's own server is used."""

    uri: str
    username: str
    password: str
    database: str | None
    local: LocalServer | None = None

    @property
    def is_local(self) -> bool:
        return self.local is not None

    @classmethod
    def load(cls) -> Neo4jSettings:
        """External database when NEO4J_URI is configured, else the local server's settings."""
        # CG_NEO4J_LOCAL=1 (set by `make test`) pins the local test server, whatever a developer configured.
        force_local = os.environ.get("CG_NEO4J_LOCAL") == "1"
        secrets = {} if force_local else read_secrets()
        uri = None if force_local else setting("NEO4J_URI", secrets=secrets)
        database = setting("NEO4J_DATABASE", secrets=secrets)
        if uri:
            password = setting("NEO4J_PASSWORD", secrets=secrets)
            if password is None:
                raise ConfigError("NEO4J_URI is set but NEO4J_PASSWORD is not.")
            user = setting("NEO4J_USERNAME", "neo4j", secrets=secrets) or "neo4j"
            return cls(uri=uri, username=user, password=password, database=database)
        local = LocalServer.from_env()
        password = local.password_file.read_text().strip() if local.password_file.is_file() else ""
        return cls(uri=local.uri, username="neo4j", password=password, database=database, local=local)

    def describe(self) -> str:
        """Where the data lives, for status lines (never includes the password)."""
        return f"{self.uri} (local server, {self.local.home})" if self.local else self.uri


__all__ = ["DIST_LIB", "REPO_ROOT", "SECRETS_PATH", "LocalServer", "Neo4jSettings", "read_secrets", "setting"]
