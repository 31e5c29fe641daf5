"""Which definitions a hit carries (graph.retrieval.terms.rank_terms): exact lists for hand-made section rows."""

from __future__ import annotations

from typing import Any

from graph.retrieval.items import SHORT_SECTION
from graph.retrieval.terms import TERMS_PER_HIT, rank_terms


def _term(term: str, uses: int, own: bool = True, section: str = "1.1", definition: str = "means x.") -> dict[str, Any]:
    return {"term": term, "definition": definition, "section": section, "pointer": None, "uses": uses, "own": own}


LONG = " Padding words." * 30  # makes the own text longer than SHORT_SECTION, so children are not shown


def _row(text: str, terms: list[dict[str, Any]], children: list[str] | None = None, number: str = "7.2") -> dict:
    return {"file_id": "f", "number": number, "text": text, "children": children or [], "terms": terms}


def test_rarest_first_then_earliest_use_then_name_and_at_most_three():
    text = "7.2 Term. Licensee may end the Term on notice after the Initial Period; Fees stay due; see Royalty." + LONG
    row = _row(text, [_term("Licensee", 40), _term("Term", 12), _term("Initial Period", 2), _term("Fees", 2),
                      _term("Royalty", 2)])
    assert len(text) >= SHORT_SECTION
    assert [t["term"] for t in rank_terms(row)] == ["Initial Period", "Fees", "Royalty"]
    assert [t["term"] for t in rank_terms(row, limit=None)] == ["Initial Period", "Fees", "Royalty", "Term", "Licensee"]
    assert TERMS_PER_HIT == 3


def test_a_term_not_in_the_shown_text_is_not_attached():
    # "Affiliate" is linked (e.g. used past a heading the row does not hold) but the text never shows it
    row = _row("7.2 Term. The Term is one year." + LONG, [_term("Affiliate", 1), _term("Term", 5)])
    assert [t["term"] for t in rank_terms(row)] == ["Term"]


def test_a_term_defined_by_the_hit_itself_or_without_definition_is_skipped():
    row = _row('7.2 "Term" means one year. Net Sales count.' + LONG,
               [_term("Term", 1, section="7.2"), _term("Net Sales", 3, definition=""), _term("Fees", 9)])
    assert rank_terms(row) == []


def test_own_text_before_subsections_of_a_heading_only_section():
    # A heading-only hit shows its first subsections: their terms come after the own text's, even when rarer.
    row = _row("7. TERMINATION. The Term may end.", [_term("Term", 30), _term("Cure Period", 1, own=False),
                                                     _term("Breach Notice", 1, own=False), _term("Zeta", 1, own=False)],
               children=["7.1 A Breach Notice starts the Cure Period.", "7.2 Other."], number="7")
    assert [t["term"] for t in rank_terms(row)] == ["Term", "Breach Notice", "Cure Period"]


def test_subsection_terms_are_not_attached_when_the_own_text_is_long():
    row = _row("7. TERMINATION. The Term may end." + LONG, [_term("Term", 30), _term("Cure Period", 1, own=False)],
               children=["7.1 The Cure Period is 30 days."], number="7")
    assert [t["term"] for t in rank_terms(row)] == ["Term"]


def test_whole_word_case_sensitive_use_like_the_parser():
    row = _row("7.2 Territorial limits and the territory rules apply." + LONG, [_term("Territory", 1)])
    assert rank_terms(row) == []
