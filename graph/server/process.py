"""The project's own Neo4j 5.26 Community server, built from Maven Central jars.

`graph/server/neo4j/pom.xml` resolves the server's runtime jars into `.data/neo4j-dist/lib`; the server runs as
`java -cp lib/* org.neo4j.server.CommunityEntryPoint` with a generated config. Starting the entry point
directly bypasses Neo4j's bootloader, so heap flags and the `--add-opens` the official scripts pass go on
the java command line. Auth is on with a random password kept in a 0600 file beside the data; it reaches the
admin tool through an argument file, never the command line (which any local user can read in the process
list). The home is private (graph.server.posture), and a pid is trusted only when it is our JVM.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from neo4j import GraphDatabase
from neo4j.exceptions import AuthError, ServiceUnavailable

from core.errors import ServerError
from core.settings import env_setting
from graph.server import class_sharing
from graph.server.config import DIST_LIB, REPO_ROOT, LocalServer
from graph.server.posture import ENTRY_POINT, is_our_server, make_private, write_private

log = logging.getLogger(__name__)

POM = REPO_ROOT / "graph" / "neo4j" / "pom.xml"
ADMIN_TOOL = "org.neo4j.cli.AdminTool"
JVM_FLAGS = (
    "-XX:-OmitStackTraceInFastThrow", "-XX:+DisableExplicitGC",
    "-Djdk.nio.maxCachedBufferSize=1024", "-Dio.netty.tryReflectionSetAccessible=true",
    "-Dlog4j2.disable.jmx=true", "-Dfile.encoding=UTF-8",
    "--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "--add-opens=java.base/java.util=ALL-UNNAMED", "--enable-native-access=ALL-UNNAMED",
)
# Files the JVMs create (store files, logs, auth.ini) are for the owner only.
UMASK = 0o077
START_TIMEOUT_S = 180
STOP_TIMEOUT_S = 90


@dataclass(frozen=True)
class ServerStatus:
    """What `status` reports."""

    running: bool
    pid: int | None
    uri: str
    home: Path

    def describe(self) -> str:
        state = f"running (pid {self.pid})" if self.running else "stopped"
        return f"Neo4j {state} at {self.uri}, home {self.home}"


def java_binary() -> str:
    """Java 17 runs Neo4j 5.26; JAVA_HOME wins when set."""
    java_home = env_setting("JAVA_HOME")
    candidate = Path(java_home, "bin", "java") if java_home else None
    found = str(candidate) if candidate and candidate.exists() else shutil.which("java")
    if not found:
        raise ServerError("Java 17 is required to run Neo4j: install it (e.g. apt-get install openjdk-17-jre).")
    return found


def install(lib: Path = DIST_LIB) -> Path:
    """Resolve the server jars with Maven once; later calls are no-ops."""
    if lib.is_dir() and any(lib.glob("neo4j-5.26.*.jar")):
        return lib
    mvn = shutil.which("mvn")
    if not mvn:
        raise ServerError("Maven is required to fetch the Neo4j jars: install it (apt-get install maven).")
    log.info("Fetching Neo4j server jars from Maven Central into %s", lib)
    cmd = [mvn, "-q", "-B", "-f", str(POM), "dependency:copy-dependencies", f"-Dneo4j.lib.dir={lib}"]
    result = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise ServerError(f"Maven could not fetch the Neo4j jars:\n{result.stdout[-2000:]}{result.stderr[-2000:]}")
    return lib


def _write_config(server: LocalServer) -> None:
    conf = server.home / "conf"
    conf.mkdir(parents=True, exist_ok=True)
    lines = {
        "server.directories.data": server.home / "data",
        "server.directories.logs": server.home / "logs",
        "server.directories.import": server.home / "import",
        "server.directories.plugins": server.home / "plugins",
        "server.directories.run": server.home / "run",
        "server.default_listen_address": "127.0.0.1",
        "server.bolt.listen_address": f"127.0.0.1:{server.port}",
        "server.bolt.advertised_address": f"127.0.0.1:{server.port}",
        "server.http.enabled": "false",
        "server.https.enabled": "false",
        "dbms.usage_report.enabled": "false",
        "dbms.security.auth_enabled": "true",
        "server.memory.pagecache.size": server.pagecache,
        "db.transaction.timeout": server.tx_timeout,
        "db.logs.query.enabled": "OFF",
        # The read-only guard refuses LOAD CSV; the server refuses it too (docs README "Security model"):
        # no file:// URLs, and every address blocked for http/https/ftp.
        "dbms.security.allow_csv_import_from_file_urls": "false",
        "internal.dbms.cypher_ip_blocklist": "0.0.0.0/0,::/0",
        # One transaction may hold at most this much tracked memory, so a runaway read ends with an error.
        # Measured peaks: the 510-contract import batch 18.5 MiB, a load-texts batch 29 MiB; the benchmark's
        # 5,000-contract batches extrapolate to ~180 MiB, so 384m leaves twice that.
        "db.memory.transaction.max": "384m",
    }
    text = "# Generated by graph/server/process.py on every start; edit CG_NEO4J_* variables instead.\n"
    text += "".join(f"{key}={value}\n" for key, value in lines.items())
    write_private(conf / "neo4j.conf", text)


def _set_initial_password(server: LocalServer, lib: Path) -> None:
    """Generate a random password and set it before the database's first start."""
    if server.password_file.is_file() and (server.home / "data" / "dbms" / "auth.ini").is_file():
        return
    password = _new_password()
    write_private(server.password_file, password)
    env = {**os.environ, "NEO4J_HOME": str(server.home), "NEO4J_CONF": str(server.home / "conf")}
    # `@file` is picocli's argument file: the admin tool reads the password from the 0600 file, so it never
    # appears in /proc/<pid>/cmdline.
    cmd = [java_binary(), "-cp", f"{lib}/*", ADMIN_TOOL, "dbms", "set-initial-password", f"@{server.password_file}"]
    result = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False, umask=UMASK)
    if result.returncode != 0:
        server.password_file.unlink(missing_ok=True)
        raise ServerError(f"Could not set the initial Neo4j password: {result.stderr.strip()[-1000:]}")
    make_private(server.home)


