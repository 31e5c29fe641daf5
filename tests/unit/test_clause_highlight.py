"""The pure parts of the dashboard's clause search: which words of a question are highlighted, the quote
around the first of them, and the result cards' HTML (escaped text, <mark>ed words, links to anchors)."""

from __future__ import annotations

import pytest

from components.contract.clause_html import highlight, hits_html, item_html, reach_kind, tidy_gaps
from core.errors import FilterValidationError
from graph.retrieval.clause_review import check_question, quote, without_heading, word_pattern
from graph.retrieval.items import Item
from graph.retrieval.lucene import content_words


def test_question_words_drop_common_words_and_keep_order() -> None:
    assert content_words("What does the contract say about Termination for convenience?") == \
        ["about", "termination", "convenience"]
    assert content_words("the of and what") == []


def test_pattern_matches_inflections_of_the_content_words() -> None:
    pattern = word_pattern("governing laws")
    text = "This Agreement is governed by the law of Ohio; GOVERNING LAW; lawful; governance."
    assert [m.group(0) for m in pattern.finditer(text)] == ["governed", "law", "GOVERNING", "LAW", "lawful",
                                                            "governance"]
    assert word_pattern("the of") is None
    assert word_pattern("about") is None  # kept by the search, not worth marking


def test_quote_is_a_window_around_the_first_match() -> None:
    text = " ".join(["filler"] * 120) + " either party may terminate for convenience upon notice " + \
        " ".join(["tail"] * 120)
    got = quote(text, "termination for convenience", limit=100)
    assert got.startswith("…") and got.endswith("…")
    assert "terminate for convenience" in got and len(got) <= 102
    assert quote("Short   text\nhere.", "anything") == "Short text here."
    assert quote("word " * 100, "absent", limit=20) == "word word word word…"


@pytest.mark.parametrize(("question", "message"), [("", "Type a question"), ("what is the", "only common words")])
def test_check_question_rejects_empty_and_stop_word_questions(question, message) -> None:
    with pytest.raises(FilterValidationError, match=message):
        check_question(question)
    assert check_question("  governing law ") == "governing law"


def test_highlight_escapes_text_and_marks_words() -> None:
    got = highlight('<img src="x"> Termination & <b>terminated</b>', word_pattern("termination"))
    assert got == ('&lt;img src=&quot;x&quot;&gt; <mark>Termination</mark> &amp; &lt;b&gt;<mark>terminated</mark>'
                   '&lt;/b&gt;')


def _item(kind: str, reached: str, number: str = "7.4", section: str = "7.4") -> Item:
    return Item(kind, "F", number, "Termination <script>", "May terminate [x](http://e.com).", section, reached,
                (f"hit §{number}",) if reached == "hit" else ("hit §2.1", reached), 1.0, 3)


def test_item_cards_link_to_anchors_and_say_how_they_were_reached() -> None:
    pattern = word_pattern("terminate")
    hit = item_html(_item("section", "hit"), pattern)
    assert hit.startswith('<div class="cg-hit cg-lead" data-kind="hit">')
    assert '<a class="cg-ref" href="#cg-sec-7-4" title="Show §7.4 in the document below">§7.4</a>' in hit
    assert " Termination &lt;script&gt;" in hit and "<script>" not in hit
    assert '<span class="cg-page">page 3</span>' in hit
    assert "May <mark>terminate</mark> [x](http://e.com)." in hit
    ref = item_html(_item("section", "reference from §2.1", number="9"), pattern, paged=False)
    assert 'data-kind="reference"' in ref and "Reached: hit §2.1 → reference from §2.1" in ref
    assert "cg-page" not in ref
    term = _item("definition", 'definition of "Term" (used in §2.1)', number="Term", section="1.1")
    assert 'href="#cg-sec-1-1"' in item_html(term, pattern) and reach_kind(term) == "definition"
    note = _item("footnote", "footnote 2 (cited in §2.1)", number="2", section="2.1")
    assert 'href="#cg-fn-2"' in item_html(note, pattern) and reach_kind(note) == "footnote"
    assert hits_html([_item("section", "hit")], "terminate").count('class="cg-hit ') == 1


def test_quote_skips_the_sections_own_heading() -> None:
    assert without_heading("14.5 Force Majeure. Both Parties shall be excused.", "Force Majeure") == \
        "Both Parties shall be excused."
    assert without_heading("ARTICLE 15 TERM AND TERMINATION\n15.1 Term.", "TERM AND TERMINATION") == "15.1 Term."
    # a title that only occurs later in the text, or no title, leaves the text whole
    text = "Neither party shall be liable for delays caused by events of Force Majeure."
    assert without_heading(text, "Force Majeure") == text and without_heading(text, "") == text
    assert without_heading("9.2 For Convenience.", "For Convenience") == "9.2 For Convenience."


def test_quote_starts_at_the_sentence_holding_the_match() -> None:
    text = "Intro words here. " * 20 + "The Licensee may terminate this agreement at will. " + "More text. " * 40
    got = quote(text, "terminate", limit=120)
    assert got.startswith("…The Licensee may terminate this agreement at will.")


def test_a_hit_card_cuts_runs_of_blank_lines_to_one():
    # a flattened page break: lines of nothing but spaces between two parts of one clause
    text = "7.3 Payment Adjustment\n\na) For any month\n   \n\n \t\n\n\nactivity under Section 16.17\n\nSHIPMENT"
    assert tidy_gaps(text) == "7.3 Payment Adjustment\n\na) For any month\n\nactivity under Section 16.17\n\nSHIPMENT"
    assert tidy_gaps("one\ntwo\n\nthree") == "one\ntwo\n\nthree"
