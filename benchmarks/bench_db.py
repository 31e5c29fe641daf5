"""Dedicated Neo4j servers for benchmarks, never the user's `.data/neo4j` nor the test servers.

Each size gets a fresh home under `benchmarks/.work/` and its own port (7720+). The same import code the
app uses (`graph.store.load.load_records`) fills it; throughput, disk usage and the JVM's peak RSS are read here.
"""

from __future__ import annotations

import math
import os
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil
from neo4j import Driver

from core.settings import env_setting
from graph.server import process as neo4j_server
from graph.server.config import REPO_ROOT, LocalServer, Neo4jSettings
from graph.server.db import build_driver
from graph.store.load import load_records

WORK = Path(env_setting("BENCH_WORK", "") or REPO_ROOT / "benchmarks" / ".work").resolve()
BASE_PORT = 7720
HEAP = env_setting("BENCH_NEO4J_HEAP", "1g") or "1g"
PAGECACHE = env_setting("BENCH_NEO4J_PAGECACHE", "512m") or "512m"


def bench_server(name: str, port: int) -> LocalServer:
    """Settings for a benchmark server; the app's default heap and page cache unless BENCH_NEO4J_* say."""
    if port < BASE_PORT:
        raise ValueError(f"benchmark servers use ports {BASE_PORT}+ (got {port})")
    return LocalServer(home=(WORK / name).resolve(), port=port, heap=HEAP, pagecache=PAGECACHE,
                       tx_timeout="600s")


def server_env(srv: LocalServer) -> dict[str, str]:
    """Environment that points the app (and AppTest) at this server, whatever secrets.toml says."""
    return {"CG_NEO4J_HOME": str(srv.home), "CG_NEO4J_PORT": str(srv.port), "CG_NEO4J_LOCAL": "1",
            "CG_NEO4J_HEAP": srv.heap, "CG_NEO4J_PAGECACHE": srv.pagecache}


def open_driver(srv: LocalServer) -> Driver:
    """A driver for a running benchmark server."""
    password = srv.password_file.read_text().strip()
    return build_driver(Neo4jSettings(uri=srv.uri, username="neo4j", password=password, database=None, local=srv))


@contextmanager
def fresh_server(srv: LocalServer) -> Iterator[Driver]:
    """Wipe the home, start the server, yield a driver; always stop the server afterwards."""
    if not str(srv.home).startswith(str(WORK.resolve())):
        raise ValueError(f"refusing to wipe {srv.home}: benchmark homes live under {WORK}")
    neo4j_server.stop(srv)
    shutil.rmtree(srv.home, ignore_errors=True)
    neo4j_server.start(srv)
    driver = open_driver(srv)
    try:
        yield driver
    finally:
        driver.close()
        neo4j_server.stop(srv)


@dataclass
class ImportResult:
    contracts: int
    seconds: float
    summary: str

    @property
    def per_second(self) -> float:
        return self.contracts / self.seconds if self.seconds else 0.0


def timed_load(driver: Driver, records: list[dict[str, Any]], source: str = "synthetic") -> ImportResult:
    """Clean and load `records` through the app's import path, timing the whole of it."""
    start = time.perf_counter()
    summary = load_records(driver, records, source=source)
    return ImportResult(summary.contracts, time.perf_counter() - start, summary.line())


def disk_bytes(path: Path) -> int:
    """Bytes used by the files under `path`."""
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def store_sizes(srv: LocalServer) -> dict[str, int]:
    """The store (nodes, relationships, properties, indexes) and the transaction logs, in bytes."""
    data = srv.home / "data"
    return {"store_bytes": disk_bytes(data / "databases" / "neo4j"),
            "tx_log_bytes": disk_bytes(data / "transactions" / "neo4j"),
            "data_dir_bytes": disk_bytes(data)}


# Index providers kept in Lucene files, which the OS file cache holds: Neo4j's page cache does not.
LUCENE_INDEXES = ("fulltext-", "text-", "vector-")
PAGECACHE_HEADROOM = 1.2  # growth and the counts/id files, as Neo4j's memory recommendations size it


def page_cache_bytes(srv: LocalServer) -> dict[str, int]:
    """The store files the page cache holds (records, range and lookup indexes) and the Lucene indexes."""
    store = srv.home / "data" / "databases" / "neo4j"
    lucene = sum(disk_bytes(d) for d in (store / "schema" / "index").glob("*")
                 if d.is_dir() and d.name.startswith(LUCENE_INDEXES))
    return {"paged_bytes": disk_bytes(store) - lucene, "lucene_bytes": lucene}


def pagecache_for(srv: LocalServer) -> str:
    """The sizing rule of docs/PERFORMANCE.md: the paged store plus 20%, in whole megabytes."""
    return f"{math.ceil(page_cache_bytes(srv)['paged_bytes'] * PAGECACHE_HEADROOM / 2 ** 20)}m"


def jvm_pid(srv: LocalServer) -> int | None:
    return neo4j_server.status(srv).pid


def peak_rss(pid: int | None = None) -> int:
    """Peak resident set size (VmHWM) of a process in bytes; the current RSS where /proc has no peak."""
    pid = pid or os.getpid()
    status = Path(f"/proc/{pid}/status")
    if status.is_file():
        for line in status.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return psutil.Process(pid).memory_info().rss
