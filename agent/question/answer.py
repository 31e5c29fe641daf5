"""The offline assistant's reply text, composed deterministically from the parse and the tools' JSON results:
exact numbers written in full ('52 contracts', '$2,150,000'), a few matching contracts with links, the filter
as chips, what was understood and what was ignored. Refusals and clarifying questions say why and point to
the Explorer with whatever was understood."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode

from agent.question.answer_status import status_label, status_reading
from agent.question.parser import ParsedQuestion
from core.currency import DEFAULT_CURRENCY, format_money
from graph.query.filter_url import filter_to_query
from graph.query.filters import ContractFilter

EXPLORER = "/explorer"
KEY_NAMES = {"contract_type": "contract type", "effective_year": "year signed", "effective_month": "month signed",
             "end_year": "year ending", "party": "party", "party_country": "party country",
             "governing_law_country": "governing-law country", "clause_type": "clause type",
             "text_clause_type": "clause category in the text", "notice_month": "notice month",
             "renewal_type": "renewal type", "status": "status", "currency": "currency"}
# Keys with at most one value per contract: their group counts add up to the contracts that have the key.
SINGLE_VALUED_KEYS = frozenset({"contract_type", "effective_year", "effective_month", "end_year",
                                "governing_law_country", "notice_month", "renewal_type", "status"})
METRIC_NAMES = {"count": "contracts", "sum_amount": "total value", "avg_amount": "average value",
                "min_amount": "smallest value", "max_amount": "largest value",
                "avg_duration_days": "average duration"}
SHOWN_ROWS = 10
SHOWN_CONTRACTS = 5


def number(value: float) -> str:
    return f"{value:,.2f}".rstrip("0").rstrip(".") if value != int(value) else f"{int(value):,}"


def money(value: float, currency: str | None = DEFAULT_CURRENCY) -> str:
    """'$2,150,000', '€200,000' (core.currency)."""
    return format_money(value, currency)


def metric_text(metric: str, value: float | None, currency: str | None = DEFAULT_CURRENCY) -> str:
    if value is None:
        return "n/a"
    if metric == "count":
        return f"{int(value):,} contract{'s' if value != 1 else ''}"
    if metric == "avg_duration_days":
        return f"{number(round(value))} days (about {value / 365.25:.1f} years)"
    return money(value, currency)


def plural(n: int, word: str = "contract") -> str:
    return f"{n:,} {word}{'s' if n != 1 else ''}"


def explorer_url(f: ContractFilter) -> str:
    """The Explorer URL for `f` (the UI turns it into a page link; the answer text carries no links, so a
    file name or a clause can never smuggle one in)."""
    query = urlencode(filter_to_query(f), doseq=True, quote_via=quote)
    return f"{EXPLORER}{'?' + query if query else ''}"


def contract_link(file_id: str) -> str:
    """A contract named in the text; the UI links the listed contracts to the Contract page."""
    return f"`{file_id.replace('`', '')}`"


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
        out.append(f"amount ≥ {money(d['min_amount'], cur)}")
    if "max_amount" in d:
        out.append(f"amount ≤ {money(d['max_amount'], cur)}")
    if "monetary_value" in d:
        op = {">=": "≥", "<=": "≤"}.get(d["monetary_value"]["operator"], d["monetary_value"]["operator"])
        out.append(f"amount {op} {money(d['monetary_value']['value'], cur)}")
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


def chip_line(f: ContractFilter | None) -> str:
    labels = chips(f) if f is not None else []
    return "Filter: " + (" · ".join(f"`{c}`" for c in labels) if labels else "`all contracts`")


def notes(parsed: ParsedQuestion) -> str:
    lines = []
    if parsed.understood:
        lines.append("I understood: " + "; ".join(f"'{p}' → {m}" for p, m in parsed.understood) + ".")
    if parsed.ignored:
        lines.append("I ignored: " + ", ".join(f"'{w}'" for w in parsed.ignored) + ".")
    return "\n\n".join(lines)


def _contract_line(c: dict[str, Any]) -> str:
    bits = [c.get("contract_type") or "", f"signed {c['effective_date']}" if c.get("effective_date") else "",
            money(c["total_amount"], c.get("currency")) if c.get("total_amount") is not None else "",
            ", ".join(c.get("parties") or [])[:160]]
    # The readable title first; the file id stays beside it (the UI links the listed contracts by it).
    name = f"**{c['title']}** ({contract_link(c['file_id'])})" if c.get("title") else contract_link(c["file_id"])
    return f"- {name}: " + "; ".join(b for b in bits if b)


def listing(payload: dict[str, Any]) -> str:
    contracts = payload.get("contracts") or []
    if not contracts:
        return ""
    total = int(payload.get("total_count") or 0)
    head = "The matching contracts:" if total <= len(contracts) else \
        f"The first {min(len(contracts), SHOWN_CONTRACTS)} of {total:,}:"
    return head + "\n" + "\n".join(_contract_line(c) for c in contracts[:SHOWN_CONTRACTS])


def _key_text(group_by: str, key: Any) -> str:
    return status_label(key) if group_by == "status" else str(key)


def _grouped_note(f: ContractFilter, rows: list[dict[str, Any]], payload: dict[str, Any]) -> str:
    """'; 173 of them have a notice month' when contracts without the key are left out of the groups (only
    for single-valued keys with every group returned, where the counts add up exactly)."""
    total = int(payload.get("total_count") or 0)
    if f.metric != "count" or f.group_by not in SINGLE_VALUED_KEYS or len(rows) >= f.agg_limit:
        return ""
    grouped = int(sum(r["value"] for r in rows))
    return f"; {grouped:,} of them have a {KEY_NAMES[f.group_by]}" if grouped < total else ""


def aggregation_text(f: ContractFilter, payload: dict[str, Any]) -> str:
    rows = (payload.get("aggregation") or {}).get("rows") or []
    metric, group_by = f.metric, f.group_by or ""
    what = METRIC_NAMES[metric]
    if not rows:
        return f"No group has a {what} for these contracts ({plural(int(payload.get('total_count') or 0))} match)."
    if group_by == "currency" and metric != "count":
        # Amounts in different currencies are not ranked against each other: one figure per currency.
        return (f"{plural(int(payload.get('total_count') or 0))} match. The {what} per currency (never added "
                f"together):\n\n| currency | {what} |\n|---|---:|\n"
                + "\n".join(f"| {r['key']} | {metric_text(metric, r['value'], r['key'])} |" for r in rows))
    top = rows[0]
    ties = [r for r in rows if r["value"] == top["value"]]
    order = "fewest" if f.agg_order == "asc" and metric == "count" else \
        "lowest" if f.agg_order == "asc" else "most" if metric == "count" else "highest"
    leader = " and ".join(f"**{_key_text(group_by, r['key'])}**" for r in ties)
    lines = [f"{plural(int(payload.get('total_count') or 0))} match{_grouped_note(f, rows, payload)}. "
             f"By {KEY_NAMES.get(group_by, group_by)}, "
             f"{leader} {'have' if len(ties) > 1 else 'has'} the {order} "
             f"({metric_text(metric, top['value'], top.get('currency'))}{'' if metric == 'count' else ' ' + what})."]
    lines.append(f"\n| {KEY_NAMES.get(group_by, group_by)} | {what} |\n|---|---:|")
    lines += [f"| {_key_text(group_by, r['key'])} | {metric_text(metric, r['value'], r.get('currency'))} |"
              for r in rows[:SHOWN_ROWS]]
    if len(rows) > SHOWN_ROWS:
        lines.append(f"\n{len(rows) - SHOWN_ROWS} more group(s) in the tool result.")
    return "\n".join(lines)


def whole_set_text(f: ContractFilter, results: list[dict[str, Any]]) -> str:
    """One number for the whole filtered set ('total value of supply contracts'), exact from the groups.
    `results`: the parsed search last, after the optional (sum per group, count with an amount) pair."""
    first = results[-1]
    rows = (first.get("aggregation") or {}).get("rows") or []
    metric, what, cur = f.metric, METRIC_NAMES[f.metric], f.amount_currency()
    matched = int(first.get("total_count") or 0)
    # Amount metrics read only the amounts in one currency (graph.query.compiler): the answer says which.
    only = "" if metric in ("count", "avg_duration_days") else f"; {cur} amounts only, other currencies not added"
    if not rows:
        return f"None of the {plural(matched)} matching has a known {'duration' if 'duration' in metric else 'value'}."
    if len(rows) == 1:
        value: float | None = rows[0]["value"]
    elif metric == "sum_amount":
        value = sum(r["value"] for r in rows)
    elif metric == "max_amount":
        value = max(r["value"] for r in rows)
    elif metric == "min_amount":
        value = min(r["value"] for r in rows)
    elif metric == "avg_amount" and len(results) == 3:
        total = sum(r["value"] for r in (results[0].get("aggregation") or {}).get("rows") or [])
        count = int(results[1].get("total_count") or 0)
        value = total / count if count else None
        return (f"The {what} is **{metric_text(metric, value, cur)}** over the {plural(count)} with a known "
                f"amount in {cur} ({plural(matched)} match; total {money(total, cur)}{only}).")
    else:
        return (f"{plural(matched)} match. I can only give the {what} per contract type here:\n\n"
                + aggregation_text(f, first))
    known = "" if metric == "avg_duration_days" else " with a known amount"
    return f"The {what} is **{metric_text(metric, value, cur)}** ({plural(matched)} match; groups{known} only{only})."


def search_answer(parsed: ParsedQuestion, results: list[dict[str, Any]]) -> str:
    f = parsed.filter
    assert f is not None
    first = results[-1]
    total = int(first.get("total_count") or 0)
    if parsed.whole_set_metric:
        body = whole_set_text(f, results)
    elif f.group_by:
        body = aggregation_text(f, first)
    else:
        body = f"**{plural(total)}** match."
        if total:
            body += "\n\n" + listing(first)
    parts = [body, status_reading(f, parsed.today), chip_line(f), notes(parsed)]
    return "\n\n".join(p for p in parts if p)


def refusal_answer(parsed: ParsedQuestion, partial: ContractFilter | None) -> str:
    parts = [f"I can't answer this exactly without a language model: {parsed.refusal}. I give no number rather "
             "than a wrong one."]
    if partial is not None and partial.describe():
        parts.append(f"What I did understand: {chip_line(partial).removeprefix('Filter: ')}. Open it in the Explorer "
                     "(link below) and refine it there.")
    else:
        parts.append("The Explorer form can express every filter I know.")
    parts.append(notes(parsed))
    return "\n\n".join(p for p in parts if p)


def clarify_answer(parsed: ParsedQuestion) -> str:
    return "\n\n".join(p for p in [str(parsed.clarify), notes(parsed)] if p)


def overview_answer(parsed: ParsedQuestion, results: list[dict[str, Any]]) -> str:
    """Count, types, top parties and the span of signing dates (results: by type, by party, earliest, latest)."""
    by_type, by_party, earliest, latest = results
    total = int(latest.get("total_count") or 0)
    types = (by_type.get("aggregation") or {}).get("rows") or []
    parties = (by_party.get("aggregation") or {}).get("rows") or []
    first = next((c.get("effective_date") for c in earliest.get("contracts") or [] if c.get("effective_date")), None)
    last = next((c.get("effective_date") for c in latest.get("contracts") or [] if c.get("effective_date")), None)
    lines = [f"**{plural(total)}** match."]
    if types:
        lines.append("By type: " + ", ".join(f"{r['key']} {int(r['value']):,}" for r in types[:SHOWN_ROWS]) + ".")
    if parties:
        lines.append("Most frequent parties: " + ", ".join(f"{r['key']} ({plural(int(r['value']))})"
                                                           for r in parties) + ".")
    if first and last:
        lines.append(f"Signed (effective) from {first} to {last}.")
    f = parsed.filter
    return "\n\n".join([*lines, chip_line(f), listing(latest)])
