"""Which files a batch ingest run works on, and how their names are shown.

File names are bytes on POSIX: Python hands a name that is not valid UTF-8 over as a str with surrogate
escapes, which cannot be printed nor sent to Neo4j. Such names are shown (and stored) with the offending
bytes as `\\xNN` escapes; the file itself is still read through its real path. A path that cannot be looked
at (too long, a NUL byte, an unreadable folder) is reported for that path and the rest of the batch goes on.
"""

from __future__ import annotations

import os
from pathlib import Path

from core.text_safety import printable

NOT_FOUND = "no such file or folder"


def display_name(path: Path) -> str:
    """The file's name, printable."""
    return printable(path.name or str(path))


def _walk(folder: Path, failed: list[tuple[Path, str]]) -> list[Path]:
    """PDFs under `folder`; an unreadable subfolder is reported and skipped, not fatal."""
    def unreadable(error: OSError) -> None:
        failed.append((Path(error.filename or folder), f"cannot read this folder: {error.strerror or error}"))

    found = [Path(root, name) for root, _, names in os.walk(folder, onerror=unreadable) for name in names
             if Path(name).suffix.lower() == ".pdf" and Path(root, name).is_file()]
    return sorted(found, key=lambda p: printable(str(p)).lower())


def _identity(path: Path) -> object:
    """What makes two paths the same file: device and inode (so a.pdf and ./dir/../a.pdf are one)."""
    try:
        stat = path.stat()
    except OSError:
        return path
    return (stat.st_dev, stat.st_ino)


def collect_files(paths: list[str]) -> tuple[list[Path], list[tuple[Path, str]]]:
    """PDF files named or found (recursively) in folders, each once, in a stable order; and the paths that
    could not be used, with the reason."""
    files: list[Path] = []
    failed: list[tuple[Path, str]] = []
    for raw in paths:
        path = Path(raw)
        try:
            if path.is_dir():
                files += _walk(path, failed)
            elif path.is_file():
                files.append(path)
            else:
                failed.append((path, NOT_FOUND))
        except (OSError, ValueError) as e:  # a name too long for the OS, a NUL byte
            failed.append((path, f"cannot use this path: {getattr(e, 'strerror', None) or e}"))
    unique = {_identity(p): p for p in reversed(files)}  # reversed: the first naming wins
    return [p for p in files if unique.get(_identity(p)) is p], failed
