"""The families of the generated set: each draws values, writes one question from its phrasings and the
synonym lists (evals.generated.vocabulary), and builds the gold filter from the values it drew (never from the
parser). Gold conventions follow docs/ASSISTANT.md and the hand-labelled sets (evals/questions): a year is its
first to last day; 'over' / 'under' an amount is `monetary_value` with > / <, 'at least' / 'at most' the
min / max bound; a metric for a whole set is grouped by a key with one value over it (one contract type: the
type; else a signing year range within one year: the year; else a governing-law country alone: it; else the
contract type) as `agent.question.parser` documents; a status on a day is `active` + `as_of`."""

from __future__ import annotations

import random
from datetime import date, timedelta
from typing import Any

from evals.generated import vocabulary as v
from evals.generated.values import Values

Gold = dict[str, Any]


def _year(y: int, field: str) -> Gold:
    return {f"min_{field}": f"{y}-01-01", f"max_{field}": f"{y}-12-31"}


def _types(r: random.Random, vals: Values) -> tuple[str, str]:
    t = r.choice(vals.types)
    return t, r.choice(v.TYPES[t])


def _whole(gold: Gold) -> str:
    if len(gold.get("contract_types", [])) == 1:
        return "contract_type"
    low, high = gold.get("min_effective_date"), gold.get("max_effective_date")
    if low and high and low[:4] == high[:4]:
        return "effective_year"
    if gold.get("governing_law_country") and not gold.get("governing_law_state"):
        return "governing_law_country"
    return "contract_type"


def type_count(r: random.Random, vals: Values) -> tuple[str, Gold]:
    t, s = _types(r, vals)
    return r.choice(v.COUNT_LEADS).format(x=s), {"contract_types": [t]}


def type_or(r: random.Random, vals: Values) -> tuple[str, Gold]:
    a, b = r.sample(vals.types, 2)
    sa, sb = r.choice(v.TYPES[a]), r.choice(v.TYPES[b])
    q = r.choice(["How many {a} or {b} are there?", "{a} or {b}", "Show me {a} or {b}",
                  "count {a} or {b}"]).format(a=sa, b=sb)
    return q, {"contract_types": [a, b]}


def signed_year(r: random.Random, vals: Values) -> tuple[str, Gold]:
    t, s = _types(r, vals)
    y = r.choice(vals.years)
    q = r.choice(["How many {x} were signed in {y}?", "{x} signed in {y}", "{x} from {y}",
                  "Which {x} were executed in {y}?", "{x} entered into in {y}"]).format(x=s, y=y)
    return q, {"contract_types": [t], **_year(y, "effective_date")}


def end_year(r: random.Random, vals: Values) -> tuple[str, Gold]:
    n = r.choice(v.NOUNS)
    y = r.choice(vals.end_years)
    q = r.choice(["How many {x} expire in {y}?", "{x} expiring in {y}", "Which {x} end in {y}?",
                  "{x} ending in {y}"]).format(x=n, y=y)
    return q, _year(y, "end_date")


def law(r: random.Random, vals: Values) -> tuple[str, Gold]:
    n = r.choice(v.NOUNS)
    if r.random() < 0.5:
        code = r.choice(list(v.LAW_STATES))
        gold: Gold = {"governing_law_state": code}
        surface = r.choice(v.LAW_STATES[code])
    else:
        code = r.choice(list(v.LAW_COUNTRIES))
        gold = {"governing_law_country": code}
        surface = r.choice(v.LAW_COUNTRIES[code])
    q = r.choice(["How many {x} are {g}?", "{x} {g}", "Which {x} are {g}?"]).format(
        x=n, g=r.choice(v.GOVERNED).format(law=surface))
    return q, gold


def party_country(r: random.Random, vals: Values) -> tuple[str, Gold]:
    code = r.choice(list(v.PARTY_COUNTRIES))
    q = r.choice(["How many {x} have {p}?", "{x} with {p}", "Which {x} involve {p}?"]).format(
        x=r.choice(v.NOUNS), p=r.choice(v.PARTY_COUNTRIES[code]))
    return q, {"party_country": code}


def party(r: random.Random, vals: Values) -> tuple[str, Gold]:
    name, typed = r.choice(vals.parties)
    q = r.choice(["How many {x} do we have with {p}?", "{x} with {p}", "Which {x} involve {p}?",
                  "Show the {x} signed with {p}"]).format(x=r.choice(v.NOUNS), p=typed)
    return q, {"parties": [name]}


def amount(r: random.Random, vals: Values) -> tuple[str, Gold]:
    t, s = _types(r, vals) if r.random() < 0.4 else (None, r.choice(v.NOUNS))
    gold: Gold = {"contract_types": [t]} if t else {}
    kind = r.choice(["above", "below", "at_least", "at_most", "between"])
    (value, forms), = r.sample(v.AMOUNTS, 1)
    a = r.choice(forms)
    if kind == "between":
        low, high = sorted(r.sample(v.AMOUNTS, 2), key=lambda x: x[0])
        phrase = r.choice(v.BETWEEN).format(a=r.choice(low[1]), b=r.choice(high[1]))
        gold.update(min_amount=low[0], max_amount=high[0])
    elif kind in ("above", "below"):
        phrase = r.choice(v.ABOVE if kind == "above" else v.BELOW).format(a=a)
        gold["monetary_value"] = {"value": value, "operator": ">" if kind == "above" else "<"}
    else:
        phrase = r.choice(v.AT_LEAST if kind == "at_least" else v.AT_MOST).format(a=a)
        gold["min_amount" if kind == "at_least" else "max_amount"] = value
    q = r.choice(["How many {x} are {p}?", "{x} {p}", "Which {x} are {p}?"]).format(x=s, p=phrase)
    return q, gold


