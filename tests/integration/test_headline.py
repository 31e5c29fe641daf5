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


def test_the_value_cards_sum_every_amount_by_currency(driver) -> None:
    """The cards read the sums from the (total_amount, currency) index, which holds only contracts with both: so
    every amount must have a currency (graph.store.currency assumes USD when nothing says), and the sums equal a
    plain read of every amount."""
    amounts = read(driver, "MATCH (c:Contract) WHERE c.total_amount IS NOT NULL "
                           "RETURN c.total_amount AS amount, c.currency AS currency")
    assert len(amounts) > 50 and all(r["currency"] for r in amounts)
    by_currency: dict[str, tuple[float, int]] = {}
    for r in amounts:
        total, n = by_currency.get(r["currency"], (0.0, 0))
        by_currency[r["currency"]] = (total + r["amount"], n + 1)
    cards = kpis(driver, today=date(2015, 1, 1))
    assert {v["currency"]: (pytest.approx(v["total"]), v["contracts"]) for v in cards["values_by_currency"]} == \
        by_currency
    assert cards["total_value_usd"] == pytest.approx(by_currency["USD"][0])


def test_the_headline_reads_no_status_or_amount() -> None:
    assert "renewal" not in HEADLINE and "amount" not in HEADLINE and "end_date" not in HEADLINE
