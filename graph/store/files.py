"""Which uploaded files the graph still refers to: a contract's own file (`file_sha256`) and the copies linked
to it (`linked_sha256`). The file store (`ingest.pages.store`) keeps PDFs by these hashes and asks here before
deleting one, since the same bytes may belong to another contract's links."""

from __future__ import annotations

from neo4j import Driver

from graph.server.db import read

CONTRACT_FILES = """
MATCH (c:Contract {file_id: $file_id})
RETURN [s IN [c.file_sha256] + coalesce(c.linked_sha256, []) WHERE s IS NOT NULL] AS shas
"""
REFERENCED_FILES = """
UNWIND $shas AS sha
OPTIONAL MATCH (own:Contract {file_sha256: sha})
OPTIONAL MATCH (linked:Contract) WHERE sha IN coalesce(linked.linked_sha256, [])
WITH sha, count(own) + count(linked) AS uses
WHERE uses > 0
RETURN DISTINCT sha
"""


def contract_files(driver: Driver, file_id: str, database: str | None = None) -> list[str]:
    """The SHA-256 of every file recorded on the contract (its own first), [] when there is none."""
    rows = read(driver, CONTRACT_FILES, {"file_id": file_id}, database)
    return list(dict.fromkeys(rows[0]["shas"])) if rows else []


def referenced_shas(driver: Driver, shas: list[str], database: str | None = None) -> set[str]:
    """The hashes among `shas` that some contract still records."""
    return {r["sha"] for r in read(driver, REFERENCED_FILES, {"shas": shas}, database)} if shas else set()
