"""The exact regex pre-filter behind the faster clause classifier, and the parser's output against the digest
taken before the speed-up (benchmarks/results/parse-digest.json, written by `benchmarks.parse_texts`)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from benchmarks.parse_texts import DIGEST, rows_digest
from ingest.cuad_labels import read_text
from ingest.document import parse_document
from ingest.document.classify import RULES
from ingest.document.prefilter import LiteralIndex, PatternSet, Prefiltered, fold, required_literals
from ingest.layer import parse_text_file

CUAD_TXT = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "cuad" / "txt"


def test_required_literals_of_a_sequence_and_branches() -> None:
    found = required_literals(r"(?:consequential|incidental|indirect)\s+damages")
    assert found == [frozenset({"consequential", "incidental", "indirect"}), frozenset({"damages"})]


def test_optional_parts_and_classes_require_nothing() -> None:
    assert required_literals(r"renew(?:al|ed)?\s+(?:term|period)s?") == [
        frozenset({"renew"}), frozenset({"period", "term"})]
    assert required_literals(r"\d+\s*[a-z]*") == []
    assert required_literals(r"(?:not|\d+)\s+here") == [frozenset({"here"})]  # one branch has no literal


def test_upper_case_pattern_literals_are_folded() -> None:
    assert required_literals(r"WARRANT\w*") == [frozenset({"warrant"})]


@pytest.mark.parametrize("text", ["MA\u0130NTAIN", "term\u0131nate", "in\u017furance", "\u212aEEP"])
def test_fold_agrees_with_ignorecase_on_special_letters(text: str) -> None:
    ascii_word = {"MA\u0130NTAIN": "maintain", "term\u0131nate": "terminate", "in\u017furance": "insurance",
                  "\u212aEEP": "keep"}[text]
    assert re.search(ascii_word, text, re.IGNORECASE)  # what re does ...
    assert ascii_word in fold(text) and len(fold(text)) == len(text)  # ... the pre-filter sees as well


def test_literal_index_finds_literals_inside_words_and_punctuation() -> None:
    index = LiteralIndex({"compet", "right,", "sue", "/"})
    assert index.present(fold("Non-Competition; the RIGHT, title 1/2")) == {"compet", "right,", "/"}
    assert index.present("pursue") == {"sue"}


def test_prefiltered_rejects_without_running_and_matches_otherwise() -> None:
    pattern = Prefiltered(r"limitation\s+of\s+liability")
    assert not pattern.possible({"limitation"})
    assert pattern.search("LIMITATION  OF LIABILITY", {"limitation", "liability", "of"})


def test_pattern_set_equals_plain_search_on_real_sections() -> None:
    """Every classifier pattern, on every section of 8 CUAD texts: pre-filtered == plain re.search."""
    named = [(f"{c}#{i}", p) for c, r in RULES.items() for i, p in enumerate(r.text)]
    plain = [(name, re.compile(p, re.IGNORECASE)) for name, p in named]
    patterns = PatternSet(named)
    texts = sorted(CUAD_TXT.glob("*.txt"))[::60][:8]
    sections = [s.text for path in texts for s in parse_document(read_text(path), path.stem).sections]
    assert len(sections) > 300
    hits = 0
    for text in sections:
        expected = {name for name, p in plain if p.search(text)}
        assert patterns.matching(text) == expected
        hits += len(expected)
    assert hits > 100  # the comparison covered real matches, not only misses


def test_parsed_rows_equal_the_digest_taken_before_the_speed_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CG_LAYER_CACHE", raising=False)  # a fresh parse, never rows ingest/layer_cache.py kept
    stored = json.loads(DIGEST.read_text())
    assert len(stored) == 510
    paths = sorted(CUAD_TXT.glob("*.txt"))[::25]
    assert len(paths) == 21
    for path in paths:
        assert rows_digest(parse_text_file((path.stem, str(path)))) == stored[path.stem], path.name
