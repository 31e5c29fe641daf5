"""The Explorer's filter form: one widget per ContractFilter field a person needs, submitted at once.

Widget keys carry a digest of the filter the form starts from, so opening a different link (or a chart
drill-down) rebuilds the widgets with that link's values instead of keeping stale ones.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from components.formatting import country_label, escape_md, state_label
from core.currency import CURRENCIES, currency_name
from core.errors import FilterValidationError
from core.vocab import CUAD_CATEGORIES
from graph.query.filters import DATE_MAX, DATE_MIN, ContractFilter, parse_filter

# Status choice -> (active, has_end_date)
STATUS: dict[str, tuple[bool | None, bool | None]] = {
    "Any": (None, None), "Active": (True, None), "Expired": (False, None), "No end date": (None, False),
}
FRAGMENT_SEPARATOR = "; "
# At most this many picked names (each one narrows the result: a contract must have every picked party).
MAX_PICKED = 10
OPERATORS = ("=", ">", "<", ">=", "<=")
SORT_LABELS = {"effective_date": "Effective date", "end_date": "End date", "total_amount": "Total amount",
               "party_count": "Number of parties"}


def split_fragments(text: str | None) -> list[str]:
    """The party-name fragments typed in the text box: ';'-separated, trimmed, empty ones dropped."""
    return [part.strip() for part in (text or "").split(FRAGMENT_SEPARATOR.strip()) if part.strip()]


def _merged(present: list[str], chosen: tuple[str, ...] | list[str]) -> list[str]:
    return list(dict.fromkeys([*present, *chosen]))


def _index(options: list[str], value: str | None) -> int | None:
    return options.index(value) if value in options else None


def _dates(f: ContractFilter, k: str) -> dict[str, Any]:
    st.markdown("**Dates**")
    out: dict[str, Any] = {}
    for prefix, label in (("effective", "Effective"), ("end", "End")):
        left, right = st.columns(2)
        out[f"min_{prefix}_date"] = left.date_input(
            f"{label} from", value=getattr(f, f"min_{prefix}_date"), min_value=DATE_MIN, max_value=DATE_MAX,
            key=f"{k}_min_{prefix}", format="YYYY-MM-DD")
        out[f"max_{prefix}_date"] = right.date_input(
            f"{label} to", value=getattr(f, f"max_{prefix}_date"), min_value=DATE_MIN, max_value=DATE_MAX,
            key=f"{k}_max_{prefix}", format="YYYY-MM-DD")
    current = (f.active, f.has_end_date)
    status = next((label for label, value in STATUS.items() if value == current), "Any")
    out["status"] = st.radio("Status", list(STATUS), index=list(STATUS).index(status), horizontal=True,
                             key=f"{k}_status", help="Active: ends on or after the reference date; expired: "
                             "ended before it. Contracts without an end date are neither: choose 'No end date'.")
    out["as_of"] = st.date_input("Status as of (empty: today)", value=f.as_of, min_value=DATE_MIN,
                                 max_value=DATE_MAX, key=f"{k}_as_of", format="YYYY-MM-DD",
                                 help="Active and expired are judged on this date; the sample is historical, "
                                      "so try e.g. 2015-01-01.")
    return out


def _parties(f: ContractFilter, options: dict[str, list[str]], names: list[str], k: str) -> dict[str, Any]:
    st.markdown("**Parties and law**")
    countries = _merged(options.get("countries", []), [c for c in (f.party_country, f.governing_law_country) if c])
    states = _merged(options.get("states", []), [f.governing_law_state] if f.governing_law_state else [])
    known = set(names)
    typed = st.text_input(
        "Party name contains", value=FRAGMENT_SEPARATOR.join(p for p in f.parties if p not in known),
        key=f"{k}_party_text", placeholder="e.g. inc; bank of america",
        help="Press Enter to apply. Matches party names and aliases (case-insensitive, any part); separate "
             "several with ';' - a contract must match every one.")
    picked = st.multiselect("…or pick parties by name", names, default=[p for p in f.parties if p in known],
                            key=f"{k}_parties", placeholder="Choose names", max_selections=MAX_PICKED,
                            # No "Select N matches" bulk option (Enter picked it: N unrelated parties ANDed, 0
                            # contracts), and names that contain what was typed, not fuzzy look-alikes.
                            select_all=False, filter_mode="contains")
    organisations = st.text_input(
        "Organisation contains", value=FRAGMENT_SEPARATOR.join(f.organisations), key=f"{k}_org_text",
        placeholder="e.g. reynolds consumer products",
        help="Matches every legal entity of an organisation (the same name in different legal forms, e.g. Inc. and "
             "LLC): part of its name or of any member's name or alias. The party field above matches one entity's "
             "names only.")
    return {
        "parties": [*split_fragments(typed), *picked],
        "organisations": split_fragments(organisations),
        "party_country": st.selectbox("Party country", countries, index=_index(countries, f.party_country),
                                      format_func=country_label, placeholder="Any country", key=f"{k}_pcountry"),
        "governing_law_country": st.selectbox(
            "Governing-law country", countries, index=_index(countries, f.governing_law_country),
            format_func=country_label, placeholder="Any country", key=f"{k}_lcountry"),
        "governing_law_state": st.selectbox(
            "Governing-law state / province", states, index=_index(states, f.governing_law_state),
            format_func=state_label, placeholder="Any state", key=f"{k}_lstate"),
    }


def _amounts(f: ContractFilter, k: str) -> dict[str, Any]:
    st.markdown("**Total amount**")
    codes = [None, *CURRENCIES]
    out: dict[str, Any] = {"currency": st.selectbox(
        "Currency", codes, index=codes.index(f.currency), key=f"{k}_currency",
        format_func=lambda c: "USD (default)" if c is None else currency_name(c),
        help="Amounts are compared, sorted and summed only within one currency (read from each contract's text): "
             "the bounds below are in this currency. A currency chosen here also keeps only the contracts whose "
             "amount is stated in it.")}
    left, right = st.columns(2)
    out |= {
        "min_amount": left.number_input("At least", value=f.min_amount, min_value=0.0, step=10000.0,
                                        format="%.2f", key=f"{k}_min_amount"),
        "max_amount": right.number_input("At most", value=f.max_amount, min_value=0.0, step=10000.0,
                                         format="%.2f", key=f"{k}_max_amount"),
    }
    mv = f.monetary_value
    left, right = st.columns(2)
    out["mv_operator"] = left.selectbox("Compare", OPERATORS, index=_index(list(OPERATORS), mv and mv.operator),
                                        placeholder="No comparison", key=f"{k}_mv_op")
    out["mv_value"] = right.number_input("Amount", value=mv.value if mv else None, min_value=0.0, step=10000.0,
                                         format="%.2f", key=f"{k}_mv_value")
    return out


def _content(f: ContractFilter, options: dict[str, list[str]], k: str) -> dict[str, Any]:
    st.markdown("**Content**")
    out = {
        "text": st.text_input("Full-text search", value=f.text or "", key=f"{k}_text",
                              placeholder="e.g. exclusive distributor", help="Words in the summary or scope; "
                              "all must occur."),
        "contract_types": st.multiselect("Contract types", _merged(options.get("contract_types", []),
                                                                   f.contract_types),
                                         default=list(f.contract_types), key=f"{k}_types", placeholder="Any type"),
        "clause_types": st.multiselect("Clause types (all required)", _merged(options.get("clause_types", []),
                                                                              f.clause_types),
                                       default=list(f.clause_types), key=f"{k}_clauses", placeholder="Any clauses"),
        "without_clause_types": st.multiselect(
            "Clause types absent", _merged(options.get("clause_types", []), f.without_clause_types),
            default=list(f.without_clause_types), key=f"{k}_no_clauses", placeholder="No exclusion",
            help="None of the chosen clause types was extracted for the contract, e.g. no Confidentiality & "
                 "Non-Disclosure."),
        "text_clause_types": st.multiselect(
            "Clause found in the text (CUAD, found band)", list(CUAD_CATEGORIES), default=list(f.text_clause_types),
            key=f"{k}_text_clauses", placeholder="Any category",
            help="A section of the contract's own text is classified with every chosen CUAD category in the "
                 "found band (the clause classifier's precision-oriented band; possible sections do not count), "
                 "or a reviewer confirmed it in the review grid; a reviewer's rejection excludes it."),
        "without_text_clause_types": st.multiselect(
            "Clause not in the text (CUAD)", list(CUAD_CATEGORIES), default=list(f.without_text_clause_types),
            key=f"{k}_no_text_clauses", placeholder="No exclusion",
            help="None of the chosen categories is in the contract's text by the rule above, e.g. no Cap On "
                 "Liability."),
    }
    sorts = list(SORT_LABELS)
    left, right = st.columns([3, 2])
    out["sort_by"] = left.selectbox("Sort by", sorts, index=sorts.index(f.sort_by), format_func=SORT_LABELS.get,
                                    key=f"{k}_sort_by")
    out["sort_order"] = right.selectbox("Order", ["desc", "asc"], index=["desc", "asc"].index(f.sort_order),
                                        format_func={"desc": "Desc.", "asc": "Asc."}.get, key=f"{k}_sort_order")
    return out


def form_values_to_filter(values: dict[str, Any]) -> ContractFilter:
    """The submitted widget values as a validated ContractFilter (raises FilterValidationError)."""
    data = {k: v for k, v in values.items() if k not in ("status", "mv_operator", "mv_value")}
    data["active"], data["has_end_date"] = STATUS[values["status"]]
    if values.get("mv_operator") and values.get("mv_value") is not None:
        data["monetary_value"] = {"operator": values["mv_operator"], "value": values["mv_value"]}
    elif values.get("mv_operator") or values.get("mv_value") is not None:
        raise FilterValidationError("Invalid filter: monetary_value: choose both a comparison and an amount.",
                                    field="monetary_value")
    data = {k: v for k, v in data.items() if v not in (None, "", [], ())}
    return parse_filter(data)


def render_filter_form(f: ContractFilter, options: dict[str, list[str]], names: list[str],
                       key: str) -> ContractFilter | None:
    """Draw the form prefilled with `f`; returns the submitted filter, or None when nothing was submitted
    (or the submission was invalid, which is shown as an error)."""
    with st.form("explorer_form", border=True):
        # Two rows of two groups: at 1280 px (sidebar open) four columns cut dates and labels off.
        values: dict[str, Any] = {}
        top = st.columns(2, gap="large")
        with top[0]:
            values.update(_dates(f, key))
        with top[1]:
            values.update(_parties(f, options, names, key))
        bottom = st.columns(2, gap="large")
        with bottom[0]:
            values.update(_amounts(f, key))
        with bottom[1]:
            values.update(_content(f, options, key))
        left, right, _ = st.columns([2, 1.4, 4.6])
        apply = left.form_submit_button("Apply filters", type="primary", icon=":material/filter_alt:",
                                        width="stretch")
        clear = right.form_submit_button("Clear", icon=":material/filter_alt_off:", width="stretch")
    if clear:
        return ContractFilter()
    if not apply:
        return None
    try:
        return form_values_to_filter(values)
    except FilterValidationError as e:
        st.error(escape_md(e), icon=":material/error:")
        return None
