"""Read an uploaded PDF into per-page text, refusing bad input with a specific, readable error.

`read_pdf` checks, in order: empty file, size limit, PDF header, truncation (no `%%EOF` trailer
near the end), parse errors, encryption, zero pages, the page limit, the text limit (checked page by page
while reading, so a hostile file costs at most the limit's work) and a missing text layer (scans: there is
no OCR here). The limits sit about three times above the largest contract of the CUAD sample
(docs/SECURITY.md, "Uploads"). Each failure is its own `IngestError` subclass so callers and tests can tell them apart,
and each message is written for the person who uploaded the file. Page texts come out normalised for the
document parser (`ingest.pdf_layout`: running lines dropped, paragraphs re-flowed from the layout).
"""

from __future__ import annotations

import hashlib
import io
import logging
from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.errors import PdfReadError, PyPdfError

from core.errors import IngestError
from ingest.pdf_layout import layout_pages

log = logging.getLogger(__name__)

DEFAULT_MAX_BYTES = 50 * 1024 * 1024
# The sample's largest PDF has 154 pages and its longest text 338,211 characters; a 1.3 MB PDF of 100,000
# numbered lines (1,000 pages) took 4 min 45 s and 1.3 GB to ingest before these limits.
MAX_PAGES = 500
MAX_TEXT_CHARS = 1_000_000
# The PDF spec lets a header sit anywhere in the first 1024 bytes, and readers accept a
# trailer followed by some junk; these windows mirror what common viewers tolerate.
_HEADER_WINDOW = 1024
_TRAILER_WINDOW = 2048


class EmptyPdfError(IngestError):
    """The upload has zero bytes."""


class PdfTooLargeError(IngestError):
    """The upload is bigger than the configured limit."""


class NotAPdfError(IngestError):
    """The bytes are not a PDF (for example a text file renamed to .pdf)."""


class CorruptPdfError(IngestError):
    """The PDF is truncated or its structure cannot be parsed."""


class EncryptedPdfError(IngestError):
    """The PDF is password-protected."""


class PdfNoPagesError(IngestError):
    """The PDF parses but contains no pages."""


class PdfTooManyPagesError(IngestError):
    """The PDF has more pages than the reader takes (`MAX_PAGES`)."""


class PdfNoTextError(IngestError):
    """No page has a text layer (a scanned document); OCR is not available."""


@dataclass(frozen=True)
class PdfText:
    """Text of a PDF, one string per page, with the SHA-256 of the original bytes."""

    sha256: str
    pages: list[str]
    n_pages: int


def sha256_of(data: bytes) -> str:
    """Hex SHA-256 of the raw bytes: the document's identity for duplicate detection."""
    return hashlib.sha256(data).hexdigest()


def _check_bytes(data: bytes, max_bytes: int) -> None:
    if not data:
        raise EmptyPdfError("The file is empty (0 bytes). Please upload the PDF again.")
    if len(data) > max_bytes:
        raise PdfTooLargeError(
            f"The file is {len(data) / 1_048_576:.1f} MB; the limit is {max_bytes / 1_048_576:.1f} MB."
        )
    if b"%PDF-" not in data[:_HEADER_WINDOW]:
        raise NotAPdfError("This file is not a PDF (it has no PDF header). Upload the contract as a PDF.")
    if b"%%EOF" not in data[-_TRAILER_WINDOW:]:
        raise CorruptPdfError("The PDF is truncated or corrupt: its end-of-file marker is missing.")


def _open(data: bytes) -> PdfReader:
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError) as e:
        raise CorruptPdfError(f"The PDF is corrupt and cannot be read ({e}).") from e
    if reader.is_encrypted and not _opens_without_password(reader):
        raise EncryptedPdfError("The PDF is password-protected. Remove the password and upload it again.")
    return reader


def _opens_without_password(reader: PdfReader) -> bool:
    # Owner-password-only PDFs (printing/copy restrictions) open with an empty user password.
    try:
        return bool(reader.decrypt(""))
    except (PyPdfError, NotImplementedError) as e:
        log.info("empty-password decryption failed: %s", e)
        return False


def _page_texts(reader: PdfReader, max_chars: int) -> list[str]:
    try:
        return layout_pages(list(reader.pages), max_chars)
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, IndexError) as e:
        raise CorruptPdfError(f"The PDF is corrupt: a page could not be read ({e}).") from e


def _count_pages(reader: PdfReader) -> int:
    try:
        return len(reader.pages)
    except (PdfReadError, PyPdfError, ValueError, KeyError, TypeError, AttributeError) as e:
        raise CorruptPdfError(f"The PDF is corrupt: its page tree cannot be read ({e}).") from e


def read_pdf(data: bytes, *, max_bytes: int = DEFAULT_MAX_BYTES, max_pages: int = MAX_PAGES,
             max_chars: int = MAX_TEXT_CHARS) -> PdfText:
    """Extract the text of every page of `data`, raising an `IngestError` subclass on bad input."""
    _check_bytes(data, max_bytes)
    reader = _open(data)
    n_pages = _count_pages(reader)
    if n_pages == 0:
        raise PdfNoPagesError("The PDF has no pages.")
    if n_pages > max_pages:
        raise PdfTooManyPagesError(f"The PDF has {n_pages:,} pages; at most {max_pages:,} are read (the longest "
                                   "contract in the sample has 154). Split the document and upload the parts.")
    pages = _page_texts(reader, max_chars)
    if not any(text.strip() for text in pages):
        raise PdfNoTextError(
            "The PDF has no text layer (it looks like a scan). OCR is not available: "
            "upload a PDF with selectable text."
        )
    return PdfText(sha256=sha256_of(data), pages=pages, n_pages=n_pages)
