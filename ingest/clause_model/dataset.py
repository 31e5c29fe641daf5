"""The clause classifier's examples: every section of the labelled dev contracts, with CUAD's expert spans
mapped onto it (pure text processing, no database).

Two mappings, both by `ingest.cuad_labels.covers` (half of a span's 5-word shingles):

* `positive`: the categories of which the section's **own text** covers a labelled span, or whose span holds
  most of the section's own text (a short subsection inside a long span). Own text, not the subtree: a heading
  "12. MISCELLANEOUS" is no governing-law clause because its subsection is.
* `chunk_positive` (what the model learns, `chunks`): per chunk of the section's own text, the categories among
  `positive` whose span the chunk is part of (`chunks.chunk_holds`).
* `holds` (what the evaluation counts, as `evals.clauses` always has): the spans the section's **subtree**
  (its text with its subsections) covers, so a found heading whose subsection holds the span is right too.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from core.vocab import CUAD_CATEGORIES
from ingest.clause_model.chunks import chunk_holds, split_chunks
from ingest.cuad_labels import (
    COVERAGE,
    SHINGLE,
    LabelledContract,
    index_texts,
    load_labels,
    read_text,
    shingles,
    split_of,
    words,
)
from ingest.document.classify import document_categories
from ingest.document.models import ParsedDocument, Section
from ingest.layer_cache import parse_cached

log = logging.getLogger(__name__)
INSIDE_SPAN = 0.6  # share of a section's own shingles inside one span that makes the section part of it
MIN_SHINGLES = 3


@dataclass(frozen=True)
class Example:
    """One section of a labelled contract: what the model reads and what the labels say of it."""

    contract: str  # the labels file's file name
    split: str
    title: str
    text: str
    kind: str
    rules: frozenset[str]
    positive: frozenset[str] = frozenset()
    holds: dict[str, frozenset[int]] = field(default_factory=dict)  # category -> ids of the spans it holds
    # per chunk of `split_chunks(text)`: its categories; None: every chunk has the section's `positive`
    chunk_positive: tuple[frozenset[str], ...] | None = None


@dataclass
class Dataset:
    """All examples, and per category the number of labelled spans per contract (recall's denominator)."""

    examples: list[Example]
    spans: dict[str, dict[str, int]]  # category -> contract -> labelled spans

    def subset(self, split: str | None) -> Dataset:
        """The examples and spans of one split (None: all)."""
        if split is None:
            return self
        keep = [e for e in self.examples if e.split == split]
        spans = {c: {k: n for k, n in per.items() if split_of(k) == split} for c, per in self.spans.items()}
        return Dataset(keep, spans)


def _inside(own: list[tuple[str, ...]], span: set[tuple[str, ...]]) -> bool:
    return len(own) >= MIN_SHINGLES and sum(1 for s in own if s in span) >= INSIDE_SPAN * len(own)


def contract_examples(doc: ParsedDocument, contract: LabelledContract) -> tuple[list[Example], dict[str, int]]:
    """The examples of one parsed labelled contract and its number of spans per category."""
    labels = {c: contract.labels[c].contexts for c in CUAD_CATEGORIES if c in contract.labels}
    spans = {c: [shingles(words(s)) for s in labels.get(c, ()) if words(s)] for c in CUAD_CATEGORIES}
    rules = document_categories(doc)
    split = split_of(contract.filename)
    out = []
    for section in doc.sections:
        out.append(_example(doc, section, contract.filename, split, rules[section.number], spans))
    return out, {c: len(found) for c, found in spans.items() if found}


def _covered(have: set[tuple[str, ...]], flat: str, span: list[tuple[str, ...]]) -> bool:
    """`covers` with the text's shingles precomputed (a short span: one shingle, matched in the flat text)."""
    if len(span) == 1 and len(span[0]) < SHINGLE:
        return f" {' '.join(span[0])} " in flat
    return sum(1 for s in span if s in have) >= COVERAGE * len(span)


def _example(doc: ParsedDocument, section: Section, name: str, split: str, rules: list[str],
             spans: dict[str, list[list[tuple[str, ...]]]]) -> Example:
    own_words, tree_words = words(section.text), words(doc.full_text(section.number))
    own, tree = shingles(own_words), set(shingles(tree_words))
    own_set, own_flat, tree_flat = set(own), f" {' '.join(own_words)} ", f" {' '.join(tree_words)} "
    positive, holds = set(), {}
    for category, found in spans.items():
        held = frozenset(i for i, span in enumerate(found) if _covered(tree, tree_flat, span))
        if held:
            holds[category] = held
            if any(_covered(own_set, own_flat, found[i]) or _inside(own, set(found[i])) for i in held):
                positive.add(category)
    span_sets = {c: [set(s) for s in spans[c]] for c in positive}
    chunk_positive = tuple(frozenset(c for c in positive if chunk_holds(chunk, span_sets[c]))
                           for chunk in split_chunks(section.text))
    return Example(name, split, section.title, section.text, section.kind, frozenset(rules), frozenset(positive),
                   holds, chunk_positive)


def _one(item: tuple[LabelledContract, str]) -> tuple[list[Example], dict[str, int]]:
    contract, path = item
    return contract_examples(parse_cached(read_text(Path(path)), contract.filename), contract)


def build_dataset(labels_csv: Path, texts_dir: Path, workers: int = 2, limit: int | None = None) -> Dataset:
    """Parse every labelled contract whose text is on disk (in `workers` processes) into examples."""
    texts = index_texts(texts_dir)
    items = []
    for contract in load_labels(labels_csv):
        path = texts.get(contract.key)
        if path is None:
            log.warning("no text for labelled contract %s", contract.filename)
            continue
        items.append((contract, str(path)))
    items = items[:limit]
    examples: list[Example] = []
    spans: dict[str, dict[str, int]] = {c: {} for c in CUAD_CATEGORIES}
    for (contract, _), (found, counts) in zip(items, _parsed(items, workers), strict=True):
        examples += found
        for category, n in counts.items():
            spans[category][contract.filename] = n
    return Dataset(examples, spans)


def _parsed(items: list[tuple[LabelledContract, str]], workers: int) -> Iterator[tuple[list[Example], dict]]:
    if workers <= 1:
        yield from map(_one, items)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_one, items, chunksize=4)


__all__ = ["Dataset", "Example", "build_dataset", "contract_examples"]
