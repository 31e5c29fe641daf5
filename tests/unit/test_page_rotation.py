"""A page saved with /Rotate (a scan turned sideways, a landscape schedule): PDFium draws it turned, while its text
layer's rectangles are in the unrotated page's space, so the highlight was drawn beside the quote. The boxes are now
turned with the page (`ingest.pages.locate.displayed`), checked by hand and against the drawn pixels."""

from __future__ import annotations

import io

import pypdf
import pytest
from PIL import Image, ImageChops, ImageFilter, ImageStat

from ingest.pages.locate import displayed
from ingest.pages.render import SCALE, find_quote, page_png
from tests.ingest_support import PDF_DIR
from tests.unit.test_page_image import EMERALD, TERM_QUOTE

W, H = 600.0, 800.0  # an unrotated page, in points
BOX = (10.0, 20.0, 110.0, 40.0)  # near the top-left corner: 100 wide, 20 tall


@pytest.mark.parametrize(("rotation", "expected"), [
    (0, BOX),
    (90, (H - 40, 10, H - 20, 110)),  # clockwise: the top-left corner goes top-right; the box turns upright
    (180, (W - 110, H - 40, W - 10, H - 20)),  # upside down: bottom-right
    (270, (20, W - 110, 40, W - 10)),  # counter-clockwise: bottom-left
])
def test_a_box_turns_with_the_page(rotation: int, expected: tuple) -> None:
    assert displayed(BOX, rotation, W, H) == expected


def _rotated(data: bytes, page: int, degrees: int) -> bytes:
    reader, writer = pypdf.PdfReader(io.BytesIO(data)), pypdf.PdfWriter()
    for i, p in enumerate(reader.pages):
        if i == page - 1:
            p.rotate(degrees)  # sets /Rotate only: the content stream and text layer are unchanged
        writer.add_page(p)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _highlighted_area(data: bytes, page: int, boxes: tuple) -> Image.Image:
    """The drawn page (no highlight) cut to the boxes' outer rectangle, in grey."""
    image = Image.open(io.BytesIO(page_png(data, page))).convert("L")
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    return image.crop(tuple(round(v * SCALE) for v in (x0, y0, x1, y1)))


def test_the_highlight_on_a_page_turned_270_degrees_covers_the_quote() -> None:
    data = (PDF_DIR / EMERALD).read_bytes()
    upright = find_quote(data, TERM_QUOTE, 3)
    turned_pdf = _rotated(data, 3, 270)
    turned = find_quote(turned_pdf, TERM_QUOTE, 3)
    assert (upright.page, upright.match, turned.page, turned.match) == (3, "exact", 3, "exact")
    expected = _highlighted_area(data, 3, upright.boxes)
    # the area under the turned page's boxes, turned back upright, shows the same words as the upright page's
    back = _highlighted_area(turned_pdf, 3, turned.boxes).rotate(-90, expand=True)
    assert back.size == expected.size
    # blurred by 2 px, so a pixel of rounding in the boxes does not count: 2.5 grey levels apart on average; the
    # unturned boxes (the old code) cut a margin: 27.3
    blur = ImageFilter.GaussianBlur(2)
    assert ImageStat.Stat(ImageChops.difference(back.filter(blur), expected.filter(blur))).mean[0] < 8
    assert ImageStat.Stat(expected).mean[0] < 235  # text under the boxes, not a white margin
