"""Amounts: '$1M', '500k', '1.5 million', '$1,000,000', '10 million dollars', '2 million USD', with 'over',
'at least', 'under', 'at most', 'exactly', 'between X and Y'.

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

MAGNITUDES = {"k": 1e3, "thousand": 1e3, "m": 1e6, "mm": 1e6, "mn": 1e6, "mil": 1e6, "million": 1e6,
              "millions": 1e6, "b": 1e9, "bn": 1e9, "billion": 1e9}
NUMBER = (r"(?:half a (?:million|billion)|a (?:million|billion)|a hundred thousand)"
          r"|(?:(?:usd|us\$|\$)\s?)?\d[\d,]*(?:\.\d+)?(?:k|m|mm|mn|bn|b)?"
          r"(?: (?:thousand|million|millions|mil|billion))?(?: (?:usd|dollars|us dollars|\$))?\+?")
VALUE_WORDS = r"(?:worth|valued at|valued|value of|values? of|amount of|amounts? of|priced at|totalling|totaling)"
OPERATORS = [
    (r"between", "between"),
    (r"(?:more th[ae]n|greater th[ae]n|over|above|exceeding|exceeds?|in excess of|larger th[ae]n|bigger th[ae]n|"
     r"higher th[ae]n|>)", ">"),
    (r"(?:at least|no less than|not less than|minimum of|min(?:imum)?|from|>=|or more)", ">="),
    (r"(?:less th[ae]n|under|below|lower th[ae]n|smaller th[ae]n|cheaper th[ae]n|<)", "<"),
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


WORDED = {"half a million": 5e5, "a million": 1e6, "half a billion": 5e8, "a billion": 1e9,
          "a hundred thousand": 1e5}


def to_money(text: str) -> Money | None:
    """'$1.5M' -> 1500000 (is_money), '25000' -> 25000 (not marked as money), 'half a million' -> 500000."""
    if text in WORDED:
        return Money(WORDED[text], True)
    text = text.rstrip("+")
    t = text.replace("us dollars", "").replace("dollars", "").replace("usd", "").replace("us$", "$").strip()
    marked = "$" in text or "usd" in text or "dollar" in text
    t = t.replace("$", "").replace(",", "").strip()
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
    return Money(value, marked)


def _operator(text: str | None) -> str | None:
    if not text:
        return None
    return next((op for pattern, op in OPERATORS if re.fullmatch(pattern, text)), None)


def money_text(value: float) -> str:
    return f"${value:,.2f}".replace(".00", "")


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
            scan.use(span, f"amount between {money_text(first.value)} and {money_text(second.value)}")
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
        scan.use(span, f"amount {op} {money_text(first.value)}")
    return fields, problems
