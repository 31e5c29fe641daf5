"""Replace an existing contract with a reviewed upload, atomically: the old contract (its clauses, document
layer, the aliases it added, parties left without a contract) is removed and the new one written under the
same file_id in ONE transaction, so a failure leaves the old contract exactly as it was. Its renewal and clause
decisions stay with the file_id (the renewal ones are linked to the new contract node)."""

from __future__ import annotations

import logging
from dataclasses import replace as dc_replace

from neo4j import Driver, ManagedTransaction

from core.errors import NotFound
from graph.server.db import read, write_tx
from graph.store import families, load, organisations
from graph.store import write as w
from graph.store.schema import ensure_schema

log = logging.getLogger(__name__)


def replace_contract(driver: Driver, file_id: str, request: w.CommitRequest, database: str | None = None) -> str:
    """Write `request` as contract `file_id`, replacing what was there; returns the file_id."""
    if not read(driver, w.FIND_BY_ID, {"file_id": file_id}, database):
        raise NotFound(f"Contract '{file_id[:200]}' is not in the graph; nothing was replaced.")
    request = dc_replace(request, record={**request.record, "file_id": file_id})
    rows, extra = w._rows(request)
    old_keys = [row["key"] for row in read(driver, w.PARTY_KEYS_OF, {"file_id": file_id}, database)]
    found = read(driver, w.ADDED_ALIASES, {"file_id": file_id}, database)
    added = found[0]["added"] if found else []
    ensure_schema(driver, database, backfill=False)

    def work(tx: ManagedTransaction) -> None:
        org_keys = organisations.org_keys_of(tx, old_keys)  # the old parties' groups, regrouped at the end
        tx.run(w.REMOVE_ADDED_ALIASES, added=added).consume()
        families.detach_members(tx, file_id)  # re-linked after the commit (docs/FAMILIES.md)
        tx.run(w.DELETE_CONTRACT, file_id=file_id).consume()
        tx.run(w.UNLINK_LOCATIONS, keys=old_keys, file_id=file_id).consume()
        new_keys = {row["key"] for row in rows["parties"]}
        tx.run(w.DELETE_ORPHAN_PARTIES, keys=[k for k in old_keys if k not in new_keys]).consume()
        load.refresh_stored_facts(tx, old_keys, [])
        existing = {r["key"]: set(r["aliases"] or []) for r in
                    tx.run(w.EXISTING_ALIASES, keys=list(new_keys)).data()}
        extra["added_aliases"] = sorted(f"{p['key']}\t{a}" for p in rows["parties"] if p["key"] in existing
                                        for a in p["aliases"] if a not in existing[p["key"]])
        w._commit(tx, rows, extra)
        tx.run(w.RELINK_DECISIONS, file_id=file_id).consume()
        tx.run(w.DELETE_ORPHAN_PLACES).consume()  # the old governing law's, when the new one differs
        organisations.rebuild(tx, org_keys)

    write_tx(driver, work, database)
    log.info("Replaced %s with the upload %s", file_id, request.file_name)
    return file_id
