"""An independent, pure-Python evaluation of ContractFilter semantics over the cleaned sample records.

It shares no code with graph/query/compiler.py: it reads the cleaned records (graph.store.prepare output) and applies
each filter field as docs/FILTERS.md documents it, so a count mismatch points at the compiler or the graph.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from typing import Any

from graph.store.prepare import Prepared

TOKEN = re.compile(r"[a-z0-9]+(?:['.][a-z0-9]+)*")


@dataclass
class OracleContract:
    file_id: str
    props: dict[str, Any]
    party_keys: set[str]
    law: dict[str, Any] | None
    clause_types: set[str]
    tokens: set[str]


class Oracle:
    def __init__(self, prepared: Prepared) -> None:
        self.names: dict[str, list[str]] = {}
        self.countries: dict[str, set[str]] = defaultdict(set)
        self.display: dict[str, str] = {}
        for key, party in prepared.parties.items():
            self.names[key] = [s.lower() for s in party.spellings] + [party.name.lower()]
            self.display[key] = party.name
        for c in prepared.contracts:
            for loc in c.locations:
                if loc.get("country"):
                    self.countries[loc["party"]].add(loc["country"])
        self.contracts = [
            OracleContract(
                c.file_id, c.props, {link["key"] for link in c.parties}, c.governing_law,
                {cl["type"] for cl in c.clauses},
                set(TOKEN.findall(f"{c.props.get('summary') or ''} {c.props.get('scope') or ''}".lower())),
            )
            for c in prepared.contracts
        ]

    def matches(self, c: OracleContract, f: dict[str, Any], today: date) -> bool:
        p = c.props
        checks = [
            _cmp(p["effective_date"], f.get("min_effective_date"), ">="),
            _cmp(p["effective_date"], f.get("max_effective_date"), "<="),
            _cmp(p["end_date"], f.get("min_end_date"), ">="),
            _cmp(p["end_date"], f.get("max_end_date"), "<="),
            not f.get("contract_types") or p["contract_type"] in f["contract_types"],
            all(any(" ".join(frag.lower().split()) in n for k in c.party_keys for n in self.names[k])
                for frag in f.get("parties", [])),
            not f.get("party_country") or any(f["party_country"] in self.countries[k] for k in c.party_keys),
            not f.get("governing_law_country") or bool(c.law and c.law["country"] == f["governing_law_country"]),
            not f.get("governing_law_state") or bool(c.law and c.law["state"] == f["governing_law_state"]),
            _active(p["end_date"], f.get("active"), f.get("as_of") or today),
            f.get("has_end_date") is None or (p["end_date"] is not None) == f["has_end_date"],
            _cmp(p["total_amount"], f.get("min_amount"), ">="),
            _cmp(p["total_amount"], f.get("max_amount"), "<="),
            not f.get("monetary_value") or _cmp(p["total_amount"], f["monetary_value"]["value"],
                                                f["monetary_value"]["operator"]),
            all(t in c.clause_types for t in f.get("clause_types", [])),
            not f.get("text") or all(w.lower() in c.tokens for w in f["text"].split()),
        ]
        return all(checks)

    def select(self, f: dict[str, Any], today: date) -> list[OracleContract]:
        return [c for c in self.contracts if self.matches(c, f, today)]

    def page(self, f: dict[str, Any], today: date) -> list[str]:
        rows = self.select(f, today)
        key = f.get("sort_by", "effective_date")
        rows.sort(key=lambda c: c.file_id)
        present = [c for c in rows if c.props[key] is not None]
        missing = [c for c in rows if c.props[key] is None]
        present.sort(key=lambda c: c.props[key], reverse=f.get("sort_order", "desc") == "desc")
        ordered = present + missing
        offset, limit = f.get("offset", 0), f.get("limit", 20)
        return [c.file_id for c in ordered[offset:offset + limit]]


def _cmp(value: Any, bound: Any, op: str) -> bool:
    if bound is None:
        return True
    if value is None:
        return False
    if isinstance(bound, str):
        bound = date.fromisoformat(bound)
    return {">=": value >= bound, "<=": value <= bound, ">": value > bound, "<": value < bound,
            "=": value == bound}[op]


def _active(end: date | None, active: bool | None, as_of: Any) -> bool:
    if active is None:
        return True
    if end is None:
        return False
    ref = date.fromisoformat(as_of) if isinstance(as_of, str) else as_of
    return end >= ref if active else end < ref
