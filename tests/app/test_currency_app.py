"""Money on the pages carries its currency: the Overview's value card sums US dollars only and lists the other
currencies' totals beside it; the Contract page shows an amount in its own currency and how it was read."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from components.routes import CONTRACT_PAGE, EXPLORER_PAGE, OVERVIEW_PAGE
from graph.server.config import REPO_ROOT
from graph.server.db import read

pytestmark = pytest.mark.integration

APP = str(REPO_ROOT / "app.py")
FERROGLOBE = "FerroglobePlc_20150624_F-4A_EX-10.20_9154746_EX-10.20_Outsourcing Agreement"
# Independent of the page's query: the amounts per stored currency, summed here in Python.
AMOUNTS = "MATCH (c:Contract) WHERE c.total_amount IS NOT NULL RETURN c.currency AS currency, c.total_amount AS amount"


def open_page(page: str, params: dict[str, str] | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.query_params.update(params or {})
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def plain(markdown: str) -> str:
    return markdown.replace("\\", "")


def test_overview_value_card_is_usd_only_and_lists_the_other_currencies(driver) -> None:
    totals: dict[str, list[float]] = {}
    for row in read(driver, AMOUNTS):
        totals.setdefault(row["currency"], []).append(row["amount"])
    at = open_page(OVERVIEW_PAGE)
    card = next(m for m in at.metric if m.label == "Total known value (USD)")
    assert card.value == f"${sum(totals['USD']):,.2f}"  # $1,213,814,929.40 on the sample: cents shown
    assert "never added" in card.help
    # e.g. 'CA$719,705.60 CAD (3 contracts) · CN¥381,003,000 CNY (4 contracts) · €2,200,000 EUR (2 contracts) ...'
    others = {"CAD": "CA$", "CNY": "CN¥", "EUR": "€", "GBP": "£", "TWD": "NT$"}
    expected = []
    for code in sorted(c for c in totals if c != "USD"):
        total, n = round(sum(totals[code]), 2), len(totals[code])
        digits = f"{total:,.2f}" if total != int(total) else f"{int(total):,}"
        expected.append(f"{others[code]}{digits} {code} ({n} contract{'s' if n != 1 else ''})")
    assert len(expected) >= 2  # the sample has amounts in EUR and CNY at least
    captions = [plain(c.value) for c in at.main.caption]
    assert "Not added, in other currencies: " + " · ".join(expected) in captions


def test_contract_page_shows_the_amount_in_its_currency_with_the_sentence(driver) -> None:
    at = open_page(CONTRACT_PAGE, {"file_id": FERROGLOBE})
    assert plain(next(m.value for m in at.metric if m.label == "Total amount")) == "€200,000"
    captions = [plain(c.value) for c in at.main.caption]
    assert any(c.startswith("Currency: euro (EUR), written at the amount (the contract's text): “") and
               "TWO HUNDRED THOUSAND EUROS (200,000 €)" in c for c in captions)


def test_explorer_lists_the_currency_beside_the_amount_and_filters_in_it(driver) -> None:
    at = open_page(EXPLORER_PAGE, {"currency": "EUR", "sort_by": "total_amount"})
    frame = at.dataframe[0].value
    assert list(zip(frame["total_amount"], frame["currency"], strict=True)) == [(2_000_000, "EUR"), (200_000, "EUR")]
