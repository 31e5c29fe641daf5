"""Deleting an uploaded contract with its stored PDF: the contract goes first (`graph.store.write.delete_contract`,
one transaction), then each file it recorded that no other contract records. A file left behind by a crash
between the two is harmless (content-addressed, reused by the next upload of the same bytes); `prune` removes
those. A `replace` removes the replaced upload's file the same way (`drop_unreferenced`, from
`ingest.commit_steps.replace`)."""

from __future__ import annotations

import logging

from neo4j import Driver

from graph.store.files import contract_files, referenced_shas
from graph.store.write import delete_contract
from ingest.pages.store import SHA, delete_files, store_dir

log = logging.getLogger(__name__)


def delete_upload(driver: Driver, file_id: str, database: str | None = None) -> list[str]:
    """Delete the contract `file_id` and the stored PDFs only it recorded; returns the hashes removed."""
    shas = contract_files(driver, file_id, database)
    delete_contract(driver, file_id, database)
    removed = drop_unreferenced(driver, shas, database)
    log.info("deleted %s and %d stored PDF(s)", file_id, len(removed))
    return removed


def drop_unreferenced(driver: Driver, shas: list[str], database: str | None = None) -> list[str]:
    """Remove the stored PDFs among `shas` that no contract records (any more); returns their hashes. Run after
    the graph write that stopped recording them: a file that cannot be removed is logged and left for `prune`."""
    kept = referenced_shas(driver, shas, database)
    removed = []
    for sha in (s for s in shas if s not in kept):
        try:
            if delete_files(sha):
                removed.append(sha)
        except OSError as e:
            log.warning("could not remove the stored PDF %s (prune removes it later): %s", sha, e)
    return removed


def prune(driver: Driver, database: str | None = None) -> list[str]:
    """Remove the stored PDFs (and word boxes) no contract records; returns their hashes."""
    stored = sorted(p.stem for p in store_dir().glob("*.pdf") if SHA.fullmatch(p.stem))  # not a writer's temp file
    kept = referenced_shas(driver, stored, database)
    return [sha for sha in stored if sha not in kept and delete_files(sha)]
