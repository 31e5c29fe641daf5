"""Loading the document layer: contract texts are parsed (`ingest.document.parse_document`) into sections,
cross-references, defined terms, footnotes and CUAD clause types under each contract's Document.

Two entry points: `load_texts` for a directory of CUAD `.txt` files (batched: one transaction per batch of
documents, parsed in worker processes), and `build_document_layer` for one contract whose Document already
holds its text (an upload). Both replace a document's layer as a whole, so loading again leaves identical
counts. Section embeddings are written when an `embed` function is given (optional).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from neo4j import Driver, ManagedTransaction

from graph import document_queries as q
from graph.db import read, write_tx
from graph.document_rows import LAYER_VERSION, Rows, document_rows, embedding_texts, merge_rows
from graph.document_schema import ensure_document_schema
from graph.duplicates import backfill_fingerprints
from graph.errors import IngestError, NotFound
from graph.fingerprint import fingerprint
from ingest.cuad_labels import name_key, read_text
from ingest.document import parse_document

log = logging.getLogger(__name__)
BATCH_SIZE = 20
EMBED_BATCH = 256
TEXT_SOURCE = "cuad-txt"
Embed = Callable[[list[str]], list[list[float]]]


@dataclass
class LayerSummary:
    """What a load wrote (sums over the documents) and which text files matched no contract."""

    documents: int = 0
    sections: int = 0
    references: int = 0
    unresolved: int = 0
    terms: int = 0
    footnotes: int = 0
    up_to_date: int = 0
    unmatched: list[str] = field(default_factory=list)

    def add(self, rows: Rows) -> None:
        for info in rows["info"]:
            self.documents += 1
            for name in ("sections", "references", "unresolved", "terms", "footnotes"):
                setattr(self, name, getattr(self, name) + info[name])

    def line(self) -> str:
        return (f"Document layer: {self.documents} documents, {self.sections} sections, {self.references} "
                f"cross-references ({self.unresolved} unresolved kept), {self.terms} defined terms, "
                f"{self.footnotes} footnotes; {self.up_to_date} already up to date; "
                f"{len(self.unmatched)} text files match no contract")


def match_texts(file_ids: Iterable[str], directory: Path) -> tuple[dict[str, Path], list[str]]:
    """Each contract's text file (the stem equals the file_id, else the same `name_key`), and the names of
    text files no contract matched."""
    paths = sorted(Path(directory).glob("*.txt"))
    if not paths:
        raise IngestError(f"No .txt files in {directory}.")
    by_stem = {p.stem: p for p in paths}
    by_key = {name_key(p.name): p for p in paths}
    matched = {}
    for file_id in file_ids:
        path = by_stem.get(file_id) or by_key.get(name_key(file_id))
        if path is not None:
            matched[file_id] = path
    used = set(matched.values())
    return matched, [p.name for p in paths if p not in used]


def parse_text_file(item: tuple[str, str]) -> Rows:
    """Rows for one (file_id, path) text file, its Document included (runs in a worker process)."""
    file_id, path = item
    text = read_text(Path(path))
    rows = document_rows(parse_document(text, file_id), file_id)
    rows["documents"].append({"file_id": file_id, "text": text, "page_offsets": [0], "source": TEXT_SOURCE,
                              "fingerprint": fingerprint(text)})
    return rows


def _parsed(items: list[tuple[str, str]], workers: int) -> Iterator[Rows]:
    """Rows per file in order; parsing (the slow part) runs in `workers` processes while batches are written."""
    if workers <= 1 or len(items) < 2:
        yield from map(parse_text_file, items)
        return
    context = multiprocessing.get_context("spawn")  # the parent holds driver threads: never fork it
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        yield from pool.map(parse_text_file, items, chunksize=2)


def _write_rows(tx: ManagedTransaction, rows: Rows) -> None:
    for statement, key in q.LAYER_STATEMENTS:
        if rows[key]:
            tx.run(statement, rows=rows[key]).consume()
    tx.run(q.DELETE_ORPHAN_CLAUSE_TYPES).consume()


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


def _pending(driver: Driver, file_ids: list[str], only_missing: bool, database: str | None) -> list[str]:
    if not only_missing:
        return file_ids
    rows = read(driver, q.LAYER_VERSIONS, {"ids": file_ids}, database)
    done = {r["file_id"] for r in rows if r["version"] == LAYER_VERSION}
    return [f for f in file_ids if f not in done]


def _batches(items: Iterator[Rows], size: int) -> Iterator[list[Rows]]:
    batch: list[Rows] = []
    for rows in items:
        batch.append(rows)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def load_texts(driver: Driver, directory: Path, *, only_missing: bool = False, file_ids: list[str] | None = None,
               batch_size: int = BATCH_SIZE, workers: int | None = None, embed: Embed | None = None,
               progress: Callable[[int], None] | None = None, database: str | None = None) -> LayerSummary:
    """Parse and load the text of every contract that has one in `directory` (or only `file_ids`).

    `only_missing` skips documents whose layer was written by this loader version already. `progress` is
    called with the number of documents written after each batch.
    """
    ensure_document_schema(driver, database)
    known = [r["file_id"] for r in read(driver, q.ALL_CONTRACT_IDS, {}, database)]
    chosen = set(file_ids or ())
    wanted = known if file_ids is None else [f for f in known if f in chosen]
    matched, unmatched = match_texts(wanted, directory)
    summary = LayerSummary(unmatched=unmatched if file_ids is None else [])
    todo = _pending(driver, sorted(matched), only_missing, database)
    summary.up_to_date = len(matched) - len(todo)
    items = [(f, str(matched[f])) for f in todo]
    workers = workers if workers is not None else min(4, os.cpu_count() or 1)
    for batch in _batches(_parsed(items, workers), batch_size):
        rows = merge_rows(batch)
        write_layer(driver, rows, embed, database)
        summary.add(rows)
        if progress:
            progress(len(batch))
    backfill_fingerprints(driver, database)  # documents skipped as up to date may predate fingerprints
    log.info(summary.line())
    return summary


def _pages(row: dict[str, Any]) -> list[str]:
    return (row.get("text") or "").split("\f")


def build_document_layer(driver: Driver, file_id: str, *, embed: Embed | None = None,
                         database: str | None = None) -> LayerSummary:
    """Parse the text stored on a contract's Document (pages joined by form feeds) and (re)write its layer."""
    ensure_document_schema(driver, database)
    found = read(driver, q.DOCUMENT_TEXT, {"file_id": file_id}, database)
    if not found:
        raise NotFound(f"Contract '{file_id[:200]}' has no Document with text.")
    pages = _pages(found[0])
    rows = document_rows(parse_document(pages, file_id), file_id)
    write_layer(driver, rows, embed, database)
    summary = LayerSummary()
    summary.add(rows)
    return summary
