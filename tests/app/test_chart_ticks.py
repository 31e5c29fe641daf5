"""Count axes tick whole numbers: one tick per contract for small counts (no 0.5 ticks over 1-4 contracts),
integer labels for large ones; and amounts are shown in full outside chart axes."""

from __future__ import annotations

from components.charts import Bars, bar_figure
from components.formatting import money, money_compact


def bars(values: list[float], horizontal: bool = False) -> Bars:
    return Bars("type", "t", "x", "Contracts", [str(i) for i in range(len(values))], values,
                list(range(len(values))), horizontal=horizontal)


def test_small_counts_tick_every_whole_contract() -> None:
    axis = bar_figure(bars([1, 3, 2])).layout.yaxis
    assert (axis.tickmode, axis.dtick, axis.tick0, axis.tickformat) == ("linear", 1, 0, "d")


def test_horizontal_bars_put_the_count_axis_on_x() -> None:
    fig = bar_figure(bars([2, 4], horizontal=True))
    assert fig.layout.xaxis.dtick == 1 and fig.layout.yaxis.type == "category"


def test_large_counts_keep_automatic_integer_ticks() -> None:
    axis = bar_figure(bars([120, 440])).layout.yaxis
    assert axis.tickmode is None and axis.tickformat == ",d"


def test_money_is_full_and_only_axes_are_compact() -> None:
    assert money(1_250_000.0) == "$1,250,000" and money(1041.5) == "$1,041.50" and money(None) == "—"
    assert money_compact(1_250_000.0) == "$1.2M"
