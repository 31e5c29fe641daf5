"""Definitions attached to clause-search hits on the real CUAD layer (issue 14): at most 3 per hit section, each
a term the hit's shown text uses, rarest in the document first; pointer definitions stored with their target."""

from __future__ import annotations

import re

import pytest

from graph.retrieval.items import SHORT_SECTION, Item, section_label
from graph.retrieval.search import clause_search
from graph.server.db import read
from tests.integration.test_document_layer import BELLICUM, document_layer  # noqa: F401 (fixture)

pytestmark = pytest.mark.integration

ON2 = "ON2TECHNOLOGIES,INC_11_17_2006-EX-10.3-SUPPORT AND MAINTENANCE AGREEMENT"
QUESTIONS = [
    (BELLICUM, "Who owns the rights to the Master Files?"),
    (BELLICUM, "What happens to confidential information after termination?"),
    (BELLICUM, "Can Bellicum reject a shipment of products?"),
    (ON2, "When can either party terminate the agreement?"),
    (None, "termination for convenience upon notice"),
]
SECTION = """
MATCH (s:Section {file_id: $f, number: $n})
RETURN s.text AS text, COLLECT { MATCH (s)-[:HAS_SUBSECTION]->(c) RETURN c.text ORDER BY c.ordinal LIMIT 8 } AS children
"""
# An independent count of how many sections use each term of the document (the rarity the ranking uses).
USES = """
MATCH (t:DefinedTerm {file_id: $f})
RETURN t.term AS term, COUNT { (t)<-[:USES_TERM]-() } AS uses, t.section_number AS section
"""


def _first(term: str, text: str) -> int:
    match = re.search(rf"(?<![\w]){re.escape(term)}(?![\w])", text)
    return match.start() if match else -1


def _attached(items: list[Item], section: Item) -> list[Item]:
    """Definitions reached from this section (two sections reached by one reference phrase share a path)."""
    used_in = f"(used in {section_label(section.number)})"
    return [i for i in items if i.kind == "definition" and i.file_id == section.file_id
            and i.path[:-1] == section.path and i.reached.endswith(used_in)]


def _used(term: str, text: str) -> bool:
    return _first(term, text) >= 0


@pytest.mark.parametrize(("file_id", "question"), QUESTIONS, ids=[q for _, q in QUESTIONS])
def test_each_hit_carries_at_most_three_definitions_it_uses(driver, document_layer, file_id, question) -> None:  # noqa: F811
    result = clause_search(driver, question, file_id=file_id)
    sections = [i for i in result.items if i.kind == "section"]
    assert sections
    checked = 0
    for section in sections:
        attached = _attached(result.items, section)
        assert len(attached) <= 3
        row = read(driver, SECTION, {"f": section.file_id, "n": section.number})[0]
        shown = row["text"] + ("\n".join(row["children"]) if len(row["text"].strip()) < SHORT_SECTION else "")
        for item in attached:
            assert _used(item.number, shown), (section.number, item.number)
            assert item.section != section.number  # a term the hit defines itself is not repeated
        checked += len(attached)
    assert checked > 0


def test_the_rarest_terms_of_the_hit_are_the_ones_attached(driver, document_layer) -> None:  # noqa: F811
    result = clause_search(driver, "Can Bellicum reject a shipment of products?", file_id=BELLICUM, hits=1)
    hit = result.items[0]
    row = read(driver, SECTION, {"f": BELLICUM, "n": hit.number})[0]
    uses = {r["term"]: (r["uses"], r["section"]) for r in read(driver, USES, {"f": BELLICUM})}
    candidates = sorted((uses[t][0], _first(t, row["text"]), t) for t in uses
                        if _used(t, row["text"]) and uses[t][1] != hit.number)
    attached = [i.number for i in _attached(result.items, hit)]
    assert len(candidates) > 3  # the hit uses more terms than it may carry
    assert attached == [t for *_, t in candidates[:3]]
    assert hit.number == "7.2" and attached == ["Testing Methods", "Miltenyi Product Warranty", "Delivery"]
    assert {"Miltenyi", "Bellicum"} <= {t for *_, t in candidates}  # used, but party names used everywhere


def test_pointer_definitions_are_stored_with_their_target(driver, document_layer) -> None:  # noqa: F811
    rows = read(driver, "MATCH (s:Section)-[:DEFINES]->(t:DefinedTerm {file_id: $f}) WHERE t.term IN $terms "
                        "RETURN t.term AS term, s.number AS section, t.pointer AS pointer, "
                        "t.pointer_text AS text, left(t.definition, 40) AS definition ORDER BY term",
                {"f": BELLICUM, "terms": ["Confidential Information", "Rejected Products", "Master File"]})
    assert rows == [
        {"term": "Confidential Information", "section": "14.1", "pointer": "Article 14", "text": "Section 14",
         "definition": "means any information disclosed by one P"},
        {"term": "Master File", "section": "1.1", "pointer": None, "text": "",
         "definition": "means any Type II Master File, Medical D"},
        {"term": "Rejected Products", "section": "1.1", "pointer": "7.2", "text": "Section 7.2",
         "definition": "shall have the meaning set forth in Sect"},
    ]
