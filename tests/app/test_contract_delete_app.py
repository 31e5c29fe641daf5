"""The Contract page's "Delete this contract" in AppTest against the real graph: a wrong confirmation deletes
nothing; the file id typed deletes the contract with its decisions, clears the URL and says so; the graph's
counts and every party's aliases are then exactly as before the contract was committed (exact_cleanup)."""

from __future__ import annotations

import pytest

from components.formatting import escape_md
from graph.server.db import read
from graph.store.clause_decisions import record_decision
from graph.store.write import CommitRequest, commit_contract
from tests.app.shown import open_contract
from tests.ingest_support import exact_cleanup

pytestmark = pytest.mark.integration

FILE_ID = "TEST-DELETE-FROM-PAGE"
RECORD = {"file_id": FILE_ID, "summary": "A wrong upload", "contract_type": "Supply",
          "parties": [{"name": "Delete Page Test Co", "role": "Buyer"}]}
TYPED = f"contract_delete_typed_{FILE_ID}"
SUBMIT = f"FormSubmitter:contract_delete_{FILE_ID}-Delete permanently"
STORED = "MATCH (c:Contract {file_id: $f}) RETURN c.file_id AS f UNION MATCH (d:ClauseDecision {file_id: $f}) " \
         "RETURN d.file_id AS f"


def test_delete_needs_the_file_id_then_removes_the_contract_and_its_decisions(driver) -> None:
    request = CommitRequest(record=RECORD, sha256="ef" * 32, file_name="wrong upload.pdf", pages=["Page one"],
                            engine="rules")
    with exact_cleanup(driver) as committed:
        committed.append(commit_contract(driver, request))
        record_decision(driver, FILE_ID, "Audit Rights", "confirmed", "Rev")
        title = read(driver, "MATCH (c:Contract {file_id: $f}) RETURN c.title AS t", {"f": FILE_ID})[0]["t"]
        at = open_contract(FILE_ID, contract_tab="Overview")
        at.text_input(key=TYPED).input("TEST-DELETE")
        at.button(key=SUBMIT).click().run()
        assert [e.value for e in at.error] == ["The file id typed does not match this contract's; nothing was "
                                               "deleted."]
        assert len(read(driver, STORED, {"f": FILE_ID})) == 1  # the contract (the decision has the same id)

        at.text_input(key=TYPED).input(FILE_ID)
        at.button(key=SUBMIT).click().run()
        assert not at.exception and not at.error
        assert [s.value for s in at.success] == [escape_md(f"Deleted {title} ({FILE_ID}).")]
        assert read(driver, STORED, {"f": FILE_ID}) == []
        assert "file_id" not in at.query_params and at.info[0].value.startswith("Choose a contract above")
