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


# Where matching starts for the first fragment: two TEXT indexes (graph.query.conditions.ORGANISATION_HEAD).
HEAD = ("CALL () {\n  MATCH (c:Contract) WHERE c.party_text CONTAINS $organisation_0\n  RETURN c\n  UNION\n"
        "  MATCH (p:Party)-[:PARTY_TO]->(c:Contract) WHERE p.org_text CONTAINS $organisation_0\n  RETURN c\n}\nWITH c")


def test_the_first_organisation_fragment_starts_from_two_text_indexes_lower_cased():
    assert _count({"organisations": ["Reynolds Consumer Products  Inc."]}) == (
        HEAD + "\nRETURN count(c) AS total_count", {"organisation_0": "reynolds consumer products inc."})


def test_more_fragments_and_other_conditions_test_the_anchors_matches():
    cypher, params = _count({"organisations": ["Premier Nutrition", "Bank of America"], "contract_types": ["License"]})
    assert cypher == (HEAD + "\nWHERE " + ORG.replace("{i}", "1") + "\n  AND c.contract_type IN $contract_types"
                      "\nRETURN count(c) AS total_count")
    assert params == {"organisation_0": "premier nutrition", "organisation_1": "bank of america",
                      "contract_types": ["License"]}


def test_a_page_in_key_order_tests_each_contract_instead():
    # Keyset chunks (the CSV) read contracts in sort-key order and stop early: behind the union they could not.
    from graph.query.keyset import KEYED_PHASE, compile_chunk
    chunk = compile_chunk(parse_filter({"organisations": ["Acme"]}), KEYED_PHASE, None, 500)
    assert chunk.cypher.startswith("MATCH (c:Contract)\nWHERE " + ORG.replace("{i}", "0"))


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
