"""The clause classifier's chunks: how a section is cut (counted by hand), which chunk a labelled span marks,
and that a section's decision is its best chunk's (checked against the model scoring each sentence alone)."""

from __future__ import annotations

import numpy as np

from ingest.clause_model.chunks import LONG_WORDS, OVERLAP_WORDS, WINDOW_WORDS, chunk_holds, split_chunks
from ingest.clause_model.dataset import Example
from ingest.clause_model.features import CLAUSE_CATEGORIES, Chunks, SectionInput, chunked, section_max
from ingest.clause_model.train import chunk_labels, train
from ingest.cuad_labels import shingles, words
from tests.unit.test_clause_model import LAW, _synthetic

NOTICE = "Notices under this Agreement shall be given in writing to the addresses set out above."
ASSIGN = "Neither party may assign this Agreement without the prior written consent of the other party."


def _spans(*texts: str) -> list[set[tuple[str, ...]]]:
    return [set(shingles(words(t))) for t in texts]


def test_sentences_are_chunks_and_short_pieces_join_the_next() -> None:
    assert split_chunks(f"{NOTICE} {ASSIGN}") == [NOTICE, ASSIGN]
    # "(a) Term." has 2 words: it joins the sentence after it; a blank line breaks too
    assert split_chunks(f"(a) Term. {ASSIGN}\n\n{NOTICE}") == [f"(a) Term. {ASSIGN}", NOTICE]
    # a lowercase word after a period is no new sentence ("U.S. dollars")
    assert split_chunks("Payment is due in U.S. dollars within thirty days of the invoice date.") == [
        "Payment is due in U.S. dollars within thirty days of the invoice date."]
    assert split_chunks("Short tail. " + ASSIGN + " Done here.") == ["Short tail. " + ASSIGN + " Done here."]
    assert split_chunks("") == [""] and split_chunks("  \n\n ") == [""]


def test_a_run_on_piece_is_cut_into_overlapping_windows() -> None:
    tokens = [f"w{i}" for i in range(LONG_WORDS + 1)]  # one piece with no sentence break
    chunks = split_chunks(" ".join(tokens))
    assert [c.split()[0] for c in chunks] == ["w0", f"w{WINDOW_WORDS - OVERLAP_WORDS}"]
    assert chunks[0].split() == tokens[:WINDOW_WORDS]
    assert chunks[1].split() == tokens[WINDOW_WORDS - OVERLAP_WORDS:]
    exactly = " ".join(tokens[:LONG_WORDS])
    assert split_chunks(exactly) == [exactly]


def test_chunk_holds_a_span_inside_it_or_lies_inside_one() -> None:
    law = LAW.format(s="Delaware")
    assert chunk_holds(f"{law} Each party shall pay its own costs.", _spans(law))  # the span lies in the chunk
    assert chunk_holds(law, _spans(f"{NOTICE} {law} {ASSIGN}"))  # the chunk lies in a longer span
    assert not chunk_holds(NOTICE, _spans(law, ASSIGN))
    # under 5 words the whole text is the one shingle: the same short text holds, another does not
    assert chunk_holds("Term.", _spans("Term.")) and not chunk_holds("Term.", _spans("Terms."))
    assert not chunk_holds("", _spans(law))
    assert not chunk_holds(law, [])


def test_section_max_takes_each_sections_best_chunk() -> None:
    chunks = Chunks(["a", "b", "c", "d"], np.array([0, 0, 1, 2]), np.array([0, 2, 3]))
    per_chunk = np.array([[0.1, 5.0], [0.7, -1.0], [-2.0, -3.0], [4.0, 0.0]])
    assert section_max(per_chunk, chunks).tolist() == [[0.7, 5.0], [-2.0, -3.0], [4.0, 0.0]]
    items = [SectionInput("", f"{NOTICE} {ASSIGN}", "section", frozenset()), SectionInput("", "", "section",
                                                                                          frozenset())]
    flat = chunked(items)
    assert flat.texts == [NOTICE, ASSIGN, ""] and flat.owners.tolist() == [0, 0, 1] and flat.starts.tolist() == [0, 2]


def test_chunk_labels_follow_the_chunk_not_the_section() -> None:
    law = LAW.format(s="Ohio")
    marked = Example("c.pdf", "A", "Miscellaneous", f"{NOTICE} {law}", "section", frozenset(),
                     frozenset({"Governing Law"}), {}, (frozenset(), frozenset({"Governing Law"})))
    inherited = Example("c.pdf", "A", "Law", f"{law} {ASSIGN}", "section", frozenset(), frozenset({"Governing Law"}))
    examples = [marked, inherited]
    labels = chunk_labels(examples, chunked([SectionInput(e.title, e.text, e.kind, e.rules) for e in examples]))
    j = CLAUSE_CATEGORIES.index("Governing Law")
    assert labels[:, j].tolist() == [0, 1, 1, 1] and labels.sum() == 3


def test_a_sections_decision_is_its_best_sentences() -> None:
    model = train(_synthetic(), seed=5)
    law = LAW.format(s="Nevada")
    whole = SectionInput("General", f"{NOTICE} {law} {ASSIGN}", "section", frozenset())
    alone = [SectionInput("General", text, "section", frozenset()) for text in (NOTICE, law, ASSIGN)]
    expected = model.decisions(alone).max(axis=0)
    assert np.allclose(model.decisions([whole])[0], expected)
    j = CLAUSE_CATEGORIES.index("Governing Law")
    assert model.decisions([whole])[0, j] == model.decisions(alone)[1, j]  # the law sentence decides
