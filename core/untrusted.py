"""Text from outside the program's control (a language model's output, tool results, questions typed by a
user) made safe to store, print and render, and the limits on its size.

`clean_text` is the one sanitiser every assistant boundary uses (docs/SECURITY.md, "The assistant"): a lone
surrogate (which cannot be encoded as UTF-8, so it crashes `print`, JSON with ensure_ascii=False and
Streamlit's protobuf messages) becomes U+FFFD; C0/C1 control characters other than tab and newline (ESC
sequences that repaint a terminal, NUL, backspace, bell) and the bidirectional overrides that make text read
differently from what it is are removed; carriage returns become newlines. Nothing else changes, so clean text
passes through unchanged and cleaning twice is the same as once.
"""

from __future__ import annotations

import re
from typing import Any

# The longest question the assistant accepts: real questions are a sentence or two (the longest in
# evals/agent/questions.csv is under 200 characters); the limit bounds the offline parser's work.
MAX_QUESTION_CHARS = 2000
REPLACEMENT = "\ufffd"

_SURROGATE = re.compile("[\ud800-\udfff]")
# C0 controls but tab and newline, DEL and C1 controls; bidi embeddings/overrides/isolates (U+202A-E,
# U+2066-9).
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_NEWLINES = re.compile("\r\n?")


def clean_text(text: str) -> str:
    """`text` without lone surrogates (-> U+FFFD), control characters or bidi overrides; CR -> newline."""
    if text.isascii() and text.isprintable():
        return text  # the common case: nothing to do
    text = _SURROGATE.sub(REPLACEMENT, text)
    text = _NEWLINES.sub("\n", text)
    return _CONTROL.sub("", text)


def clean_data(value: Any) -> Any:
    """`clean_text` over every string of a JSON-like value (dict keys included); other values as they are."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, dict):
        return {clean_data(k): clean_data(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [clean_data(v) for v in value]
    return value


def question_problem(question: str) -> str | None:
    """Why a question cannot be asked (one line), or None when it can."""
    if len(question) > MAX_QUESTION_CHARS:
        return (f"The question is too long ({len(question):,} characters; at most {MAX_QUESTION_CHARS:,}). "
                "Please ask it in fewer words.")
    return None
