"""Browser fixtures: a `streamlit run app.py` subprocess on a free port (same environment, so the same test
database), Debian's Chromium driven by Playwright (never a downloaded browser), and a console-error log."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, sync_playwright

from graph.server.config import REPO_ROOT

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]
# Streamlit probes `<page>/_stcore/health` and `<page>/_stcore/host-config` before the root when a page URL
# is opened directly, and logs the 404s (upstream streamlit/streamlit#7074). Nothing else is tolerated.
UPSTREAM_PROBE_404 = re.compile(r"^http://127\.0\.0\.1:\d+/[a-z_-]+/_stcore/(health|host-config)$")
START_TIMEOUT_S = 90


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class App:
    """A running Streamlit server and its log file."""

    url: str
    log: Path
    process: subprocess.Popen[bytes]


def start_app(log: Path, env: dict[str, str] | None = None) -> App:
    """`streamlit run app.py` on a free port; waits until its health endpoint answers."""
    port = free_port()
    cmd = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
           "--server.address", "127.0.0.1", "--server.headless", "true", "--browser.gatherUsageStats", "false"]
    handle = log.open("wb")
    process = subprocess.Popen(cmd, cwd=REPO_ROOT, stdout=handle, stderr=subprocess.STDOUT,
                               env=env or os.environ.copy(), start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"streamlit exited early:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                if response.status == 200:
                    return App(url, log, process)
        except OSError:
            time.sleep(0.5)
    stop_app(App(url, log, process))
    raise RuntimeError(f"streamlit did not answer within {START_TIMEOUT_S}s")


def stop_app(app: App) -> None:
    if app.process.poll() is None:
        os.killpg(app.process.pid, signal.SIGTERM)
        try:
            app.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(app.process.pid, signal.SIGKILL)
            app.process.wait()


@pytest.fixture(scope="session")
def chromium() -> Iterator[Browser]:
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"{CHROMIUM} is missing: run `make chromium` (Debian's chromium package).")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def app(artifacts: Path, request: pytest.FixtureRequest) -> Iterator[App]:
    if os.environ.get("CG_NEO4J_LOCAL") != "1":
        pytest.fail("Browser tests run under `make test` (tests/with_test_db.sh starts the test server).")
    # One log per module: under pytest-xdist two modules' servers may run at once.
    running = start_app(artifacts / f"streamlit-{request.module.__name__.rsplit('.', 1)[-1]}.log")
    yield running
    stop_app(running)


@dataclass
class ConsoleLog:
    """Console errors and uncaught page errors seen by a page, minus the known upstream probe 404s."""

    errors: list[str] = field(default_factory=list)

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type != "error":
            return
        where = (message.location or {}).get("url", "")
        if message.text.startswith("Failed to load resource: the server responded with a status of 404") \
                and UPSTREAM_PROBE_404.match(where):
            return
        self.errors.append(f"{message.text} @ {where}")

    def on_page_error(self, error: Any) -> None:
        self.errors.append(f"page error: {error}")


@pytest.fixture
def console() -> ConsoleLog:
    return ConsoleLog()


@pytest.fixture
def page(chromium: Browser, console: ConsoleLog, artifacts: Path) -> Iterator[Page]:
    context = chromium.new_context(viewport={"width": 1600, "height": 1000}, accept_downloads=True)
    pg = context.new_page()
    pg.set_default_timeout(60_000)
    pg.on("console", console.on_console)
    pg.on("pageerror", console.on_page_error)
    yield pg
    context.close()
