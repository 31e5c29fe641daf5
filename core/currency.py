"""Currencies: the one owner of their vocabulary (ISO 4217 codes, signs and words) and of money formatting.

Every amount in the graph carries an ISO 4217 `currency` beside `total_amount` (graph.store.prepare reads it
with core.currency_reader). Pages, the CLI and the assistant format money with `format_money`, so an amount
never appears without its currency, and nothing here adds amounts of different currencies.

Ambiguous signs (docs/FILTERS.md#currencies):
- `$` and the word "dollars" alone are the US dollar unless the contract names exactly one other dollar
  (Canadian, Australian, ...) and never the US dollar; the reader marks which it did.
- `¥` is the Chinese yuan when the contract speaks of China (RMB, Renminbi, yuan, PRC, China) and not of
  Japan (yen, JPY, Japan); otherwise the Japanese yen, the sign's first meaning in ISO 4217 and Unicode.
"""

from __future__ import annotations

import re

DEFAULT_CURRENCY = "USD"
# code -> (English name, the sign shown before an amount). A sign shared by several currencies is shown with
# the country prefix CLDR's English locale uses (CA$, A$, CN¥), so a formatted amount names one currency.
CURRENCIES: dict[str, tuple[str, str]] = {
    "USD": ("US dollar", "$"),
    "EUR": ("euro", "€"),
    "GBP": ("pound sterling", "£"),
    "CNY": ("Chinese yuan (renminbi)", "CN¥"),
    "JPY": ("Japanese yen", "JP¥"),
    "CAD": ("Canadian dollar", "CA$"),
    "AUD": ("Australian dollar", "A$"),
    "NZD": ("New Zealand dollar", "NZ$"),
    "HKD": ("Hong Kong dollar", "HK$"),
    "SGD": ("Singapore dollar", "S$"),
    "TWD": ("New Taiwan dollar", "NT$"),
    "CHF": ("Swiss franc", "CHF "),
    "INR": ("Indian rupee", "₹"),
    "ZAR": ("South African rand", "ZAR "),
    "SEK": ("Swedish krona", "SEK "),
    "KRW": ("South Korean won", "₩"),
}
# Markers the reader looks for, mapped to a code. "DOLLAR" and "YEN_SIGN" are the ambiguous signs above.
DOLLAR, YEN_SIGN = "DOLLAR", "YEN_SIGN"
# Case matters for the letter-prefixed dollar signs ('a $5 fee' is not A$5); words match in any case.
_PREFIX: tuple[tuple[str, str], ...] = (
    (r"U\.?\s?S\.?\s?\$|USD\s?\$?|(?i:U\.?S\.?\s+dollars?|United\s+States\s+dollars?)", "USD"),
    (r"C\$|CA\$|CDN\s?\$?|Cdn\.?\s?\$?|CAD\s?\$?|(?i:Canadian\s+dollars?)", "CAD"),
    (r"A\$|AU\$|AUD\s?\$?|(?i:Australian\s+dollars?)", "AUD"),
    (r"NZ\$|NZD\s?\$?|(?i:New\s+Zealand\s+dollars?)", "NZD"),
    (r"HK\$|HKD\s?\$?|(?i:Hong\s+Kong\s+dollars?)", "HKD"),
    (r"S\$|SGD\s?\$?|(?i:Singapore\s+dollars?)", "SGD"),
    (r"NT\$|NTD\s?\$?|TWD\s?\$?|(?i:New\s+Taiwan\s+dollars?)", "TWD"),
    (r"€|EUR|(?i:euros?)", "EUR"),
    (r"£|GBP|STG|Stg\.?|(?i:pounds?\s+sterling|British\s+pounds?)", "GBP"),
    (r"RMB\s?¥?|CNY|CN¥|Rmb|(?i:renminbi|yuan)", "CNY"),
    (r"JPY|JP¥|(?i:yen)", "JPY"),
    (r"CHF|SFr\.?|(?i:Swiss\s+francs?)", "CHF"),
    (r"INR|Rs\.?|₹|(?i:rupees?)", "INR"),
    (r"ZAR", "ZAR"),
    (r"SEK", "SEK"),
    (r"KRW|₩", "KRW"),
    (r"¥", YEN_SIGN),
    (r"\$|(?i:dollars?)", DOLLAR),
)
# After a number: the same, and the words that only name money there ('5,000 rand', '300 kronor').
_SUFFIX: tuple[tuple[str, str], ...] = (
    *_PREFIX[:-5],
    (r"KRW|₩|(?i:won)", "KRW"),
    (r"ZAR|(?i:rand)", "ZAR"),
    (r"SEK|(?i:kronor|krona)", "SEK"),
    *_PREFIX[-2:],
)


