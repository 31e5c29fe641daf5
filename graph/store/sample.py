"""Finding the CUAD sample: an explicit path, `CONTRACTS_SAMPLE`, the workspace's `../shared/data`, or a
download of the reference repository's `contract_data.json`. The data is never copied into the repo."""

from __future__ import annotations

import logging
import unicodedata
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from core.errors import SampleDataMissing
from core.json_file import read_json_file
from core.settings import env_setting
from core.text_safety import printable
from graph.server.config import REPO_ROOT

log = logging.getLogger(__name__)

SHARED_DATA = REPO_ROOT.parent / "shared" / "data"
SHARED_SAMPLE = SHARED_DATA / "cuad" / "contract_data.json"
SHARED_TEXTS = SHARED_DATA / "cuad" / "txt"
SAMPLE_URL = "https://raw.githubusercontent.com/tomasonjo/legal-tech-chat/main/import-graph/contract_data.json"
DOWNLOAD_CACHE = REPO_ROOT / ".data" / "sample" / "contract_data.json"


def candidate_paths(explicit: str | Path | None = None) -> list[Path]:
    """Local places to look, in order."""
    paths = [Path(explicit)] if explicit else []
    if configured := env_setting("CONTRACTS_SAMPLE"):
        paths.append(Path(configured))
    return [*paths, SHARED_SAMPLE, DOWNLOAD_CACHE]


def _download(url: str, target: Path, timeout: float = 30.0) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".part")
    with urllib.request.urlopen(url, timeout=timeout) as response:
        partial.write_bytes(response.read())
    partial.replace(target)
    return target


def resolve_sample(explicit: str | Path | None = None, allow_download: bool = True) -> Path:
    """The first existing sample file; downloads it when none is local. Raises SampleDataMissing."""
    tried = candidate_paths(explicit)
    if explicit and not Path(explicit).is_file():
        raise SampleDataMissing(f"No contract file at {printable(str(explicit))[:200]}.")
    for path in tried:
        if path.is_file():
            return path
    url = env_setting("CONTRACTS_SAMPLE_URL", SAMPLE_URL) or SAMPLE_URL
    if allow_download:
        try:
            log.info("Downloading the CUAD sample from %s", url)
            return _download(url, DOWNLOAD_CACHE)
        except (urllib.error.URLError, TimeoutError, OSError) as e:
            log.warning("Sample download failed: %s", e)
    looked = ", ".join(str(p) for p in tried)
    raise SampleDataMissing(
        "The CUAD sample (contract_data.json) was not found. Looked in: "
        f"{looked}; download from {url} {'failed' if allow_download else 'disabled'}. "
        "Pass a path (`python -m graph load PATH`) or set CONTRACTS_SAMPLE."
    )


def read_records(path: Path) -> list[dict[str, Any]]:
    """Seed-format records from a JSON file (a list of objects)."""
    data = read_json_file(Path(path), "The contract file", SampleDataMissing)
    if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
        raise SampleDataMissing(f"{printable(str(path))[:200]} must hold a JSON list of contract objects.")
    return data


def sample_text(file_id: str) -> str | None:
    """The CUAD text of a sample contract (`txt/<file_id>.txt` beside the shared sample), or None. File names
    are compared in Unicode NFC and NFD, since the file system may store either ('LECLANCHÉ'). A file_id that
    could leave the text folder (a path separator, '..', a NUL) has none."""
    if not file_id or file_id.startswith(".") or any(ch in file_id for ch in "/\\\x00"):
        return None
    for form in ("NFC", "NFD"):
        path = SHARED_TEXTS / f"{unicodedata.normalize(form, file_id)}.txt"
        try:
            return path.read_text(encoding="utf-8", errors="replace")
        except (FileNotFoundError, NotADirectoryError):
            continue
        except OSError as e:  # a name the file system refuses (too long, a NUL) is no sample text
            log.debug("No sample text for %s: %s", file_id[:80], e)
            return None
    return None
