"""OCR for scanned PDFs: pages without a text layer are rendered and read by Tesseract, one page at a time.

`read_text(data, progress)` is what the upload path calls instead of `ingest.pdf.read_pdf`. A PDF whose pages
all have text is read as before (no OCR, Tesseract not needed). A page with (almost) no text that carries an
image is rendered with PDFium (`pypdfium2`, no poppler needed) at `OCR_DPI` and read with Tesseract through
Tesseract's TSV output, which gives every word with its box and confidence. The words become printed
lines with positions (`ingest.pdf_layout.Line`), so the OCR text goes through the same running-line removal
and paragraph re-flow as a text layer, and the parser and extractors see the same shape of text either way.

Each OCR page keeps its confidence (Tesseract's mean word confidence, 0-100, weighted by word length); pages
under `LOW_OCR_CONFIDENCE` are flagged for the reviewer. Failures are `IngestError`s with a message for the
person uploading: Tesseract missing (`OcrUnavailableError`), Tesseract failing or timing out on a page
(`OcrFailedError`), a page that cannot be rendered (`CorruptPdfError`), a scan on which OCR read nothing (a
corrupt or blank image: `ScanUnreadableError`). Reading writes nothing, so a failure leaves nothing behind.
"""

from __future__ import annotations

import io
import logging
import os
import re
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, field

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image

from core.errors import IngestError
from core.settings import setting
from ingest.pdf import CorruptPdfError, PdfNoTextError, PdfText, read_pdf, sha256_of
from ingest.pdf_layout import Line, reflow, strip_running

log = logging.getLogger(__name__)

OCR_DPI = 300  # Tesseract's recommended resolution for printed text
OCR_LANGUAGE = "eng"
OCR_PAGE_TIMEOUT = 180  # seconds for one page before Tesseract is stopped
MIN_TEXT_CHARS = 20  # a page with fewer non-space characters in its text layer is treated as a scan
LOW_OCR_CONFIDENCE = 80.0  # below this mean word confidence a page is flagged for checking

_TSV_COLUMNS = ("level", "page_num", "block_num", "par_num", "line_num", "word_num", "left", "top", "width", "height",
                "conf", "text")
_NOT_INSTALLED = ("This PDF is a scan and needs OCR, but Tesseract is not installed (run `make setup`, or apt-get "
                  "install tesseract-ocr tesseract-ocr-eng)")
OcrProgress = Callable[[int, int], None]  # (pages read so far, pages to read)
# Tesseract often reads a closing double quote as two single ones (“SEC’’), as ”’, or as one single quote
# (“1940 Act’)), or as ’”. Left so, a defined term never closes and the party rules read the prose up to the next
# quote as a party list (an OCRed fund agreement gave the parties "Investment Company Act" and "Exchange
# Commission"). Only quotes of these shapes are mended; an apostrophe inside a word (Fund’s) is not a quote.
_DOUBLED_CLOSE = re.compile("(?:[\u2019']{2}|\u201d[\u2019']|[\u2019']\u201d)")
_DOUBLED_OPEN = re.compile("\u2018\u2018")
_SINGLE_CLOSE = re.compile("(\u201c[^\u201c\u201d\u2019\n]{1,60}?)\u2019(?![A-Za-z])")


class OcrUnavailableError(IngestError):
    """Tesseract is not installed (or INGEST_TESSERACT names no program)."""


class OcrFailedError(IngestError):
    """Tesseract failed or timed out on a page."""


class ScanUnreadableError(PdfNoTextError):
    """The PDF has no text layer and OCR read no text either (corrupt, blank or unreadable images)."""


@dataclass(frozen=True)
class OcrPage:
    """One page read by OCR: its number (1-based), Tesseract's mean word confidence and the words read."""

    page: int
    confidence: float
    words: int
    # Each word read and its box in PDF points from the page's top-left corner: the Contract page highlights
    # a quote on the scan with them (ingest.pages, kept in the file store at commit).
    boxes: tuple[tuple[str, tuple[float, float, float, float]], ...] = field(default=(), compare=False, repr=False)

    @property
    def low(self) -> bool:
        return self.confidence < LOW_OCR_CONFIDENCE


@dataclass(frozen=True)
class ReadResult:
    """The PDF's page texts (OCR text on the scanned pages) and what OCR did, page by page."""

    pdf: PdfText
    ocr: tuple[OcrPage, ...] = ()

    @property
    def low_pages(self) -> list[int]:
        return [p.page for p in self.ocr if p.low]


def _open(data: bytes) -> pdfium.PdfDocument:
    try:
        return pdfium.PdfDocument(data)
    except pdfium.PdfiumError as e:
        raise CorruptPdfError(f"The PDF is corrupt and cannot be rendered for OCR ({e}).") from e


