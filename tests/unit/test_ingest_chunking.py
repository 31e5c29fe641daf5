"""ingest.chunking: chunks fit the budget, cover every character, overlap, and cut at page/section boundaries."""

from __future__ import annotations

from itertools import pairwise

import pytest

from core.settings import budget_from_tokens
from ingest.chunking import (
    PAGE_SEPARATOR,
    join_pages,
    plan_chunks,
    render_chunk,
    unrender_chunk,
)
from ingest.pdf import read_pdf
from tests.ingest_support import PDF_DIR, XENCOR, real_pdf


def _covered(chunks, length):
    """Assert the spans are ordered, contiguous or overlapping, and reach from 0 to `length`."""
    reach = 0
    for chunk in chunks:
        assert chunk.start <= reach
        reach = max(reach, chunk.end)
    assert chunks[0].start == 0 and reach == length


def test_short_document_is_one_chunk():
    pages = ["Page one.", "Page two."]
    (chunk,) = plan_chunks(pages, 1_000, 100)
    assert (chunk.start, chunk.end, chunk.first_page, chunk.last_page) == (0, 19, 1, 2)
    assert chunk.text == "Page one.\fPage two." and chunk.label == "part 1 of 1 (pages 1-2)"


def test_cuts_fall_on_page_starts_when_pages_fit():
    pages = [f"Page {i} " + "word " * 150 for i in range(1, 11)]  # ~757 characters each
    text, starts = join_pages(pages)
    chunks = plan_chunks(pages, 2_000, 200)
    _covered(chunks, len(text))
    assert all(len(c.text) <= 2_000 for c in chunks)
    assert [c.end for c in chunks[:-1]] == [starts[2], starts[4], starts[6], starts[8]]
    assert [(c.first_page, c.last_page) for c in chunks][:2] == [(1, 2), (2, 4)]
    assert all(text[c.start - 1] == " " for c in chunks[1:])  # the overlap starts at a word


def test_a_page_longer_than_the_budget_is_cut_at_paragraphs():
    paragraph = "Section text. " * 40  # 560 characters
    pages = ["\n\n".join([paragraph] * 8)]
    chunks = plan_chunks(pages, 1_500, 0)
    _covered(chunks, len(pages[0]))
    assert all(pages[0][c.end - 2:c.end] == "\n\n" for c in chunks[:-1])


def test_unbreakable_text_is_hard_cut_without_loss():
    pages = ["x" * 5_000]
    chunks = plan_chunks(pages, 1_000, 100)
    _covered(chunks, 5_000)
    assert "".join(c.text[100 if i else 0:] for i, c in enumerate(chunks)) == pages[0]


def test_invalid_budgets_are_refused():
    with pytest.raises(ValueError, match="at least 1000"):
        plan_chunks(["a"], 999)
    with pytest.raises(ValueError, match="quarter"):
        plan_chunks(["a"], 4_000, 1_001)
    assert budget_from_tokens(30_000) == 120_000


def test_render_marks_pages_and_round_trips():
    pages = ["alpha", "beta", "gamma"]
    (chunk,) = plan_chunks(pages, 1_000)
    rendered = render_chunk(chunk)
    assert rendered == "[Page 1]\nalpha\f[Page 2]\nbeta\f[Page 3]\ngamma"
    assert unrender_chunk(rendered) == chunk.text


@pytest.mark.skipif(not PDF_DIR.is_dir(), reason="CUAD sample PDFs not present")
def test_104_page_contract_is_covered_by_overlapping_chunks():
    pages = read_pdf(real_pdf(XENCOR)).pages
    text, _ = join_pages(pages)
    chunks = plan_chunks(pages, 40_000, 2_000)
    # 128,354 characters since pdf_layout drops running headers and page numbers (and, since a page of few
    # lines is measured with the document's line pitch, keeps page 101's "[…***…]" on a line of its own)
    assert len(pages) == 104 and len(text) == 128_354
    assert len(chunks) == 4 and all(len(c.text) <= 40_000 for c in chunks)
    _covered(chunks, len(text))
    assert all(text[c.start:c.end] == c.text for c in chunks)
    assert all(prev.end - nxt.start >= 1_900 for prev, nxt in pairwise(chunks))
    assert chunks[-1].last_page == 104 and PAGE_SEPARATOR in chunks[0].text
