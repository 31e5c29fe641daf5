"""Build the document layer in the background: one detached process, its progress in files the app reads.

`make run` (or the app's retry button) calls `start()`, which spawns `python -m ingest.background run` in a
new session, so it outlives page reloads, the Streamlit server and the terminal. That runner takes an
exclusive `flock` on `<dir>/document-layer.lock` (a second runner finds it held and exits at once: only one
build runs), records its pid and state in `document-layer.json`, and runs `BUILD_COMMAND`, which writes its
counts to `document-layer-progress.json` after every batch. `read_status()` combines both files (no lock
taken, no database query), so the sidebar can poll it on every rerun. An interrupted build resumes where it
stopped: `load-texts --if-missing` skips the documents already written (each batch commits on its own).
"""

from __future__ import annotations

import argparse
import fcntl
import json
import logging
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.errors import IngestError
from core.settings import REPO_ROOT, env_setting
from core.text_safety import printable

log = logging.getLogger(__name__)
# The one command the runner spawns (it gets `--progress-file PATH` and, if given, the text directory appended).
BUILD_COMMAND = (sys.executable, "-m", "ingest", "load-texts", "--if-missing")
DEFAULT_DIR = REPO_ROOT / ".data"
LOCK_NAME, STATE_NAME, PROGRESS_NAME, LOG_NAME = ("document-layer.lock", "document-layer.json",
                                                  "document-layer-progress.json", "document-layer.log")


def build_dir() -> Path:
    """Where the lock, state, progress and log files live (`CG_BUILD_DIR`, default `.data/`)."""
    return Path(env_setting("CG_BUILD_DIR") or DEFAULT_DIR)


@dataclass(frozen=True)
class BuildStatus:
    """What the UI shows: state is 'idle' (never started), 'running', 'done' or 'failed'."""

    state: str
    done: int = 0
    total: int = 0
    message: str = ""
    # Changes whenever the layer's content may have changed (a batch written, a build started or ended), so
    # the app can drop reads it cached from an earlier state of the layer.
    stamp: str = ""

    @property
    def label(self) -> str:
        if self.total:
            return f"document layer {self.done:,}/{self.total:,}"
        return "document layer: starting" if self.state == "running" else "document layer"

    @property
    def fraction(self) -> float:
        return min(1.0, self.done / self.total) if self.total else 0.0


def write_json(path: Path, data: dict[str, Any]) -> None:
    """Replace `path` atomically, so a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(json.dumps(data))
        os.replace(tmp, path)
    except OSError:
        tmp.unlink(missing_ok=True)  # no stray temporary file beside a path that could not be replaced
        raise


class ProgressFile:
    """The build command's side of the progress: {done, total} documents, rewritten after every batch."""

    def __init__(self, path: Path) -> None:
        self.path, self.done, self.total = Path(path), 0, 0

    def plan(self, total: int, up_to_date: int) -> None:
        self.total, self.done = total, up_to_date
        self._write()

    def advance(self, documents: int) -> None:
        self.done += documents
        self._write()

    def _write(self) -> None:
        try:
            write_json(self.path, {"done": self.done, "total": self.total, "updated": time.time()})
        except OSError as e:
            raise IngestError(f"The progress file {printable(str(self.path))[:200]} cannot be written: "
                              f"{e.strerror or e}") from e


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _alive(pid: int) -> bool:
    """True when `pid` is a running `ingest.background` runner (a reused pid of another program is not)."""
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
    return b"ingest.background" in cmdline


def read_status(directory: Path | None = None) -> BuildStatus:
    """The build's state and counts from its files (cheap: two small reads)."""
    base = directory or build_dir()
    state = _read_json(base / STATE_NAME)
    progress = _read_json(base / PROGRESS_NAME)
    done, total = int(progress.get("done", 0)), int(progress.get("total", 0))
    name = state.get("state", "idle")
    if name == "running" and not _alive(int(state.get("pid", 0))):
        name = "failed"
        state["message"] = "the build stopped before it finished (run `make run` again to resume)"
    stamp = f"{name}:{state.get('pid', '')}:{state.get('started', '')}:{state.get('finished', '')}:{done}"
    return BuildStatus(name, done, total, str(state.get("message", "")), stamp)


def start(texts: Path | None = None, directory: Path | None = None) -> BuildStatus:
    """Spawn the detached runner unless one is running; returns the status right after."""
    base = directory or build_dir()
    current = read_status(base)
    if current.state == "running":
        return current
    base.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "ingest.background", "run", "--dir", str(base)]
    if texts is not None:
        command += ["--texts", str(texts)]
    with open(base / LOG_NAME, "ab") as out:
        subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                         start_new_session=True, cwd=REPO_ROOT, close_fds=True)
    # The runner records itself once it holds the lock (a runner started twice by a race just exits).
    return BuildStatus("running")


def run(directory: Path, texts: Path | None) -> int:
    """The runner: hold the lock, run the build command, record how it ended. Exit 0 when another runs."""
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / LOCK_NAME, "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            log.info("another document-layer build holds %s; exiting", directory / LOCK_NAME)
            return 0
        state_path = directory / STATE_NAME
        (directory / PROGRESS_NAME).unlink(missing_ok=True)  # the last build's counts
        write_json(state_path, {"state": "running", "pid": os.getpid(), "started": time.time()})
        command = [*BUILD_COMMAND, "--progress-file", str(directory / PROGRESS_NAME)]
        if texts is not None:
            command.append(str(texts))
        code = subprocess.run(command, stdin=subprocess.DEVNULL, check=False, cwd=REPO_ROOT).returncode
        ended = {"pid": os.getpid(), "finished": time.time(), "returncode": code}
        if code == 0:
            write_json(state_path, {**ended, "state": "done"})
        else:
            message = f"`{' '.join(command[1:5])}` exited with {code}; see {directory / LOG_NAME}"
            write_json(state_path, {**ended, "state": "failed", "message": message})
        return code


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ingest.background", description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("start", "run", "status"))
    parser.add_argument("--dir", type=Path, default=None, help="lock/state/progress directory (default .data)")
    parser.add_argument("--texts", type=Path, default=None, help="text directory (default: the CUAD texts)")
    args = parser.parse_args(argv)
    directory = args.dir or build_dir()
    if args.action == "run":
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        return run(directory, args.texts)
    status = start(args.texts, directory) if args.action == "start" else read_status(directory)
    sys.stdout.write(f"{status.label}: {status.state}" + (f" ({status.message})" if status.message else "") + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
