"""Upload pipeline against the real test database: LLM (scripted through the app's settings) and offline
engines on real CUAD PDFs, commit, search through `python -m graph`, entity resolution, embeddings, and
bad inputs that must write nothing. Every committed contract is deleted and the graph checked unchanged."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from langchain_core.embeddings import DeterministicFakeEmbedding

from core.errors import IngestError
from graph.documents.renewal_facts import term_evidence
from graph.documents.rows import layer_size
from graph.reads.repository import contract_details, graph_counts, search_parties
from graph.server.db import read
from graph.store.write import find_by_sha
from ingest.document import parse_document
from ingest.document.rows import document_rows
from ingest.ocr import ScanUnreadableError
from ingest.pdf import (
    CorruptPdfError,
    EmptyPdfError,
    EncryptedPdfError,
    NotAPdfError,
)
from ingest.pipeline import RULES, AlreadyIngested, commit_review, llm_engine, process_file, proposed_file_id
from ingest.renewals.rows import RENEWAL_VERSION
from ingest.resolve import auto_same_as, suggest_parties
from tests.ingest_support import (
    CURAEGIS,
    PDF_DIR,
    XENCOR,
    encrypted_pdf,
    exact_cleanup,
    real_pdf,
    text_renamed_pdf,
    truncated_pdf,
    write_script,
)
from tests.ocr_support import corrupt_scan

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(not PDF_DIR.is_dir(), reason="CUAD sample PDFs not present")]
STEM = Path(CURAEGIS).stem
DOCUMENT = ("MATCH (c:Contract {file_id: $file_id})-[:HAS_DOCUMENT]->(d:Document) "
            "RETURN d.text AS text, d.page_count AS pages, c.file_name AS file_name, c.extraction_engine AS engine")
FACTS = ("MATCH (c:Contract {file_id: $file_id}) RETURN c.renewal_type AS type, toString(c.term_end) AS end, "
         "c.notice_span_days AS notice, c.renewal_version AS version")


@pytest.fixture
def scripted(monkeypatch, tmp_path):
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "LLM_MODEL", "EMBEDDING_MODEL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LLM_PROVIDER", "scripted")
    monkeypatch.setenv("LLM_SCRIPT", str(write_script(tmp_path / "script.json")))


def graph_search(filter_: dict) -> dict:
    out = subprocess.run([sys.executable, "-m", "graph", "search", json.dumps(filter_)], capture_output=True,
                         text=True, check=False)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_llm_extraction_committed_and_found_by_graph_search(driver, scripted):
    engine = llm_engine()
    steps: list[str] = []
    with exact_cleanup(driver) as committed:
        review = process_file(real_pdf(CURAEGIS), CURAEGIS, driver, engine, progress=lambda m, f: steps.append(m))
        assert engine.label == "LLM scripted" and engine.tag == "llm:scripted"
        assert steps == ["Hashing the file", "Reading the text", "Read 3 pages (12,511 characters)",
                         "Extracting with LLM scripted", "Reading the renewal terms with LLM scripted",
                         "Looking up 2 parties among existing parties", "Ready for review"]
        assert review.file_id == f"{STEM}-2"  # the sample already holds this contract under its stem
        assert [s.exact.key for s in review.suggestions] == ["phoenixperformancellc", "torvecinc"]
        result = commit_review(driver, review, review.draft, auto_same_as(review.suggestions), on_duplicate="keep")
        committed.append(result.file_id)
        assert result.file_id == f"{STEM}-2" and not result.embedded
        found = graph_search({"parties": ["Phoenix Performance"], "min_effective_date": "2010-05-18",
                              "max_effective_date": "2010-05-18", "contract_types": ["Sponsorship"]})
        ours = {c["file_id"]: c for c in found["contracts"]}[result.file_id]
        assert found["total_count"] == 2  # the sample's record of the same contract, and the upload
        assert sorted((p["name"], p["role"]) for p in ours["parties"]) == [("Phoenix Performance, LLC", "vendor"),
                                                                           ("Torvec Inc.", "sponsor")]
        assert (ours["effective_date"], ours["end_date"], ours["contract_type"]) == \
            ("2010-05-18", "2010-10-31", "Sponsorship")
        assert ours["governing_law"] == {"country": "US", "state": "NY", "name": "New York, US"}
        document = read(driver, DOCUMENT, {"file_id": result.file_id})[0]
        pages = review.pages
        assert document == {"text": "\f".join(pages), "pages": 3, "file_name": CURAEGIS, "engine": "llm:scripted"}
        assert find_by_sha(driver, review.sha256) == result.file_id
        assert search_parties(driver, {"name": "torvec"})["parties"][0]["contract_count"] == 2
        # The model's renewal facts (tests.ingest_support.CURAEGIS_RENEWALS), stored like the rules engine's.
        assert review.renewal_note is None and result.note is None
        assert read(driver, FACTS, {"file_id": result.file_id}) == [{"type": "none", "end": "2010-10-31",
                                                                       "notice": None, "version": RENEWAL_VERSION}]
        evidence = {e["field"]: e for e in term_evidence(driver, result.file_id)}
        assert sorted(evidence) == ["expiration", "renewal_type"]
        text = document["text"]
        for row in evidence.values():
            assert (row["section_number"], row["section_title"], row["page"]) == ("1", "Term", 1)
            assert " ".join(text[row["start"]:row["end"]].split()) == row["quote"]
        assert evidence["expiration"]["value"] == "2010-10-31" and evidence["renewal_type"]["value"] == "none"
        assert evidence["expiration"]["quote"].startswith("The term of this Agreement (the \u201cTerm\u201d) shall")


def test_llm_renewal_reply_that_fails_stores_the_rules_engine_facts_with_a_note(driver, monkeypatch, tmp_path):
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "LLM_MODEL", "EMBEDDING_MODEL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LLM_PROVIDER", "scripted")  # no renewal turn: the renewal call gets a `Contract` call
    monkeypatch.setenv("LLM_SCRIPT", str(write_script(tmp_path / "script.json", renewals=None)))
    with exact_cleanup(driver) as committed:
        review = process_file(real_pdf(CURAEGIS), CURAEGIS, driver, llm_engine())
        result = commit_review(driver, review, review.draft, auto_same_as(review.suggestions), on_duplicate="keep")
        committed.append(result.file_id)
        assert result.note == review.renewal_note and result.note.startswith(
            "The language model's renewal answer was not usable (The model's output for the renewal terms is "
            "still invalid after one repair:")
        # The rules engine reads no renewal sentence in this text: type none, the term ends on the end date.
        assert read(driver, FACTS, {"file_id": result.file_id}) == [{"type": "none", "end": "2010-10-31",
                                                                       "notice": None, "version": RENEWAL_VERSION}]
        assert term_evidence(driver, result.file_id) == []


def test_same_pdf_twice_is_refused_with_a_link_target(driver):
    with exact_cleanup(driver) as committed:
        review = process_file(real_pdf(CURAEGIS), CURAEGIS, driver, RULES)
        committed.append(commit_review(driver, review, review.draft, auto_same_as(review.suggestions),
                                       on_duplicate="keep").file_id)
        before = graph_counts(driver)
        with pytest.raises(AlreadyIngested, match=f"already in the graph as '{STEM}-2'") as caught:
            process_file(real_pdf(CURAEGIS), "renamed copy.pdf", driver, RULES)
        assert caught.value.file_id == f"{STEM}-2"
        with pytest.raises(IngestError, match="already in the graph"):
            commit_review(driver, review, review.draft, {}, on_duplicate="keep")
        assert graph_counts(driver) == before


@pytest.mark.parametrize(("make", "error", "message"), [
    (text_renamed_pdf, NotAPdfError, "This file is not a PDF (it has no PDF header)."),
    (truncated_pdf, CorruptPdfError, "The PDF is truncated or corrupt: its end-of-file marker is missing."),
    (encrypted_pdf, EncryptedPdfError, "The PDF is password-protected. Remove the password and upload it again."),
    (corrupt_scan, ScanUnreadableError, "The PDF is a scan and OCR read no text on its 1 page(s)"),
    (lambda: b"", EmptyPdfError, "The file is empty (0 bytes). Please upload the PDF again."),
])
def test_bad_inputs_have_their_own_message_and_write_nothing(driver, make, error, message):
    before = graph_counts(driver)
    with pytest.raises(error) as caught:
        process_file(make(), "bad upload.pdf", driver, RULES)
    assert str(caught.value).startswith(message)
    assert graph_counts(driver) == before


def test_fuzzy_party_confirmed_as_existing_keeps_the_alias(driver):
    review = process_file(real_pdf(CURAEGIS), CURAEGIS, driver, RULES)
    # "Phoenix Performance" states no legal form: it is the graph's only legal entity of that name, "Phoenix
    # Performance, LLC", exactly as a load would decide (issue 29). "... Group" is another name: only fuzzy.
    bare = review.draft.parties[0].model_copy(update={"name": "Phoenix Performance"})
    assert suggest_parties(driver, [bare])[0].exact.key == "phoenixperformancellc"
    draft = review.draft.model_copy(update={"parties": [
        review.draft.parties[0].model_copy(update={"name": "Phoenix Performance Group"}), review.draft.parties[1]]})
    (fuzzy, exact) = suggest_parties(driver, draft.parties)
    assert fuzzy.exact is None and fuzzy.candidates[0].key == "phoenixperformancellc"
    assert fuzzy.candidates[0].score == 100.0 and exact.exact.key == "torvecinc"
    parties_before = graph_counts(driver)
    with exact_cleanup(driver) as committed:
        same_as = {"Phoenix Performance Group": "phoenixperformancellc", "Torvec Inc..": "torvecinc"}
        committed.append(commit_review(driver, review, draft, same_as, on_duplicate="keep").file_id)
        party = search_parties(driver, {"name": "phoenix performance"})["parties"]
        assert len(party) == 1 and party[0]["contract_count"] == 2
        assert "Phoenix Performance Group" in party[0]["aliases"]
        details = contract_details(driver, committed[0])
        assert sorted(p["key"] for p in details["parties"]) == ["phoenixperformancellc", "torvecinc"]
        # No new Party, Location or Jurisdiction: only the Contract and its Document, linked to two existing
        # parties (PARTY_TO), the existing New York jurisdiction (GOVERNED_BY) and the document (HAS_DOCUMENT),
        # plus the document layer parsed from its text (clause types already exist once the texts are loaded).
        rows = document_rows(parse_document(review.pages, committed[0]), committed[0])
        nodes, relationships = layer_size(rows)
        assert graph_counts(driver) == {"nodes": parties_before["nodes"] + 2 + nodes,
                                        "relationships": parties_before["relationships"] + 4 + relationships}


def test_embedding_is_stored_when_a_model_is_given(driver, scripted):
    embeddings = DeterministicFakeEmbedding(size=1536)
    review = process_file(real_pdf(CURAEGIS), CURAEGIS, driver, llm_engine())
    with exact_cleanup(driver) as committed:
        result = commit_review(driver, review, review.draft, {}, embeddings=embeddings, on_duplicate="keep")
        committed.append(result.file_id)
        stored = read(driver, "MATCH (c:Contract {file_id: $f}) RETURN c.embedding AS e", {"f": result.file_id})
        expected = embeddings.embed_query(review.draft.summary + "\n\n" + review.draft.contract_scope)
        assert result.embedded and stored[0]["e"] == pytest.approx(expected)


def test_104_page_contract_with_the_offline_engine(driver):
    review = process_file(real_pdf(XENCOR), XENCOR, driver, RULES)
    assert len(review.pages) == 104 and review.file_id == f"{Path(XENCOR).stem}-2"
    assert review.draft.effective_date == "2012-02-10" and review.evidence["governing_law"].evidence.page == 36
    assert [c.key for s in review.suggestions for c in s.candidates[:1]] == ["xencorinc",
                                                                            "boehringeringelheiminternationalgmbh"]
    with exact_cleanup(driver) as committed:
        committed.append(commit_review(driver, review, review.draft, auto_same_as(review.suggestions),
                                       on_duplicate="keep").file_id)
        assert read(driver, DOCUMENT, {"file_id": committed[0]})[0]["pages"] == 104


def test_file_ids_come_from_the_file_name(driver):
    assert proposed_file_id(driver, "/tmp/New Supplier, Inc. #7.pdf") == "New Supplier, Inc. #7"
    assert proposed_file_id(driver, CURAEGIS) == f"{STEM}-2"
