"""The document layer of the 510 CUAD texts on the real graph: `python -m ingest load-texts` matches every
text to its contract, writes exactly what the parser found (checked per document against an independent
reading of `parse_document`), and loading again leaves identical counts."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from core.vocab import CUAD_CATEGORIES
from graph.documents.rows import LAYER_VERSION
from graph.reads.repository import graph_counts
from graph.server.config import REPO_ROOT
from graph.server.db import read, write
from ingest.clause_model.predict import document_clauses
from ingest.cuad_labels import read_text
from ingest.document import ParsedDocument, parse_document
from ingest.document.classify import document_categories
from ingest.layer import load_texts, match_texts
from ingest.renewals.rows import RENEWAL_VERSION
from tests.conftest import TEXTS

pytestmark = pytest.mark.integration

BELLICUM = "BELLICUMPHARMACEUTICALS,INC_05_07_2019-EX-10.1-Supply Agreement"
# The graph spells the accent decomposed (E + U+0301), the text file's name precomposed (U+00C9).
LECLANCHE = "LECLANCHE\u0301 S.A. - JOINT DEVELOPMENT AND MARKETING AGREEMENT"
LABELS = "MATCH (n) RETURN labels(n)[0] AS label, count(*) AS n ORDER BY label"
TYPES = "MATCH ()-[r]->() RETURN type(r) AS type, count(*) AS n ORDER BY type"
LAYER_COUNTS = """
MATCH (d:Document {file_id: $file_id})
RETURN COUNT { MATCH (s:Section {file_id: $file_id}) } AS sections,
       COUNT { (d)-[:HAS_SECTION]->(:Section) } AS top,
       COUNT { MATCH (:Section {file_id: $file_id})-[:HAS_SUBSECTION]->() } AS children,
       COUNT { MATCH (:Section {file_id: $file_id})-[:REFERENCES]->() } AS references,
       COUNT { MATCH (:Section {file_id: $file_id})-[:UNRESOLVED_REFERENCE]->(d) } AS unresolved,
       COUNT { (d)-[:HAS_TERM]->(:DefinedTerm) } AS terms,
       COUNT { MATCH (:Section {file_id: $file_id})-[:DEFINES]->() } AS defines,
       COUNT { MATCH (:Section {file_id: $file_id})-[:USES_TERM]->() } AS uses,
       COUNT { MATCH (:Section {file_id: $file_id})-[:IS_CLAUSE_OF_TYPE]->() } AS clause_types
"""


@pytest.fixture(scope="session")
def document_layer(driver) -> None:
    """Every CUAD text's layer in the graph (written once; later sessions find it up to date)."""
    load_texts(driver, TEXTS, only_missing=True)


def expected_counts(doc: ParsedDocument) -> dict[str, int]:
    """What the layer must hold for one parsed document: nothing dropped, nothing duplicated."""
    numbers = {s.number for s in doc.sections}
    terms = {d.term for d in doc.definitions}
    refs = [r for r in doc.references if r.source_number in numbers]
    return {
        "sections": len(doc.sections),
        "top": sum(1 for s in doc.sections if s.parent_number is None),
        "children": sum(1 for s in doc.sections if s.parent_number is not None),
        "references": len({(r.source_number, r.target_number, r.text) for r in refs if r.target_number in numbers}),
        "unresolved": len({(r.source_number, r.text, r.external) for r in refs if r.target_number not in numbers}),
        "terms": len(terms),
        "defines": len({(d.section_number, d.term) for d in doc.definitions}),
        "uses": len({(u.section_number, u.term) for u in doc.term_uses if u.term in terms}),
        "clause_types": sum(len(c.typed) for c in document_clauses(doc, document_categories(doc)).values()),
    }


def test_every_text_matches_its_contract(driver) -> None:
    file_ids = [r["f"] for r in read(driver, "MATCH (c:Contract) RETURN c.file_id AS f")]
    matched, unmatched = match_texts(file_ids, TEXTS)
    assert len(matched) == 510 and unmatched == []
    by_key = sorted(f for f, path in matched.items() if path.stem != f)
    # Four file names end in a space (the graph's file_id is trimmed) and one spells its accent differently:
    # those match through ingest.cuad_labels.name_key.
    assert matched[LECLANCHE].stem == "LECLANCH\u00c9 S.A. - JOINT DEVELOPMENT AND MARKETING AGREEMENT"
    assert by_key == sorted(["ADMA BioManufacturing, LLC -  Amendment #3 to Manufacturing Agreement", LECLANCHE,
                             "Monsanto Company - SECOND A_R EXCLUSIVE AGENCY AND MARKETING AGREEMENT",
                             "PACIRA PHARMACEUTICALS, INC. - A_R STRATEGIC LICENSING, DISTRIBUTION AND "
                             "MARKETING AGREEMENT", "Sonos, Inc. - Manufacturing Agreement"])
    assert [matched[f].stem for f in by_key if f != LECLANCHE] == [f + " " for f in by_key if f != LECLANCHE]


@pytest.mark.parametrize("file_id", [BELLICUM, LECLANCHE, "ABILITYINC_06_15_2020-EX-4.25-SERVICES AGREEMENT",
                                     "VERTICALNETINC_04_01_2002-EX-10.19-MAINTENANCE AND SUPPORT AGREEMENT"])