def _alternation(markers: tuple[tuple[str, str], ...]) -> re.Pattern[str]:
    # Named groups, one per marker, in order: the first that matches is the most specific ('US$' before '$').
    parts = [f"(?P<m{i}>{pattern})" for i, (pattern, _) in enumerate(markers)]
    return re.compile("|".join(parts))


PREFIX_MARKERS = _alternation(_PREFIX)
SUFFIX_MARKERS = _alternation(_SUFFIX)


def marker_code(match: re.Match[str], suffix: bool = False) -> str:
    """The code (or DOLLAR / YEN_SIGN) of a PREFIX_MARKERS / SUFFIX_MARKERS match."""
    markers = _SUFFIX if suffix else _PREFIX
    name = next(n for n, v in match.groupdict().items() if v is not None)
    return markers[int(name[1:])][1]


# Words and codes a user may type for a currency (filters, the CLI, questions).
_NAMES: dict[str, str] = {
    "$": "USD", "us$": "USD", "usd": "USD", "dollar": "USD", "dollars": "USD", "us dollar": "USD",
    "us dollars": "USD", "€": "EUR", "eur": "EUR", "euro": "EUR", "euros": "EUR", "£": "GBP", "gbp": "GBP",
    "pound": "GBP", "pounds": "GBP", "pounds sterling": "GBP", "sterling": "GBP", "rmb": "CNY", "cny": "CNY",
    "yuan": "CNY", "renminbi": "CNY", "cn¥": "CNY", "jpy": "JPY", "yen": "JPY", "jp¥": "JPY", "cad": "CAD",
    "c$": "CAD", "ca$": "CAD", "canadian dollars": "CAD", "aud": "AUD", "a$": "AUD",
    "australian dollars": "AUD", "chf": "CHF", "swiss francs": "CHF", "inr": "INR", "rs": "INR",
    "rupees": "INR", "hkd": "HKD", "hk$": "HKD", "sgd": "SGD", "s$": "SGD", "twd": "TWD", "ntd": "TWD",
    "nt$": "TWD", "nzd": "NZD", "zar": "ZAR", "rand": "ZAR", "sek": "SEK", "krw": "KRW",
}


def normalize_currency(value: str | None) -> str | None:
    """ISO 4217 code of a code, sign or word ('euro', '€', 'RMB' -> 'EUR', 'EUR', 'CNY'), or None when it is
    not one this app knows. A bare '¥' is refused: it names two currencies."""
    if value is None:
        return None
    key = " ".join(value.strip().lower().split())
    if key.upper() in CURRENCIES:
        return key.upper()
    return _NAMES.get(key)


def currency_name(code: str | None) -> str:
    """'euro (EUR)'; the code itself when it is unknown."""
    if code in CURRENCIES:
        return f"{CURRENCIES[code][0]} ({code})"
    return code or "unknown currency"


def format_money(value: float | None, currency: str | None = DEFAULT_CURRENCY, *, code: bool = False) -> str:
    """'$1,250,000', '€200,000', 'CN¥176,000,000' ('1,041.50' keeps its cents); with `code`, the ISO code
    follows ('€200,000 EUR'). An em dash when the value is unknown; an unknown currency shows its code."""
    if value is None:
        return "—"
    cents = round(float(value), 2)
    digits = f"{cents:,.2f}" if cents != int(cents) else f"{int(cents):,}"
    cur = currency or DEFAULT_CURRENCY
    sign = CURRENCIES[cur][1] if cur in CURRENCIES else f"{cur} "
    return f"{sign}{digits}" + (f" {cur}" if code else "")


def format_money_compact(value: float | None, currency: str | None = DEFAULT_CURRENCY) -> str:
    """Compact money for chart axes: $5.0k, €12.5M, CN¥1.2B; an em dash when unknown."""
    if value is None:
        return "—"
    cur = currency or DEFAULT_CURRENCY
    sign = CURRENCIES[cur][1] if cur in CURRENCIES else f"{cur} "
    for scale, suffix in ((1e9, "B"), (1e6, "M"), (1e3, "k")):
        if abs(value) >= scale:
            return f"{sign}{value / scale:,.1f}{suffix}"
    return f"{sign}{value:,.0f}"
