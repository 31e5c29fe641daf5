"""core.json_finite: non-finite floats become null, and where they were is reported in document order."""

from __future__ import annotations

import json

from core.json_finite import MAX_LISTED, finite, non_finite_note


def test_nested_values_are_replaced_and_located() -> None:
    value = {"rows": [{"a": float("inf"), "b": [1.0, float("-inf"), (float("nan"),)]}, {"a": 2}]}
    clean, found = finite(value)
    assert clean == {"rows": [{"a": None, "b": [1.0, None, [None]]}, {"a": 2}]}
    assert found == ["rows[0].a: Infinity", "rows[0].b[1]: -Infinity", "rows[0].b[2][0]: NaN"]
    assert json.dumps(clean, allow_nan=False)


def test_the_note_lists_at_most_the_first_ones() -> None:
    _, found = finite([float("nan")] * (MAX_LISTED + 1), "rows")
    note = non_finite_note(found)
    assert note.startswith(f"{MAX_LISTED + 1} value(s) were not finite numbers")
    assert note.endswith(f"rows[{MAX_LISTED - 1}]: NaN; ...") and f"rows[{MAX_LISTED}]" not in note


def test_finite_values_are_untouched() -> None:
    value = {"x": 1.5, "s": "Infinity", "n": None, "b": True}
    assert finite(value) == (value, [])
