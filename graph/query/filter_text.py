"""A filter as short readable labels ("type: License", "amount > $100,000 (USD only)", "as of 2015-01-01"):
the offline assistant's chips, the side panel's focus line and the Explorer's empty result all say a filter
in these words. Plain text: the caller escapes it for where it goes."""

from __future__ import annotations

from typing import Any

from core.currency import format_money
from graph.query.filters import ContractFilter

# Short labels for a status group's rows and chips.
STATE_LABELS = {"not_started": "not yet started", "in_force": "in force", "in_notice_window":
                "in force, in the notice window", "notice_passed": "in force, notice deadline passed",
                "perpetual": "perpetual", "expired": "expired", "unknown": "unknown"}


def status_label(state: object) -> str:
    return STATE_LABELS.get(str(state), str(state))


def _dates(low: str | None, high: str | None) -> str:
    if low and high:
        return low if low == high else f"{low} to {high}"
    return f"from {low}" if low else f"until {high}"


def _range(d: dict[str, Any], field: str, label: str) -> list[str]:
    """A chip for the `min_<field>` / `max_<field>` bounds, when either is set."""
    low, high = d.get(f"min_{field}"), d.get(f"max_{field}")
    return [f"{label} {_dates(low, high)}"] if low or high else []


def chips(f: ContractFilter) -> list[str]:
    """The filter as short readable labels."""
    d = f.describe()
    out = []
    if "contract_types" in d:
        out.append("type: " + " or ".join(d["contract_types"]))
    out += _range(d, "effective_date", "signed") + _range(d, "end_date", "ends")
    out += [f"party: {p}" for p in d.get("parties", [])]
    if "party_country" in d:
        out.append(f"party in {d['party_country']}")
    for name, label in (("governing_law_state", "governing law (state)"), ("governing_law_country", "governing law")):
        if name in d:
            out.append(f"{label}: {d[name]}")
    if "active" in d:
        out.append(("in force" if d["active"] else "expired") + (f" on {d['as_of']}" if "as_of" in d else ""))
    if "status" in d:
        out.append("status: " + " or ".join(status_label(s) for s in d["status"]))
    if "has_end_date" in d:
        out.append("has an end date" if d["has_end_date"] else "no end date")
    out += _amount_chips(f, d)
    out += [f"clause: {c}" for c in d.get("clause_types", [])]
    out += [f"no clause: {c}" for c in d.get("without_clause_types", [])]
    out += [f"clause in the text (found band): {c}" for c in d.get("text_clause_types", [])]
    out += [f"no clause in the text (found band): {c}" for c in d.get("without_text_clause_types", [])]
    if "text" in d:
        out.append(f"text: {d['text']}")
    out += _renewal_chips(d)
    return out


def _amount_chips(f: ContractFilter, d: dict[str, Any]) -> list[str]:
    """'amount > $1,000,000 (USD only)': a bound compares amounts in one currency, and says which."""
    cur, out = f.amount_currency(), []
    if "min_amount" in d:
        out.append(f"amount ≥ {format_money(d['min_amount'], cur)}")
    if "max_amount" in d:
        out.append(f"amount ≤ {format_money(d['max_amount'], cur)}")
    if "monetary_value" in d:
        op = {">=": "≥", "<=": "≤"}.get(d["monetary_value"]["operator"], d["monetary_value"]["operator"])
        out.append(f"amount {op} {format_money(d['monetary_value']['value'], cur)}")
    if out:
        return [f"{chip} ({cur} only)" for chip in out]
    return [f"amount in {cur}"] if f.currency else []


def _renewal_chips(d: dict[str, Any]) -> list[str]:
    out = []
    if "renewal_types" in d:
        out.append("renewal: " + " or ".join(d["renewal_types"]))
    out += _range(d, "notice_by", "notice due") + _range(d, "next_renewal", "renews next")
    if "as_of" in d and "active" not in d:  # with 'active' the date is already on that chip
        out.append(f"as of {d['as_of']}")
    return out


def summary(f: ContractFilter | None) -> str:
    """The labels joined with ' · ' ('all contracts' without a condition)."""
    return " · ".join(chips(f)) if f is not None and chips(f) else "all contracts"
