"""Overview (home): portfolio KPIs and charts as of a chosen date (default today; kept in the URL as
`?as_of=`). Every KPI card links to the contracts (or parties) it counts; a click on a bar opens the Explorer
filtered to that bar."""

from __future__ import annotations

from datetime import date
from typing import Any

import streamlit as st

from components import reads
from components.charts import render_charts
from components.footer import render_footer
from components.formatting import escape_md, money
from components.renewals.act_on import render_act_on
from components.renewals.cards import render_notice_card
from components.routes import EXPLORER_PAGE as EXPLORER
from components.routes import PARTIES_PAGE
from core.errors import FilterValidationError
from graph.query.filter_url import date_from_query, filter_to_query
from graph.query.filters import DATE_MAX, DATE_MIN, ContractFilter, MonetaryValue, days_after

HORIZON_DAYS = 90
VALUE_CARD = "Total known value (USD)"
KPI_WIDTHS = (1.0, 1.0, 1.5)  # the value card is the third of the second row
AS_OF_PARAM = "as_of"
CHARTS_KEY = "charts"  # the open chart tabs: ?charts_left=...&charts_right=...


def url_as_of() -> date:
    """The `as_of` date in the URL, else today (an unreadable or out-of-range value is ignored, saying why)."""
    try:
        return date_from_query(st.query_params.get_all, AS_OF_PARAM) or date.today()
    except FilterValidationError as e:
        st.warning(f"Ignored the date in the link. {escape_md(e)}", icon=":material/event_busy:")
        return date.today()


def pick_as_of(current: date) -> date:
    """The 'as of' control; a changed date goes to the URL (today's date is the default and stays out)."""
    # Keyed by the URL's date, so opening another link rebuilds the widget with that link's date.
    picked = st.date_input("As of", value=current, min_value=DATE_MIN, max_value=DATE_MAX, format="YYYY-MM-DD",
                           key=f"overview_as_of_{current}", width=180,
                           help="Active and expiring contracts are counted on this date (the CUAD sample is "
                                "historical: try 2015-01-01).")
    if picked != current:
        if picked == date.today():
            st.query_params.pop(AS_OF_PARAM, None)
        else:
            st.query_params[AS_OF_PARAM] = picked.isoformat()
    return picked


def _cards(numbers: dict[str, Any], as_of: date) -> list[tuple[str, str, str, ContractFilter | None]]:
    soon = ContractFilter(min_end_date=as_of, max_end_date=days_after(as_of, HORIZON_DAYS))
    return [
        ("Contracts", f"{numbers['contracts']:,}", "Contracts in the graph.", ContractFilter()),
        ("Parties", f"{numbers['parties']:,}", "Distinct parties after name merging.", None),
        ("In force", f"{numbers['active']:,}",
         f"Started and in their term on {as_of:%Y-%m-%d}, automatic renewals and perpetual terms included.",
         ContractFilter(active=True, as_of=as_of)),
        (f"Expiring in {HORIZON_DAYS} days", f"{numbers['expiring']:,}",
         f"End date between {as_of:%Y-%m-%d} and {soon.max_end_date:%Y-%m-%d}.", soon),
        ("No end date", f"{numbers['no_end_date']:,}", "Perpetual, evergreen or unknown term.",
         ContractFilter(has_end_date=False)),
        (VALUE_CARD, money(numbers["total_value_usd"]),
         "Sum of the total amounts stated in US dollars (or with no currency named: USD assumed). Amounts in "
         "other currencies are never added to it: their totals are listed below the card.",
         ContractFilter(monetary_value=MonetaryValue(value=0, operator=">"), sort_by="total_amount")),
    ]


def other_currencies(numbers: dict[str, Any]) -> str | None:
    """The totals in currencies other than USD, each in its own currency ('€2,200,000 EUR (2 contracts)')."""
    others = [v for v in numbers.get("values_by_currency") or [] if v["currency"] != "USD"]
    if not others:
        return None
    parts = [f"{money(v['total'], v['currency'])} {v['currency']} ({v['contracts']:,} "
             f"contract{'s' if v['contracts'] != 1 else ''})" for v in others]
    return "Not added, in other currencies: " + " · ".join(parts)


def render_kpis(numbers: dict[str, Any], as_of: date) -> None:
    """Six KPI cards in two rows of three; each links to its list. The third column is wider so that the total
    value, cents included, is not cut with an ellipsis at 1366 px (a billion-dollar total is 17 characters)."""
    cards = _cards(numbers, as_of)
    for row in (cards[:3], cards[3:]):
        for column, (label, value, help_text, target) in zip(st.columns(KPI_WIDTHS), row, strict=True):
            with column:
                st.metric(label, value, help=help_text, border=True)
                if label == VALUE_CARD and (others := other_currencies(numbers)):
                    st.caption(escape_md(others))
                if target is None:
                    st.page_link(PARTIES_PAGE, label="Open Parties", icon=":material/arrow_forward:")
                else:
                    st.page_link(EXPLORER, label="Open in Explorer", icon=":material/arrow_forward:",
                                 query_params=filter_to_query(target))


reads.require_db()
st.title("Contract portfolio")
as_of = pick_as_of(url_as_of())
st.caption(f"Commercial contracts in the knowledge graph, as of {as_of:%Y-%m-%d}. Click any bar to open those "
           "contracts in the Explorer.")
deadlines = render_act_on(as_of)  # first: what needs doing, before the portfolio's numbers

with reads.guarded():
    numbers = reads.kpis(as_of)
render_kpis(numbers, as_of)
render_notice_card(as_of, deadlines)  # the same 90 days as the list's longest horizon: counted there

with reads.guarded():
    clicked, _ = render_charts(ContractFilter(), as_of, "overview", CHARTS_KEY)
if clicked is not None:
    st.switch_page(EXPLORER, query_params=filter_to_query(clicked))

render_footer()
