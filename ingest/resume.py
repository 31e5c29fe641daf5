"""Uploads of bytes the graph already has: refused when whole, waited for or reported while another live run
writes them, and taken over (written again in place) when the run that left them half-written is gone
(`graph.store.pending`; docs/SECURITY.md, "An upload is whole or not yet there")."""

from __future__ import annotations

from typing import Literal

from neo4j import Driver

from graph.store.pending import Marker, take_over, upload_marker, wait_for_owner
from graph.store.write import DuplicateFile


class AlreadyIngested(DuplicateFile):
    """The exact same file (same SHA-256) is already in the graph (found before reading it)."""


class UploadInProgress(DuplicateFile):
    """Another run, still alive, is writing the same bytes as `file_id` (graph.store.pending)."""

    def __init__(self, file_id: str, marker: Marker) -> None:
        super().__init__(file_id)
        self.args = (f"This file is being ingested by another run as '{file_id}' ({marker.describe()}); "
                     "nothing was written. Try again when that run has finished.",)


def resumable(driver: Driver, existing: str, wait_s: float, database: str | None) -> str:
    """`existing`, when its upload was left half-written by a run that is gone; a whole upload is refused
    (AlreadyIngested), one a live run is writing is waited for up to `wait_s` seconds (UploadInProgress)."""
    marker = wait_for_owner(driver, existing, wait_s, database)
    if marker is None:
        raise AlreadyIngested(existing)
    if marker.live:
        raise UploadInProgress(existing, marker)
    return existing


def claim(driver: Driver, file_id: str, database: str | None) -> Literal["commit", "attach"]:
    """Make this run the writer of `file_id`'s half-written upload; refused while another live run writes it,
    or when another run completed it since the review was made."""
    marker = upload_marker(driver, file_id, database)
    if marker is None:
        raise DuplicateFile(file_id)
    if marker.live or not take_over(driver, file_id, marker.owner, database):
        raise UploadInProgress(file_id, upload_marker(driver, file_id, database) or marker)
    return marker.pending
