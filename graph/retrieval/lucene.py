"""The Lucene side of clause retrieval: a question's meaningful words, the section full-text query with its
category's expansion phrases, its scoping to a few contracts inside Lucene, and what the question is about
(for the sentences of `graph.retrieval.notes`). Pure string building; every value is escaped
(`core.vocab.escape_lucene`), so input cannot form Lucene operators."""

from __future__ import annotations

import re

from core.cuad_topics import expansion_phrases, question_category
from core.errors import FilterValidationError
from core.vocab import escape_lucene

LUCENE_SCOPE = 200  # scopes up to this many contracts are also narrowed inside Lucene (scoped_query)
# Lucene's English stop words (the section index's analyzer drops them): a file_id made of these only would
# give an empty phrase, so such a scope is filtered in Cypher only.
LUCENE_STOPWORDS = frozenset("a an and are as at be but by for if in into is it no not of on or such that the "
                             "their then there these they this to was will with".split())
STOPWORDS = frozenset(
    "a an and are as at be by can do does for from has have how i if in is it its may of on or our shall "
    "should that the their there these this those to under was what when where which who will with would "
    "any all not no contract contracts agreement clause section say says".split())


def content_words(question: str) -> list[str]:
    """The question's meaningful words, lowercased, once each, in order."""
    words = [w.strip(".'’-").lower() for w in re.findall(r"[\w'’.-]+", question)]
    return list(dict.fromkeys(w for w in words if w and w not in STOPWORDS and any(ch.isalnum() for ch in w)))


def any_word_query(question: str, field_name: str | None = None) -> str:
    """Lucene query matching any meaningful word of the question (in one field when given), escaped so
    input cannot form operators."""
    kept = content_words(question)
    if not kept:
        raise FilterValidationError("clause_search: give a question with at least one content word.",
                                    field="question")
    query = " ".join(escape_lucene(w) for w in kept)
    return f"{field_name}:({query})" if field_name else query


def _phrase(text: str) -> str:
    """A Lucene phrase of the words of `text`, each escaped (quotes and operators cannot leak)."""
    return '"' + " ".join(escape_lucene(w) for w in text.lower().split()) + '"'


def section_lucene_query(question: str) -> str:
    """The section full-text query for a question: any of its meaningful words, then (when the question is
    about a CUAD category, `core.cuad_topics`) that category's expansion phrases, each quoted, searched in
    the section title and text (not the indexed file_id). Everything is escaped; the section index's English
    analyzer stems both sides."""
    phrases = " ".join(_phrase(p) for p in expansion_phrases(question_category(question)))
    terms = f"{any_word_query(question)} {phrases}".strip()
    return f"title:({terms}) text:({terms})"


def query_terms(question: str) -> int:
    """How many terms `section_lucene_query` searches for the question (its words and expansion phrases)."""
    return len(content_words(question)) + len(expansion_phrases(question_category(question)))


def scoped_query(query: str, scope: list[str] | None) -> str:
    """`query` restricted inside Lucene to the sections of the contracts in `scope` (their file_id as a
    phrase, boost 0 so scores are unchanged), when the scope is small enough and every file_id has a word the
    analyzer keeps; otherwise `query` as is. Callers still filter on file_id exactly: a file_id phrase may
    also match a longer file_id that contains it."""
    if not scope or len(scope) > LUCENE_SCOPE:
        return query
    if any(not set(re.findall(r"\w+", f.lower())) - LUCENE_STOPWORDS for f in scope):
        return query
    ids = " ".join(_phrase(f) for f in scope)
    return f"+file_id:({ids})^0 +({query})"


def question_topic(question: str) -> str:
    """What the question is about, for the sentences of `graph.retrieval.notes`: its CUAD category, lowercased,
    or its content words."""
    category = question_category(question)
    return category.lower() if category else " ".join(content_words(question))[:80]
