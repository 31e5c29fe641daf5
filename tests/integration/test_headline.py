"""The sidebar's headline numbers and the Overview's cards count what they say, checked against a plain read of
every contract (not the same statements): "No end date" is every contract less those with one (the end_date
index counts those), and the sidebar's four facts come from their own light statement (graph.reads.cypher
HEADLINE), never from the Overview's status and amount arithmetic."""

from __future__ import annotations

from datetime import date

import pytest

from graph.reads.cypher import HEADLINE
from graph.reads.repository import headline, kpis, overview
from graph.server.db import read

pytestmark = pytest.mark.integration

EVERY_CONTRACT = """MATCH (c:Contract)
RETURN c.end_date IS NULL AS no_end, c.source = 'sample' AS sample, EXISTS { (c)-[:HAS_DOCUMENT]->() } AS text"""


def test_headline_and_cards_equal_a_plain_count(driver, sample_records) -> None:
    rows = read(driver, EVERY_CONTRACT)
    parties = len(read(driver, "MATCH (p:Party) RETURN p.key AS key"))
    assert len(rows) == len(sample_records)
    has_sample = any(r["sample"] for r in rows)
    assert headline(driver) == {"contracts": len(rows), "parties": parties, "has_sample": has_sample,
                                "with_text": sum(r["text"] for r in rows)}
    cards = kpis(driver, today=date(2015, 1, 1))
    assert cards["no_end_date"] == sum(r["no_end"] for r in rows) > 0
    assert (cards["contracts"], cards["parties"]) == (len(rows), parties)
    assert overview(driver, today=date(2015, 1, 1)) == {**headline(driver), **cards}


def test_the_headline_reads_no_status_or_amount() -> None:
    assert "renewal" not in HEADLINE and "amount" not in HEADLINE and "end_date" not in HEADLINE
