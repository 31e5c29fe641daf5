"""The Upload page through AppTest with the real st.file_uploader: live status, review form with confidence
and evidence, commit (cache cleared, link to the Contract page), discard, bad input and duplicates. The LLM
is the scripted model injected through the app's own settings (LLM_PROVIDER=scripted + LLM_SCRIPT)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs

import pytest

from components import routes
from graph.reads.repository import contract_details, graph_counts
from graph.store.duplicates import unlink_upload
from graph.store.write import find_by_sha
from ingest.pdf import sha256_of
from tests.app.shown import shown
from tests.app.test_chat_support import LLM_VARS, navigate_like_the_server, start_app, use_script
from tests.ingest_support import (
    CURAEGIS,
    CURAEGIS_CONTRACT,
    PDF_DIR,
    encrypted_pdf,
    exact_cleanup,
    real_pdf,
    text_renamed_pdf,
    truncated_pdf,
    write_script,
)

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(not PDF_DIR.is_dir(), reason="CUAD sample PDFs not present")]
PAGE = routes.UPLOAD_PAGE
FILE_ID = f"{Path(CURAEGIS).stem}-2"
NO_EDITS = {"edited_rows": {}, "added_rows": [], "deleted_rows": []}


@pytest.fixture
def offline(monkeypatch):
    navigate_like_the_server(monkeypatch)
    for name in LLM_VARS:
        monkeypatch.delenv(name, raising=False)
    at = start_app(PAGE)
    if any(r.key == "upload_engine" for r in at.radio):  # a developer's secrets.toml may configure an LLM
        at.radio(key="upload_engine").set_value("Offline rules (no model)").run()
    return at


def upload(at, *files: tuple[str, bytes]):
    at.file_uploader(key="upload_files").set_value([(name, data, "application/pdf") for name, data in files]).run()
    assert not at.exception, at.exception
    return at


def markdown(at) -> list[str]:
    return [shown(m.value) for m in at.markdown]


def link(at) -> tuple[str, str, dict[str, list[str]]]:
    """The one link to the Contract page in the main area (the chat side panel has links of its own)."""
    (page_link,) = [p for p in at.main.page_link if p.proto.page == "contract"]
    return shown(page_link.value), page_link.proto.page, parse_qs(page_link.proto.query_string)


def test_offline_engine_review_and_commit(driver, offline):
    at = offline
    assert any("Extraction engine: **offline rules**" in c.value for c in at.caption)
    with exact_cleanup(driver) as committed:
        upload(at, (CURAEGIS, real_pdf(CURAEGIS)))
        assert [(shown(s.label), s.state) for s in at.status] == [(f"{CURAEGIS}: ready for review", "complete")]
        steps = [m for m in markdown(at) if m.startswith(":material/arrow_right:")]
        assert [s.split(": ", 1)[1] for s in steps] == [
            "Hashing the file", "Reading the text", "Read 3 pages (12,511 characters)",
            "Extracting with offline rules", "Looking up 2 parties among existing parties", "Ready for review"]
        # The duplicate banner comes first in the review, before what the engine did not fill.
        assert shown(at.warning[0].value) == f"This is '{Path(CURAEGIS).stem}': same text (100% of its fingerprint)."
        assert at.warning[1].value.startswith("Not filled by offline rules: Summary, End date")
        assert "Renewal terms and notice periods are read from the text at commit (rules engine) and shown on the " \
               "Contract page." in [shown(c.value) for c in at.caption]
        assert markdown(at).count(":red-badge[:material/edit: not filled by offline rules]") == 5  # + clauses title
        assert at.selectbox(key="upload_1_contract_type").value == "Sponsorship"  # read off the title
        assert at.radio(key="upload_1_duplicate").value == "link"
        at.radio(key="upload_1_duplicate").set_value("keep")
        assert ":green-badge[confidence 0.90] p.1: “May 18, 2010”" in markdown(at)
        assert at.text_input(key="upload_1_effective_date").value == "2010-05-18"
        assert at.data_editor(key="upload_1_parties").value["name"].tolist() == ["Phoenix Performance, LLC",
                                                                                "Torvec Inc.."]
        at.selectbox(key="upload_1_contract_type").set_value("Sponsorship")
        at.text_area(key="upload_1_summary").set_value("Torvec sponsors a race car.")
        at.session_state["upload_1_parties"] = {**NO_EDITS, "edited_rows": {1: {"role": "Sponsor"}}}
        at.button(key="upload_1_commit").click().run()
        committed.append(FILE_ID)
        assert not at.exception and not at.error
        assert shown(at.success[0].value) == f"**{CURAEGIS}** was committed as {FILE_ID}."
        assert link(at) == (f"Open {FILE_ID} on the Contract page", "contract", {"file_id": [FILE_ID]})
        assert any("**511** contracts" in c.value for c in at.sidebar.caption)  # read caches were cleared
        details = contract_details(driver, FILE_ID)
        assert (details["contract_type"], details["summary"], details["effective_date"]) == \
            ("Sponsorship", "Torvec sponsors a race car.", "2010-05-18")
        assert sorted((p["key"], p["role"]) for p in details["parties"]) == [("phoenixperformancellc", "vendor"),
                                                                            ("torvecinc", "sponsor")]


def test_llm_review_flags_unsupported_values_and_validates_before_commit(driver, monkeypatch, tmp_path):
    navigate_like_the_server(monkeypatch)
    use_script(monkeypatch, tmp_path, [{"steps": [{"content": "", "tool_calls": [
        {"name": "Contract", "args": {**CURAEGIS_CONTRACT, "effective_date": "2010-06-01"}}]}]}])
    at = start_app(PAGE)
    assert at.radio(key="upload_engine").value == "LLM: scripted model"
    with exact_cleanup(driver) as committed:
        before = graph_counts(driver)
        upload(at, (CURAEGIS, real_pdf(CURAEGIS)))
        stored_as = f"Will be stored as file_id {FILE_ID} · 3 pages · engine: **LLM scripted**"
        assert any(shown(c.value).startswith(stored_as) for c in at.caption)
        assert at.text_area(key="upload_1_summary").value == CURAEGIS_CONTRACT["summary"]
        notes = markdown(at)
        assert ":orange-badge[:material/warning: low confidence 0.30] not found in the text: check it" in notes
        assert ":green-badge[confidence 0.85] p.1: “October 31, 2010”" in notes
        assert ":green-badge[confidence 0.60] no span in the text (written by the model)" in notes
        assert at.data_editor(key="upload_1_clauses").value["clause_type"].tolist() == ["Renewal & Termination"]
        # The script has no renewal turn: the review says so before the commit (it used to appear only after),
        # and that the rules engine's facts (none in this text) stand instead.
        captions = [shown(c.value) for c in at.caption]
        assert "No renewal terms were found in the text." in captions
        assert any(c.startswith(":material/info: The language model's renewal answer was not usable (The model's "
                                "output for the renewal terms is still invalid") and
                   c.endswith("the rules engine's renewal facts are used instead.") for c in captions)
        at.text_input(key="upload_1_effective_date").set_value("2010-18-05")
        at.button(key="upload_1_commit").click().run()
        assert "effective_date: Value error, month must be in 1..12" in shown(at.error[0].value)
        assert "Nothing was written." in shown(at.error[0].value) and graph_counts(driver) == before
        at.text_input(key="upload_1_effective_date").set_value("2010-05-18")
        at.radio(key="upload_1_duplicate").set_value("keep")
        at.button(key="upload_1_commit").click().run()
        committed.append(FILE_ID)
        assert shown(at.success[0].value) == f"**{CURAEGIS}** was committed as {FILE_ID}."
        details = contract_details(driver, FILE_ID)
        assert (details["effective_date"], details["end_date"], details["contract_type"]) == \
            ("2010-05-18", "2010-10-31", "Sponsorship")
        assert [c["type"] for c in details["clauses"]] == ["Renewal & Termination"]


def test_llm_renewal_facts_are_shown_with_their_quotes_before_the_commit(driver, monkeypatch, tmp_path):
    navigate_like_the_server(monkeypatch)
    use_script(monkeypatch, tmp_path, [])
    write_script(tmp_path / "script.json")  # the Contract turn and a RenewalFacts turn (CURAEGIS_RENEWALS)
    at = start_app(PAGE)
    before = graph_counts(driver)
    upload(at, (CURAEGIS, real_pdf(CURAEGIS)))
    captions = [shown(c.value) for c in at.caption]
    renewal = [c for c in captions if c.startswith(("Expiration:", "Renewal:", "Notice"))]
    assert renewal == [
        "Expiration: **2010-10-31** · §1 “The term of this Agreement (the \u201cTerm\u201d) shall commence on the "
        "Effective Date and conclude on October 31, 2010, unless renewed by agreement or sooner terminated in "
        "accordance with this Agreement.”",
        "Renewal: **none** · §1 “The term of this Agreement (the \u201cTerm\u201d) shall commence on the Effective "
        "Date and conclude on October 31, 2010, unless renewed by agreement or sooner terminated in accordance with "
        "this Agreement.”"]
    assert not any(c.startswith(":material/info:") for c in captions)  # the model's answer was used
    assert graph_counts(driver) == before  # nothing is written before the commit


def test_bad_files_show_their_message_and_write_nothing(driver, offline):
    before = graph_counts(driver)
    upload(offline, ("notes.pdf", text_renamed_pdf()), ("cut.pdf", truncated_pdf()), ("locked.pdf", encrypted_pdf()),
           ("empty.pdf", b""))
    assert [(shown(s.label), s.state) for s in offline.status] == [(f"{n}: failed", "error") for n in
                                                            ("notes.pdf", "cut.pdf", "locked.pdf", "empty.pdf")]
    assert [shown(e.value).split("\n\n")[0] for e in offline.error] == [
        "**notes.pdf**: This file is not a PDF (it has no PDF header). Upload the contract as a PDF.",
        "**cut.pdf**: The PDF is truncated or corrupt: its end-of-file marker is missing.",
        "**locked.pdf**: The PDF is password-protected. Remove the password and upload it again.",
        "**empty.pdf**: The file is empty (0 bytes). Please upload the PDF again.",
    ]
    assert not offline.exception and graph_counts(driver) == before


def test_discard_then_duplicate_upload_offers_the_existing_contract(driver, offline):
    at = offline
    before = graph_counts(driver)
    upload(at, (CURAEGIS, real_pdf(CURAEGIS)))
    at.button(key="upload_1_discard").click().run()
    assert f":material/delete: {CURAEGIS} was discarded; nothing was written." in [shown(c.value) for c in at.caption]
    assert graph_counts(driver) == before and not at.success
    with exact_cleanup(driver) as committed:
        upload(at, (CURAEGIS, real_pdf(CURAEGIS)))  # a new upload of the same file: processed again
        at.radio(key="upload_2_duplicate").set_value("keep")
        at.button(key="upload_2_commit").click().run()
        committed.append(FILE_ID)
        after_commit = graph_counts(driver)
        upload(at, ("same file, new name.pdf", real_pdf(CURAEGIS)))
        assert [(shown(s.label), s.state) for s in at.status] == [("same file, new name.pdf: already in the graph",
                                                           "complete")]
        assert shown(at.info[0].value) == f"This file is already in the graph as '{FILE_ID}'. Nothing was written."
        assert link(at) == (f"Open {FILE_ID}", "contract", {"file_id": [FILE_ID]})
        assert graph_counts(driver) == after_commit


def test_recognised_contract_is_linked_by_default_and_no_contract_is_added(driver, offline):
    at, existing = offline, Path(CURAEGIS).stem
    before = graph_counts(driver)
    upload(at, (CURAEGIS, real_pdf(CURAEGIS)))
    assert at.radio(key="upload_1_duplicate").options == [
        "Link the document to the existing contract (no new contract)",
        "Replace the existing contract with this upload", "Keep both (add this upload as a new contract)"]
    try:
        at.button(key="upload_1_commit").click().run()
        assert not at.exception and not at.error
        assert shown(at.success[0].value) == f"**{CURAEGIS}** was linked to the existing contract {existing}."
        assert [(shown(s.label), s.state) for s in at.status] == [(f"{CURAEGIS}: linked to {existing}", "complete")]
        assert link(at) == (f"Open {existing} on the Contract page", "contract", {"file_id": [existing]})
        assert graph_counts(driver) == before
        assert find_by_sha(driver, sha256_of(real_pdf(CURAEGIS))) == existing
    finally:
        unlink_upload(driver, existing, sha256_of(real_pdf(CURAEGIS)), CURAEGIS)
    assert graph_counts(driver) == before and find_by_sha(driver, sha256_of(real_pdf(CURAEGIS))) is None