def _has_image(page: pdfium.PdfPage) -> bool:
    return any(True for _ in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_IMAGE], max_depth=3))


def scan_pages(doc: pdfium.PdfDocument, texts: list[str] | None) -> list[int]:
    """0-based indexes of the pages to OCR: (almost) no text layer, and an image to read."""
    found = []
    for i in range(len(doc)):
        text = texts[i] if texts is not None and i < len(texts) else ""
        if len("".join(text.split())) < MIN_TEXT_CHARS and _has_image(doc[i]):
            found.append(i)
    return found


def _render(doc: pdfium.PdfDocument, index: int) -> Image.Image:
    try:
        return doc[index].render(scale=OCR_DPI / 72, grayscale=True).to_pil()
    except (pdfium.PdfiumError, ValueError, OSError) as e:
        raise CorruptPdfError(f"Page {index + 1} of the scan cannot be rendered: its image is corrupt ({e}).") from e


def _tesseract(image: Image.Image, page: int) -> dict[str, list]:
    """Tesseract's words on `image` (its TSV output as columns). The program is run directly rather than
    through pytesseract, whose command is a process-wide global and which exits the process (SystemExit) on a
    version string it cannot parse."""
    png = io.BytesIO()
    image.save(png, format="PNG")
    command = [setting("INGEST_TESSERACT", "tesseract") or "tesseract", "stdin", "stdout", "-l", OCR_LANGUAGE, "tsv"]
    # Tesseract's OpenMP threads oversubscribe a shared CPU (measured 30 s a page with them, 8 s without).
    env = {**os.environ, "OMP_THREAD_LIMIT": "1"}
    try:
        done = subprocess.run(command, input=png.getvalue(), capture_output=True, timeout=OCR_PAGE_TIMEOUT, env=env,
                              check=False)
    except OSError as e:  # not installed, not executable
        raise OcrUnavailableError(_NOT_INSTALLED) from e
    except subprocess.TimeoutExpired as e:
        raise OcrFailedError(f"OCR of page {page} took longer than {OCR_PAGE_TIMEOUT} s and was stopped.") from e
    errors = " ".join(done.stderr.decode("utf-8", "replace").split())
    if done.returncode:
        if "traineddata" in errors:  # the program is there, its English data is not
            raise OcrUnavailableError(f"{_NOT_INSTALLED} ({errors[:200]})")
        raise OcrFailedError(f"OCR failed on page {page}: Tesseract exited with code {done.returncode}"
                             + (f" ({errors[:300]})" if errors else "") + ".")
    return parse_tsv(done.stdout.decode("utf-8", "replace"))


def parse_tsv(tsv: str) -> dict[str, list]:
    """Tesseract's TSV as columns (numbers as ints, conf as float); rows it cannot read are skipped."""
    rows = [line.split("\t", len(_TSV_COLUMNS) - 1) for line in tsv.splitlines()[1:] if line.strip()]
    data: dict[str, list] = {name: [] for name in _TSV_COLUMNS}
    for row in rows:
        if len(row) < len(_TSV_COLUMNS) - 1:
            continue
        try:
            values = [int(v) for v in row[:10]] + [float(row[10])]
        except ValueError:
            continue
        for name, value in zip(_TSV_COLUMNS, [*values, row[11] if len(row) > 11 else ""], strict=True):
            data[name].append(value)
    return data


def mend_quotes(text: str) -> str:
    """OCR's misread double quotes as real ones: ’’ and ”’ -> ”, ‘‘ -> “, “Term’ -> “Term”."""
    text = _DOUBLED_OPEN.sub("\u201c", _DOUBLED_CLOSE.sub("\u201d", text))
    return _SINGLE_CLOSE.sub("\\1\u201d", text)


def ocr_lines(data: dict[str, list], height: int) -> tuple[list[Line], OcrPage | None]:
    """Tesseract's words grouped into printed lines (y upwards, as PDF baselines are), and the confidence."""
    lines: dict[tuple[int, int, int], list[int]] = {}  # in Tesseract's reading order (columns kept apart)
    for i, word in enumerate(data["text"]):
        if str(word).strip() and float(data["conf"][i]) >= 0:
            lines.setdefault((data["block_num"][i], data["par_num"][i], data["line_num"][i]), []).append(i)
    out = []
    for members in lines.values():
        bottom = max(data["top"][i] + data["height"][i] for i in members)
        text = mend_quotes(" ".join(str(data["text"][i]).strip() for i in members))
        out.append(Line(text, float(height - bottom), float(min(data["left"][i] for i in members))))
    weights = [(len(str(data["text"][i]).strip()), float(data["conf"][i])) for m in lines.values() for i in m]
    total = sum(w for w, _ in weights)
    confidence = sum(w * c for w, c in weights) / total if total else 0.0
    return out, (OcrPage(0, round(confidence, 1), len(weights)) if weights else None)


