"""The currency vocabulary (core.currency) and the reader of an amount's currency (core.currency_reader), on
sentences copied from the CUAD sample texts (../shared/data/cuad/txt)."""

from __future__ import annotations

import pytest

from core.currency import CURRENCIES, format_money, format_money_compact, normalize_currency
from core.currency_reader import CurrencyReading, mentions, read_currency

# The four contracts issue 29 names, in their own words.
FERROGLOBE = ("7.1. The annual fee for the services will be: TWO HUNDRED THOUSAND EUROS (200,000 €) 7.1.1. This "
              "amount has been fixed considering the scope of the services.")
LEJU = ("1. Cooperation Fee The cooperation fee under this Agreement will be RMB200 million, of which RMB160 million "
        "will be channel cooperation fee and RMB40 million will be promotion fee for the Cooperation Channel.")
CHINA_RECYCLING = "The expected total project cost is 176 million RMB. For the amount of electricity generated, ..."
JINGWEI = ("Party B should pay for All Intellectual Property RMB 1,000,000 per year to Party A as license fee. "
           "Party B shall pay the license fee to the account designated by Party A before December 31 each year.")


def read(amount: float, text: str, summary: str | None = None) -> CurrencyReading:
    reading = read_currency(amount, [("text", text), ("summary", summary)])
    assert reading is not None
    return reading


def test_euros_written_after_the_amount() -> None:
    assert read(200_000, FERROGLOBE) == CurrencyReading(
        "EUR", "text", "The annual fee for the services will be: TWO HUNDRED THOUSAND EUROS (200,000 €) 7.1.1.",
        "text")


def test_rmb_glued_to_the_amount_with_a_scale_word() -> None:
    assert read(200_000_000, LEJU) == CurrencyReading("CNY", "text", LEJU.removeprefix("1. "), "text")


def test_rmb_after_the_scale_word() -> None:
    assert read(176_000_000, CHINA_RECYCLING) == CurrencyReading(
        "CNY", "text", "The expected total project cost is 176 million RMB.", "text")


def test_a_yearly_fee_times_the_years_takes_the_currency_of_the_contracts_amounts() -> None:
    # 5,000,000 is written nowhere: the record's total is five years of RMB 1,000,000.
    assert read(5_000_000, JINGWEI) == CurrencyReading(
        "CNY", "context", "Party B should pay for All Intellectual Property RMB 1,000,000 per year to Party A as "
                          "license fee.", "text")


def test_the_summary_is_read_when_the_text_is_missing() -> None:
    summary = "The total annual amount for the services is 200,000 Euros, subject to annual revision."
    assert read(200_000, "", summary) == CurrencyReading("EUR", "text", summary, "summary")


@pytest.mark.parametrize(("text", "amount", "code", "source"), [
    ("XFN shall pay to CEIS US$1.1 million (United States Dollars One Million and One Hundred Thousand).",
     1_100_000, "USD", "text"),
    ("for a total cost of $117,605.60 CDN (plus applicable taxes)", 117_605.60, "CAD", "text"),
    ("Party B will pay Party A RMB three thousand (3,000) as performance bond", 3_000, "CNY", "text"),
    ("The Company will pay the Executive a salary of £740,000 and a fixed benefits allowance", 740_000, "GBP", "text"),
    ("an amount of seven million (7,000,000 USD) as a Compensation Fee", 7_000_000, "USD", "text"),
    ("The fees are NTD 12 million ((SAY TWELVE MILLION ONLY) in total", 12_000_000, "TWD", "text"),
    ("aggregate amount of two million Euro (€2,000,000) (the \"Upfront Fee\")", 2_000_000, "EUR", "text"),
    ("The purchase price is $5.00 per pound, totaling $150,000.", 150_000, "USD", "text"),
    ("Licensee shall pay a $5,000 fee.", 5_000, "USD", "text"),  # 'a $5,000' is not A$5,000
    ("The fee is ¥3,000,000 payable to the PRC subsidiary in Renminbi.", 3_000_000, "CNY", "context"),
    ("The fee is ¥3,000,000 payable in Tokyo, Japan.", 3_000_000, "JPY", "context"),
    ("The consultant is paid $10,000 per month; a termination payment is CDN$750,000.", 600_000, "CAD", "context"),
    ("It grants five million five hundred thousand (5,500,000) common stock shares.", 5_500_000, "USD", "assumed"),
])
def test_sample_wordings(text: str, amount: float, code: str, source: str) -> None:
    reading = read(amount, text)
    assert (reading.currency, reading.source) == (code, source)
    assert (reading.evidence is None) == (source == "assumed")


def test_no_amount_has_no_currency_and_an_unmarked_amount_is_assumed_usd() -> None:
    assert read_currency(None, [("text", FERROGLOBE)]) is None
    assert read(42, "Nothing about money here.") == CurrencyReading("USD", "assumed", None, None)


def test_numbers_glued_to_letters_are_not_amounts_unless_the_letters_are_a_currency() -> None:
    assert [m.value for m in mentions("Schedule B2, item 7 and RMB200 million", "text")] == [7, 200_000_000]


@pytest.mark.parametrize(("typed", "code"), [
    ("EUR", "EUR"), ("euro", "EUR"), ("€", "EUR"), ("RMB", "CNY"), ("yuan", "CNY"), ("renminbi", "CNY"),
    ("£", "GBP"), ("pounds sterling", "GBP"), ("C$", "CAD"), ("A$", "AUD"), ("Rs", "INR"), ("yen", "JPY"),
    ("US$", "USD"), ("$", "USD"), ("usd", "USD"), ("¥", None), ("doubloons", None),
])
def test_normalize_currency(typed: str, code: str | None) -> None:
    assert normalize_currency(typed) == code


def test_format_money_names_one_currency() -> None:
    assert [format_money(1_250_000, "USD"), format_money(1041.5, "USD"), format_money(200_000, "EUR"),
            format_money(176e6, "CNY"), format_money(5, "JPY"), format_money(3, "CAD"), format_money(None, "EUR"),
            format_money(7, "XYZ"), format_money(200_000, "EUR", code=True)] == [
        "$1,250,000", "$1,041.50", "€200,000", "CN¥176,000,000", "JP¥5", "CA$3", "—", "XYZ 7", "€200,000 EUR"]
    assert format_money_compact(12.5e6, "EUR") == "€12.5M" and format_money_compact(950, "GBP") == "£950"
    assert all(len(code) == 3 and code.isupper() for code in CURRENCIES)
