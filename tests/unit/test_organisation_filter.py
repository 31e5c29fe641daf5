"""The `organisations` filter field compiles to exact, parameterized Cypher (graph.query.conditions), beside the
party-name fragments whose meaning is unchanged."""

from __future__ import annotations

import pytest

from core.errors import FilterValidationError
from graph.query.compiler import compile_count
from graph.query.filter_url import LIST_FIELDS, filter_from_query
from graph.query.filters import parse_filter

ORG = "EXISTS { MATCH (c)<-[:PARTY_TO]-(p:Party) WHERE coalesce(p.org_text, p.search_text) CONTAINS $organisation_{i} }"


def _count(spec: dict) -> tuple[str, dict]:
    compiled = compile_count(parse_filter(spec))
    return compiled.cypher, compiled.params


def test_an_organisation_fragment_is_one_exists_test_lower_cased():
    assert _count({"organisations": ["Reynolds Consumer Products  Inc."]}) == (
        "MATCH (c:Contract)\nWHERE " + ORG.replace("{i}", "0") + "\nRETURN count(c) AS total_count",
        {"organisation_0": "reynolds consumer products inc."})


def test_organisations_and_parties_together_all_must_hold():
    cypher, params = _count({"parties": ["Acme"], "organisations": ["Premier Nutrition", "Bank of America"]})
    assert cypher == ("MATCH (c:Contract)\nWHERE c.party_text CONTAINS $party_0\n  AND " + ORG.replace("{i}", "0")
                      + "\n  AND " + ORG.replace("{i}", "1") + "\nRETURN count(c) AS total_count")
    assert params == {"party_0": "acme", "organisation_0": "premier nutrition",
                      "organisation_1": "bank of america"}


def test_a_value_travels_only_as_a_parameter():
    cypher, params = _count({"organisations": ["x' } MATCH (n) DETACH DELETE n //"]})
    assert "DELETE" not in cypher and params["organisation_0"] == "x' } match (n) detach delete n //"


@pytest.mark.parametrize("value", ["", "   "])
def test_an_empty_organisation_fragment_is_refused(value):
    with pytest.raises(FilterValidationError, match="organisations"):
        parse_filter({"organisations": [value]})


def test_the_url_carries_organisations():
    assert "organisations" in LIST_FIELDS
    f = filter_from_query(lambda key: ["Premier Nutrition"] if key == "organisations" else [])
    assert f.organisations == ("Premier Nutrition",)
