"""Settings for reaching Neo4j: an external database from the environment or `.streamlit/secrets.toml`,
or else the project's own local server under `.data/`.

Environment variables win over secrets.toml; both are read through core/settings.py, the one loader.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from core.errors import ConfigError
from core.settings import REPO_ROOT, SECRETS_PATH, env_setting, read_secrets, setting

DIST_LIB = REPO_ROOT / ".data" / "neo4j-dist" / "lib"
# The schemes the Neo4j Python driver accepts (bolt: one server; neo4j: routing; +s / +ssc: TLS).
URI_SCHEMES = ("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc")
URI_EXAMPLE = "e.g. neo4j+s://xxxx.databases.neo4j.io or bolt://127.0.0.1:7687"


def validate_uri(uri: str) -> str:
    """`uri` when the driver can use it; else a one-line ConfigError that never repeats the URI (it may hold
    a password)."""
    try:
        parts = urlsplit(uri.strip())
        port = parts.port  # raises ValueError when out of range or not a number
    except ValueError as e:
        raise ConfigError(f"NEO4J_URI has an invalid host or port ({URI_EXAMPLE}).") from e
    if parts.username is not None or parts.password is not None:
        raise ConfigError("NEO4J_URI must not contain credentials: put them in NEO4J_USERNAME and NEO4J_PASSWORD.")
    if parts.scheme.lower() not in URI_SCHEMES:
        raise ConfigError(f"NEO4J_URI must use one of the schemes {', '.join(URI_SCHEMES)} ({URI_EXAMPLE}).")
    if not parts.hostname or port == 0 or parts.path not in ("", "/") or parts.fragment:
        raise ConfigError(f"NEO4J_URI is not a valid Neo4j address ({URI_EXAMPLE}).")
    return uri.strip()


# JVM flags per CG_NEO4J_JIT profile. "quick" (tests/with_test_db.sh): a fresh server spends most of its first
# minutes' CPU compiling the planner's code paths; C1 alone compiles sooner and cheaper (measured in
# docs/PERFORMANCE.md), and a serial collector has no concurrent GC threads on a 1 GB heap.
JIT_PROFILES: dict[str, tuple[str, ...]] = {
    "full": ("-XX:+UseG1GC",),
    "quick": ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"),
}


def jit_flags() -> tuple[str, ...]:
    """The JVM flags of the CG_NEO4J_JIT profile, or a one-line ConfigError naming the choices."""
    name = env_setting("CG_NEO4J_JIT", "full") or "full"
    try:
        return JIT_PROFILES[name.strip().lower()]
    except KeyError as e:
        raise ConfigError(f"CG_NEO4J_JIT must be one of {', '.join(JIT_PROFILES)}.") from e


MAX_HOME_CHARS = 1024  # far below PATH_MAX (4,096); the server's own files go several levels below it
MAX_NAME_BYTES = 255  # NAME_MAX: the longest file or directory name Linux file systems take


def _home_path(text: str) -> Path:
    """CG_NEO4J_HOME as an absolute path, refused with one line when no file system could hold it."""
    if len(text) > MAX_HOME_CHARS:
        raise ConfigError(f"CG_NEO4J_HOME is {len(text):,} characters long; at most {MAX_HOME_CHARS:,}.")
    if "\0" in text or any(len(part.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES
                            for part in text.split("/")):
        raise ConfigError(f"CG_NEO4J_HOME is not a usable directory path (a NUL character, or a name longer "
                          f"than {MAX_NAME_BYTES} bytes).")
    try:
        return Path(text).resolve()
    except (OSError, RuntimeError) as e:  # a symlink loop, a part that is not a directory
        raise ConfigError(f"CG_NEO4J_HOME cannot be used: {e}") from e


@dataclass(frozen=True)
class LocalServer:
    """Where and how the project's own Neo4j server runs."""

    home: Path
    port: int
    heap: str
    pagecache: str
    tx_timeout: str
    jvm_flags: tuple[str, ...] = JIT_PROFILES["full"]

    @property
    def password_file(self) -> Path:
        return self.home / "password"

    @property
    def uri(self) -> str:
        return f"bolt://127.0.0.1:{self.port}"

    @classmethod
    def from_env(cls) -> LocalServer:
        home = _home_path(env_setting("CG_NEO4J_HOME") or str(REPO_ROOT / ".data" / "neo4j"))
        try:
            port = int(env_setting("CG_NEO4J_PORT", "7687") or "7687")
        except ValueError as e:
            raise ConfigError("CG_NEO4J_PORT must be a port number") from e
        if not 0 < port < 65536:
            raise ConfigError("CG_NEO4J_PORT must be a port number between 1 and 65535")
        return cls(
            home=home,
            port=port,
            heap=env_setting("CG_NEO4J_HEAP", "1g") or "1g",
            pagecache=env_setting("CG_NEO4J_PAGECACHE", "512m") or "512m",
            tx_timeout=env_setting("CG_NEO4J_TX_TIMEOUT", "120s") or "120s",
            jvm_flags=jit_flags(),
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
        force_local = env_setting("CG_NEO4J_LOCAL") == "1"
        secrets = {} if force_local else read_secrets()
        uri = None if force_local else setting("NEO4J_URI", secrets=secrets)
        database = setting("NEO4J_DATABASE", secrets=secrets)
        if uri:
            uri = validate_uri(uri)
            password = setting("NEO4J_PASSWORD", secrets=secrets)
            if password is None:
                raise ConfigError("NEO4J_URI is set but NEO4J_PASSWORD is not.")
            user = setting("NEO4J_USERNAME", "neo4j", secrets=secrets) or "neo4j"
            return cls(uri=uri, username=user, password=password, database=database)
        local = LocalServer.from_env()
        try:
            password = local.password_file.read_text().strip() if local.password_file.is_file() else ""
        except OSError as e:
            raise ConfigError(f"The local server's password file cannot be read: {e.strerror or e}") from e
        return cls(uri=local.uri, username="neo4j", password=password, database=database, local=local)

    def describe(self) -> str:
        """Where the data lives, for status lines (never includes the password)."""
        return f"{self.uri} (local server, {self.local.home})" if self.local else self.uri


__all__ = ["DIST_LIB", "REPO_ROOT", "SECRETS_PATH", "LocalServer", "Neo4jSettings", "read_secrets", "setting"]
