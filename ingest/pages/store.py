"""The file store: each uploaded PDF kept as `<sha256>.pdf` in one directory (`CG_FILE_STORE`, default
`.data/files`), with a scan's OCR word boxes beside it as `<sha256>.ocr.json`.

Why files and not the graph: a 30-page scan is 3-15 MB; as a Neo4j property it would sit in every page-cache
read of the Contract node, go through one write transaction with the contract and be copied into every test
database. Files keyed by their SHA-256 (the Contract's `file_sha256`) need no bookkeeping: the same bytes land
on the same name, a write is atomic (temporary file, then rename), and a read checks the hash, so a damaged or
replaced file is reported instead of drawn. The graph decides which files are still wanted
(`graph.store.files.referenced_shas`); `remove_unreferenced` deletes the others a deletion left behind.
"""

from __future__ import annotations

import json
import logging
import os
import re
import tempfile
from pathlib import Path

from core.errors import IngestError
from core.settings import REPO_ROOT, setting
from ingest.pdf import sha256_of

log = logging.getLogger(__name__)

DEFAULT_DIR = ".data/files"
SHA = re.compile(r"[0-9a-f]{64}")
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in PDF points from the page's top-left corner
OcrWords = dict[int, list[tuple[str, Box]]]  # 1-based page -> its words with their boxes


class StoredFileMissing(IngestError):
    """The contract names a PDF (its SHA-256) that the file store does not hold."""


class StoredFileCorrupt(IngestError):
    """The stored file's bytes no longer have the SHA-256 they were stored under."""


def store_dir() -> Path:
    """`CG_FILE_STORE`, a relative path taken from the repository root."""
    path = Path(setting("CG_FILE_STORE") or DEFAULT_DIR)
    return path if path.is_absolute() else REPO_ROOT / path


def _path(sha256: str, suffix: str) -> Path:
    if not SHA.fullmatch(sha256 or ""):
        raise IngestError(f"'{str(sha256)[:80]}' is not a SHA-256 (64 hex digits).")
    return store_dir() / f"{sha256}{suffix}"


def _write_atomic(path: Path, data: bytes) -> None:
    tmp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
        with os.fdopen(handle, "wb") as f:
            f.write(data)
        os.replace(tmp, path)  # readers see the old file or the whole new one, never half of it
    except OSError as e:
        if tmp:
            Path(tmp).unlink(missing_ok=True)
        raise IngestError(f"The PDF could not be kept in the file store {store_dir()} ({e}).") from e


def save_pdf(data: bytes, ocr_words: OcrWords | None = None) -> str:
    """Keep `data` (and a scan's OCR word boxes); returns its SHA-256. The same bytes again change nothing."""
    sha = sha256_of(data)
    path = _path(sha, ".pdf")
    if not (path.is_file() and path.stat().st_size == len(data)):
        _write_atomic(path, data)
    if ocr_words:
        rows = {str(page): [[text, *box] for text, box in words] for page, words in ocr_words.items()}
        _write_atomic(_path(sha, ".ocr.json"), json.dumps({"pages": rows}).encode())
    return sha


def load_pdf(sha256: str) -> bytes:
    """The stored PDF's bytes; StoredFileMissing / StoredFileCorrupt with a message for the page."""
    path = _path(sha256, ".pdf")
    try:
        data = path.read_bytes()
    except FileNotFoundError as e:
        raise StoredFileMissing(
            f"The original PDF of this contract is not in the file store ({store_dir()}): it was uploaded before "
            "PDFs were kept, or the file was removed. Upload the PDF again to see its pages.") from e
    except OSError as e:
        raise StoredFileMissing(f"The stored PDF cannot be read ({e}).") from e
    if sha256_of(data) != sha256:
        raise StoredFileCorrupt(f"The stored PDF {path.name} is damaged: its content no longer matches the file "
                                "that was uploaded. Upload the PDF again.")
    return data


def has_pdf(sha256: str | None) -> bool:
    """Whether the store holds a file under `sha256` (not read: `load_pdf` checks its content)."""
    return bool(sha256 and SHA.fullmatch(sha256) and _path(sha256, ".pdf").is_file())


def load_ocr_words(sha256: str) -> OcrWords:
    """A scan's OCR word boxes per page ({} when the PDF had no OCR page or they were not kept)."""
    path = _path(sha256, ".ocr.json")
    try:
        pages = json.loads(path.read_text(encoding="utf-8"))["pages"]
        return {int(page): [(str(w[0]), (float(w[1]), float(w[2]), float(w[3]), float(w[4]))) for w in words]
                for page, words in pages.items()}
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, KeyError, TypeError, IndexError) as e:
        log.warning("OCR word boxes %s unreadable: %s", path.name, e)
        return {}


def delete_files(sha256: str) -> bool:
    """Remove the PDF and its word boxes; whether a PDF was there."""
    found = _path(sha256, ".pdf").is_file()
    for suffix in (".pdf", ".ocr.json"):
        _path(sha256, suffix).unlink(missing_ok=True)
    return found
