"""Amounts: '$1M', '500k', '1.5 million', '$1,000,000', '10 million dollars', '2 million USD', '€200k',
'1 million euros', 'RMB 200 million', with 'over', 'at least', 'under', 'at most', 'exactly', 'between X and Y'.
An amount in another currency than USD sets the filter's `currency` (amounts compare only within one).

A number counts as money only with a currency sign, a currency word or a magnitude ('k', 'million'), or
right after a value word ('worth 25000'), so years and 'top 5' are left to the other extractors.
Mapping (the gold convention): strict comparisons use `monetary_value`, inclusive ones `min_amount` /
`max_amount`, 'between' both inclusive bounds, 'exactly' / a bare 'worth $X' `monetary_value` '='.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from agent.question.scan import Scan
from core.currency import DEFAULT_CURRENCY, format_money, normalize_currency

MAGNITUDES = {"k": 1e3, "thousand": 1e3, "m": 1e6, "mm": 1e6, "mn": 1e6, "mil": 1e6, "million": 1e6,
              "millions": 1e6, "b": 1e9, "bn": 1e9, "billion": 1e9}
# Currency signs and words a question may put before or after a number (core.currency.normalize_currency).
SIGNS = r"(?:usd|us\$|\$|€|£|eur|gbp|rmb|cny|cn¥|jpy|jp¥|cad|c\$|ca\$|aud|a\$|chf|inr|hkd|hk\$|sgd|s\$)"
WORDS = (r"(?:usd|dollars|us dollars|\$|euros?|eur|€|£|gbp|pounds sterling|pounds|sterling|rmb|cny|yuan|renminbi|"
         r"yen|jpy|cad|canadian dollars|aud|australian dollars|chf|swiss francs|inr|rupees|hkd|sgd)")
NUMBER = (rf"(?:half a (?:million|billion)|(?:a|one) (?:million|billion)|(?:a|one) hundred thousand)(?: {WORDS})?"
          rf"|(?:{SIGNS}\s?)?\d[\d,]*(?:\.\d+)?(?:k|m|mm|mn|bn|b)?"
          rf"(?: (?:thousand|million|millions|mil|billion))?(?: {WORDS})?\+?")
VALUE_WORDS = r"(?:worth|valued at|valued|value of|values? of|amount of|amounts? of|priced at|totalling|totaling)"
OPERATORS = [
    (r"between", "between"),
    (r"(?:more th[ae]n|greater th[ae]n|over|above|exceeding|exceeds?|in excess of|larger th[ae]n|bigger th[ae]n|"
     r"higher th[ae]n|north of|>)", ">"),
    (r"(?:at least|no less than|not less than|minimum of|min(?:imum)?|from|>=|or more)", ">="),
    (r"(?:less th[ae]n|under|below|lower th[ae]n|smaller th[ae]n|cheaper th[ae]n|south of|<)", "<"),
    (r"(?:at most|up to|no more than|not more than|maximum of|max(?:imum)?|<=)", "<="),
    (r"(?:exactly|equal to|precisely|=)", "="),
]
AMOUNT = re.compile(
    rf"(?:(?P<value_word>{VALUE_WORDS}) )?(?:(?:a |an )?(?:total )?(?:values?|amounts?) )?(?:(?:of )?(?P<op>"
    + "|".join(p for p, _ in OPERATORS) + rf") )?(?P<num>{NUMBER})(?: (?P<post>or more|or less|and above|and up|"
    rf"or above|or below|and below|plus))?(?: (?:and|to|-) (?P<num2>{NUMBER}))?")


@dataclass
class Money:
    value: float
    is_money: bool
    currency: str | None = None  # a currency the amount names (None: none, read as USD)


WORDED = {"half a million": 5e5, "a million": 1e6, "half a billion": 5e8, "a billion": 1e9,
          "a hundred thousand": 1e5}


def to_money(text: str) -> Money | None:
    """'$1.5M' -> 1500000 (is_money), '25000' -> 25000 (not marked as money), 'half a million' -> 500000."""
    worded = re.fullmatch(r"(?:one|a) (?P<rest>.+)|(?P<all>half a .+)", text)
    if worded is not None:  # 'one million dollars', 'half a million euros'
        phrase = "a " + worded.group("rest") if worded.group("rest") else worded.group("all")
        word = re.search(rf" {WORDS}$", phrase)
        base = phrase[:word.start()] if word else phrase
        if base in WORDED:
            named = normalize_currency(word.group(0).strip()) if word else None
            return Money(WORDED[base], True, named if named != DEFAULT_CURRENCY else None)
    text = text.rstrip("+")
    sign = re.match(rf"{SIGNS}\s?(?=\d)", text)
    word = re.search(rf" {WORDS}$", text)
    named = [normalize_currency(x.group(0).strip()) for x in (sign, word) if x is not None]
    currency = next((c for c in named if c and c != DEFAULT_CURRENCY), named[0] if named else None)
    t = text[sign.end() if sign else 0:word.start() if word else len(text)].replace(",", "").strip()
    marked = bool(named)
    m = re.fullmatch(r"(\d+(?:\.\d+)?)\s?([a-z]+)?(?: ([a-z]+))?", t)
    if not m:
        return None
    value = float(m.group(1))
    for unit in (m.group(2), m.group(3)):
        if unit:
            if unit not in MAGNITUDES:
                return None
            value *= MAGNITUDES[unit]
            marked = True
    return Money(value, marked, currency)


def _operator(text: str | None) -> str | None:
    if not text:
        return None
    return next((op for pattern, op in OPERATORS if re.fullmatch(pattern, text)), None)


def money_text(value: float, currency: str | None = None) -> str:
    return format_money(value, currency or DEFAULT_CURRENCY)


HAS_AMOUNT = re.compile(r"\b(?:with|having|have|has|that have|carrying) (?:a |an )?(?:known |stated |specified |"
                        r"stated )?(?:total )?(?:value|amount|price|contract value)s?\b")


def extract_amounts(scan: Scan) -> tuple[dict[str, Any], list[str]]:
    """Filter fields for the amounts in the question, and problems (two strict bounds) worth refusing for."""
    fields: dict[str, Any] = {}
    problems: list[str] = []
    for span in list(scan.spans(HAS_AMOUNT)):
        if span.end < len(scan.words) and re.match(r"[\d$]|of$|over|above|under|below|between|at$|more|less|greater",
                                                   scan.words[span.end]):
            continue  # 'with a value of $1M', 'with a value over ...': a comparison, read below
        fields["min_amount"] = 0.0
        scan.use(span, "amount known (min_amount 0)")
    for span in list(scan.spans(AMOUNT)):
        first, second = to_money(span.group("num")), to_money(span.group("num2")) if span.group("num2") else None
        if first is None:
            continue
        cur = first.currency or (second.currency if second else None)
        if cur not in (None, DEFAULT_CURRENCY):
            if fields.get("currency") not in (None, cur):
                problems.append("amounts in two currencies in one question")
            fields["currency"] = cur
        context = bool(span.group("value_word")) or "value" in span.group(0) or "amount" in span.group(0)
        if not (first.is_money or (second and second.is_money) or context):
            continue
        op = _operator(span.group("op"))
        post = "or more" if span.group("num").endswith("+") else span.group("post")
        if post in ("or more", "and above", "and up", "or above", "plus"):
            op = ">="
        elif post in ("or less", "or below", "and below"):
            op = "<="
        if second is not None and re.fullmatch(r"[\d,.]+", span.group("num")) and second.is_money:
            # 'between 1 and 5 million': the magnitude written once applies to both numbers.
            scale = second.value / float(re.sub(r"[^\d.]", "", span.group("num2").split()[0]) or 1)
            first = Money(first.value * scale, True) if scale > 1 else first
        if second is not None and op in (None, "between", ">=") and span.group("num2"):
            fields["min_amount"], fields["max_amount"] = first.value, second.value
            scan.use(span, f"amount between {money_text(first.value, cur)} and {money_text(second.value, cur)}")
            continue
        if second is not None:
            continue  # 'over 5 and 10': not an amount phrase we read
        op = op if op not in (None, "between") else "="
        if op in (">", "<", "="):
            if "monetary_value" in fields:
                problems.append("two strict amount comparisons in one question")
            fields["monetary_value"] = {"value": first.value, "operator": op}
        else:
            fields["min_amount" if op == ">=" else "max_amount"] = first.value
        scan.use(span, f"amount {op} {money_text(first.value, cur)}")
    return fields, problems
