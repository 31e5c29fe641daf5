"""Readers for CUAD's expert labels (`labels_dev.csv`, master_clauses format) and its text files.

File names differ between the labels and the files on disk (`&` became `_`, stray spaces, quotes,
accents), so both sides are matched on `name_key`: lowercase ASCII letters and digits only.
"""

from __future__ import annotations

import ast
import csv
import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from core.vocab import CUAD_CATEGORIES

csv.field_size_limit(10_000_000)
SHINGLE = 5
COVERAGE = 0.5


def name_key(name: str) -> str:
    """Matching key for a CUAD file name: extension dropped, lowercase letters and digits only."""
    stem = re.sub(r"\.(pdf|txt)$", "", name.strip(), flags=re.IGNORECASE)
    ascii_only = unicodedata.normalize("NFKD", stem).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]", "", ascii_only.lower())


@dataclass(frozen=True)
class CategoryLabel:
    """One category of one contract: the annotated text spans and the normalised answer."""

    contexts: tuple[str, ...]
    answer: str


@dataclass
class LabelledContract:
    """One row of the labels file."""

    filename: str
    labels: dict[str, CategoryLabel] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return name_key(self.filename)


def _parse_contexts(cell: str) -> tuple[str, ...]:
    cell = (cell or "").strip()
    if not cell or cell == "[]":
        return ()
    try:
        value = ast.literal_eval(cell)
    except (ValueError, SyntaxError):
        return (cell,)
    return tuple(str(v) for v in value) if isinstance(value, (list, tuple)) else (str(value),)


def _answer_column(header: list[str], category: str) -> str | None:
    # The CSV spells one answer column "Notice Period To Terminate Renewal- Answer".
    for name in (f"{category}-Answer", f"{category}- Answer"):
        if name in header:
            return name
    return None


def load_labels(path: Path) -> list[LabelledContract]:
    """Read a master_clauses-format CSV into one `LabelledContract` per row."""
    with Path(path).open(newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        header = list(reader.fieldnames or [])
        rows = []
        for row in reader:
            contract = LabelledContract(filename=row["Filename"])
            for category in CUAD_CATEGORIES:
                if category not in header:
                    continue
                answer_col = _answer_column(header, category)
                answer = (row.get(answer_col) or "").strip() if answer_col else ""
                contract.labels[category] = CategoryLabel(_parse_contexts(row[category]), answer)
            rows.append(contract)
    return rows


def index_texts(texts_dir: Path) -> dict[str, Path]:
    """Map `name_key` -> text file for every .txt file in a directory."""
    return {name_key(p.name): p for p in sorted(Path(texts_dir).glob("*.txt"))}


def read_text(path: Path) -> str:
    """Read a CUAD text file (UTF-8, with a latin-1 fallback for the few odd files)."""
    raw = Path(path).read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def split_of(filename: str) -> str:
    """'A' or 'B': the dev split of a labelled contract, the first byte of the SHA-1 of its file name's matching
    key, even or odd (clause retrieval and the clause classifier: tuned on A, B held out)."""
    return "AB"[hashlib.sha1(name_key(filename).encode()).digest()[0] % 2]


def words(text: str) -> list[str]:
    """Lower-case word tokens, as span coverage compares them."""
    return re.findall(r"\w+", text.lower())


def shingles(tokens: list[str]) -> list[tuple[str, ...]]:
    """The SHINGLE-word shingles of a token list (one shingle of all of them when shorter)."""
    if len(tokens) < SHINGLE:
        return [tuple(tokens)] if tokens else []
    return [tuple(tokens[i:i + SHINGLE]) for i in range(len(tokens) - SHINGLE + 1)]


def covers(section_text: str, span: str) -> bool:
    """Whether a text covers a labelled span: at least half of the span's 5-word shingles (lower-case word
    tokens) occur in it; a span of fewer than 5 words must occur whole."""
    tokens, span_words = words(section_text), words(span)
    if not span_words:
        return False
    if len(span_words) < SHINGLE:
        return f" {' '.join(span_words)} " in f" {' '.join(tokens)} "
    have = set(shingles(tokens))
    wanted = shingles(span_words)
    return sum(1 for s in wanted if s in have) >= COVERAGE * len(wanted)
