"""A section's text cut into sentence-sized chunks, the unit the clause classifier scores (pure functions).

Why chunks: a CUAD clause is usually one or two sentences inside a longer section ("12. Miscellaneous" holds
governing law, assignment and notices). Scored as a whole, the section's other sentences dilute the clause's
words, and a long section was read only from its start. Scored per chunk, the section's probability of a
category is its best chunk's (`model.ClauseModel.decisions`): on dev split A (4-fold cross-validation by
contract, thresholds chosen on 3 folds and counted on the 4th) macro F1 0.458 -> 0.506 (docs/EVALUATION.md).

A chunk is a sentence (split after `.`, `;` or `:` before a capital, digit, quote or parenthesis, and at blank
lines); pieces under MIN_WORDS join the next, and a piece over LONG_WORDS (a run-on list) is cut into windows of
WINDOW_WORDS words overlapping by OVERLAP_WORDS.
"""

from __future__ import annotations

import re

from ingest.cuad_labels import COVERAGE, shingles, words

_BREAK = re.compile(r"(?<=[.;:])\s+(?=[\"(A-Z0-9])|\n\s*\n")
MIN_WORDS = 8
WINDOW_WORDS = 70
OVERLAP_WORDS = 10
LONG_WORDS = 105  # 1.5 windows: longer pieces are cut


def _joined(parts: list[str]) -> list[str]:
    """Pieces under MIN_WORDS joined to the next one (a trailing short piece joins the previous)."""
    out: list[str] = []
    pending = ""
    for part in parts:
        pending = f"{pending} {part}" if pending else part
        if len(pending.split()) >= MIN_WORDS:
            out.append(pending)
            pending = ""
    if pending:
        if out:
            out[-1] = f"{out[-1]} {pending}"
        else:
            out.append(pending)
    return out


def _windows(piece: str) -> list[str]:
    tokens = piece.split()
    if len(tokens) <= LONG_WORDS:
        return [piece]
    return [" ".join(tokens[max(0, i - OVERLAP_WORDS):i + WINDOW_WORDS]) for i in range(0, len(tokens), WINDOW_WORDS)]


def split_chunks(text: str) -> list[str]:
    """The section text's chunks, in order; an empty text is one empty chunk (the title and rules still score)."""
    parts = [p.strip() for p in _BREAK.split(text) if p and p.strip()]
    chunks = [window for piece in _joined(parts) for window in _windows(piece)]
    return chunks or [""]


def chunk_holds(chunk: str, spans: list[set[tuple[str, ...]]]) -> bool:
    """Whether a chunk is part of one of a category's labelled spans (their 5-word shingle sets): it covers half
    of a span's shingles (the span lies in it) or half of its own shingles lie in one span (it lies in the span)."""
    own = set(shingles(words(chunk)))
    if not own:
        return False
    return any(span and (len(own & span) >= COVERAGE * len(span) or len(own & span) >= COVERAGE * len(own))
               for span in spans)
