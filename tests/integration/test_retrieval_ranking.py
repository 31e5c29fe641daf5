"""Clause ranking on the real CUAD layer: the section index's English analyzer and its migration from the
old analyzer (state before/after), stemming ("governs" finds "governed by"), category expansion and boost
(the "Without Cause Termination" section for "termination for convenience"), the not-addressed threshold and
how the agent's tool and the offline answer pass its sentence through."""

from __future__ import annotations

import pytest

from agent.clause_tool import clause_payload
from agent.question.answer_contract import clause_answer
from agent.question.parser import ParsedQuestion
from graph.documents import cypher as q
from graph.documents.schema import (
    AWAIT_INDEXES,
    DROP_SECTION_INDEX,
    SECTION_ANALYZER,
    SECTION_FULLTEXT,
    SECTION_PROPERTIES,
    ensure_document_schema,
    fulltext_config,
    migrate_section_index,
)
from graph.query.filters import ContractFilter
from graph.retrieval.search import (
    MIN_SCORE,
    category_params,
    clause_search,
    scoped_query,
    search_sections,
    section_lucene_query,
)
from graph.server.db import read, write
from tests.integration.test_document_layer import BELLICUM, document_layer  # noqa: F401 (fixture)

pytestmark = pytest.mark.integration

# How databases written before this change had the index (the default analyzer, no file_id).
OLD_INDEX = f"CREATE FULLTEXT INDEX {SECTION_FULLTEXT} FOR (s:Section) ON EACH [s.title, s.text]"
OLD_CONFIG = ("standard-no-stop-words", ("title", "text"))
SEARCH = {"file_ids": [BELLICUM], "k": 200, "category": None, "boost": 1.0, "lookalike": None, "lookalike_chars": 600}
# A contract whose text never speaks of competing (no section contains "compet"): checked below.
NO_COMPETE = "ATMOSENERGYCORP_11_22_2002-EX-10.17-TRANSPORTATION SERVICE AGREEMENT"
NON_COMPETE = "Is there a non-compete restriction?"
ANTARES = "Antares Pharma, Inc. - Manufacturing Agreement"
# Its section 2.5 is in the clause classifier's found band for Non-Compete (LAYER_VERSION 12; Bellicum no longer is)
ZOGENIX = "ZogenixInc_20190509_10-Q_EX-10.2_11663313_EX-10.2_Distributor Agreement"


def _matching(driver, query: str) -> set[str]:
    return {r["number"] for r in read(driver, q.SECTION_SEARCH, {**SEARCH, "query": query})}


def test_old_analyzer_index_is_dropped_and_recreated_once(driver, document_layer) -> None:  # noqa: F811
    try:
        write(driver, DROP_SECTION_INDEX)
        write(driver, OLD_INDEX)
        write(driver, AWAIT_INDEXES)
        assert fulltext_config(driver, SECTION_FULLTEXT) == OLD_CONFIG
        # Without stemming "governs" misses §19.1 ("shall be governed in all respects by ... the laws of").
        assert "19.1" not in _matching(driver, "text:(governs)")
        assert migrate_section_index(driver) is True
        write(driver, AWAIT_INDEXES)
        assert fulltext_config(driver, SECTION_FULLTEXT) == (SECTION_ANALYZER, SECTION_PROPERTIES)
        assert "19.1" in _matching(driver, "text:(governs)")
        assert migrate_section_index(driver) is False  # idempotent: the right index is left alone
        ensure_document_schema(driver)
        assert fulltext_config(driver, SECTION_FULLTEXT) == (SECTION_ANALYZER, SECTION_PROPERTIES)
    finally:
        ensure_document_schema(driver)


def test_governing_law_question_finds_governed_by_the_laws(driver, document_layer) -> None:  # noqa: F811
    result = clause_search(driver, "What law governs this agreement?", file_id=BELLICUM)
    hits = [i.number for i in result.items if i.reached == "hit"]
    assert hits[0] == "19.1"
    assert "governed in all respects by" in result.items[0].text and "governs" not in result.items[0].text


def test_termination_for_convenience_finds_without_cause_termination(driver, document_layer) -> None:  # noqa: F811
    stored = read(driver, "MATCH (s:Section {file_id: $f, number: '15.3'})-[:IS_CLAUSE_OF_TYPE]->(t:ClauseType) "
                          "RETURN s.title AS title, collect(t.name) AS types", {"f": BELLICUM})
    assert stored[0]["title"].endswith("Without Cause Termination")
    assert "Termination For Convenience" in stored[0]["types"]
    result = clause_search(driver, "termination for convenience", file_id=BELLICUM)
    assert next(i.number for i in result.items if i.reached == "hit") == "15.3"
    assert "Termination For Convenience" in result.method


