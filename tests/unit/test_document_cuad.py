"""The parser on the CUAD corpus: cross-reference resolution on dev contracts, and structural invariants
(plus the elapsed time, reported, not asserted) over all 510 texts."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from ingest.cuad_labels import index_texts, load_labels, read_text
from ingest.document import ParsedDocument
from tests.conftest import ParsedCorpus

CUAD = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "cuad"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
# Chooses the documents, independently of the parser: a "Section/Paragraph x.y" mention in the raw text.
HAS_XY_REFERENCE = re.compile(r"\b(?:Section|Paragraph|SECTION|PARAGRAPH|section|paragraph)s?\s+\d+\.\d+")
# Which parsed references are measured: numbered ones introduced by section/paragraph/clause keywords.
MEASURED = re.compile(r"^(?:sub-?)?(?:sections?|paragraphs?|clauses?|§+)\s*,?\s*\d", re.IGNORECASE)
N_DOCS = 60


def _dev_documents() -> list[Path]:
    """The first 60 dev-label contracts (labels file order) whose text mentions a "Section x.y"."""
    texts = index_texts(CUAD / "txt")
    chosen = []
    for contract in load_labels(CUAD / "labels_dev.csv"):
        path = texts.get(contract.key)
        if path and HAS_XY_REFERENCE.search(read_text(path)):
            chosen.append(path)
    return chosen[:N_DOCS]


def _measure(paths: list[Path], corpus: ParsedCorpus) -> tuple[int, int, int, list[str], list[tuple[float, int, str]]]:
    """(internal references, resolved, external, unresolved lines, per-document rates)."""
    total = resolved = external = 0
    unresolved: list[str] = []
    per_doc: list[tuple[float, int, str]] = []
    for path in paths:
        parsed = corpus.docs[path.name]
        measured = [r for r in parsed.references if MEASURED.match(r.text)]
        external += sum(r.external for r in measured)
        internal = [r for r in measured if not r.external]
        hits = sum(r.target_number is not None for r in internal)
        total, resolved = total + len(internal), resolved + hits
        per_doc.append((hits / len(internal) if internal else 1.0, len(internal), path.name))
        unresolved += [f"{path.name[:70]} | {r.source_number} | {r.text}" for r in internal if r.target_number is None]
    return total, resolved, external, unresolved, per_doc


def _held_out_documents() -> list[Path]:
    """Contracts outside the dev labels with a "Section x.y" mention (reported only, never asserted)."""
    dev = {c.key for c in load_labels(CUAD / "labels_dev.csv")}
    return [p for k, p in sorted(index_texts(CUAD / "txt").items())
            if k not in dev and HAS_XY_REFERENCE.search(read_text(p))]


def test_cross_references_resolve_in_dev_contracts(cuad_corpus: ParsedCorpus):
    docs = _dev_documents()
    assert len(docs) == N_DOCS
    total, resolved, external, unresolved, per_doc = _measure(docs, cuad_corpus)
    rate = resolved / total
    held = _held_out_documents()
    held_total, held_resolved, *_ = _measure(held, cuad_corpus)
    lines = [f"documents: {len(docs)}", f"internal section/paragraph/clause references: {total}",
             f"resolved: {resolved} ({rate:.3f})", f"external (other instruments, not counted): {external}",
             f"held-out check, {len(held)} non-dev documents: {held_resolved}/{held_total} "
             f"({held_resolved / held_total:.3f})", "", "per document (rate, references, file):"]
    lines += [f"  {r:.3f} {n:4d} {name}" for r, n, name in sorted(per_doc)]
    lines += ["", "unresolved:"] + [f"  {u}" for u in unresolved]
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "xref_report.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"\nxref resolution: {resolved}/{total} = {rate:.3f} over {len(docs)} dev documents "
          f"({external} external references excluded); {lines[4]}; unresolved examples:")
    for line in unresolved[:15]:
        print("  ", line)
    assert total > 1000
    assert rate >= 0.90


def _check_invariants(doc: ParsedDocument) -> None:
    numbers = [s.number for s in doc.sections]
    assert numbers[0] == "preamble" and len(set(numbers)) == len(numbers)
    position = {n: i for i, n in enumerate(numbers)}
    for section in doc.sections:
        if section.parent_number is not None:
            parent = doc.section(section.parent_number)
            assert position[parent.number] < section.ordinal and section.level == parent.level + 1
    starts = [s.start for s in doc.sections]
    assert starts == sorted(starts)
    assert {r.source_number for r in doc.references} <= set(numbers)
    assert {r.target_number for r in doc.references if r.target_number} <= set(numbers)
    assert all(r.target_number is None for r in doc.references if r.external)
    defined = {d.term for d in doc.definitions}
    assert len(defined) == len(doc.definitions) and {u.term for u in doc.term_uses} <= defined
    # every non-blank character of the document is in exactly one section's own text
    owned = sum(len(re.sub(r"\s", "", s.text)) for s in doc.sections)
    assert owned == len(re.sub(r"\s", "", doc.text))


@pytest.mark.timeout(300)
def test_all_cuad_texts_parse_with_consistent_structure(cuad_corpus: ParsedCorpus):
    paths = sorted((CUAD / "txt").glob("*.txt"))
    assert len(paths) == 510
    assert list(cuad_corpus.docs) == [p.name for p in paths]
    docs = list(cuad_corpus.docs.values())
    elapsed = cuad_corpus.seconds  # the session's one parse of the corpus (tests/conftest.py: cuad_corpus)
    totals = Counter()
    for doc in docs:
        _check_invariants(doc)
        totals.update(sections=len(doc.sections), references=len(doc.references), definitions=len(doc.definitions),
                      flat=len(doc.sections) <= 2)
    cached = len(docs) - cuad_corpus.parsed
    report = (f"parsed {cuad_corpus.parsed} CUAD texts ({cached} parses read from the layer cache) in "
              f"{elapsed:.1f} s; sections {totals['sections']}, "
              f"references {totals['references']}, definitions {totals['definitions']}, "
              f"documents with no heading found {totals['flat']}")
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "parse_timing.txt").write_text(report + "\n", encoding="utf-8")
    print("\n" + report)
    assert totals["flat"] < 40
