"""Full-text search over the contracts' sections on the real server: the counts equal an independent regex
count over the stored section text, a filter narrows them exactly, hostile input is searched as text or
refused with a message; and the Explorer shows the counts and highlighted, escaped snippets."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from core.errors import FilterValidationError
from graph.query.filters import ContractFilter
from graph.retrieval.text_search import text_search
from graph.server.config import REPO_ROOT
from graph.server.db import read

pytestmark = pytest.mark.integration

# Independent of the full-text index: the word as a whole word (any case) in the stored section text.
ORACLE = """MATCH (s:Section) WHERE s.text =~ $pattern
RETURN s.file_id AS file_id, count(s) AS sections ORDER BY file_id"""
WORD = "delaware"  # no other word stems to it, and it has no forms of its own
TYPE = "MATCH (c:Contract {file_id: $f}) RETURN c.contract_type AS t"


def oracle(driver, word: str) -> dict[str, int]:
    return {r["file_id"]: r["sections"] for r in read(driver, ORACLE, {"pattern": f"(?is).*\\b{word}\\b.*"})}


def test_word_counts_equal_the_regex_count(driver):
    expected = oracle(driver, WORD)
    assert len(expected) > 20
    hits = text_search(driver, WORD.upper(), limit=10_000)
    assert hits.contracts == len(expected) and hits.sections == sum(expected.values())
    assert {r["file_id"]: r["hits"] for r in hits.rows} == expected
    assert [r["hits"] for r in hits.rows] == sorted((r["hits"] for r in hits.rows), reverse=True)
    assert len(text_search(driver, WORD).rows) == 50  # the page lists the top 50, the count covers all


def test_a_filter_narrows_to_exactly_its_contracts(driver):
    expected = oracle(driver, WORD)
    kind = read(driver, TYPE, {"f": next(iter(expected))})[0]["t"]
    hits = text_search(driver, WORD, ContractFilter(contract_types=(kind,)), limit=10_000)
    inside = {f: n for f, n in expected.items() if read(driver, TYPE, {"f": f})[0]["t"] == kind}
    assert {r["file_id"]: r["hits"] for r in hits.rows} == inside and hits.contracts == len(inside) > 0


@pytest.mark.parametrize("raw", ["title:x OR *", "a AND (b", "\\ / ~ ^ } ] ) +-!", "') RETURN 1 //", "x" * 150])
def test_hostile_input_is_text(driver, raw):
    try:
        hits = text_search(driver, raw)
    except FilterValidationError as e:
        assert str(e).startswith("Text search:")
    else:
        assert hits.contracts >= 0


def test_explorer_shows_counts_and_escaped_highlights(driver):
    expected = oracle(driver, WORD)
    at = AppTest.from_file(str(REPO_ROOT / "app.py"), default_timeout=180)
    at.run()
    at.switch_page("pages/portfolio/explorer.py").run()
    at.text_input(key="explorer_text_q").input(WORD)
    next(b for b in at.button if b.label == "Search text").click().run()
    assert not at.exception, at.exception
    captions = [c.value for c in at.caption]
    assert any(c.startswith(f"{len(expected):,} contracts in this filter have {sum(expected.values()):,} sections")
               for c in captions), captions
    table = next(d.value for d in at.dataframe if "Sections" in d.value.columns)
    assert len(table) == 50 and table["Sections"].iloc[0] == max(expected.values())
    marked = [m.value for m in at.markdown if ":orange-background[" in m.value]
    assert marked and all(":orange-background[Delaware]" in m or ":orange-background[DELAWARE]" in m
                          or ":orange-background[delaware]" in m for m in marked)
    at.text_input(key="explorer_text_q").input('"unclosed')
    next(b for b in at.button if b.label == "Search text").click().run()
    assert not at.exception and any("quote is not closed" in e.value for e in at.error)
