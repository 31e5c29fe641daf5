"""The Contract page's "Show on the page" (issue 34 item 5) on a real uploaded PDF: each renewal quote of the
Emerald development agreement offers its page, drawn with the quote highlighted and captioned; a clause-search
result too; a contract loaded from text offers nothing; a PDF gone from the file store is said so, no error."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from streamlit.testing.v1 import AppTest

from components.contract import page_image
from ingest.pdf import sha256_of
from ingest.pipeline import RULES, commit_review, process_file
from tests.app.shown import open_contract, shown
from tests.ingest_support import PDF_DIR, exact_cleanup, real_pdf
from tests.unit.test_page_image import EMERALD, TERM_QUOTE

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(not (PDF_DIR / EMERALD).is_file(), reason="CUAD sample PDFs not present")]
TEXT_ONLY = "NETGEAR,INC_04_21_2003-EX-10.16-DISTRIBUTOR AGREEMENT"  # the sample's, from its .txt
EXACT = "Page 3 of the uploaded PDF. Highlighted: the quote's text boxes in the PDF's text layer."


@pytest.fixture(scope="module")
def uploaded(driver, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The Emerald PDF committed through the upload path into a file store of this module's own."""
    store = tmp_path_factory.mktemp("files")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CG_FILE_STORE", str(store))
        with exact_cleanup(driver) as committed:
            review = process_file(real_pdf(EMERALD), EMERALD, driver, RULES)
            done = commit_review(driver, review, review.draft, {}, on_duplicate="keep", flag_missing=True)
            committed.append(done.file_id)
            yield done.file_id, store


def images(at: AppTest) -> list[tuple[str, str]]:
    """(the caption above it, alt text) of every image on the page: an image follows its caption."""
    captions = [shown(c.value) for c in at.caption if shown(c.value).startswith("Page ")]
    alts = [img.alt for el in at.get("image") for img in el.proto.imgs]
    return list(zip(captions, alts, strict=True))


def test_each_renewal_quote_shows_its_page_highlighted(uploaded) -> None:
    file_id, _ = uploaded
    at = open_contract(file_id)
    toggles = [t for t in at.toggle if t.label == "Show on the page"]
    assert [t.key.rsplit("_", 1)[-1] for t in toggles] == ["expiration", "type", "term", "period"]
    assert images(at) == []  # drawn on request only
    [notice] = [t for t in toggles if t.key.endswith("notice_period")]
    notice.set_value(True)
    at.run()
    assert not at.exception, at.exception
    assert images(at) == [(EXACT, f"Page of {file_id} with the quote highlighted")]
    sha = sha256_of(real_pdf(EMERALD))
    found = page_image.locate_quote(sha, TERM_QUOTE, 3)
    assert (found.page, found.match, len(found.boxes)) == (3, "exact", 4)  # four printed lines
    png = page_image.page_image(sha, 3, found.boxes)  # what the page was given: a PNG of the whole page
    assert png.startswith(b"\x89PNG") and Image.open(io.BytesIO(png)).size == (1190, 1684)  # A4 at 2x


def test_a_clause_search_result_shows_its_page(uploaded) -> None:
    file_id, _ = uploaded
    at = open_contract(file_id, contract_tab="Document", clause="renewal")
    [toggle] = [t for t in at.toggle if t.label == "Show a result on the page"]
    toggle.set_value(True)
    at.run()
    [result] = [s for s in at.selectbox if s.label == "Result"]
    assert result.options[0] == "§6.1(a) Dr (page 3)"  # the first hit, drawn first
    assert images(at) == [(EXACT, f"Page of {file_id} with §6.1(a) highlighted")]


def test_a_contract_from_text_offers_no_page(uploaded) -> None:
    at = open_contract(TEXT_ONLY)
    assert not [t for t in at.toggle if "on the page" in t.label] and images(at) == []
    at = open_contract(TEXT_ONLY, contract_tab="Document", clause="renewal")
    assert not [t for t in at.toggle if "on the page" in t.label]


def test_a_pdf_missing_from_the_store_is_said_so(uploaded) -> None:
    file_id, store = uploaded
    pdf = store / f"{sha256_of(real_pdf(EMERALD))}.pdf"
    kept = pdf.read_bytes()
    pdf.unlink()
    page_image.locate_quote.clear()
    page_image.page_image.clear()
    try:
        at = open_contract(file_id)
        [toggle] = [t for t in at.toggle if t.key.endswith("expiration")]
        toggle.set_value(True)
        at.run()
        assert not at.exception and images(at) == []
        assert [shown(w.value) for w in at.warning if "file store" in w.value] == [
            f"The original PDF of this contract is not in the file store ({store}): it was uploaded before PDFs "
            "were kept, or the file was removed. Upload the PDF again to see its pages."]
    finally:
        pdf.write_bytes(kept)
