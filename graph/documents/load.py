"""Writing and reading the document layer (sections, cross-references, defined terms, footnotes, CUAD clause
types under each contract's Document). Parsing is ingest's job (`ingest.layer`); this module only writes the
rows it builds, replacing a document's layer as a whole, and reads what the loader needs to decide.
Section embeddings are written when an `embed` function is given (optional).
"""

from __future__ import annotations

from collections.abc import Callable

from neo4j import Driver, ManagedTransaction

from core.errors import NotFound
from graph.documents import cypher as q
from graph.documents.renewal_facts import write_renewal_rows
from graph.documents.rows import LAYER_VERSION, Rows, embedding_texts
from graph.server.db import read, write_tx

EMBED_BATCH = 256
Embed = Callable[[list[str]], list[list[float]]]


def _write_rows(tx: ManagedTransaction, rows: Rows) -> None:
    for statement, key in q.LAYER_STATEMENTS:
        if rows[key]:
            tx.run(statement, rows=rows[key]).consume()
    tx.run(q.DELETE_ORPHAN_CLAUSE_TYPES).consume()
    if rows.get("titles"):
        tx.run(q.SET_TEXT_TITLES, rows=rows["titles"]).consume()
    write_renewal_rows(tx, rows)  # the renewal facts read from the same text (graph.documents.renewal_facts)


def write_layer(driver: Driver, rows: Rows, embed: Embed | None = None, database: str | None = None) -> None:
    """Replace the layer of every document in `rows` in one transaction, then store section embeddings."""
    write_tx(driver, lambda tx: _write_rows(tx, rows), database)
    if embed is not None:
        _write_embeddings(driver, rows, embed, database)


def _write_embeddings(driver: Driver, rows: Rows, embed: Embed, database: str | None) -> None:
    items = embedding_texts(rows)
    for start in range(0, len(items), EMBED_BATCH):
        chunk = items[start:start + EMBED_BATCH]
        vectors = embed([item["text"] for item in chunk])
        payload = [{"file_id": i["file_id"], "number": i["number"], "embedding": [float(x) for x in v]}
                   for i, v in zip(chunk, vectors, strict=True)]
        write_tx(driver, lambda tx, p=payload: tx.run(q.SET_EMBEDDINGS, rows=p).consume(), database)


def contract_ids(driver: Driver, database: str | None = None) -> list[str]:
    """The file_id of every contract in the graph."""
    return [r["file_id"] for r in read(driver, q.ALL_CONTRACT_IDS, {}, database)]


def layers_to_write(driver: Driver, file_ids: list[str], only_missing: bool, database: str | None,
                    renewal_version: int | None = None) -> list[str]:
    """`file_ids`, less (with `only_missing`) those whose layer this loader version wrote already, and (given
    `renewal_version`, the renewal rules' version: ingest.renewals.rows) whose renewal facts it wrote too: the
    layer writes both, so a change of the renewal rules alone also refreshes the facts at the next start."""
    if not only_missing:
        return file_ids
    rows = read(driver, q.LAYER_VERSIONS, {"ids": file_ids}, database)
    done = {r["file_id"] for r in rows if r["version"] == LAYER_VERSION
            and (renewal_version is None or r["renewal_version"] == renewal_version)}
    return [f for f in file_ids if f not in done]


def document_pages(driver: Driver, file_id: str, database: str | None = None) -> list[str]:
    """The text stored on a contract's Document, as pages (they are joined by form feeds)."""
    found = read(driver, q.DOCUMENT_TEXT, {"file_id": file_id}, database)
    if not found:
        raise NotFound(f"Contract '{file_id[:200]}' has no Document with text.")
    return (found[0].get("text") or "").split("\f")


def untitled_documents(driver: Driver, file_ids: list[str], database: str | None = None) -> list[dict[str, str]]:
    """(file_id, head of its text) of documents among `file_ids` whose contract has no text title yet."""
    return read(driver, q.UNTITLED_DOCUMENTS, {"ids": file_ids}, database) if file_ids else []


def set_text_titles(driver: Driver, rows: list[dict[str, str]], database: str | None = None) -> None:
    """Store each row's title as its contract's text title (and so its display title)."""
    if rows:
        write_tx(driver, lambda tx: tx.run(q.SET_TEXT_TITLES, rows=rows).consume(), database)