def test_layer_holds_what_the_parser_found(driver, document_layer, file_id: str) -> None:
    path = match_texts([file_id], TEXTS)[0][file_id]
    doc = parse_document(read_text(path), file_id)
    assert read(driver, LAYER_COUNTS, {"file_id": file_id})[0] == expected_counts(doc)
    stored = read(driver, "MATCH (d:Document {file_id: $f}) RETURN d.text AS t, d.layer_version AS v",
                  {"f": file_id})
    assert stored == [{"t": read_text(path), "v": LAYER_VERSION}]


def test_bellicum_sections_references_and_terms(driver, document_layer) -> None:
    rows = read(driver, """
        MATCH (s:Section {file_id: $f, number: '4.6'})-[r:REFERENCES]->(t:Section)
        RETURN s.title AS title, r.text AS text, t.number AS target,
               [(p:Section)-[:HAS_SUBSECTION]->(s) | p.number] AS parents,
               [(s)-[:USES_TERM]->(d:DefinedTerm) | d.term] AS terms,
               [(s)-[:IS_CLAUSE_OF_TYPE]->(c:ClauseType) | c.name] AS types""", {"f": BELLICUM})
    assert len(rows) == 1
    row = rows[0]
    assert (row["title"], row["text"], row["target"], row["parents"]) == \
        ("Rights to Master Files", "Section 4.5", "4.5", ["Article 4"])
    assert sorted(row["terms"]) == ["Bellicum", "Master File", "Miltenyi"]
    assert set(row["types"]) <= set(CUAD_CATEGORIES)
    defined = read(driver, "MATCH (s:Section)-[:DEFINES]->(t:DefinedTerm {file_id: $f, term: 'Master File'}) "
                           "RETURN s.number AS n, t.definition AS d", {"f": BELLICUM})
    assert [r["n"] for r in defined] == ["1.1"] and defined[0]["d"].startswith("means any Type II Master File")


def test_clause_types_are_cuad_categories(driver, document_layer) -> None:
    names = [r["n"] for r in read(driver, "MATCH (t:ClauseType) RETURN t.name AS n")]
    assert names and set(names) <= set(CUAD_CATEGORIES)
    orphans = read(driver, "MATCH (t:ClauseType) WHERE NOT (t)<-[:IS_CLAUSE_OF_TYPE]-() RETURN count(t) AS n")
    assert orphans == [{"n": 0}]


def _snapshot(driver) -> tuple:
    return graph_counts(driver), read(driver, LABELS), read(driver, TYPES)


def _totals(driver) -> dict[str, int]:
    return read(driver, """
        RETURN COUNT { MATCH (d:Document) WHERE d.layer_version IS NOT NULL } AS documents,
               COUNT { MATCH (:Section) } AS sections, COUNT { MATCH ()-[:REFERENCES]->() } AS references,
               COUNT { MATCH ()-[:UNRESOLVED_REFERENCE]->() } AS unresolved,
               COUNT { MATCH (:DefinedTerm) } AS terms, COUNT { MATCH (:Footnote) } AS footnotes""")[0]


def test_load_texts_cli_twice_gives_identical_counts(driver, document_layer) -> None:
    before = _snapshot(driver)
    done = subprocess.run([sys.executable, "-m", "ingest", "load-texts", str(TEXTS)], cwd=REPO_ROOT,
                          capture_output=True, text=True, check=False, timeout=900)
    assert done.returncode == 0, done.stderr
    assert "510document" in done.stderr.replace(" ", "")  # tqdm progress on stderr
    # The layer's summary line; the families line that follows it (docs/FAMILIES.md) has numbers of its own.
    layer = next(line for line in done.stdout.splitlines() if line.startswith("Document layer:"))
    numbers = dict(zip(("documents", "sections", "references", "unresolved", "terms", "footnotes", "up_to_date",
                        "unmatched"), map(int, re.findall(r"\d+", layer)), strict=True))
    assert numbers["documents"] == 510 and numbers["up_to_date"] == numbers["unmatched"] == 0
    assert _snapshot(driver) == before
    assert _totals(driver) == {k: numbers[k] for k in _totals(driver)}


def test_if_missing_skips_documents_already_loaded(driver, document_layer) -> None:
    summary = load_texts(driver, Path(TEXTS), only_missing=True)
    assert (summary.documents, summary.up_to_date) == (0, 510)


def test_if_missing_rewrites_renewal_facts_an_older_rule_version_wrote(driver, document_layer) -> None:
    # The background build runs `load-texts --if-missing` at every start: facts from older renewal rules are
    # re-read even when the layer's own version did not change.
    facts = ("MATCH (c:Contract) WHERE c.file_id IN $ids RETURN c.file_id AS id, c.renewal_version AS version, "
             "c.renewal_type AS type, toString(c.term_end) AS end, c.notice_span_days AS notice ORDER BY id")
    ids = sorted(r["file_id"] for r in read(driver, "MATCH (d:Document) RETURN d.file_id AS file_id LIMIT 2"))
    before = read(driver, facts, {"ids": ids})
    assert {r["version"] for r in before} == {RENEWAL_VERSION}
    write(driver, "MATCH (c:Contract {file_id: $id}) SET c.renewal_version = $old", {"id": ids[0],
                                                                                    "old": RENEWAL_VERSION - 1})
    summary = load_texts(driver, Path(TEXTS), only_missing=True, file_ids=ids)
    assert (summary.documents, summary.up_to_date) == (1, 1)
    assert read(driver, facts, {"ids": ids}) == before
