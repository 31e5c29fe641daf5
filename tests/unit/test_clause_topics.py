"""Clause-category detection and the section Lucene query it expands (exact strings), the Lucene scope clause,
the look-alike boilerplate filter, and the not-addressed sentence per scope."""

from __future__ import annotations

import re

import pytest

from core.cuad_topics import TOPICS, expansion_phrases, question_category
from core.errors import FilterValidationError
from core.vocab import CUAD_CATEGORIES
from graph.retrieval.lucene import LUCENE_SCOPE, question_topic, scoped_query, section_lucene_query
from graph.retrieval.notes import not_addressed_sentence, unclassified_sentence
from graph.retrieval.topics import lookalike_pattern

GOVERNING = ('law governs "governing law" "governed by" "construed in accordance with" "laws of the state" '
             '"applicable law" "choice of law"')
CONVENIENCE = ('termination convenience "for convenience" "without cause" "for any reason" "for any or no reason" '
               '"at any time upon" "at any time by giving" "upon notice to the other party" '
               '"in its sole discretion" "may terminate this agreement upon" "may terminate this agreement by giving" '
               '"days written notice"')


def test_every_cuad_category_has_triggers_and_expansions() -> None:
    assert tuple(TOPICS) == CUAD_CATEGORIES
    assert all(t.triggers and t.expansions for t in TOPICS.values())


@pytest.mark.parametrize(("question", "category"), [
    ("What law governs this agreement?", "Governing Law"),
    ("Which state's laws apply? (governing law)", "Governing Law"),
    ("Can a party terminate this agreement for convenience?", "Termination For Convenience"),
    ("termination for convenience", "Termination For Convenience"),
    ("Can we terminate at any time without cause?", "Termination For Convenience"),
    ("Is there a non-compete?", "Non-Compete"),
    ("How much notice is needed to prevent renewal?", "Notice Period To Terminate Renewal"),
    ("Does the agreement renew automatically?", "Renewal Term"),
    ("What happens on a change of control?", "Change Of Control"),
    ("Is liability capped?", "Cap On Liability"),
    ("Who pays shipping costs?", None),
])
def test_question_category(question: str, category: str | None) -> None:
    assert question_category(question) == category


def test_expansion_is_the_category_row() -> None:
    assert expansion_phrases("Insurance") == TOPICS["Insurance"].expansions
    assert expansion_phrases(None) == ()


def test_section_query_expands_the_category_in_title_and_text() -> None:
    assert section_lucene_query("What law governs this agreement?") == f"title:({GOVERNING}) text:({GOVERNING})"
    assert section_lucene_query("termination for convenience") == f"title:({CONVENIENCE}) text:({CONVENIENCE})"


def test_section_query_without_a_category_is_the_words() -> None:
    assert section_lucene_query("Who pays shipping costs?") == "title:(pays shipping costs) text:(pays shipping costs)"


def test_section_query_escapes_operators_in_words_and_phrases() -> None:
    query = section_lucene_query('title:(x) AND "non-compete" OR y* ~2')
    terms = ('title x non\\-compete y 2 "non\\-competition" "shall not compete" "competitor" "competing products" '
             '"competitive business" "engage in any business" "directly or indirectly" "restricted period"')
    assert query == f"title:({terms}) text:({terms})"
    with pytest.raises(FilterValidationError):
        section_lucene_query("the of and")


def test_scope_clause_is_a_zero_boost_file_id_conjunction() -> None:
    assert scoped_query("title:(x) text:(x)", ["Acme Supply Agreement", 'B-2 "Deal"']) == \
        '+file_id:("acme supply agreement" "b\\-2 \\"deal\\"")^0 +(title:(x) text:(x))'
    assert scoped_query("title:(x) text:(x)", None) == "title:(x) text:(x)"
    # A file_id of stop words only would analyse to nothing; a large scope would make a huge query.
    assert scoped_query("title:(x) text:(x)", ["Acme", "The A"]) == "title:(x) text:(x)"
    many = [f"c{i}" for i in range(LUCENE_SCOPE + 1)]
    assert scoped_query("title:(x) text:(x)", many) == "title:(x) text:(x)"


def test_not_addressed_sentence_names_the_scope() -> None:
    topic = question_topic("Is there a non-compete restriction?")
    assert topic == "non-compete" and question_topic("Who pays shipping costs?") == "pays shipping costs"
    assert not_addressed_sentence(topic, ["a"], "a") == 'No section of this contract addresses "non-compete".'
    assert not_addressed_sentence(topic, ["a", "b"], None) == \
        'No section of the 2 contracts in scope addresses "non-compete".'
    assert not_addressed_sentence(topic, None, None) == 'No section of any contract addresses "non-compete".'
    assert not_addressed_sentence("pays shipping costs", ["a"], None) == \
        'No section of the contract in scope addresses "pays shipping costs".'


def test_unclassified_caveat_names_the_scope() -> None:
    assert unclassified_sentence("exclusivity", ["a", "b"], None) == (
        'None of the sections found is classified as "exclusivity"; they share words with the question only, so '
        "the 2 contracts in scope may not address it. Check them before relying on them.")
    assert "so any contract may not" in unclassified_sentence("exclusivity", None, None)


def test_only_termination_for_convenience_has_a_look_alike_filter():
    assert lookalike_pattern("Termination For Convenience") == "(?is).*(?:\\bheadings?\\b[^.]{0,80}\\bconvenien).*"
    assert [c for c in CUAD_CATEGORIES if lookalike_pattern(c)] == ["Termination For Convenience"]
    assert lookalike_pattern(None) is None
    pattern = re.compile(lookalike_pattern("Termination For Convenience"))
    assert pattern.fullmatch("12.4 Descriptive Headings. The descriptive headings of this Agreement are for\n"
                             "convenience only.")
    assert not pattern.fullmatch("Either Party may terminate this Agreement for convenience on 90 days' notice.")
