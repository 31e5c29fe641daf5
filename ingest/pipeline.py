"""From uploaded bytes to a reviewed commit: hash -> text -> extraction -> entity suggestions -> commit.

`process_file` runs the steps for one file and returns a `Review` (what the reviewer sees and edits); it writes
nothing. `commit_review` writes the reviewed contract through `graph.store.write.commit_contract` (one transaction),
when an embedding model is configured stores its embedding, and parses the text into the document layer
(`ingest.commit_steps`, from the pages in hand). The CLI (`python -m ingest`) and the Upload page both use these two
functions. An upload is marked half-written until its layer is written (`graph.store.pending`): the same bytes again
are then processed and written in place, not refused.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from neo4j import Driver

import ingest.commit_steps as steps
from core.errors import ContractGraphError, ExtractionError, IngestError
from core.llm import build_chat_model
from core.settings import AgentSettings, ExtractionConfig
from core.text_safety import one_line_name
from graph.store.embeddings import set_contract_embedding
from graph.store.party_roles import is_role_name, resolve_role_name
from graph.store.pending import incomplete_upload, release_all
from graph.store.write import CommitRequest, DuplicateFile, commit_contract, file_id_taken, find_by_sha
from ingest.contract_type import type_from_title
from ingest.document import parse_document
from ingest.duplicates import Choice, DuplicateMatch, recognise
from ingest.evidence import llm_evidence, missing_fields, review_reasons, rules_evidence
from ingest.families.link import link_committed
from ingest.ocr import OcrPage, read_text
from ingest.pdf import sha256_of
from ingest.renewals.extract import RenewalTerms
from ingest.resolve import PartySuggestion, suggest_parties
from ingest.resume import AlreadyIngested, UploadInProgress, claim, resumable  # noqa: F401 (the first two re-exported)
from ingest.rules import FieldEvidence, extract_rules
from ingest.schema import ContractDraft, to_seed_record

if TYPE_CHECKING:  # LangChain is loaded only when a model is configured (core.llm)
    from langchain_core.embeddings import Embeddings
    from langchain_core.language_models import BaseChatModel

log = logging.getLogger(__name__)

Progress = Callable[[str, float], None]  # (what is happening, overall fraction done in [0, 1])
RULES_EXTRAS = ("document_name", "agreement_date", "renewal_term", "notice_period")
MAX_ID_SUFFIX = 1000


class MissingContractType(IngestError):
    """A commit without a contract type: the reviewer must choose one (or "Other" explicitly)."""


@dataclass(frozen=True)
class Engine:
    """An extraction engine: the offline rules, or a chat model."""

    kind: Literal["rules", "llm"]
    model_name: str | None = None
    chat_model: BaseChatModel | None = field(default=None, compare=False)

    @property
    def label(self) -> str:
        """What the UI and CLI show: "offline rules" or "LLM gpt-4.1-mini"."""
        return "offline rules" if self.kind == "rules" else f"LLM {self.model_name}"

    @property
    def tag(self) -> str:
        """Provenance stored on the contract: "rules" or "llm:<model>"."""
        return "rules" if self.kind == "rules" else f"llm:{self.model_name}"


RULES = Engine("rules")


def llm_engine(settings: AgentSettings | None = None, model: str | None = None) -> Engine:
    """The configured chat model as an engine; raises LLMNotConfigured when there is none."""
    settings = settings or AgentSettings.load()
    chat = build_chat_model(settings, model)
    name = "scripted" if settings.provider == "scripted" else (model or settings.model)
    return Engine("llm", name, chat)


@dataclass
class Review:
    """One processed file, ready for review: the draft, per-field evidence and party suggestions."""

    file_name: str
    sha256: str
    file_id: str
    pages: list[str]
    engine: Engine
    draft: ContractDraft
    evidence: dict[str, FieldEvidence]
    suggestions: list[PartySuggestion]
    extras: dict[str, FieldEvidence] = field(default_factory=dict)
    duplicate: DuplicateMatch | None = None  # an existing contract with the same content
    renewals: RenewalTerms | None = None  # the LLM engine's renewal facts (the rules engine's are read at commit)
    renewal_note: str | None = None  # why some or all of them are the rules engine's after all
    resume: str | None = None  # the contract an earlier upload of these bytes left half-written
    ocr: tuple[OcrPage, ...] = ()  # the pages read by OCR (scans), each with its confidence
    data: bytes = field(default=b"", repr=False, compare=False)  # the PDF, kept in the file store at commit

    @property
    def missing(self) -> list[str]:
        """Review fields the engine could not fill."""
        return missing_fields(self.draft)


@dataclass(frozen=True)
class Committed:
    """The outcome of a commit: the file_id written, and what happened to the embedding."""

    file_id: str
    embedded: bool
    note: str | None = None
    action: Choice = "keep"  # "link": no new contract, the file was recorded on `file_id`
    review_reasons: tuple[str, ...] = ()  # committed flagged "needs review", and why


def proposed_file_id(driver: Driver, file_name: str, database: str | None = None) -> str:
    """The file name's stem, with "-2", "-3"... appended while another contract uses it. Control and bidi
    characters and lone surrogates are left out (core.text_safety.one_line_name): a file id is shown, linked,
    exported and written to calendars."""
    stem = one_line_name(Path(one_line_name(file_name)).stem) or "upload"
    for n in range(1, MAX_ID_SUFFIX):
        candidate = stem if n == 1 else f"{stem}-{n}"
        if not file_id_taken(driver, candidate, database):
            return candidate
    raise IngestError(f"Too many contracts are already named '{stem[:80]}'; rename the file.")


def _report(progress: Progress | None, message: str, fraction: float) -> None:
    log.info("%s (%.0f%%)", message, fraction * 100)
    if progress:
        progress(message, fraction)


def _extract(engine: Engine, pages: list[str], file_id: str, config: ExtractionConfig | None,
             progress: Progress | None) -> tuple[ContractDraft, dict[str, FieldEvidence], dict[str, FieldEvidence]]:
    if engine.kind == "rules":
        result = extract_rules(pages, file_id)
        extras = {name: result.fields[name] for name in RULES_EXTRAS if name in result.fields}
        contract = result.contract
        if contract.contract_type is None and "document_name" in extras:
            guessed = type_from_title(str(extras["document_name"].value))
            contract = contract.model_copy(update={"contract_type": guessed})
        return contract, rules_evidence(result), extras

    def on_chunk(done: int, total: int) -> None:
        if done < total and total > 1:  # a one-part document has nothing to add to "Extracting with ..."
            _report(progress, f"Extracting with {engine.label}: part {done + 1} of {total}", 0.3 + 0.55 * done / total)

    from ingest.llm_extract import extract_llm  # here: LangChain and OpenAI cost a rules-only run ~1 CPU s
    contract = extract_llm(pages, file_id, engine.chat_model, config=config or ExtractionConfig.load(),
                           progress=on_chunk)
    return contract, llm_evidence(contract, pages), {}


def process_file(data: bytes, file_name: str, driver: Driver, engine: Engine, *,
                 config: ExtractionConfig | None = None, progress: Progress | None = None,
                 database: str | None = None, wait_s: float = 0.0) -> Review:
    """Hash, read, extract and look up parties for one file. Writes nothing; raises IngestError/LLMError.
    The same bytes being written by another live run are waited for up to `wait_s` seconds (the CLI waits;
    the Upload page says so at once)."""
    file_name = one_line_name(Path(one_line_name(file_name)).name) or "upload.pdf"  # a browser sends any name
    _report(progress, "Hashing the file", 0.0)
    sha256 = sha256_of(data)
    existing = find_by_sha(driver, sha256, database)
    if existing:  # bytes the graph knows: keep them (a file uploaded before the store existed gets its pages)
        steps.keep_pdf(data)
    resume = resumable(driver, existing, wait_s, database) if existing else None
    _report(progress, "Reading the text", 0.1)

    def on_page(done: int, total: int) -> None:  # a scan: OCR takes most of the time, so most of the bar
        _report(progress, f"OCR: page {done + 1} of {total}" if done < total else f"OCR: {total} pages read",
                0.1 + 0.6 * done / total)

    read = read_text(data, on_page)
    pdf = read.pdf
    ocr_note = f", {len(read.ocr)} by OCR" if read.ocr else ""
    _report(progress, f"Read {pdf.n_pages} pages{ocr_note} ({sum(map(len, pdf.pages)):,} characters)",
            0.72 if read.ocr else 0.25)
    file_id = resume or proposed_file_id(driver, file_name, database)
    _report(progress, f"Extracting with {engine.label}", 0.75 if read.ocr else 0.3)
    draft, evidence, extras = _extract(engine, pdf.pages, file_id, config, progress)
    draft = named_roles(draft, pdf.pages)
    renewals, renewal_note = None, None
    if engine.kind == "llm" and engine.chat_model is not None:
        _report(progress, f"Reading the renewal terms with {engine.label}", 0.85)
        # Parsed as the commit's document layer parses the same pages, so the evidence spans line up.
        doc = parse_document("\f".join(pdf.pages).split("\f"), file_id)
        from ingest.renewals.llm import extract_renewals_llm  # LangChain only when a model reads (see _extract)
        found = extract_renewals_llm(doc, file_id, engine.chat_model, config or ExtractionConfig.load())
        renewals, renewal_note = found.terms, found.note
    _report(progress, f"Looking up {len(draft.parties)} parties among existing parties", 0.9)
    suggestions = suggest_parties(driver, draft.parties, database=database)
    # A half-written upload is completed in place: the contract it resembles is itself.
    duplicate = None if resume else recognise(
        driver, pdf.pages, draft, file_name, database, title=_read(extras, "document_name"),
        dates=(_read(extras, "agreement_date"),), party_keys=tuple(c.key for s in suggestions for c in s.candidates))
    _report(progress, "Ready for review", 1.0)
    return Review(file_name=file_name, sha256=sha256, file_id=file_id, pages=pdf.pages, engine=engine,
                  draft=draft, evidence=evidence, suggestions=suggestions, extras=extras, duplicate=duplicate,
                  renewals=renewals, renewal_note=renewal_note, resume=resume, ocr=read.ocr, data=data)


def _read(extras: dict[str, FieldEvidence], name: str) -> str | None:
    """A field the rules engine read besides the draft (title, agreement date), as text."""
    value = extras[name].value if name in extras else None
    return str(value) if value else None


def named_roles(draft: ContractDraft, pages: list[str]) -> ContractDraft:
    """Parties extracted under their role ("Franchisee") renamed to the name the preamble defines for it; a
    role no name is given for stays (the commit keeps it contract-local: graph.store.party_roles)."""
    text = "\n".join(pages)
    parties = [p.model_copy(update={"name": resolve_role_name(p.name, text) or p.name}) if is_role_name(p.name)
               else p for p in draft.parties]
    return draft.model_copy(update={"parties": parties}) if parties != draft.parties else draft


def commit_review(driver: Driver, review: Review, draft: ContractDraft, same_as: dict[str, str | None], *,
                  embeddings: Embeddings | None = None, database: str | None = None,
                  on_duplicate: Choice = "link", flag_missing: bool = False) -> Committed:
    """Write the reviewed contract in one transaction; store its embedding when a model is given; build its
    document layer, and only then mark the upload complete (graph.store.pending).

    When the upload duplicates an existing contract (`review.duplicate`), `on_duplicate` decides: "link"
    (the default) records the file on that contract and writes no new one, "replace" rewrites that contract
    from this review, "keep" adds a new contract anyway. An upload of these bytes left half-written by an
    earlier run (`review.resume`) is written again in place, whatever `on_duplicate` says. A draft without
    parties or type is refused, unless `flag_missing` (a batch import without --strict): then it is committed
    as type "Other" (parties as read, possibly none) and flagged "needs review" with the reasons
    (`Contract.needs_review`, the review queue).
    """
    pending = claim(driver, review.resume, database) if review.resume else None
    try:
        done = _commit(driver, review, draft, same_as, pending, embeddings=embeddings, database=database,
                       on_duplicate=on_duplicate, flag_missing=flag_missing)
    except (MissingContractType, ExtractionError, DuplicateFile):
        raise  # refused before anything was written (the reviewer's fields, or the constraint's race)
    except BaseException:  # stopped short of completing: the marker stays, ownerless, and the next run resumes
        with suppress(ContractGraphError):  # the database may be what failed: the original error is the news
            release_all(driver, database)
        raise
    return replace(done, note=steps.joined(done.note, steps.keep_pdf(review.data, review.ocr)))


def _commit(driver: Driver, review: Review, draft: ContractDraft, same_as: dict[str, str | None],
            pending: Literal["commit", "attach"] | None, *, embeddings: Embeddings | None,
            database: str | None, on_duplicate: Choice, flag_missing: bool) -> Committed:
    duplicate = None if pending else review.duplicate
    if pending == "attach" or (duplicate and on_duplicate == "link"):
        existing = review.resume if pending else duplicate.file_id  # type: ignore[union-attr]
        # A contract known from JSON only gets this text and its layer; so does one left half-written.
        attach = pending == "attach" or (duplicate is not None and duplicate.method == "metadata") \
            or incomplete_upload(driver, existing, database) is not None
        note = steps.link(driver, existing, review.pages, review.sha256, review.file_name, attach=attach,
                          embeddings=embeddings, renewals=review.renewals, database=database)
        # The renewal note explains the layer's renewal facts, so it goes with an attached text only.
        renewal_note = review.renewal_note if attach else None
        return Committed(existing, False, steps.joined(note, renewal_note, _resumed(review)), "link")
    reasons = review_reasons(draft)
    if reasons and not flag_missing:
        if not draft.parties:
            raise ExtractionError("Add at least one party before committing; nothing was written.")
        raise MissingContractType("Choose a contract type (or 'Other' when none fits) before committing; "
                                  "nothing was written.")
    if reasons:  # a batch import commits what it read, flagged for the review queue
        draft = draft.model_copy(update={"contract_type": draft.contract_type or "Other"})
    file_id = review.file_id
    if not pending and file_id_taken(driver, file_id, database):
        file_id = proposed_file_id(driver, review.file_name, database)
    record = to_seed_record(draft, file_id)
    vector, note = steps.embed(embeddings, record)
    request = CommitRequest(record=record, sha256=review.sha256, file_name=review.file_name, pages=review.pages,
                            engine=review.engine.tag, same_as=same_as,
                            ocr={p.page: p.confidence for p in review.ocr}, review_reasons=tuple(reasons))
    target = review.resume or (duplicate.file_id if duplicate and on_duplicate == "replace" else None)
    written = steps.replace(driver, target, request, database) if target else commit_contract(driver, request,
                                                                                             database)
    if vector is not None:
        set_contract_embedding(driver, written, vector, database)
    layer_note = steps.layer(driver, written, review.pages, embeddings, database, review.renewals)
    family = link_committed(driver, written, review.file_name, review.pages, database)  # docs/FAMILIES.md
    return Committed(written, vector is not None, steps.joined(layer_note or note, review.renewal_note,
                                                               _resumed(review), family),
                     "replace" if target else "keep", tuple(reasons))


def _resumed(review: Review) -> str | None:
    return (f"'{review.resume}' was left half-written by an earlier run (no document layer); it is now written "
            "again from this file." if review.resume else None)
