"""The portfolio charts shared by the Overview and the Explorer: contracts by type, effective year and party
country, the amount distribution and the expiry timeline, in two sets of tabs (one chart of each drawn at a
time). A click on a bar returns the filter the bar stands for (`chart_data.drill_filter`); the page decides
where to open it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

import plotly.graph_objects as go
import streamlit as st

from components import reads
from components.chart_data import drill_filter
from components.formatting import country_label
from graph.query.compiler import CompiledQuery
from graph.query.filters import ContractFilter

COLOR = "#2E6BE6"
ACCENT = "#F08C2E"
COUNTRY_BARS = 12
BAR_PX = 22  # height per bar of a horizontal chart
PLOTLY_CONFIG = {"displaylogo": False, "modeBarButtonsToRemove": ["lasso2d", "select2d"]}


@dataclass(frozen=True)
class Bars:
    """What one bar chart shows: category labels, counts and the key each bar drills into."""

    chart: str
    title: str
    x_title: str
    y_title: str
    labels: list[str]
    values: list[float]
    keys: list[Any]
    horizontal: bool = False
    color: str = COLOR
    show_values: bool = False


def count_axis(values: list[float]) -> dict[str, Any]:
    """A count axis ticks whole numbers only: one tick per contract for small counts, integers otherwise."""
    top = max(values, default=0)
    if top <= 8:
        return {"tickmode": "linear", "tick0": 0, "dtick": 1, "tickformat": "d", "rangemode": "tozero"}
    return {"tickformat": ",d", "rangemode": "tozero"}


def figure_height(bars: Bars, height: int = 360) -> int:
    """Horizontal charts grow with their bars so every category label shows (plotly skips labels that do not
    fit: 'Contracts by type' showed every other type name at 1280 px)."""
    return max(height, 110 + BAR_PX * len(bars.labels)) if bars.horizontal else height


def bar_figure(bars: Bars, height: int = 360) -> go.Figure:
    """A titled bar chart with axis labels and a hover that names the bar and its count."""
    value_axis, label_axis = ("x", "y") if bars.horizontal else ("y", "x")
    trace = go.Bar(
        x=bars.values if bars.horizontal else bars.labels, y=bars.labels if bars.horizontal else bars.values,
        orientation="h" if bars.horizontal else "v", customdata=[[k] for k in bars.keys],
        marker_color=bars.color, text=bars.values if bars.show_values else None, textposition="outside",
        cliponaxis=False,
        hovertemplate=f"<b>%{{{label_axis}}}</b><br>%{{{value_axis}:,}} contracts"
                      "<br><i>Click to open in the Explorer</i><extra></extra>",
    )
    fig = go.Figure(trace)
    fig.update_layout(
        title={"text": bars.title, "x": 0.0, "xanchor": "left"}, height=figure_height(bars, height),
        # Room right of the longest bar for its value label (it was clipped: "44" of 440).
        margin={"l": 10, "r": 40 if bars.horizontal and bars.show_values else 10, "t": 48, "b": 10},
        showlegend=False, clickmode="event+select",
        xaxis_title=bars.y_title if bars.horizontal else bars.x_title,
        yaxis_title=bars.x_title if bars.horizontal else bars.y_title,
    )
    fig.update_layout({f"{label_axis}axis": {"type": "category"}, f"{value_axis}axis": count_axis(bars.values)})
    if bars.horizontal:
        fig.update_yaxes(autorange="reversed")
    return fig


@st.cache_resource(max_entries=256, show_spinner=False)
def shared_figure(bars: Bars) -> go.Figure:
    """bar_figure, built once per distinct chart and shared read-only: plotly validates every property it
    sets, which cost ~30 ms a chart (5 per Overview and Explorer run) on the loaded machine (fix 17)."""
    return bar_figure(bars)


def clicked_key(event: Any, bars: Bars) -> Any | None:
    """The key of the bar a selection event points at, if any."""
    points = (event or {}).get("selection", {}).get("points", []) if event else []
    for point in points:
        data = point.get("customdata")
        if data:
            return data[0] if isinstance(data, list) else data
        index = point.get("point_index", point.get("point_number"))
        if index is not None and 0 <= int(index) < len(bars.keys):
            return bars.keys[int(index)]
    return None


def show_bars(bars: Bars, widget_key: str, empty: str) -> Any | None:
    """Draw the chart (or a note when it is empty); returns the clicked bar's key."""
    if not bars.keys or not any(bars.values):
        st.markdown(f"**{bars.title}**")
        st.caption(empty)
        return None
    event = st.plotly_chart(shared_figure(bars), key=widget_key, on_select="rerun", selection_mode="points",
                            config=PLOTLY_CONFIG)
    return clicked_key(event, bars)


