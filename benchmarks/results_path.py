"""Result files are never overwritten: a second run on the same day (the files are named by date) is written
beside the first as `<name>-run2.json`, `-run3`, ... (a rerun once replaced the figures a document cited)."""

from __future__ import annotations

from pathlib import Path


def unused(path: Path) -> Path:
    """`path` when no file is there yet, else the first free `<stem>-runN<suffix>` beside it (N from 2)."""
    n = 2
    found = path
    while found.exists():
        found = path.with_name(f"{path.stem}-run{n}{path.suffix}")
        n += 1
    return found
