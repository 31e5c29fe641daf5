"""Overview (home): portfolio KPIs and charts. A click on a bar opens the Explorer filtered to that bar."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import streamlit as st

from components import reads
from components.charts import render_charts
from components.filter_url import filter_to_query
from components.footer import render_footer
from components.formatting import money
from components.renewals.cards import render_notice_card
from components.routes import EXPLORER_PAGE as EXPLORER
from graph.filters import ContractFilter

HORIZON_DAYS = 90


def render_kpis(numbers: dict[str, Any], today: date) -> None:
    """Six KPI cards; the ones a filter can reproduce link to the Explorer."""
    soon = ContractFilter(min_end_date=today, max_end_date=today + timedelta(days=HORIZON_DAYS))
    cards = [
        ("Contracts", f"{numbers['contracts']:,}", "Contracts in the graph.", ContractFilter()),
        ("Parties", f"{numbers['parties']:,}", "Distinct parties after name merging.", None),
        ("Active", f"{numbers['active']:,}", f"End date on or after {today:%Y-%m-%d}.", ContractFilter(active=True)),
        (f"Expiring in {HORIZON_DAYS} days", f"{numbers['expiring']:,}",
         f"End date between {today:%Y-%m-%d} and {soon.max_end_date:%Y-%m-%d}.", soon),
        ("No end date", f"{numbers['no_end_date']:,}", "Perpetual, evergreen or unknown term.", None),
        ("Total known value", money(numbers["total_value"]), "Sum of the stated total amounts.", None),
    ]
    for column, (label, value, help_text, target) in zip(st.columns(len(cards)), cards, strict=True):
        with column:
            st.metric(label, value, help=help_text, border=True)
            if target is not None:
                st.page_link(EXPLORER, label="Open in Explorer", icon=":material/arrow_forward:",
                             query_params=filter_to_query(target))


today = date.today()
reads.require_db()
st.title("Contract portfolio")
st.caption("Commercial contracts in the knowledge graph. Click any bar to open those contracts in the Explorer.")

with reads.guarded():
    numbers = reads.kpis(today)
render_kpis(numbers, today)
render_notice_card(today)

with reads.guarded():
    clicked, _ = render_charts(ContractFilter(), today, "overview")
if clicked is not None:
    st.switch_page(EXPLORER, query_params=filter_to_query(clicked))

render_footer()