def test_category_boost_multiplies_classified_sections(driver, document_layer) -> None:  # noqa: F811
    query = "text:(terminate)"
    plain = {r["number"]: r["score"] for r in read(driver, q.SECTION_SEARCH, {**SEARCH, "query": query})}
    boosted = {r["number"]: (r["score"], r["text_score"]) for r in read(
        driver, q.SECTION_SEARCH, {**SEARCH, "query": query, "category": "Termination For Convenience",
                                   "boost": 2.0})}
    classified = {r["n"] for r in read(
        driver, "MATCH (s:Section {file_id: $f})-[:IS_CLAUSE_OF_TYPE]->(:ClauseType {name: $c}) RETURN s.number AS n",
        {"f": BELLICUM, "c": "Termination For Convenience"})}
    assert classified & set(plain)
    for number, (score, text_score) in boosted.items():
        assert text_score == pytest.approx(plain[number])
        assert score == pytest.approx(plain[number] * (2.0 if number in classified else 1.0))


def test_no_clause_in_scope_says_so(driver, document_layer) -> None:  # noqa: F811
    texts = read(driver, "MATCH (s:Section {file_id: $f}) RETURN s.title + ' ' + s.text AS t", {"f": NO_COMPETE})
    assert texts and not any("compet" in r["t"].lower() for r in texts)
    assert search_sections(driver, NON_COMPETE, [NO_COMPETE]).best_per_term < MIN_SCORE
    result = clause_search(driver, NON_COMPETE, file_id=NO_COMPETE)
    assert result.items == []
    assert result.not_addressed == 'No section of this contract addresses "non-compete".'
    payload = clause_payload(result, None)
    assert payload["note"] == payload["not_addressed"] == result.not_addressed
    parsed = ParsedQuestion(NON_COMPETE, ContractFilter(), tool="clause_search", topic="non-compete")
    assert clause_answer(parsed, payload).startswith(result.not_addressed + "\n\n")  # the offline answer
    # The same question where a non-compete exists is answered with sections.
    assert clause_search(driver, NON_COMPETE, file_id=BELLICUM).not_addressed is None


def test_scoped_search_equals_the_unscoped_ranking_filtered(driver, document_layer) -> None:  # noqa: F811
    scope = ContractFilter(parties=("miltenyi",))
    result = clause_search(driver, "What law governs this agreement?", scope=scope)
    query = result.queries[1].params["query"]
    assert query.startswith("+file_id:(") and query.endswith("^0 +(" + result.queries[1].params["query"].split(
        "^0 +(", 1)[1])
    inner = query.split("^0 +(", 1)[1][:-1]
    scoped = read(driver, q.SECTION_SEARCH, result.queries[1].params)
    filtered = read(driver, q.SECTION_SEARCH, {**result.queries[1].params, "query": inner})
    assert scoped == filtered and scoped


def test_a_short_headings_clause_is_no_termination_for_convenience(driver, document_layer) -> None:  # noqa: F811
    # Bellicum's 1.2(a) "The descriptive headings ... are inserted solely for convenience" (239 characters) shares
    # the question's words; its 20.4 "Severability and Headings" (800 characters) holds more than that clause
    question = "Can a party terminate this agreement for convenience?"
    params = {**SEARCH, **category_params(question), "query": scoped_query(section_lucene_query(question),
                                                                           [BELLICUM])}
    assert params["lookalike"] == "(?is).*(?:\\bheadings?\\b[^.]{0,80}\\bconvenien).*"
    plain = {r["number"] for r in read(driver, q.SECTION_SEARCH, {**params, "lookalike": None})}
    kept = {r["number"] for r in read(driver, q.SECTION_SEARCH, params)}
    assert {"1.2(a)", "20.4"} <= plain
    assert plain - kept == {"1.2(a)"}
    assert "1.2(a)" not in {number for _, number in search_sections(driver, question, [BELLICUM], k=200).hits}


def test_sections_no_rule_classified_come_with_the_caveat(driver, document_layer) -> None:  # noqa: F811
    # Antares has sections sharing the question's words (above the threshold) but none classified non-compete
    classified = "MATCH (s:Section {file_id: $f})-[:IS_CLAUSE_OF_TYPE]->(:ClauseType {name: 'Non-Compete'}) RETURN s"
    assert read(driver, classified, {"f": ANTARES}) == [] and read(driver, classified, {"f": ZOGENIX})
    assert search_sections(driver, NON_COMPETE, [ANTARES]).best_per_term >= MIN_SCORE
    result = clause_search(driver, NON_COMPETE, file_id=ANTARES)
    assert result.items and result.not_addressed is None
    assert result.unclassified == ('None of the sections found is classified as "non-compete"; they share words '
                                   "with the question only, so this contract may not address it. Check them "
                                   "before relying on them.")
    payload = clause_payload(result, None)
    assert payload["caveat"] == result.unclassified
    parsed = ParsedQuestion(NON_COMPETE, ContractFilter(), tool="clause_search", topic="non-compete")
    assert clause_answer(parsed, payload).startswith(f"**Caution:** {result.unclassified}\n\nThe sections")
    # where a section is classified non-compete, no caveat; a question with no category never gets one
    assert clause_search(driver, NON_COMPETE, file_id=ZOGENIX).unclassified is None
    assert clause_search(driver, "forecast purchase orders", file_id=ANTARES).unclassified is None