def _grouped(f_json: str, group_by: str, queries: list[CompiledQuery]) -> list[dict[str, Any]]:
    result = reads.groups(f_json, group_by)
    queries.extend(result.queries[1:])
    return result.aggregation or []


def type_bars(f_json: str, queries: list[CompiledQuery]) -> Bars:
    rows = _grouped(f_json, "contract_type", queries)
    return Bars("contract_type", "Contracts by type", "Contract type", "Contracts",
                [r["key"] for r in rows], [r["value"] for r in rows], [r["key"] for r in rows], horizontal=True,
                show_values=True)


def year_bars(f_json: str, queries: list[CompiledQuery]) -> Bars:
    rows = sorted(_grouped(f_json, "effective_year", queries), key=lambda r: r["key"])
    return Bars("effective_year", "Contracts by effective year", "Effective year", "Contracts",
                [str(r["key"]) for r in rows], [r["value"] for r in rows], [r["key"] for r in rows])


def country_bars(f_json: str, queries: list[CompiledQuery]) -> Bars:
    rows = _grouped(f_json, "party_country", queries)[:COUNTRY_BARS]
    return Bars("party_country", f"Contracts by party country (top {COUNTRY_BARS})", "Party country",
                "Contracts", [country_label(r["key"]) for r in rows], [r["value"] for r in rows],
                [r["key"] for r in rows], horizontal=True, show_values=True)


def amount_bars(f_json: str) -> Bars:
    bands = reads.bands(f_json)
    currency = ContractFilter.model_validate_json(f_json).amount_currency()
    # Amounts are banded within one currency: the others are left out, never counted as if they were dollars.
    return Bars("amount", f"Contract value distribution ({currency} only)",
                f"Total amount ({currency} only, log-scale bands)", "Contracts",
                [b.label for b in bands], [b.count for b in bands], list(range(len(bands))), color=ACCENT,
                show_values=True)


def expiry_bars(f_json: str, today: date, queries: list[CompiledQuery]) -> Bars:
    result = reads.expiry_years(f_json, today)
    rows = sorted(result.aggregation or [], key=lambda r: r["key"]) if result else []
    if result:
        queries.extend(result.queries[1:])
    return Bars("expiry", f"Contracts ending from {today:%Y-%m-%d}", "End year",
                "Contracts ending", [str(r["key"]) for r in rows], [r["value"] for r in rows],
                [r["key"] for r in rows], color=ACCENT, show_values=True)


# Two tab sets side by side; only each set's open tab is drawn (and queried), so a first visit draws two charts
# instead of five (issue 33: plotly drawing five charts in one commit held the page). The open tabs are in the
# URL (`<tabs_key>_left`, `<tabs_key>_right`), so a link opens the same charts; each page has its own keys, or
# the Overview's open tab would carry over to the Explorer's over the Explorer link's own.
CHART_TABS = {"left": ("Type", "Party country"), "right": ("Effective year", "Value", "End year")}


def render_charts(f: ContractFilter, today: date, key_prefix: str,
                  tabs_key: str) -> tuple[ContractFilter | None, list[CompiledQuery]]:
    """Draw the charts for the contracts matching `f`: two columns of tabs, each drawing its open tab only.

    Returns the filter of a clicked bar (or None) and the aggregation queries that ran.
    """
    f_json = f.model_dump_json()
    queries: list[CompiledQuery] = []
    makers: dict[str, tuple[Callable[[], Bars], str]] = {
        "Type": (lambda: type_bars(f_json, queries), "No contract types in this set."),
        "Party country": (lambda: country_bars(f_json, queries), "No party countries in this set."),
        "Effective year": (lambda: year_bars(f_json, queries), "No effective dates in this set."),
        "Value": (lambda: amount_bars(f_json), "No stated amounts in this set."),
        "End year": (lambda: expiry_bars(f_json, today, queries),
                     f"No contract in this set ends on or after {today:%Y-%m-%d}."),
    }
    clicked: ContractFilter | None = None
    for column, (side, labels) in zip(st.columns(2, gap="medium"), CHART_TABS.items(), strict=True):
        with column, st.container(border=True):
            tabs = st.tabs(list(labels), key=f"{tabs_key}_{side}", bind="query-params", on_change="rerun")
            for label, tab in zip(labels, tabs, strict=True):
                if not tab.open:
                    continue
                make, empty = makers[label]
                with tab:
                    bars = make()
                    key = show_bars(bars, f"{key_prefix}_{bars.chart}", empty)
                if key is not None and clicked is None:
                    clicked = drill_filter(f, bars.chart, key, today)
    return clicked, queries
