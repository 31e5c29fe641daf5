"""The steps of an upload's commit after (or instead of) its contract transaction: the contract's embedding,
its document layer, linking a duplicate upload to the contract it duplicates, and keeping the PDF in the file
store for the Contract page's page images (`ingest.pipeline.commit_review` runs them). The layer is the last
graph step; only once it is written is the upload marked complete (`graph.store.pending`), so a run killed
before that is found and written again by the next one.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from neo4j import Driver

from core.errors import ConfigError, ContractGraphError, IngestError
from core.llm import build_embeddings, llm_errors
from core.settings import AgentSettings
from graph.store.duplicates import attach_document, link_upload
from graph.store.embeddings import embedding_text
from graph.store.files import contract_files
from graph.store.pending import mark_complete, release
from graph.store.replace import replace_contract
from graph.store.write import CommitRequest, find_by_sha
from ingest.layer import build_document_layer
from ingest.ocr import OcrPage
from ingest.pages.cleanup import drop_unreferenced
from ingest.pages.store import save_pdf
from ingest.renewals.extract import RenewalTerms

if TYPE_CHECKING:  # LangChain is loaded only when a model is configured (core.llm)
    from langchain_core.embeddings import Embeddings

log = logging.getLogger(__name__)


def embed(embeddings: Embeddings | None, record: dict[str, object]) -> tuple[list[float] | None, str | None]:
    """The contract's embedding (None without a model or a text to embed) and a note when it has none."""
    text = embedding_text(record)
    if embeddings is None:
        return None, None
    if not text:
        return None, "No embedding: the contract has no summary or scope."
    try:
        with llm_errors():
            return embeddings.embed_query(text), None
    except ContractGraphError as e:
        log.warning("embedding failed: %s", e)
        return None, f"The contract was committed without an embedding: {e}"


def replace(driver: Driver, file_id: str, request: CommitRequest, database: str | None = None) -> str:
    """`replace_contract`, then the stored PDFs the replaced contract recorded that no contract records now (its
    old upload's file, unless the new upload has the same bytes): they were left until `prune`."""
    old_files = contract_files(driver, file_id, database)
    written = replace_contract(driver, file_id, request, database)
    drop_unreferenced(driver, old_files, database)
    return written


def joined(*notes: str | None) -> str | None:
    """The notes that are set, as one line (None when there is none)."""
    return " ".join(n for n in notes if n) or None


def layer(driver: Driver, file_id: str, pages: list[str], embeddings: Embeddings | None,
          database: str | None, renewals: RenewalTerms | None = None) -> str | None:
    """Parse the committed text into the document layer (sections, references, terms, footnotes) and mark the
    upload complete. A failure leaves the contract committed without its layer, still marked half-written
    (the next ingest of the file writes it again), and says so."""
    embed_sections = embeddings.embed_documents if embeddings is not None else None
    try:
        with llm_errors():
            build_document_layer(driver, file_id, pages, embed=embed_sections, database=database,
                                 renewals=renewals)
    except ContractGraphError as e:
        log.warning("document layer of %s not built: %s", file_id, e)
        release(driver, file_id, database)  # half-written and ownerless: the next run completes it at once
        return (f"The contract was committed without its document layer (sections, references): {e} "
                "Ingest the file again to complete it.")
    mark_complete(driver, file_id, database)
    return None


def link(driver: Driver, existing: str, pages: list[str], sha256: str, file_name: str, *, attach: bool,
         embeddings: Embeddings | None = None, renewals: RenewalTerms | None = None,
         database: str | None = None) -> str | None:
    """Record the uploaded file (`sha256`, `file_name`) on the contract `existing`; with `attach` (a contract
    known from JSON only, or one whose earlier upload was left half-written) give it the upload's text first and
    build its layer. The text is attached before the file is recorded, so a run killed in between leaves a
    marked contract whose bytes are not yet known: the next run finds it by its text and completes it."""
    if attach:
        attach_document(driver, existing, pages, database)
    if find_by_sha(driver, sha256, database) != existing:  # a resumed link may have recorded it already
        link_upload(driver, existing, sha256, file_name, database)
    return layer(driver, existing, pages, embeddings, database, renewals) if attach else None


def configured_embeddings() -> Embeddings | None:
    """The embedding model when EMBEDDING_MODEL is configured, else None (also when the LLM settings are
    invalid: the embedding is optional and must not block a commit; the reason is logged)."""
    try:
        return build_embeddings(AgentSettings.load())
    except ConfigError as e:
        log.warning("no embedding model: the LLM settings are invalid (%s)", e)
        return None


def keep_pdf(data: bytes, ocr: tuple[OcrPage, ...] = ()) -> str | None:
    """Keep the uploaded bytes (and a scan's OCR word boxes) in the file store (`ingest.pages.store`), after
    the graph has the contract: a store that fails costs the page images, not the commit, and says so."""
    if not data:
        return None
    try:
        save_pdf(data, {page.page: list(page.boxes) for page in ocr if page.boxes})
    except IngestError as e:
        log.warning("PDF not kept: %s", e)
        return f"The contract was committed, but its PDF was not kept, so its pages cannot be shown: {e}"
    return None
