"""Building the document layer: contract texts are parsed (`ingest.document.parse_document`) into rows
(`ingest.document.rows`) that `graph.documents.load` writes under each contract's Document.

Two entry points: `load_texts` for a directory of CUAD `.txt` files (batched: one transaction per batch of
documents, one UNWIND per statement; parsed in worker processes, one per usable core by default), and
`build_document_layer` for one contract (an upload passes the pages it just committed; without pages the text
stored on its Document is parsed). Both replace a document's layer as a whole, so loading again leaves
identical counts.
"""

from __future__ import annotations

import itertools
import logging
import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from neo4j import Driver

from core.errors import IngestError
from core.text_safety import printable
from graph.documents.load import (
    Embed,
    contract_ids,
    document_pages,
    layers_to_write,
    set_text_titles,
    untitled_documents,
    write_layer,
)
from graph.documents.renewal_facts import ensure_renewal_schema
from graph.documents.rows import Rows, merge_rows
from graph.documents.schema import ensure_document_schema
from graph.store.duplicates import backfill_fingerprints
from graph.store.fingerprint import fingerprint_fields
from graph.store.titles import text_title
from ingest import layer_cache
from ingest.cuad_labels import name_key, read_text
from ingest.document import parse_document
from ingest.document.classify import document_categories
from ingest.document.models import ParsedDocument
from ingest.document.rows import document_rows
from ingest.renewals.extract import RenewalTerms
from ingest.renewals.rows import RENEWAL_VERSION, renewal_rows
from ingest.rules.title import document_name

log = logging.getLogger(__name__)
BATCH_SIZE = 20
# One upload's sections: the sample's most sectioned contract has 811 (99% have at most 547).
MAX_SECTIONS = 5000
TEXT_SOURCE = "cuad-txt"


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
        raise IngestError(f"No .txt files in {printable(str(directory))[:200]}.")
    by_stem = {p.stem: p for p in paths}
    by_key = {name_key(p.name): p for p in paths}
    matched = {}
    for file_id in file_ids:
        path = by_stem.get(file_id) or by_key.get(name_key(file_id))
        if path is not None:
            matched[file_id] = path
    used = set(matched.values())
    return matched, [p.name for p in paths if p not in used]


def layer_rows(doc: ParsedDocument, file_id: str, renewals: RenewalTerms | None = None) -> Rows:
    """The document layer's rows and the renewal facts' (ingest.renewals.rows) of one parsed document, its
    sections classified once for both."""
    categories = document_categories(doc)
    return document_rows(doc, file_id, categories) | renewal_rows(doc, file_id, renewals, categories)


def check_sections(rows: Rows, limit: int = MAX_SECTIONS) -> None:
    """Refuse a document layer of more than `limit` sections (one write transaction holds them all)."""
    if len(rows["sections"]) > limit:
        raise IngestError(f"The text parses into {len(rows['sections']):,} sections; at most {limit:,} are "
                          "stored for one contract (the most sectioned contract in the sample has 811).")


def parse_text_file(item: tuple[str, str]) -> Rows:
    """Rows for one (file_id, path) text file, its Document included (runs in a worker process); taken from the
    layer cache when CG_LAYER_CACHE is set and holds them for this text, code and clause model."""
    file_id, path = item
    text = read_text(Path(path))
    cache = layer_cache.cache_dir()
    key = layer_cache.entry_key(file_id, text, layer_cache.model_path()) if cache else ""
    if cache and (cached := layer_cache.read(cache, key)) is not None:
        return cached
    doc = layer_cache.parse_cached(text, file_id)
    rows = layer_rows(doc, file_id)
    rows["documents"].append({"file_id": file_id, "text": text, "page_offsets": [0], "source": TEXT_SOURCE,
                              **fingerprint_fields(text)})
    rows["titles"] = _titles(file_id, text)
    if cache:
        layer_cache.write(cache, key, rows)
    return rows


def _titles(file_id: str, text: str) -> list[dict[str, str]]:
    """The contract's text title row: the document name found in its text (none when there is none)."""
    title = text_title(document_name(text))
    return [{"file_id": file_id, "title": title}] if title else []


def _backfill_text_titles(driver: Driver, file_ids: list[str], database: str | None) -> None:
    """Text titles for documents parsed before titles existed (from the stored text, no re-parse)."""
    rows = [row for r in untitled_documents(driver, file_ids, database) for row in _titles(r["file_id"], r["head"])]
    set_text_titles(driver, rows, database)


