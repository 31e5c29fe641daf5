"""What one tool message may hold: clean text, at most MAX_TOOL_BYTES of JSON, and document text marked as quoted.

Tool results go back to the model verbatim, so they are bounded and labelled (docs/SECURITY.md, "The
assistant"):

- `fit_payload` keeps a result within MAX_TOOL_BYTES (UTF-8 JSON). A result over it has its long text fields
  clipped to MAX_TEXT_CHARS and its nested lists (a column of `collect(...)` values) to MAX_NESTED_ITEMS, then
  its largest list of rows cut, and says so in `result_truncated` ("truncated: 6 of 100 rows shown (rows)
  ..."), which the model reads like any other field. Counts the tool computed (total_count, row_count) stay
  exact.
- `quote` wraps text taken from the contracts (section text, definitions, summaries) in QUOTE_OPEN and
  QUOTE_CLOSE; the system prompt tells the model that such text is data, never instructions. A marker inside
  the text itself is removed first, so a contract cannot close the quotation early. `unquote` undoes it for
  readers that show the text to a person (the offline answers).
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_TOOL_BYTES = 64 * 1024
MAX_TEXT_CHARS = 4000
MAX_NESTED_ITEMS = 20
NOTE_ROOM = 600  # bytes kept free for the result_truncated note itself
QUOTE_OPEN, QUOTE_CLOSE = "<quoted_text>", "</quoted_text>"
_MARKER = re.compile(r"<\s*/?\s*quoted_text\s*>", re.IGNORECASE)
TRUNCATED_KEY = "result_truncated"


def quote(text: str | None) -> str | None:
    """Contract text as quoted data (None and '' stay as they are)."""
    if not text:
        return text
    return f"{QUOTE_OPEN}{_MARKER.sub('', text)}{QUOTE_CLOSE}"


def unquote(text: Any) -> Any:
    """The text without the quotation markers (anything else unchanged)."""
    if isinstance(text, str) and text.startswith(QUOTE_OPEN) and text.endswith(QUOTE_CLOSE):
        return text[len(QUOTE_OPEN):-len(QUOTE_CLOSE)]
    return text


def encode(payload: Any) -> str:
    return json.dumps(payload, ensure_ascii=False, default=str, separators=(",", ":"))


def size_of(payload: Any) -> int:
    return len(encode(payload).encode("utf-8"))


def _over(value: Any, budget: int) -> int:
    """What is left of `budget` after the characters of the strings in `value`, stopping below zero: a cheap
    lower bound of the JSON size, so a 26 MB result is known to be too big without encoding all of it."""
    stack = [value]
    while stack and budget >= 0:
        item = stack.pop()
        if isinstance(item, str):
            budget -= len(item)
        elif isinstance(item, dict):
            budget -= 4 * len(item)
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            budget -= len(item)
            stack.extend(item)
    return budget


def fits(payload: Any, max_bytes: int) -> bool:
    """Whether the payload's compact UTF-8 JSON is at most `max_bytes` long."""
    return _over(payload, max_bytes) >= 0 and size_of(payload) <= max_bytes


class _Clipper:
    """Clips long strings and nested lists, counting what it clipped."""

    def __init__(self) -> None:
        self.texts = 0
        self.items = 0

    def text(self, value: str) -> str:
        inner = unquote(value)
        if len(inner) <= MAX_TEXT_CHARS:
            return value
        self.texts += 1
        clipped = f"{inner[:MAX_TEXT_CHARS]} [clipped: {MAX_TEXT_CHARS:,} of {len(inner):,} characters shown]"
        return quote(clipped) if inner is not value else clipped  # type: ignore[return-value]

    def value(self, value: Any, depth: int) -> Any:
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {k: self.value(v, depth + 1) for k, v in value.items()}
        if isinstance(value, list):
            # depth 0: the payload; 1: its fields (the rows); 2: one row; 3+: values inside a row
            if depth >= 3 and len(value) > MAX_NESTED_ITEMS:
                self.items += len(value) - MAX_NESTED_ITEMS
                more = f"[clipped: {MAX_NESTED_ITEMS} of {len(value):,} items shown]"
                return [self.value(v, depth + 1) for v in value[:MAX_NESTED_ITEMS]] + [more]
            return [self.value(v, depth + 1) for v in value]
        return value


def _lists(payload: dict[str, Any]) -> list[tuple[str, dict[str, Any], str]]:
    """(path, holder, key) of the lists at the top level and one level down, the candidates to cut."""
    found = [(key, payload, key) for key, v in payload.items() if isinstance(v, list) and v]
    for key, v in payload.items():
        if isinstance(v, dict):
            found += [(f"{key}.{k}", v, k) for k, inner in v.items() if isinstance(inner, list) and inner]
    return found


def _cut_largest(payload: dict[str, Any], budget: int, notes: list[str]) -> bool:
    """Cut the largest list so the payload fits `budget` (as far as that list can); False when none is left."""
    candidates = _lists(payload)
    if not candidates:
        return False
    path, holder, key = max(candidates, key=lambda c: size_of(c[1][c[2]]))
    rows = holder[key]
    holder[key] = []
    room = budget - size_of(payload)
    keep, spent = 0, 0
    for row in rows:
        spent += size_of(row) + 1
        if spent > room:
            break
        keep += 1
    holder[key] = rows[:keep]
    notes.append(f"truncated: {keep} of {len(rows)} rows shown ({path})")
    return True


def fit_payload(payload: dict[str, Any], max_bytes: int = MAX_TOOL_BYTES) -> dict[str, Any]:
    """The payload itself when it fits in `max_bytes`, else a clipped and cut copy that says what was left out."""
    if fits(payload, max_bytes):
        return payload
    clipper = _Clipper()
    fitted: dict[str, Any] = clipper.value(payload, 0)
    budget = max_bytes - NOTE_ROOM
    notes: list[str] = []
    while not fits(fitted, budget) and _cut_largest(fitted, budget, notes):
        pass
    if clipper.texts:
        notes.append(f"{clipper.texts} text field(s) clipped to {MAX_TEXT_CHARS:,} characters")
    if clipper.items:
        notes.append(f"{clipper.items:,} nested list item(s) left out")
    if not fits(fitted, budget):  # what is left is still too big (many wide scalar fields): keep the counts
        fitted = {k: v for k, v in payload.items() if isinstance(v, int | float | bool) or v is None}
        notes.append("only the counts are shown")
    fitted[TRUNCATED_KEY] = (f"{'; '.join(notes)}. A tool result is capped at {max_bytes // 1024} KB: aggregate "
                             "further, add LIMIT or return fewer or shorter columns for the rest.")
    return fitted