def _day(r: random.Random) -> date:
    return date(2005, 1, 1) + timedelta(days=r.randrange(0, 16 * 365))


DAY_FORMATS = ["{d:%Y-%m-%d}", "{d.day} {d:%B %Y}", "{d:%B} {d.day}, {d.year}"]


def status_at(r: random.Random, vals: Values) -> tuple[str, Gold]:
    d = _day(r)
    day = r.choice(DAY_FORMATS).format(d=d)
    n = r.choice(v.NOUNS)
    if r.random() < 0.65:
        q = r.choice(["How many {x} were in force on {d}?", "How many {x} were still running on {d}?",
                      "{x} active as of {d}", "Which {x} were in effect on {d}?"]).format(x=n, d=day)
        return q, {"active": True, "as_of": d.isoformat()}
    q = r.choice(["How many {x} had expired by {d}?", "{x} that had lapsed by {d}",
                  "How many {x} were expired as of {d}?"]).format(x=n, d=day)
    return q, {"active": False, "as_of": d.isoformat()}


def status_now(r: random.Random, vals: Values) -> tuple[str, Gold]:
    t, s = _types(r, vals)
    active = r.random() < 0.5
    q = r.choice(["How many active {x}?", "{x} that are still in force", "currently active {x}"] if active else
                 ["How many expired {x}?", "{x} that have expired", "Which {x} have lapsed?"]).format(x=s)
    return q, {"contract_types": [t], "active": active}


def no_end(r: random.Random, vals: Values) -> tuple[str, Gold]:
    n, base = _noun_or_type(r, vals)
    if r.random() < 0.75:
        return r.choice(["How many {x} {p}?", "Which {x} {p}?", "{x} {p}"]).format(
            x=n, p=r.choice(v.NO_END)), {**base, "has_end_date": False}
    return r.choice(["How many {x} {p}?", "{x} {p}"]).format(x=n, p=r.choice(v.HAS_END)), \
        {**base, "has_end_date": True}


def renewal(r: random.Random, vals: Values) -> tuple[str, Gold]:
    n = r.choice(v.NOUNS)
    if r.random() < 0.5:
        phrase, types = r.choice(v.RENEWAL_OR)
    else:
        kind = r.choice(list(v.RENEWALS))
        phrase, types = r.choice(v.RENEWALS[kind]), [kind]
    q = r.choice(["How many {x} {p}?", "Which {x} {p}?", "{x} that {p}"]).format(x=n, p=phrase)
    return q, {"renewal_types": types}


def clause(r: random.Random, vals: Values) -> tuple[str, Gold]:
    n = r.choice(v.NOUNS)
    if r.random() < 0.5:
        c = r.choice(list(v.CLAUSES))
        q = r.choice(["How many {x} have {c}?", "{x} with {c}", "Which {x} contain {c}?"]).format(
            x=n, c=r.choice(v.CLAUSES[c]))
        return q, {"clause_types": [c]}
    c = r.choice(list(v.TEXT_CATEGORIES))
    q = r.choice(["How many {x} {c}?", "Which {x} {c}?"]).format(x=n, c=r.choice(v.TEXT_CATEGORIES[c]))
    return q, {"text_clause_types": [c]}


def group(r: random.Random, vals: Values) -> tuple[str, Gold]:
    key = r.choice(list(v.GROUP_KEYS))
    k = r.choice(v.GROUP_KEYS[key])
    if r.random() < 0.4 and key != "contract_type":
        t, s = _types(r, vals)
        gold: Gold = {"contract_types": [t], "group_by": key}
    else:
        s, gold = r.choice(v.NOUNS), {"group_by": key}
    return r.choice(v.GROUP_LEADS).format(x=s, k=k), gold


def _noun_or_type(r: random.Random, vals: Values) -> tuple[str, Gold]:
    if r.random() < 0.5:
        return r.choice(v.NOUNS), {}
    t, s = _types(r, vals)
    return s, {"contract_types": [t]}


def group_superlative(r: random.Random, vals: Values) -> tuple[str, Gold]:
    n, base = _noun_or_type(r, vals)
    fewest = r.random() < 0.3
    most = "fewest" if fewest else "most"
    q, key = r.choice([
        ("Which year saw the {m} {x} signed?", "effective_year"),
        ("Which year had the {m} {x}?", "effective_year"),
        ("Which year saw the {m} {x} end?", "end_year"),
        ("Which year had the {m} {x} expiring?", "end_year"),
        ("Which party has the {m} {x}?", "party"),
        ("Which contract type has the {m} {x}?", "contract_type"),
    ])
    gold: Gold = {**base, "group_by": key, **({"agg_order": "asc"} if fewest else {})}
    return q.format(m=most, x=n), gold


def top_groups(r: random.Random, vals: Values) -> tuple[str, Gold]:
    k = r.choice([3, 4, 5, 6, 8, 10, 12, 15])
    q, key = r.choice([("top {k} parties", "party"), ("top {k} contract types", "contract_type"),
                       ("top {k} parties by number of {x}", "party"), ("top {k} counterparties", "party"),
                       ("top {k} parties among the {t}", "party"), ("top {k} years for {x}", "effective_year")])
    t, s = _types(r, vals)
    gold: Gold = {"contract_types": [t]} if "{t}" in q else {}
    return q.format(k=k, x=r.choice(v.NOUNS), t=s), {**gold, "group_by": key, "agg_limit": k}
