"""Recursive clause retrieval on the real CUAD layer.

Bellicum's supply agreement has a real reference chain: §4.6 ("Rights to Master Files") says "except as
expressly set forth in Section 4.5", §4.5 is "subject to Section 4.9", §4.9 refers to "Section 2.3", and
§2.3 refers back to "Section 4.9" (a cycle).
"""

from __future__ import annotations

import pytest
from langchain_core.embeddings import DeterministicFakeEmbedding

from core.errors import FilterValidationError, NotFound
from graph.query.compiler import compile_projection
from graph.query.filters import ContractFilter
from graph.reads.repository import graph_counts, search_contracts
from graph.retrieval.items import SECTION_CHARS
from graph.retrieval.lucene import any_word_query
from graph.retrieval.search import clause_search, expand, search_terms
from graph.server.db import read
from graph.store.schema import embedding_dimensions
from ingest.layer import load_texts
from tests.conftest import TEXTS as TEXTS_DIR
from tests.integration.test_document_layer import BELLICUM, document_layer  # noqa: F401 (fixture)

pytestmark = pytest.mark.integration

QUESTION = "Who owns the rights to the Master Files?"
CHAIN = ["4.6", "4.5", "4.9", "2.3"]
TEXTS = "UNWIND $n AS n MATCH (s:Section {file_id: $f, number: n}) RETURN s.number AS n, s.text AS t"


def _sections(result) -> list[tuple[str, str, list[str]]]:
    return [(i.number, i.reached, list(i.path)) for i in result.items if i.kind == "section"]


def test_graph_holds_the_chain_and_the_cycle(driver, document_layer) -> None:  # noqa: F811
    chain = read(driver, "MATCH p = (:Section {file_id: $f, number: '4.6'})-[:REFERENCES*3]->(:Section) "
                         "RETURN [s IN nodes(p) | s.number] AS numbers", {"f": BELLICUM})
    assert {"numbers": CHAIN} in chain
    cycle = read(driver, "MATCH (a:Section {file_id: $f, number: '2.3'})-[:REFERENCES]->(b)-[:REFERENCES]->(a) "
                         "RETURN b.number AS b", {"f": BELLICUM})
    assert cycle == [{"b": "4.9"}]


def test_hit_leads_through_two_references_with_paths(driver, document_layer) -> None:  # noqa: F811
    result = clause_search(driver, QUESTION, file_id=BELLICUM, hits=1)
    assert _sections(result) == [
        ("4.6", "hit", ["hit §4.6"]),
        ("4.5", "reference from §4.6", ["hit §4.6", "reference from §4.6 ('Section 4.5')"]),
        ("4.9", "reference from §4.5", ["hit §4.6", "reference from §4.6 ('Section 4.5')",
                                        "reference from §4.5 ('Section 4.9')"]),
        ("2.3", "reference from §4.9", ["hit §4.6", "reference from §4.6 ('Section 4.5')",
                                        "reference from §4.5 ('Section 4.9')", "reference from §4.9 ('Section 2.3')"]),
    ]
    stored = {r["n"]: r["t"] for r in read(driver, TEXTS, {"f": BELLICUM, "n": CHAIN})}
    assert all(len(stored[n]) <= SECTION_CHARS for n in CHAIN)
    assert {i.number: i.text for i in result.items if i.kind == "section"} == stored
    assert {i.file_id for i in result.items} == {BELLICUM} and result.scope == [BELLICUM]
    citations = result.citations()
    assert [citations.index(f"§{n}") for n in CHAIN] == sorted(citations.index(f"§{n}") for n in CHAIN)


def test_definition_of_a_term_used_in_the_hit(driver, document_layer) -> None:  # noqa: F811
    result = clause_search(driver, QUESTION, file_id=BELLICUM, hits=1)
    definitions = {i.number: i for i in result.items if i.kind == "definition"}
    master = definitions["Master File"]
    stored = read(driver, "MATCH (s:Section)-[:DEFINES]->(t:DefinedTerm {file_id: $f, term: 'Master File'}) "
                          "RETURN s.number AS n, t.definition AS d", {"f": BELLICUM})
    assert stored == [{"n": "1.1", "d": master.text}]
    assert master.reached == 'definition of "Master File" (used in §4.6)'
    assert master.path == ("hit §4.6", 'definition of "Master File"')
    assert master.cite() == 'definition of "Master File" (§1.1)'
    payload = master.to_json()
    assert (payload["term"], payload["defined_in"], payload["definition"]) == ("Master File", "1.1", stored[0]["d"])


