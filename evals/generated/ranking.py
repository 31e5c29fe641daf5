"""Generated families, continued: superlatives over contracts (sorts), metrics for a set, a party or a type,
combined filters and follow-ups (gold: the base question's gold merged with the follow-up's own)."""

from __future__ import annotations

import random

from evals.generated import vocabulary as v
from evals.generated.templates import Gold, _types, _whole, _year
from evals.generated.values import Values

SUPERLATIVES = [  # phrase with {x}, gold sort
    ("Which {x} are worth the most?", {"sort_by": "total_amount"}),
    ("What is the biggest {x1} by value?", {"sort_by": "total_amount"}),
    ("Which are the largest {x}?", {"sort_by": "total_amount"}),
    ("most valuable {x}", {"sort_by": "total_amount"}),
    ("Which {x} are worth the least?", {"sort_by": "total_amount", "sort_order": "asc"}),
    ("smallest {x} by value", {"sort_by": "total_amount", "sort_order": "asc"}),
    ("the cheapest {x}", {"sort_by": "total_amount", "sort_order": "asc"}),
    ("oldest {x}", {"sort_order": "asc"}),
    ("the earliest signed {x}", {"sort_order": "asc"}),
    ("the most recent {x}", {}),
    ("Which {x} expire soonest?", {"sort_by": "end_date", "sort_order": "asc"}),
    ("Which {x} have the most parties?", {"sort_by": "party_count"}),
]
TOP_N = [("top {n} largest {x}", {"sort_by": "total_amount"}), ("the {n} biggest {x}", {"sort_by": "total_amount"}),
         ("the {n} smallest {x}", {"sort_by": "total_amount", "sort_order": "asc"}),
         ("list the {n} most recent {x}", {}), ("the {n} oldest {x}", {"sort_order": "asc"})]
SINGULAR = {"agreements": "agreement", "contracts": "contract", "deals": "deal"}


def superlative(r: random.Random, vals: Values) -> tuple[str, Gold]:
    typed = r.random() < 0.6
    t, s = _types(r, vals) if typed else ("", r.choice(v.NOUNS))
    base: Gold = {"contract_types": [t]} if typed else {}
    if r.random() < 0.3:
        q, gold = r.choice(TOP_N)
        n = r.choice([3, 5, 10])
        return q.format(n=n, x=s), {**base, **gold, "limit": n}
    q, gold = r.choice(SUPERLATIVES)
    one = s[:-1] if s.endswith("s") else SINGULAR.get(s, s)
    return q.format(x=s, x1=one), {**base, **gold}


def metric_set(r: random.Random, vals: Values) -> tuple[str, Gold]:
    """A metric for the whole set of a type, a signing year, a law country or a party."""
    metric = r.choice(list(v.METRICS))
    m = r.choice(v.METRICS[metric])
    kind = r.choice(["type", "year", "party", "party", "country"])
    if kind == "type":
        t, s = _types(r, vals)
        gold: Gold = {"contract_types": [t]}
        q = r.choice(["What is the {m} of {x}?", "{m} of our {x}", "What's the {m} of the {x}?"]).format(m=m, x=s)
    elif kind == "year":
        y = r.choice(vals.years)
        gold = _year(y, "effective_date")
        q = r.choice(["What is the {m} of {x} signed in {y}?", "{m} of {x} from {y}"]).format(
            m=m, x=r.choice(v.NOUNS), y=y)
    elif kind == "country":
        code = r.choice(list(v.LAW_COUNTRIES))
        gold = {"governing_law_country": code}
        q = f"What is the {m} of {r.choice(v.NOUNS)} governed by {r.choice(v.LAW_COUNTRIES[code])}?"
    else:
        name, typed = r.choice(vals.parties)
        gold = {"parties": [name]}
        q = r.choice(["What is the {m} of our {x} with {p}?", "{m} of {x} with {p}",
                      "What's the {m} of the {x} we have with {p}?"]).format(m=m, x=r.choice(v.NOUNS), p=typed)
    return q, {**gold, "group_by": _whole(gold), "metric": metric}


def metric_group(r: random.Random, vals: Values) -> tuple[str, Gold]:
    metric = r.choice(list(v.METRICS))
    key, k = r.choice([("contract_type", "type"), ("contract_type", "contract type"), ("effective_year", "year"),
                       ("governing_law_country", "governing law country"), ("party", "party")])
    q = r.choice(["What is the {m} per {k}?", "{m} by {k}", "{m} of {x} per {k}"]).format(
        m=r.choice(v.METRICS[metric]), k=k, x=r.choice(v.NOUNS))
    return q, {"group_by": key, "metric": metric}


def combined(r: random.Random, vals: Values) -> tuple[str, Gold]:
    t, s = _types(r, vals)
    y = r.choice(vals.years)
    gold: Gold = {"contract_types": [t], **_year(y, "effective_date")}
    parts = [s, f"signed in {y}"]
    if r.random() < 0.5:
        code = r.choice(list(v.LAW_STATES))
        gold["governing_law_state"] = code
        parts.append("governed by " + r.choice(v.LAW_STATES[code]))
    if r.random() < 0.4:
        kind = r.choice(list(v.RENEWALS))
        gold["renewal_types"] = [kind]
        parts.append("that " + r.choice(v.RENEWALS[kind]))
    elif r.random() < 0.4:
        gold["active"] = True
        parts.insert(0, "active")
    lead = r.choice(["How many {p}?", "{p}", "Which {p}?"])
    return lead.format(p=" ".join(parts)), gold


FOLLOWS = [
    ("and of those, which are governed by {law}?", "law"),
    ("what about {y2}?", "year"),
    ("and how many of them are still active?", "active"),
    ("only the ones that auto-renew", "auto"),
    ("and which of them are worth the most?", "sort"),
    ("break those down by year", "group_year"),
]


def follow_base(r: random.Random, vals: Values) -> tuple[str, Gold]:
    t, s = _types(r, vals)
    y = r.choice(vals.years)
    return f"How many {s} were signed in {y}?", {"contract_types": [t], **_year(y, "effective_date")}


def follow_up(r: random.Random, vals: Values, base: Gold) -> tuple[str, Gold]:
    q, kind = r.choice(FOLLOWS)
    gold = dict(base)
    if kind == "law":
        code = r.choice(list(v.LAW_COUNTRIES))
        gold["governing_law_country"] = code
        return q.format(law=r.choice(v.LAW_COUNTRIES[code])), gold
    if kind == "year":
        y2 = r.choice([y for y in vals.years if f"{y}-01-01" != base.get("min_effective_date")])
        gold.update(_year(y2, "effective_date"))
        return q.format(y2=y2), gold
    if kind == "active":
        gold["active"] = True
    elif kind == "auto":
        gold["renewal_types"] = ["automatic"]
    elif kind == "sort":
        gold["sort_by"] = "total_amount"
    else:
        gold["group_by"] = "effective_year"
    return q, gold