def _new_password() -> str:
    """A random password that the argument file passes as one positional value: no leading '-' (it would
    read as an option) and, from the URL-safe alphabet, no quote, space or '#'."""
    while (password := secrets.token_urlsafe(24)).startswith("-"):
        pass
    return password


def _pid_file(server: LocalServer) -> Path:
    return server.home / "neo4j.pid"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _read_pid(server: LocalServer) -> int | None:
    """The server's pid when the pid file names a live process that is our JVM for this home. A stale file
    (the process is gone, or the pid now belongs to another program) is removed."""
    path = _pid_file(server)
    try:
        pid = int(path.read_text().strip())
    except (OSError, ValueError):
        return None
    if _alive(pid) and is_our_server(pid, server.home):
        return pid
    log.info("Removing the stale pid file %s: pid %s is not this Neo4j server", path, pid)
    path.unlink(missing_ok=True)
    return None


def status(server: LocalServer | None = None) -> ServerStatus:
    """Is the local server's process running?"""
    server = server or LocalServer.from_env()
    pid = _read_pid(server)
    return ServerStatus(running=pid is not None, pid=pid, uri=server.uri, home=server.home)


def _bolt_ready(server: LocalServer) -> bool:
    password = server.password_file.read_text().strip()
    try:
        with GraphDatabase.driver(server.uri, auth=("neo4j", password), connection_timeout=2) as driver:
            driver.verify_connectivity()
    except (ServiceUnavailable, AuthError, OSError):
        return False
    return True


def _log_tail(server: LocalServer, lines: int = 30) -> str:
    console = server.home / "logs" / "console.log"
    if not console.is_file():
        return ""
    return "\n".join(console.read_text(errors="replace").splitlines()[-lines:])


def _launch(server: LocalServer, lib: Path) -> subprocess.Popen[bytes]:
    cmd = [
        java_binary(), f"-Xms{server.heap}", f"-Xmx{server.heap}", *server.jvm_flags, *JVM_FLAGS,
        *class_sharing.launch_flags(lib, server.home), "-cp", f"{lib}/*",
        ENTRY_POINT, f"--home-dir={server.home}", f"--config-dir={server.home / 'conf'}", "--console-mode",
    ]
    fd = os.open(server.home / "logs" / "console.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    console = os.fdopen(fd, "ab")
    # A new session keeps Ctrl-C in the caller's terminal from killing the database mid-write.
    return subprocess.Popen(cmd, stdout=console, stderr=subprocess.STDOUT, start_new_session=True, umask=UMASK)


def start(server: LocalServer | None = None) -> tuple[ServerStatus, bool]:
    """Start the local server and wait until Bolt answers. Returns (status, started_now)."""
    server = server or LocalServer.from_env()
    current = status(server)
    if current.running:
        return current, False
    lib = install()
    make_private(server.home)
    _write_config(server)
    _set_initial_password(server, lib)
    process = _launch(server, lib)
    write_private(_pid_file(server), str(process.pid))
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServerError(
                f"Neo4j exited during startup (code {process.returncode}). Logs: {server.home / 'logs'}\n"
                + _log_tail(server)
            )
        if _bolt_ready(server):
            return status(server), True
        time.sleep(0.5)
    raise ServerError(f"Neo4j did not answer on {server.uri} within {START_TIMEOUT_S}s. Logs: {server.home / 'logs'}")


def stop(server: LocalServer | None = None) -> bool:
    """SIGTERM the server (Neo4j shuts down cleanly on it) and wait. Returns whether it was running."""
    server = server or LocalServer.from_env()
    pid = _read_pid(server)
    if pid is None:
        _pid_file(server).unlink(missing_ok=True)
        return False
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + STOP_TIMEOUT_S
    while time.monotonic() < deadline and _alive(pid):
        time.sleep(0.3)
        _reap(pid)
    if _alive(pid) and is_our_server(pid, server.home):
        log.warning("Neo4j (pid %s) ignored SIGTERM for %ss; killing it", pid, STOP_TIMEOUT_S)
        os.kill(pid, signal.SIGKILL)
    _pid_file(server).unlink(missing_ok=True)
    if not _alive(pid):
        class_sharing.publish(DIST_LIB, server.home)
    return True


def _reap(pid: int) -> None:
    """Collect the exit status when the server is our own child, so it does not linger as a zombie."""
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)