def test_reference_cycle_terminates_and_visits_each_section_once(driver, document_layer) -> None:  # noqa: F811
    items, truncated = expand(driver, [((BELLICUM, "2.3"), 1.0)], max_depth=10)
    sections = [(i.number, i.reached) for i in items if i.kind == "section"]
    assert sections == [("2.3", "hit"), ("4.9", "reference from §2.3")]
    assert not truncated
    terms = [i.number for i in items if i.kind == "definition"]
    assert len(terms) == len(set(terms))


def test_scope_is_the_compiled_filter(driver, document_layer) -> None:  # noqa: F811
    scope = ContractFilter(parties=("miltenyi",))
    result = clause_search(driver, QUESTION, scope=scope)
    expected = [c["file_id"] for c in search_contracts(driver, scope).contracts]
    assert sorted(result.scope or []) == sorted(expected) and expected
    assert result.queries[0].cypher.startswith(compile_projection(scope).cypher)
    assert result.items and {i.file_id for i in result.items} <= set(expected)
    nothing = clause_search(driver, QUESTION, scope=ContractFilter(parties=("zz-no-such-party",)))
    assert (nothing.items, nothing.scope) == ([], [])


def test_budget_bounds_nodes_and_characters(driver, document_layer) -> None:  # noqa: F811
    few = clause_search(driver, QUESTION, file_id=BELLICUM, hits=3, max_nodes=3)
    assert len(few.items) == 3 and few.truncated
    short = clause_search(driver, QUESTION, file_id=BELLICUM, hits=3, max_chars=1000)
    assert sum(len(i.text) for i in short.items) <= 1000 and short.truncated
    whole = clause_search(driver, QUESTION, file_id=BELLICUM, hits=1)
    assert not whole.truncated


def test_term_named_in_the_question_is_found(driver, document_layer) -> None:  # noqa: F811
    rows, _ = search_terms(driver, "What are the Master Files?", [BELLICUM])
    assert [r["term"] for r in rows] == ["Master File"]
    items, _ = expand(driver, [], term_hits=rows)
    assert [(i.kind, i.number, i.reached, i.path) for i in items] == \
        [("definition", "Master File", "hit (defined term)", ('hit definition of "Master File"',))]
    # Named in the question and used by the hit: listed once, as reached from the hit.
    result = clause_search(driver, "What is a Master File?", file_id=BELLICUM, hits=1)
    found = [i.reached for i in result.items if i.number == "Master File"]
    assert found == ['definition of "Master File" (used in §4.6)']


def test_lucene_syntax_cannot_form_operators(driver, document_layer) -> None:  # noqa: F811
    hostile = 'title:(x) AND "Master" OR File* ~2 -y non-compete'
    assert any_word_query(hostile) == "title x master file 2 y non\\-compete"
    assert any_word_query(hostile, "term") == "term:(title x master file 2 y non\\-compete)"
    result = clause_search(driver, 'title:(x) AND "Master" OR File* ~2 -y', file_id=BELLICUM)
    assert result.items
    with pytest.raises(FilterValidationError):
        clause_search(driver, "the of and", file_id=BELLICUM)
    with pytest.raises(NotFound):
        clause_search(driver, QUESTION, file_id="NO SUCH CONTRACT")


def test_vector_ranking_joins_when_sections_have_embeddings(driver, document_layer) -> None:  # noqa: F811
    fake = DeterministicFakeEmbedding(size=embedding_dimensions())
    before = graph_counts(driver)
    try:
        load_texts(driver, TEXTS_DIR, file_ids=[BELLICUM], embed=fake.embed_documents)
        stored = read(driver, "MATCH (s:Section {file_id: $f, number: '4.6'}) RETURN s.title + '\\n' + s.text AS t",
                      {"f": BELLICUM})[0]["t"]
        # No word of the question is in any section: the hit can only come from the vector index.
        result = clause_search(driver, "zzqxv wvuq", file_id=BELLICUM, hits=1, vector=fake.embed_query(stored))
        assert "vector" in result.method
        assert (result.items[0].number, result.items[0].reached) == ("4.6", "hit")
    finally:
        load_texts(driver, TEXTS_DIR, file_ids=[BELLICUM])
    assert graph_counts(driver) == before
    assert read(driver, "MATCH (s:Section) WHERE s.embedding IS NOT NULL RETURN count(s) AS n") == [{"n": 0}]
