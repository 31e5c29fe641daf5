"""Text that leaves the app for other programs: names made of visible characters only (file ids, file and
party names) and spreadsheet cells that cannot start a formula. Pure functions, used by graph/, ingest/ and
components/ alike (docs/SECURITY.md, "Rendering and exports").
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

# Bidirectional controls: embeddings, overrides and isolates (U+202A-E, U+2066-9) reorder what is shown
# ('invoice\u202efdp.exe'); the implicit marks (LRM, RLM, ALM) are invisible. All are dropped from names.
_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
# Line and tab controls (and the Unicode line/paragraph separators) become a space in a one-line name.
_SPACING = re.compile(r"[\t\n\v\f\r\x1c-\x1f\x85\u2028\u2029]")
# Every other C0/C1 control (NUL, ESC, BEL, DEL...), the bidi controls and lone surrogates (which cannot be
# encoded as UTF-8: Neo4j, a CSV and an .ics file would all refuse them) are dropped.
_DROPPED = re.compile(rf"[\x00-\x1f\x7f-\x9f{_BIDI}\ud800-\udfff]")
# The same, for multi-line text (a quote in an .ics description): newlines and tabs stay.
_DROPPED_MULTILINE = re.compile(rf"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f{_BIDI}\ud800-\udfff]")

# A spreadsheet (Excel, LibreOffice, Google Sheets) reads a cell starting with one of these as a formula
# (OWASP "CSV Injection"); the full-width forms are read as the ASCII ones by some versions of Excel.
FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r", "\n", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def one_line_name(text: str) -> str:
    """A name (file id, file name, party name) with only visible characters: line and tab controls become
    spaces, other control characters, bidi controls and lone surrogates are removed, the ends are trimmed.
    Inner spaces are kept as they are (existing file ids hold double spaces)."""
    return _DROPPED.sub("", _SPACING.sub(" ", text)).strip()


REVIEWER_NAME_MAX = 80  # the sidebar's "Your name" box and every stored decision's reviewer


def reviewer_name(text: str | None) -> str:
    """The name stored with a reviewer's decision: one line (`one_line_name`), at most REVIEWER_NAME_MAX
    characters; "" when nothing is left (callers refuse to store a decision without a name)."""
    return one_line_name(text or "")[:REVIEWER_NAME_MAX]


def multiline_text(text: str) -> str:
    """Free text (a quote) without control characters other than newline and tab; CR LF and lone CR become
    LF."""
    return _DROPPED_MULTILINE.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))


def csv_cell(value: Any) -> Any:
    """A cell for a CSV or spreadsheet export: a string that a spreadsheet would read as a formula gets a
    leading apostrophe (OWASP), which the spreadsheet shows as text; numbers, dates and None are kept."""
    if isinstance(value, str) and value.startswith(FORMULA_PREFIXES):
        return "'" + value
    return value


def csv_row(row: dict[str, Any]) -> dict[str, Any]:
    """`csv_cell` over every value of a row."""
    return {key: csv_cell(value) for key, value in row.items()}


def printable(text: str) -> str:
    """`text` as valid UTF-8 on one line: undecodable bytes (surrogate escapes), lone surrogates and control
    or line-breaking characters (a file name may hold a newline) become escapes."""
    try:
        valid = text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a lone surrogate that is not an escaped byte
        valid = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return "".join(_escape(ch) for ch in valid)


def _escape(ch: str) -> str:
    if unicodedata.category(ch) in ("Cc", "Zl", "Zp"):
        return ch.encode("unicode_escape").decode("ascii")
    return ch
