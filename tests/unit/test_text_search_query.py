"""The Explorer's text search query language, without a database: words and quoted phrases become one Lucene
conjunction with every syntax character escaped; what cannot be searched is a clear FilterValidationError;
snippets mark the matches (word endings included) and keep the rest as plain text."""

from __future__ import annotations

import pytest

from components.explorer.text_search import highlighted
from core.errors import FilterValidationError
from graph.retrieval.text_search import Term, lucene_query, parse_terms, snippet


def test_words_and_phrases_are_all_required_and_escaped() -> None:
    terms = parse_terms('audit "Most  Favored Nation" audit')
    assert terms == [Term(("audit",)), Term(("most", "favored", "nation"))]
    assert lucene_query(terms) == 'text:(+audit +"most favored nation")'


@pytest.mark.parametrize(("raw", "query"), [
    ("title:x OR *", "text:(+title +x)"),  # punctuation separates words; "or" is a stop word
    ("a) +b -c~ d^2 [e TO f]", "text:(+b +\\-c +d +2 +e +f)"),
    ('"x\\ y" z:*', 'text:(+"x y" +z)'),
])
def test_lucene_syntax_is_searched_as_text(raw: str, query: str) -> None:
    assert lucene_query(parse_terms(raw)) == query


@pytest.mark.parametrize(("raw", "words"), [
    ("", "type a word"), ("   ", "type a word"), ('"unclosed phrase', "not closed"), ("the of and", "common word"),
    ("* ? ~", "common word"), ("x" * 201, "at most 200"), ("a1 a2 a3 a4 a5 a6 a7 a8 a9", "at most 8"),
])
def test_unsearchable_input_says_why(raw: str, words: str) -> None:
    with pytest.raises(FilterValidationError, match=words):
        parse_terms(raw)


def test_snippet_marks_word_endings_and_phrases() -> None:
    text = "1. Either party may terminate. Termination for convenience requires ninety (90) days' notice."
    parts = snippet(text, parse_terms('terminate "ninety (90) days"'), width=60)
    assert [p for p, match in parts if match] == ["terminate", "Termination", "ninety (90) days"]
    assert "".join(p for p, _ in parts).startswith("1. Either party may terminate")
    cut = snippet(text, parse_terms("notice"), width=10)
    assert cut[0] == ("…", False) and cut[-2:] == [("notice", True), (".", False)]


def test_highlight_escapes_the_contracts_markdown() -> None:
    text = "See [click](http://evil) and **terminate** <b>now</b>"
    shown = highlighted(text, parse_terms("terminate"))
    assert ":orange-background[terminate]" in shown
    assert "[click](" not in shown and "<b>" not in shown.replace("\\<b\\>", "")