def word_boxes(data: dict[str, list]) -> tuple[tuple[str, tuple[float, float, float, float]], ...]:
    """Tesseract's words with their boxes, pixels at OCR_DPI turned into points."""
    scale = 72 / OCR_DPI
    return tuple((str(word).strip(), (data["left"][i] * scale, data["top"][i] * scale,
                                      (data["left"][i] + data["width"][i]) * scale,
                                      (data["top"][i] + data["height"][i]) * scale))
                 for i, word in enumerate(data["text"]) if str(word).strip() and float(data["conf"][i]) >= 0)


def _ocr_page(doc: pdfium.PdfDocument, index: int) -> tuple[list[Line], OcrPage]:
    image = _render(doc, index)
    data = _tesseract(image, index + 1)
    lines, found = ocr_lines(data, image.height)
    return lines, OcrPage(index + 1, found.confidence if found else 0.0, found.words if found else 0,
                          word_boxes(data))


def _pdf_text(data: bytes) -> PdfText | None:
    """The text layer, or None when no page has one (read_pdf refuses those: they are scans)."""
    try:
        return read_pdf(data)
    except PdfNoTextError:
        return None


def read_text(data: bytes, progress: OcrProgress | None = None) -> ReadResult:
    """The PDF's page texts, OCRing the pages that have no text layer; raises an IngestError on bad input."""
    pdf = _pdf_text(data)
    doc = _open(data)
    try:
        todo = scan_pages(doc, pdf.pages if pdf else None)
        if not todo:
            if pdf is None:
                raise PdfNoTextError("The PDF has no text layer and no page image to read: it holds no text.")
            return ReadResult(pdf)
        lines, pages = _ocr_all(doc, todo, progress)
        n_pages = len(doc)
    finally:
        doc.close()
    texts = list(pdf.pages) if pdf else [""] * n_pages
    fallback = (None, 0)
    for index, text in zip(todo, [reflow(page, fallback) for page in strip_running(lines)], strict=True):
        texts[index] = text
    if not any(t.strip() for t in texts):
        raise ScanUnreadableError(
            f"The PDF is a scan and OCR read no text on its {len(todo)} page(s): the images may be corrupt, "
            "blank or too low in resolution.")
    return ReadResult(PdfText(sha256=sha256_of(data), pages=texts, n_pages=n_pages), tuple(pages))


def _ocr_all(doc: pdfium.PdfDocument, todo: list[int], progress: OcrProgress | None
             ) -> tuple[list[list[Line]], list[OcrPage]]:
    lines, pages = [], []
    for done, index in enumerate(todo):
        if progress:
            progress(done, len(todo))
        page_lines, page = _ocr_page(doc, index)
        lines.append(page_lines)
        pages.append(page)
        log.info("OCR page %d: %d words, confidence %.1f", page.page, page.words, page.confidence)
    if progress:
        progress(len(todo), len(todo))
    return lines, pages


def pages_to_ocr(data: bytes) -> int:
    """How many pages of `data` OCR would read (PDFium's text layer only: fast, no Tesseract). 0 for a PDF
    that cannot be opened: the reading step then says what is wrong with it."""
    try:
        doc = pdfium.PdfDocument(data)
    except pdfium.PdfiumError:
        return 0
    try:
        texts = []
        for i in range(len(doc)):
            textpage = doc[i].get_textpage()
            texts.append(textpage.get_text_range())
            textpage.close()
        return len(scan_pages(doc, texts))
    except pdfium.PdfiumError:
        return 0
    finally:
        doc.close()


def ocr_summary(ocr: tuple[OcrPage, ...], n_pages: int) -> str | None:
    """One line for the review: how many pages OCR read and their mean confidence (None without OCR)."""
    if not ocr:
        return None
    mean = sum(p.confidence for p in ocr) / len(ocr)
    return f"{len(ocr)} of {n_pages} pages were read by OCR (mean confidence {mean:.0f}/100)"


def low_confidence_note(ocr: tuple[OcrPage, ...]) -> str | None:
    """The pages to check against the scan (OCR confidence under LOW_OCR_CONFIDENCE), or None."""
    low = [p for p in ocr if p.low]
    if not low:
        return None
    pages = ", ".join(f"p.{p.page} ({p.confidence:.0f})" for p in low)
    return f"Low OCR confidence on {pages}: check the fields read from these pages against the scan"
