"""Known parties at review (issue 32): the NETGEAR distributor amendment's parties are the graph's existing NETGEAR
and Ingram Micro (exact after normalisation, linked by default), so a commit adds no party (it added "by and
between NETGEAR, Inc." as a new one: 1,108 -> 1,109)."""

from __future__ import annotations

import pytest

from graph.server.db import read
from ingest.pipeline import RULES, commit_review, process_file
from ingest.resolve import auto_same_as
from tests.ingest_support import NETGEAR, PDF_DIR, exact_cleanup, real_pdf

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(not PDF_DIR.is_dir(), reason="CUAD sample PDFs not present")]
PARTIES = "MATCH (p:Party) RETURN count(p) AS n"
PARTY_OF = "MATCH (p:Party)-[:PARTY_TO]->(:Contract {file_id: $file_id}) RETURN p.key AS key ORDER BY key"


def test_extracted_parties_are_the_existing_ones_and_no_party_is_added(driver):
    review = process_file(real_pdf(NETGEAR), NETGEAR, driver, RULES)
    assert [(s.name, s.exact.key if s.exact else None) for s in review.suggestions] == [
        ("NETGEAR, Inc.", "netgearinc"), ("Ingram Micro", "ingrammicroinc")]  # the one Ingram Micro entity
    parties = read(driver, PARTIES)[0]["n"]
    with exact_cleanup(driver) as committed:
        done = commit_review(driver, review, review.draft, auto_same_as(review.suggestions), on_duplicate="keep")
        committed.append(done.file_id)
        assert read(driver, PARTIES)[0]["n"] == parties
        assert [r["key"] for r in read(driver, PARTY_OF, {"file_id": done.file_id})] == ["ingrammicroinc", "netgearinc"]
