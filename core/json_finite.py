"""JSON has no Infinity or NaN: query results that hold them (Cypher `1.0/0`, `0.0/0`) are made valid JSON.

The choice (docs/SECURITY.md "Model-written Cypher"): each non-finite float becomes `null`, and the caller
adds a note naming where they were and what they held (`rows[0].x: Infinity`), so a null that was a
division by zero is not mistaken for a missing value. `json.dumps(..., allow_nan=False)` after this never
fails on a float.
"""

from __future__ import annotations

import math
from typing import Any

MAX_LISTED = 20


def _spelled(value: float) -> str:
    if math.isnan(value):
        return "NaN"
    return "Infinity" if value > 0 else "-Infinity"


def _walk(value: Any, path: str, found: list[str]) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        found.append(f"{path}: {_spelled(value)}")
        return None
    if isinstance(value, dict):
        return {k: _walk(v, f"{path}.{k}" if path else str(k), found) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_walk(v, f"{path}[{i}]", found) for i, v in enumerate(value)]
    return value


def finite(value: Any, path: str = "") -> tuple[Any, list[str]]:
    """`value` with every non-finite float (also inside dicts, lists and tuples) replaced by None, and
    where each was (`rows[2].ratio: NaN`), in document order."""
    found: list[str] = []
    return _walk(value, path, found), found


def non_finite_note(found: list[str]) -> str:
    """One line for the payload's note: how many values became null, the first MAX_LISTED of them."""
    shown = "; ".join(found[:MAX_LISTED]) + ("; ..." if len(found) > MAX_LISTED else "")
    return (f"{len(found)} value(s) were not finite numbers and are shown as null (JSON has no Infinity or NaN): "
            f"{shown}")
