"""Input hygiene for the command lines: every argument is valid text, JSON arguments are bounded (depth,
integer range, finite numbers, valid strings) and numeric options are range-checked by argparse itself.

Each check raises `ContractGraphError` (or argparse's own error for option types) with one line naming what
is wrong, so `core.cli_support.run_cli` prints `error: ...` and exits 2; nothing here lets a traceback out.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from core.errors import ContractGraphError

MAX_JSON_DEPTH = 32
MAX_JSON_CHARS = 1_000_000
# Neo4j integers are 64-bit; a bigger one would only fail later, in the driver, with an OverflowError.
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
MAX_ROW_CAP = 100_000


class InvalidText(ContractGraphError):
    """An argument holds bytes that are not valid UTF-8 (surrogate-escaped by Python) or lone surrogates."""


def is_valid_text(text: str) -> bool:
    """True when `text` encodes to UTF-8: no lone surrogates (which is how Python carries undecodable bytes
    of argv on Linux, via surrogateescape)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_argv(argv: Sequence[str]) -> None:
    """Refuse the command line when any argument is not valid text, naming the argument by position."""
    for position, arg in enumerate(argv, start=1):
        if not is_valid_text(arg):
            raise InvalidText(f"argument {position} is not valid text (invalid UTF-8 or a lone surrogate)")


def _json_depth(text: str) -> int:
    """The deepest nesting of [ and { in `text`, outside string literals (a linear scan: unlike json.loads,
    it cannot recurse, so 5,000 levels cost nothing)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ContractGraphError(f"Argument holds the number {text[:24]}, which is not finite")
    return value


def _no_constant(name: str) -> NoReturn:
    raise ContractGraphError(f"Argument holds {name}, which is not a finite number")


def _check_values(value: Any, where: str = "") -> None:
    """Every key and string in a parsed JSON document must be valid text (JSON `\\ud800` escapes decode to
    lone surrogates that no database or terminal can take) and every integer must fit in 64 bits (Neo4j's
    integers; the driver fails on a bigger one with an OverflowError). Errors name where the value is."""
    name = where or "(top level)"
    if isinstance(value, str) and not is_valid_text(value):
        raise InvalidText(f"Argument value {name} is not valid text (lone surrogate)")
    if isinstance(value, int) and not isinstance(value, bool) and not INT64_MIN <= value <= INT64_MAX:
        shown = str(value)
        raise ContractGraphError(f"Argument value {name}: the integer {shown[:24]}{'...' if len(shown) > 24 else ''}"
                                 " is outside the 64-bit range")
    if isinstance(value, dict):
        for key, item in value.items():
            if not is_valid_text(key):
                raise InvalidText("Argument has a key that is not valid text (lone surrogate)")
            _check_values(item, f"{where}.{key}" if where else key)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check_values(item, f"{where}[{i}]")


def load_json(text: str) -> Any:
    """Parse a JSON argument with bounds: size, nesting depth, 64-bit integers, finite numbers, valid text."""
    if len(text) > MAX_JSON_CHARS:
        raise ContractGraphError(f"Argument is longer than {MAX_JSON_CHARS} characters")
    if _json_depth(text) > MAX_JSON_DEPTH:
        raise ContractGraphError(f"Argument is nested deeper than {MAX_JSON_DEPTH} levels")
    try:
        value = json.loads(text, parse_float=_finite_float, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise ContractGraphError(f"Argument is not valid JSON: {e.msg} at position {e.pos}") from e
    except ValueError as e:  # int() past Python's digit limit (4,300 digits)
        raise ContractGraphError("Argument holds an integer too long to read") from e
    _check_values(value)
    return value


def _number_type(name: str, parse: Callable[[str], float], low: float, high: float,
                 low_open: bool) -> Callable[[str], Any]:
    """An argparse `type=` accepting a finite number in (low, high] or [low, high]; argparse turns the
    ArgumentTypeError into its one-line usage error (exit 2)."""
    def convert(text: str) -> Any:
        try:
            value = parse(text)
        except (ValueError, OverflowError) as e:
            raise argparse.ArgumentTypeError(f"{name} must be a number, got {text[:40]!r}") from e
        too_low = value <= low if low_open else value < low
        if not math.isfinite(value) or too_low or value > high:
            bound = f"greater than {low:g}" if low_open else f"at least {low:g}"
            raise argparse.ArgumentTypeError(f"{name} must be {bound} and at most {high:g}, got {text[:40]!r}")
        return value
    convert.__name__ = name  # argparse names the type in its messages
    return convert


def seconds_option(name: str, high: float) -> Callable[[str], float]:
    """An argparse `type=` for a finite number of seconds in (0, high] (e.g. `--timeout`, whose bound the
    caller's layer owns)."""
    return _number_type(name, float, 0.0, high, low_open=True)


def int_option(name: str, low: int, high: int) -> Callable[[str], int]:
    """An argparse `type=` for an integer option in [low, high]."""
    return _number_type(name, int, low, high, low_open=False)


def row_cap(text: str) -> int:
    """`--row-cap`: 1 to MAX_ROW_CAP rows."""
    return int(int_option("row cap", 1, MAX_ROW_CAP)(text))


class CliParser(argparse.ArgumentParser):
    """argparse with a one-line error: `error: <prog>: <message>` on stderr, exit 2 (argparse's own code
    for bad usage), instead of the usage block followed by the message."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {self.prog}: {message.splitlines()[0] if message else 'invalid arguments'}\n")
