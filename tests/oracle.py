"""An independent, pure-Python evaluation of ContractFilter semantics over the cleaned sample records.

It shares no code with graph/query/compiler.py: it reads the cleaned records (graph.store.prepare output) and applies
each filter field as docs/FILTERS.md documents it, so a count mismatch points at the compiler or the graph.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from graph.server.db import read
from graph.store.prepare import Prepared

# The stored facts a status reads, by a plain read (the oracle then computes the status itself).
STORED_STATUS_FACTS = """
MATCH (c:Contract)
RETURN c.file_id AS file_id, c.effective_date AS effective_date, c.end_date AS end_date,
       c.renewal_type AS renewal_type, c.renewal_months AS renewal_months, c.renewal_days AS renewal_days,
       c.notice_months AS notice_months, c.notice_days AS notice_days
"""
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
    """`facts`: the stored status facts by file_id (effective_date, end_date as reconciled, renewal_type,
    renewal_months/_days, notice_months/_days, read from the graph by a plain Cypher read); without them the
    records' own end_date and no renewal facts."""

    def __init__(self, prepared: Prepared, facts: dict[str, dict[str, Any]] | None = None) -> None:
        self.facts = facts or {}
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
            _cmp(self.end(c), f.get("min_end_date"), ">="),
            _cmp(self.end(c), f.get("max_end_date"), "<="),
            not f.get("contract_types") or p["contract_type"] in f["contract_types"],
            all(any(" ".join(frag.lower().split()) in n for k in c.party_keys for n in self.names[k])
                for frag in f.get("parties", [])),
            not f.get("party_country") or any(f["party_country"] in self.countries[k] for k in c.party_keys),
            not f.get("governing_law_country") or bool(c.law and c.law["country"] == f["governing_law_country"]),
            not f.get("governing_law_state") or bool(c.law and c.law["state"] == f["governing_law_state"]),
            _active(self.facts.get(c.file_id, p), f.get("active"), f.get("as_of") or today),
            _status(self.facts.get(c.file_id, p), f.get("status"), f.get("as_of") or today),
            f.get("has_end_date") is None or (self.end(c) is not None) == f["has_end_date"],
            _cmp(p["total_amount"], f.get("min_amount"), ">="),
            _cmp(p["total_amount"], f.get("max_amount"), "<="),
            not f.get("monetary_value") or _cmp(p["total_amount"], f["monetary_value"]["value"],
                                                f["monetary_value"]["operator"]),
            # amounts compare within one currency: the filter's, USD by default (docs/CURRENCIES.md)
            not _compares_amounts(f) or p["currency"] == (f.get("currency") or "USD"),
            all(t in c.clause_types for t in f.get("clause_types", [])),
            not any(t in c.clause_types for t in f.get("without_clause_types", [])),
            not f.get("text") or all(w.lower() in c.tokens for w in f["text"].split()),
        ]
        return all(checks)

    def end(self, c: OracleContract) -> date | None:
        return self.facts[c.file_id]["end_date"] if c.file_id in self.facts else c.props["end_date"]

    def select(self, f: dict[str, Any], today: date) -> list[OracleContract]:
        return [c for c in self.contracts if self.matches(c, f, today)]

    def page(self, f: dict[str, Any], today: date) -> list[str]:
        rows = self.select(f, today)
        key = f.get("sort_by", "effective_date")
        rows.sort(key=lambda c: c.file_id)
        value = (lambda c: self.end(c)) if key == "end_date" else (lambda c: c.props[key])
        if key == "total_amount":  # ranked within the filter's currency; other currencies count as no amount
            def value(c: OracleContract) -> Any:
                return c.props[key] if c.props["currency"] == (f.get("currency") or "USD") else None
        present = [c for c in rows if value(c) is not None]
        missing = [c for c in rows if value(c) is None]
        present.sort(key=value, reverse=f.get("sort_order", "desc") == "desc")
        ordered = present + missing
        offset, limit = f.get("offset", 0), f.get("limit", 20)
        return [c.file_id for c in ordered[offset:offset + limit]]


def _compares_amounts(f: dict[str, Any]) -> bool:
    return any(f.get(k) is not None for k in ("min_amount", "max_amount", "monetary_value", "currency"))


def _cmp(value: Any, bound: Any, op: str) -> bool:
    if bound is None:
        return True
    if value is None:
        return False
    if isinstance(bound, str):
        bound = date.fromisoformat(bound)
    return {">=": value >= bound, "<=": value <= bound, ">": value > bound, "<": value < bound,
            "=": value == bound}[op]


def _active(facts: dict[str, Any], active: bool | None, as_of: Any) -> bool:
    if active is None:
        return True
    state = oracle_status(facts, date.fromisoformat(as_of) if isinstance(as_of, str) else as_of)
    return state in ("in_force", "in_notice_window", "notice_passed", "perpetual") if active else state == "expired"


def _status(facts: dict[str, Any], states: list[str] | None, as_of: Any) -> bool:
    if not states:
        return True
    return oracle_status(facts, date.fromisoformat(as_of) if isinstance(as_of, str) else as_of) in states


def _plus_months(day: date, months: int) -> date:
    y, m = divmod(day.month - 1 + months, 12)
    year, month = day.year + y, m + 1
    last = [31, 29 if year % 4 == 0 and (year % 100 or year % 400 == 0) else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30,
            31][month - 1]
    return date(year, month, min(day.day, last))


def oracle_status(p: dict[str, Any], on: date) -> str:
    """docs/FILTERS.md#status, written out term by term (no code shared with graph.query.status)."""
    effective, end, kind = p.get("effective_date"), p.get("end_date"), p.get("renewal_type")
    if effective is not None and effective > on:
        return "not_started"
    if kind == "perpetual":
        return "perpetual"
    if end is None:
        return "unknown"
    months, days = p.get("renewal_months"), p.get("renewal_days")
    rolling = kind == "automatic" or (kind == "evergreen" and (months or days))
    if end < on and not rolling:
        return "perpetual" if kind == "evergreen" else "expired"
    k, current = 0, end
    while current < on:  # walk the renewal terms, each counted from the initial end
        k += 1
        current = end + timedelta(days=k * days) if (days and not months) else _plus_months(end, k * (months or 12))
    notice_months, notice_days = p.get("notice_months"), p.get("notice_days")
    if not (notice_months or notice_days):
        return "in_force"
    deadline = _plus_months(current, -notice_months) if notice_months else current - timedelta(days=notice_days)
    if deadline < on:
        return "notice_passed"
    return "in_notice_window" if (deadline - on).days <= 90 else "in_force"


def stored_status_facts(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The rows of STORED_STATUS_FACTS by file_id, Neo4j dates as Python dates."""
    return {r["file_id"]: {k: (v.to_native() if hasattr(v, "to_native") else v) for k, v in r.items()}
            for r in rows}


def graph_oracle(driver: Any, prepared: Prepared) -> Oracle:
    """The oracle over the prepared records and the status facts stored in the graph (the reconciled end
    date, the renewal facts from the texts), read by a plain Cypher read: what `active` and `end_date`
    mean now depends on both (docs/FILTERS.md#status)."""
    return Oracle(prepared, stored_status_facts(read(driver, STORED_STATUS_FACTS)))
