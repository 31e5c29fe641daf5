"""ingest.resolve ranking (no database): exact key first, token_set_ratio, same country breaks ties."""

from __future__ import annotations

from ingest.resolve import PartySuggestion, _rank, auto_same_as, formed_entities, only_entity
from ingest.schema import Organization

ROWS = [
    {"key": "acmeinc", "name": "ACME INC.", "aliases": ["Acme, Inc."]},
    {"key": "acmecorp", "name": "Acme Corporation", "aliases": []},
    {"key": "acmewidgetsltd", "name": "Acme Widgets Ltd", "aliases": []},
    {"key": "zenithgmbh", "name": "Zenith GmbH", "aliases": []},
]
DETAILS = {"acmeinc": {"countries": ["US"], "contract_count": 3},
           "acmecorp": {"countries": ["GB"], "contract_count": 1},
           "acmewidgetsltd": {"countries": ["GB"], "contract_count": 2},
           "zenithgmbh": {"countries": ["DE"], "contract_count": 1}}


def _party(name: str, country: str | None = None) -> Organization:
    return Organization(name=name, role="Supplier", location={"country": country} if country else None)


def test_exact_key_match_comes_first():
    ranked = _rank(_party("Acme, Inc."), ROWS, 85, 3, DETAILS)
    assert [(c.key, c.exact, c.score) for c in ranked] == [("acmeinc", True, 100.0),
                                                           ("acmecorp", False, 100.0),
                                                           ("acmewidgetsltd", False, 100.0)]
    assert ranked[0].describe() == "ACME INC. (US; 3 contracts; exact name match)"


def test_same_country_breaks_ties_between_equal_scores():
    # "Acme": every Acme normalises to a superset of {"acme"} (token_set_ratio 100, none exact).
    us = _rank(_party("Acme", "US"), ROWS, 85, 2, DETAILS)
    gb = _rank(_party("Acme", "GB"), ROWS, 85, 2, DETAILS)
    assert [c.key for c in us] == ["acmeinc", "acmecorp"] and us[0].same_country
    # Both GB parties outrank the US one; between them the closer spelling (plain ratio) wins.
    assert [c.key for c in gb] == ["acmecorp", "acmewidgetsltd"] and gb[1].same_country
    assert not any(c.exact for c in us + gb)


def test_below_cutoff_nothing_is_suggested():
    assert _rank(_party("Zeta Pharmaceuticals AG"), ROWS, 85, 3, DETAILS) == []
    assert [c.key for c in _rank(_party("Zenith GmbH & Co"), ROWS, 85, 3, DETAILS)] == ["zenithgmbh"]


def test_unattended_decisions_accept_exact_matches_only():
    exact = _rank(_party("Acme, Inc."), ROWS, 85, 3, DETAILS)
    fuzzy = _rank(_party("Acme Widgets LLC"), ROWS, 85, 3, DETAILS)  # another legal form: another entity
    suggestions = [PartySuggestion("Acme, Inc.", None, exact), PartySuggestion("Acme Widgets LLC", None, fuzzy),
                   PartySuggestion("Nobody LLC", None, [])]
    assert fuzzy and not any(c.exact for c in fuzzy)
    assert auto_same_as(suggestions) == {"Acme, Inc.": "acmeinc", "Acme Widgets LLC": None, "Nobody LLC": None}


def test_the_written_out_legal_form_is_the_same_entity():
    assert [(c.key, c.exact) for c in _rank(_party("ACME WIDGETS LIMITED"), ROWS, 85, 1, DETAILS)] == \
        [("acmewidgetsltd", True)]


def test_a_name_without_legal_form_is_the_only_legal_entity_of_that_name():
    formed = formed_entities(ROWS)
    assert only_entity("Zenith", formed) == "zenithgmbh"
    assert only_entity("Acme", formed) is None  # Acme Inc. and Acme Corporation: which one is not said
    assert only_entity("Zenith AG", formed) is None  # states its own legal form
    ranked = _rank(_party("Zenith"), ROWS, 85, 3, DETAILS, only_entity("Zenith", formed))
    assert [(c.key, c.exact) for c in ranked] == [("zenithgmbh", True)]
