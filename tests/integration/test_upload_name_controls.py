"""An upload's name reaches the file id, the stored file name and the .ics (issue 27, finding 10): control
characters (CR, NUL, ESC), a right-to-left override and a lone surrogate are left out, so the stored ids
are visible text and the review never fails on a name it cannot encode."""

from __future__ import annotations

import pytest

from graph.server.db import read
from graph.store.prepare import prepare
from ingest.pipeline import RULES, commit_review, process_file
from ingest.resolve import auto_same_as
from tests.ingest_support import CURAEGIS, exact_cleanup, real_pdf

pytestmark = pytest.mark.integration

HOSTILE = "Evil\rName\x00 \x1b[2J\u202efdp.exe\ud800 deal.pdf"
CLEAN_ID = "Evil Name [2Jfdp.exe deal"
STORED = "MATCH (c:Contract {file_id: $file_id}) RETURN c.file_id AS file_id, c.file_name AS file_name"


def test_an_upload_name_with_control_characters_gives_a_clean_file_id(driver) -> None:
    review = process_file(real_pdf(CURAEGIS), HOSTILE, driver, RULES)
    assert (review.file_id, review.file_name) == (CLEAN_ID, CLEAN_ID + ".pdf")
    with exact_cleanup(driver) as committed:
        done = commit_review(driver, review, review.draft, auto_same_as(review.suggestions), on_duplicate="keep")
        committed.append(done.file_id)
        assert done.file_id == CLEAN_ID
        assert read(driver, STORED, {"file_id": CLEAN_ID}) == [{"file_id": CLEAN_ID, "file_name": CLEAN_ID + ".pdf"}]


def test_seed_records_lose_control_characters_in_file_ids_and_party_names() -> None:
    prepared = prepare([{"file_id": " A\x00B\u202eC\r\n", "parties": [{"name": "Acme\x1b Inc.\u2066", "role": "x"}]}])
    assert [c.file_id for c in prepared.contracts] == ["ABC"]
    assert [p.name for p in prepared.parties.values()] == ["Acme Inc."]
