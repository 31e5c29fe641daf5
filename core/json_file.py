"""Reading a JSON file a person points the program at (`graph load PATH`, `LLM_SCRIPT`): whatever the file
holds, the reader gets a value or one `ContractGraphError` line saying what is wrong with the file, never a
UnicodeDecodeError or RecursionError traceback.

Bounds: valid UTF-8 (a byte-order mark is allowed), nesting at most `MAX_FILE_DEPTH` levels (the contract
records nest four deep; Python's json recursion fails near 1,000), strings and keys valid text (a JSON
`\\ud800` escape is a lone surrogate, which no database or terminal takes: it becomes U+FFFD).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from core.errors import ContractGraphError
from core.text_safety import printable
from core.untrusted import REPLACEMENT

MAX_FILE_DEPTH = 64
_SURROGATE = re.compile("[\ud800-\udfff]")


def _depth_over(value: Any, limit: int) -> bool:
    """True when `value` nests deeper than `limit` lists/objects (iterative: no recursion of its own)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return False


def read_json_file(path: Path, what: str, error: type[ContractGraphError] = ContractGraphError) -> Any:
    """The JSON value in `path`; `what` names the file in messages ("LLM_SCRIPT"), `error` is the class
    raised (each caller's own domain error)."""
    shown = printable(str(path))[:200]
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise error(f"{what} {shown} cannot be read: {e.strerror or e}") from e
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise error(f"{what} {shown} is not UTF-8 text (byte 0x{data[e.start]:02x} at position {e.start})") from e
    try:
        value = json.loads(text)
    except RecursionError as e:
        raise error(f"{what} {shown} is nested too deeply to read (at most {MAX_FILE_DEPTH} levels)") from e
    except json.JSONDecodeError as e:
        raise error(f"{what} {shown} is not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})") from e
    except ValueError as e:  # an integer past Python's 4,300-digit limit
        raise error(f"{what} {shown} cannot be read as JSON: {e}") from e
    if _depth_over(value, MAX_FILE_DEPTH):
        raise error(f"{what} {shown} is nested deeper than {MAX_FILE_DEPTH} levels")
    return _no_surrogates(value)


def _no_surrogates(value: Any) -> Any:
    """`value` with every lone surrogate in its strings and keys replaced by U+FFFD (nothing else changes:
    the records' text is stored as written)."""
    if isinstance(value, str):
        return _SURROGATE.sub(REPLACEMENT, value) if not value.isascii() else value
    if isinstance(value, dict):
        return {_no_surrogates(k): _no_surrogates(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_no_surrogates(v) for v in value]
    return value
