"""Follow-up questions ('and of those, which are governed by US law?', 'what about 2018?'): the new question's
fields replace the same fields of the previous filter (a new signing period replaces the old one, a new type
the old type); the listing or aggregation carries over unless the new question asks for its own."""

from __future__ import annotations

import re
from typing import Any

from agent.question.scan import Scan

CUE = re.compile(r"^(?:and |but |ok |okay |now |so |then )?(?:what about|how about|same for|same but|same|"
                 r"of (?:those|these|them)|among (?:those|these|them)|which of (?:those|these|them)|"
                 r"how many of (?:those|these|them)|of which|only|just|and|break (?:those|these|them|it|that) down|"
                 r"(?:those|these)\b)")
PRONOUN = re.compile(r"\b(?:of (?:those|these|them)|among (?:those|these|them)|those|these|them|ones)\b")
GROUPS: list[tuple[str, ...]] = [
    ("min_effective_date", "max_effective_date"), ("min_end_date", "max_end_date"),
    ("min_amount", "max_amount", "monetary_value", "currency"), ("governing_law_country", "governing_law_state"),
    ("active", "status"), ("as_of",), ("has_end_date",), ("contract_types",), ("parties",), ("party_country",),
    ("clause_types",), ("text_clause_types",), ("text",), ("renewal_types",), ("min_notice_by", "max_notice_by"),
    ("min_next_renewal", "max_next_renewal"), ("end_date_disagrees",), ("organisations",),
]
DROP = re.compile(
    r"\b(?:(?:for |in |over |across |of )?(?:all|any) (?P<a>years?|dates?|time|periods?|types?|kinds?|parties|"
    r"companies|countries|laws|jurisdictions|amounts?|values?)|(?:without|ignoring|ignore|remove|drop|"
    r"regardless of|no longer limited to) (?:the |any )?(?P<b>date|year|period|type|party|parties|country|law|"
    r"governing law|amount|value|status)s?(?: (?:restriction|filter|condition|limit)s?)?)\b")
DROP_GROUPS = {"year": "effective", "date": "effective", "time": "effective", "period": "effective",
               "type": "contract_types", "kind": "contract_types", "partie": "parties", "party": "parties",
               "companie": "parties", "countrie": "party_country", "country": "party_country",
               "law": "governing_law", "jurisdiction": "governing_law", "governing law": "governing_law",
               "amount": "amount", "value": "amount", "status": "status"}
GROUP_OF = {"effective": ("min_effective_date", "max_effective_date"), "contract_types": ("contract_types",),
            "parties": ("parties",), "party_country": ("party_country",),
            "governing_law": ("governing_law_country", "governing_law_state"),
            "amount": ("min_amount", "max_amount", "monetary_value", "currency"),
            "status": ("active", "status", "as_of", "has_end_date")}
SHAPE = ("sort_by", "sort_order", "limit", "offset", "group_by", "metric", "agg_order", "agg_limit")


def is_follow_up(scan: Scan) -> bool:
    return bool(CUE.match(scan.text) or PRONOUN.search(scan.text))


def extract_drops(scan: Scan) -> list[str]:
    """'what about all years?', 'without the type filter': the previous conditions to remove."""
    drops = []
    for span in list(scan.spans(DROP)):
        word = (span.group("a") or span.group("b")).rstrip("s")
        group = DROP_GROUPS.get(word)
        if group is None:
            continue
        drops.append(group)
        scan.use(span, f"drop the {group.replace('_', ' ')} condition")
    return drops


def merge(previous: dict[str, Any], new: dict[str, Any], drops: list[str] | None = None) -> dict[str, Any]:
    """The previous filter refined by the new fields (group by group), with the new shape if it has one, and
    without the condition groups in `drops`."""
    out = {k: v for k, v in previous.items() if k not in SHAPE}
    for group in drops or []:
        for name in GROUP_OF[group]:
            out.pop(name, None)
    for group in GROUPS:
        if any(name in new for name in group):
            for name in group:
                out.pop(name, None)
            out.update({name: new[name] for name in group if name in new})
    grouped = {name for group in GROUPS for name in group}
    # a field of no group above is still the question's own condition: never dropped silently
    out.update({name: value for name, value in new.items() if name not in grouped and name not in SHAPE})
    shape_source = new if any(name in new for name in SHAPE) else previous
    out.update({name: shape_source[name] for name in SHAPE if name in shape_source})
    return out
