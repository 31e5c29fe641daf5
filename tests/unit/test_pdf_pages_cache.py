"""tests/pdf_pages.py: a sample PDF's page texts are read once per cache directory and then served from it,
equal to what `read_pdf` returns; without CG_TEST_PDF_CACHE nothing is cached."""

from __future__ import annotations

import pytest

import tests.pdf_pages as pdf_pages_module
from ingest.pdf import read_pdf
from tests.ingest_support import BANGI, PDF_DIR
from tests.pdf_pages import pdf_pages

pytestmark = pytest.mark.skipif(not PDF_DIR.is_dir(), reason="CUAD sample PDFs not present")


def _refuse(_data: bytes):
    raise AssertionError("read_pdf was called although the page texts are cached")


def test_the_second_read_comes_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("CG_TEST_PDF_CACHE", str(tmp_path))
    first = pdf_pages(PDF_DIR / BANGI)
    assert first == read_pdf((PDF_DIR / BANGI).read_bytes()).pages
    assert [p.suffix for p in tmp_path.iterdir() if p.suffix != ".lock"] == [".json"]
    monkeypatch.setattr(pdf_pages_module, "read_pdf", _refuse)
    assert pdf_pages(PDF_DIR / BANGI) == first


def test_without_a_cache_directory_every_call_reads(tmp_path, monkeypatch):
    monkeypatch.delenv("CG_TEST_PDF_CACHE", raising=False)
    monkeypatch.setattr(pdf_pages_module, "read_pdf", _refuse)
    with pytest.raises(AssertionError, match="read_pdf was called"):
        pdf_pages(PDF_DIR / BANGI)
