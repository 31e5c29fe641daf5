"""An uploaded PDF's page as a PNG with a quote's boxes highlighted (PDFium through pypdfium2: no poppler, no
network). Boxes are in PDF points from the page's top-left corner (`ingest.pages.locate`); each is drawn as a
translucent yellow fill with an orange outline, grown by `PAD` points so a line's ascenders stay inside.
"""

from __future__ import annotations

import io
from collections.abc import Iterable

import pypdfium2 as pdfium
from PIL import Image, ImageDraw

from core.errors import IngestError
from ingest.pages.locate import Located, locate
from ingest.pages.store import Box, OcrWords, StoredFileCorrupt

SCALE = 2.0  # 144 dpi: a Letter page is 1224 px wide, sharp in a half-width column at 1920 px
PAD = 1.5
FILL = (255, 221, 0, 96)
OUTLINE = (230, 120, 0, 255)


def open_pdf(data: bytes) -> pdfium.PdfDocument:
    """The stored PDF opened by PDFium; StoredFileCorrupt when it cannot be."""
    try:
        return pdfium.PdfDocument(data)
    except pdfium.PdfiumError as e:
        raise StoredFileCorrupt(f"The stored PDF cannot be opened ({e}).") from e


def page_png(data: bytes, page: int, boxes: Iterable[Box] = (), scale: float = SCALE) -> bytes:
    """Page `page` (1-based) of the PDF `data` as PNG bytes, `boxes` highlighted."""
    doc = open_pdf(data)
    try:
        if not 1 <= page <= len(doc):
            raise IngestError(f"The PDF has {len(doc)} pages; page {page} does not exist.")
        try:
            image = doc[page - 1].render(scale=scale).to_pil().convert("RGBA")
        except (pdfium.PdfiumError, ValueError, OSError) as e:
            raise StoredFileCorrupt(f"Page {page} of the stored PDF cannot be drawn ({e}).") from e
    finally:
        doc.close()
    return highlighted(image, boxes, scale)


def highlighted(image: Image.Image, boxes: Iterable[Box], scale: float) -> bytes:
    """`image` with every box (points) filled and outlined, as PNG bytes."""
    overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    for x0, y0, x1, y1 in pixel_boxes(boxes, scale):
        draw.rectangle((x0, y0, x1, y1), fill=FILL, outline=OUTLINE, width=2)
    out = io.BytesIO()
    Image.alpha_composite(image, overlay).convert("RGB").save(out, format="PNG", optimize=True)
    return out.getvalue()


def pixel_boxes(boxes: Iterable[Box], scale: float) -> list[tuple[int, int, int, int]]:
    """Boxes in points -> padded pixel rectangles at `scale`."""
    return [(round((x0 - PAD) * scale), round((y0 - PAD) * scale), round((x1 + PAD) * scale),
             round((y1 + PAD) * scale)) for x0, y0, x1, y1 in boxes]


def find_quote(data: bytes, quote: str, hint: int | None = None, ocr: OcrWords | None = None) -> Located:
    """Where `quote` is in the PDF `data` (`ingest.pages.locate.locate` on the opened document)."""
    doc = open_pdf(data)
    try:
        return locate(doc, quote, hint, ocr)
    finally:
        doc.close()