def default_workers() -> int:
    """Parser processes by default: one per core this process may run on (its CPU affinity, which a container
    or `taskset` can narrow), else the machine's core count."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # no affinity call on macOS and Windows
        return os.cpu_count() or 1


# Texts a worker may have queued or finished ahead of the writer. pool.map submitted every text at once, and the
# parsed rows of every text finished before the writer reached it waited in memory: at a million texts, the
# futures alone and then rows that pile up whenever writing is slower than parsing.
IN_FLIGHT_PER_WORKER = 4


def _parsed(items: Iterable[tuple[str, str]], workers: int) -> Iterator[Rows]:
    """Rows per file in `items` order; parsing (the slow part) runs in `workers` processes while the caller
    writes. At most IN_FLIGHT_PER_WORKER x `workers` texts are submitted and not yet handed back, so memory
    stays bounded whatever the number of texts; results are handed back in submission order."""
    items = iter(items)
    head = list(itertools.islice(items, 2))
    if workers <= 1 or len(head) < 2:  # one text is not worth starting processes for
        yield from map(parse_text_file, itertools.chain(head, items))
        return
    items = itertools.chain(head, items)
    context = multiprocessing.get_context("spawn")  # the parent holds driver threads: never fork it
    window = IN_FLIGHT_PER_WORKER * workers
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        pending: deque[Future[Rows]] = deque()
        try:
            for item in items:
                pending.append(pool.submit(parse_text_file, item))
                if len(pending) >= window:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:  # a failed parse or a caller that stops early: queued texts are not parsed for nothing
            for future in pending:
                future.cancel()


def layer_batches(items: Iterable[tuple[str, str]], workers: int, batch_size: int = BATCH_SIZE) -> Iterator[Rows]:
    """The rows of `batch_size` documents at a time, merged into one row set per batch (one write transaction,
    one UNWIND per statement), documents in `items` order."""
    batch: list[Rows] = []
    for rows in _parsed(items, workers):
        batch.append(rows)
        if len(batch) >= batch_size:
            yield merge_rows(batch)
            batch = []
    if batch:
        yield merge_rows(batch)


def load_texts(driver: Driver, directory: Path, *, only_missing: bool = False, file_ids: list[str] | None = None,
               batch_size: int = BATCH_SIZE, workers: int | None = None, embed: Embed | None = None,
               progress: Callable[[int], None] | None = None, on_plan: Callable[[int, int], None] | None = None,
               database: str | None = None) -> LayerSummary:
    """Parse and load the text of every contract that has one in `directory` (or only `file_ids`).

    `only_missing` skips documents whose layer was written by this loader version already. `on_plan` is
    called once with (contracts with a text, documents already up to date), `progress` with the number of
    documents written after each batch.
    """
    ensure_document_schema(driver, database)
    ensure_renewal_schema(driver, database)
    known = contract_ids(driver, database)
    chosen = set(file_ids or ())
    wanted = known if file_ids is None else [f for f in known if f in chosen]
    matched, unmatched = match_texts(wanted, directory)
    summary = LayerSummary(unmatched=unmatched if file_ids is None else [])
    todo = layers_to_write(driver, sorted(matched), only_missing, database, RENEWAL_VERSION)
    summary.up_to_date = len(matched) - len(todo)
    if on_plan:
        on_plan(len(matched), summary.up_to_date)
    _backfill_text_titles(driver, sorted(set(matched) - set(todo)), database)
    items = [(f, str(matched[f])) for f in todo]
    workers = workers if workers is not None else default_workers()
    for rows in layer_batches(items, workers, batch_size):
        write_layer(driver, rows, embed, database)
        summary.add(rows)
        if progress:
            progress(len(rows["info"]))
    backfill_fingerprints(driver, database)  # documents skipped as up to date may predate fingerprints
    log.info(summary.line())
    return summary


def build_document_layer(driver: Driver, file_id: str, pages: list[str] | None = None, *,
                         embed: Embed | None = None, database: str | None = None,
                         renewals: RenewalTerms | None = None) -> LayerSummary:
    """Parse one contract's pages (default: the text stored on its Document) and (re)write its layer;
    `renewals`: facts the LLM engine read from these pages (default: the rules engine reads them)."""
    ensure_document_schema(driver, database)
    ensure_renewal_schema(driver, database)
    # Split as the stored text splits (pages joined by form feeds), so a rebuild from the graph gives the same layer.
    pages = document_pages(driver, file_id, database) if pages is None else "\f".join(pages).split("\f")
    doc = parse_document(pages, file_id)
    rows = layer_rows(doc, file_id, renewals)
    check_sections(rows)
    rows["titles"] = _titles(file_id, "\n".join(pages))
    write_layer(driver, rows, embed, database)
    summary = LayerSummary()
    summary.add(rows)
    return summary
