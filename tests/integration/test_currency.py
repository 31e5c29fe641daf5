"""The currency of every amount in the loaded sample, and aggregations that never add two currencies: compared with
an independent computation from contract_data.json and the reader (core.currency_reader)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import defaultdict

import pytest

from core.currency_reader import read_currency
from graph.reads.repository import search_contracts
from graph.server.db import read, write
from graph.store.currency import backfill_currencies
from graph.store.sample import SHARED_SAMPLE, sample_text
from graph.store.write import CommitRequest, commit_contract, delete_contract

# The four contracts issue 29 names: (file id prefix, amount, currency, a phrase of the sentence that says so).
NAMED = [
    ("FerroglobePlc_20150624_F-4A_EX-10.20", 200_000, "EUR", "TWO HUNDRED THOUSAND EUROS (200,000 €)"),
    ("LEJUHOLDINGSLTD_03_12_2014-EX-10.34", 200_000_000, "CNY", "RMB200 million"),
    ("CHINARECYCLINGENERGYCORP_11_14_2013-EX-10.6", 176_000_000, "CNY", "176 million RMB"),
    ("JINGWEIINTERNATIONALLTD_10_04_2007-EX-10.7", 5_000_000, "CNY", "RMB 1,000,000 per year"),
]
CURRENCY_OF = """
MATCH (c:Contract) WHERE c.file_id STARTS WITH $prefix
RETURN c.total_amount AS amount, c.currency AS currency, c.currency_source AS source,
       c.currency_evidence AS evidence
"""


@pytest.fixture(scope="module")
def expected_sums() -> dict[str, float]:
    """Sum per currency from the seed file: each usable amount with the currency the reader finds in the
    record's text, summary and scope."""
    sums: dict[str, float] = defaultdict(float)
    for record in json.loads(SHARED_SAMPLE.read_text(encoding="utf-8")):
        amount = record.get("total_amount")
        if not isinstance(amount, int | float) or amount < 0:
            continue
        reading = read_currency(float(amount), [("text", sample_text(record["file_id"])),
                                                ("summary", record.get("summary")),
                                                ("scope", record.get("contract_scope"))])
        assert reading is not None
        sums[reading.currency] += float(amount)
        sums["amounts"] += 1  # not a currency code: how many amounts were read
    return dict(sums)


@pytest.mark.parametrize(("prefix", "amount", "currency", "phrase"), NAMED)
def test_the_named_contracts_carry_their_currency(driver, prefix: str, amount: float, currency: str,
                                                  phrase: str) -> None:
    rows = read(driver, CURRENCY_OF, {"prefix": prefix})
    assert len(rows) == 1
    assert (rows[0]["amount"], rows[0]["currency"]) == (amount, currency)
    assert rows[0]["source"] in ("text", "context") and phrase in rows[0]["evidence"]


def test_sum_per_currency_equals_the_seed_file_read_independently(driver, expected_sums) -> None:
    expected = {k: v for k, v in expected_sums.items() if k != "amounts"}
    assert read(driver, "MATCH (c:Contract) RETURN count(c) AS n, count(c.total_amount) AS amounts")[0] == \
        {"n": 510, "amounts": expected_sums["amounts"]}
    result = search_contracts(driver, {"group_by": "currency", "metric": "sum_amount", "limit": 0})
    got = {row["key"]: row["value"] for row in result.aggregation or []}
    assert got.keys() == expected.keys() and len(got) > 1  # one number per currency, USD among several
    assert all(got[k] == pytest.approx(expected[k], abs=0.005) for k in got)
    assert all(row["currency"] == row["key"] for row in result.aggregation or [])
    assert [row["key"] for row in result.aggregation or []] == sorted(got)  # by code: sums are not ranked


def test_the_cli_sums_usd_only_unless_grouped_by_currency(driver, expected_sums) -> None:
    out = subprocess.run([sys.executable, "-m", "graph", "search",
                          '{"group_by": "contract_type", "metric": "sum_amount", "agg_limit": 500, "limit": 0}'],
                         capture_output=True, text=True, check=True)
    rows = json.loads(out.stdout)["aggregation"]
    assert {row["currency"] for row in rows} == {"USD"}
    assert sum(row["value"] for row in rows) == pytest.approx(expected_sums["USD"], abs=0.01)


def test_amount_bounds_and_sort_read_one_currency(driver) -> None:
    over = search_contracts(driver, {"min_amount": 100_000, "currency": "CNY", "sort_by": "total_amount"})
    assert [(c["total_amount"], c["currency"]) for c in over.contracts] == [
        (200_000_000, "CNY"), (176_000_000, "CNY"), (5_000_000, "CNY")]
    usd = search_contracts(driver, {"min_amount": 150_000_000, "limit": 50})
    assert {c["currency"] for c in usd.contracts} == {"USD"}  # 200 million RMB is not over $150M
    ranked = search_contracts(driver, {"sort_by": "total_amount", "limit": 500})
    currencies = [c["currency"] for c in ranked.contracts if c["total_amount"] is not None]
    first_other = next(i for i, code in enumerate(currencies) if code != "USD")
    assert set(currencies[:first_other]) == {"USD"} and "USD" not in currencies[first_other:]


def test_an_upload_reads_the_currency_from_its_pages_and_a_backfill_restores_a_missing_one(driver) -> None:
    record = {"file_id": "TEST-CURRENCY-UPLOAD", "summary": "Services for a fee.", "total_amount": 50000}
    request = CommitRequest(record=record, sha256="cd" * 32, file_name="fee.pdf",
                            pages=["1. Fees. The Client pays a fee of 50,000 Swiss francs on signature."],
                            engine="rules")
    file_id = commit_contract(driver, request)
    try:
        row = read(driver, CURRENCY_OF, {"prefix": file_id})[0]
        assert (row["currency"], row["source"]) == ("CHF", "text")
        assert row["evidence"] == "The Client pays a fee of 50,000 Swiss francs on signature."
        write(driver, "MATCH (c:Contract {file_id: $id}) REMOVE c.currency, c.currency_source, c.currency_evidence",
              {"id": file_id})
        assert read(driver, CURRENCY_OF, {"prefix": file_id})[0]["currency"] is None
        assert backfill_currencies(driver) == 1  # the document's text is read again
        assert read(driver, CURRENCY_OF, {"prefix": file_id})[0] == row
    finally:
        delete_contract(driver, file_id)
    assert backfill_currencies(driver) == 0
