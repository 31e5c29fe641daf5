"""The Contract page's Term card: ISO 8601 durations as words (the graph stores 'P1Y6M')."""

from __future__ import annotations

import pytest

from core.labels import duration_label


@pytest.mark.parametrize(("value", "label"), [
    ("P1Y6M", "1 year 6 months"), ("P2Y", "2 years"), ("P1M", "1 month"), ("P90D", "90 days"),
    ("P2W", "2 weeks"), ("P3Y1D", "3 years 1 day"), ("p1y", "1 year"),
])
def test_durations_read_as_words(value: str, label: str) -> None:
    assert duration_label(value) == label


@pytest.mark.parametrize(("value", "label"), [(None, "—"), ("", "—"), ("P", "P"), ("PT5H", "PT5H"), ("soon", "soon")])
def test_unknown_or_unusual_values_are_shown_as_they_are(value: str | None, label: str) -> None:
    assert duration_label(value) == label
