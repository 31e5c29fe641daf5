"""ingest.resolve ranking (no database): exact key first, token_set_ratio, same country breaks ties."""

from __future__ import annotations

from ingest.resolve import PartySuggestion, _rank, auto_same_as
from ingest.schema import Organization

ROWS = [
    {"key": "acmeinc", "name": "ACME INC.", "aliases": ["Acme, Inc."]},
    {"key": "acmecorporation", "name": "Acme Corporation", "aliases": []},
    {"key": "acmewidgetsltd", "name": "Acme Widgets Ltd", "aliases": []},
    {"key": "zenithgmbh", "name": "Zenith GmbH", "aliases": []},
]
DETAILS = {"acmeinc": {"countries": ["US"], "contract_count": 3},
           "acmecorporation": {"countries": ["GB"], "contract_count": 1},
           "acmewidgetsltd": {"countries": ["GB"], "contract_count": 2},
           "zenithgmbh": {"countries": ["DE"], "contract_count": 1}}


def _party(name: str, country: str | None = None) -> Organization:
    return Organization(name=name, role="Supplier", location={"country": country} if country else None)


def test_exact_key_match_comes_first():
    ranked = _rank(_party("Acme, Inc."), ROWS, 85, 3, DETAILS)
    assert [(c.key, c.exact, c.score) for c in ranked] == [("acmeinc", True, 100.0),
                                                           ("acmecorporation", False, 100.0),
                                                           ("acmewidgetsltd", False, 100.0)]
    assert ranked[0].describe() == "ACME INC. (US; 3 contracts; exact name match)"


def test_same_country_breaks_ties_between_equal_scores():
    # "Acme": every Acme normalises to a superset of {"acme"} (token_set_ratio 100, none exact).
    us = _rank(_party("Acme", "US"), ROWS, 85, 2, DETAILS)
    gb = _rank(_party("Acme", "GB"), ROWS, 85, 2, DETAILS)
    assert [c.key for c in us] == ["acmeinc", "acmecorporation"] and us[0].same_country
    # Both GB parties outrank the US one; between them the closer spelling (plain ratio) wins.
    assert [c.key for c in gb] == ["acmecorporation", "acmewidgetsltd"] and gb[1].same_country
    assert not any(c.exact for c in us + gb)


def test_below_cutoff_nothing_is_suggested():
    assert _rank(_party("Zeta Pharmaceuticals AG"), ROWS, 85, 3, DETAILS) == []
    assert [c.key for c in _rank(_party("Zenith GmbH & Co"), ROWS, 85, 3, DETAILS)] == ["zenithgmbh"]


def test_unattended_decisions_accept_exact_matches_only():
    exact = _rank(_party("Acme, Inc."), ROWS, 85, 3, DETAILS)
    fuzzy = _rank(_party("Acme Widgets Limited"), ROWS, 85, 3, DETAILS)
    suggestions = [PartySuggestion("Acme, Inc.", None, exact), PartySuggestion("Acme Widgets Limited", None, fuzzy),
                   PartySuggestion("Nobody LLC", None, [])]
    assert fuzzy and not any(c.exact for c in fuzzy)
    assert auto_same_as(suggestions) == {"Acme, Inc.": "acmeinc", "Acme Widgets Limited": None, "Nobody LLC": None}
