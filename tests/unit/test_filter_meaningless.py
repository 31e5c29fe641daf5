"""A filter value is never silently dropped: every string field validates (an error naming the field) or
compiles to a condition; integers and amounts are bounded so the driver never overflows (issue 18)."""

from __future__ import annotations

from datetime import date

import pytest

from core.errors import FilterValidationError
from graph.query.compiler import compile_count
from graph.query.filters import MAX_OFFSET, parse_filter
from graph.reads.repository import parse_party_query

TODAY = date(2021, 6, 30)
ZERO_WIDTH = "\u200b"


@pytest.mark.parametrize(("data", "field", "message"), [
    ({"governing_law_state": "*:*"}, "governing_law_state",
     "governing_law_state: '*:*' is not a state, province or region name or code"),
    ({"governing_law_state": "12"}, "governing_law_state", "'12' is not a state"),
    ({"governing_law_state": ZERO_WIDTH}, "governing_law_state", "is not a state"),
    ({"governing_law_state": "12", "governing_law_country": "DE"}, "governing_law_state", "'12' is not a state"),
    ({"party_country": "*:*"}, "party_country", "'*:*' is not an ISO 3166 alpha-2 country code"),
    ({"governing_law_country": ZERO_WIDTH}, "governing_law_country", "is not an ISO 3166"),
    ({"parties": [""]}, "parties", "a party name fragment must not be empty or only spaces"),
    ({"parties": ["Acme", "   "]}, "parties", "must not be empty or only spaces"),
    ({"text": "*:*"}, "text", "text must contain at least one letter or digit"),
    ({"text": ZERO_WIDTH}, "text", "at least one letter or digit"),
    ({"contract_types": ["*:*"]}, "contract_types", "unknown contract type '*:*'"),
    ({"contract_types": [ZERO_WIDTH]}, "contract_types", "unknown contract type"),
    ({"contract_types": [""]}, "contract_types", "unknown contract type ''"),
    ({"clause_types": ["12"]}, "clause_types", "unknown clause type '12'"),
    ({"text_clause_types": [" "]}, "text_clause_types", "unknown CUAD clause category"),
    ({"offset": 9223372036854775808}, "offset", f"less than or equal to {MAX_OFFSET}"),
    ({"offset": 1e23}, "offset", ""),
    ({"offset": 1e30}, "offset", ""),
    ({"limit": 9223372036854775808}, "limit", "less than or equal to 500"),
    ({"agg_limit": 1e23}, "agg_limit", ""),
    ({"min_amount": float("nan")}, "min_amount", "finite number"),
    ({"max_amount": float("inf")}, "max_amount", "finite number"),
    ({"min_amount": 1e300}, "min_amount", "less than or equal to"),
    ({"monetary_value": {"value": float("inf"), "operator": ">"}}, "monetary_value.value", "finite number"),
    ({"parties": ["a"] * 51}, "parties", "at most 50 items"),
])
def test_meaningless_or_unbounded_values_are_errors_naming_the_field(data, field, message) -> None:
    with pytest.raises(FilterValidationError, match="^Invalid filter: " + field.replace(".", r"\.") + ": ") as e:
        parse_filter(data)
    assert e.value.field == field and message in str(e.value)
    assert f"{field}: {field}:" not in str(e.value)  # the field is named once


@pytest.mark.parametrize(("data", "field"), [
    ({"offset": 9223372036854775808}, "offset"), ({"offset": 1e30}, "offset"), ({"name": "   "}, "name"),
    ({"country": "*:*"}, "country"), ({"limit": 1e23}, "limit"),
])
def test_party_query_bounds_and_blank_names(data, field) -> None:
    with pytest.raises(FilterValidationError, match=f"^Invalid party query: {field}: ") as e:
        parse_party_query(data)
    assert e.value.field == field


def test_blank_fields_mean_no_condition() -> None:
    """Empty form fields ('' or spaces) set nothing; that is the only value that does."""
    f = parse_filter({"text": "  ", "party_country": "", "governing_law_country": " ", "governing_law_state": ""})
    assert f.describe() == {}
    assert compile_count(f, TODAY).cypher == "MATCH (c:Contract)\nRETURN count(c) AS total_count"


def test_a_region_outside_us_and_canada_compiles_to_its_condition() -> None:
    q = compile_count(parse_filter({"governing_law_state": "bavaria"}), TODAY)
    assert q.cypher == ("MATCH (c:Contract)\nWHERE c.governing_law_state = $governing_law_state\n"
                        "RETURN count(c) AS total_count")
    assert q.params == {"governing_law_state": "Bavaria"}


def test_a_state_name_compiles_to_its_code() -> None:
    q = compile_count(parse_filter({"governing_law_state": "delaware"}), TODAY)
    assert q.cypher == ("MATCH (c:Contract)\nWHERE c.governing_law_state = $governing_law_state\n"
                        "RETURN count(c) AS total_count")
    assert q.params == {"governing_law_state": "DE"}


@pytest.mark.parametrize("fragment", ["*:*", "12", ZERO_WIDTH, f"ac{ZERO_WIDTH}me", "'"])
def test_a_party_fragment_is_always_a_literal_condition(fragment: str) -> None:
    """Party fragments are substrings: '*:*' or a zero-width space match what contains them (usually nothing)."""
    q = compile_count(parse_filter({"parties": [fragment]}), TODAY)
    assert q.cypher == ("MATCH (c:Contract)\nWHERE c.party_text CONTAINS $party_0\n"
                        "RETURN count(c) AS total_count")
    assert q.params == {"party_0": fragment}


def test_text_with_a_letter_compiles_to_an_escaped_full_text_query() -> None:
    q = compile_count(parse_filter({"text": "a*:* b"}), TODAY)
    assert q.cypher == ("CALL db.index.fulltext.queryNodes('contract_text', $text) YIELD node AS c\n"
                        "RETURN count(c) AS total_count")
    assert q.params == {"text": "a\\*\\:\\* AND b"}


def test_the_largest_offset_still_compiles() -> None:
    f = parse_filter({"offset": MAX_OFFSET, "limit": 500})
    assert (f.offset, f.limit) == (MAX_OFFSET, 500)
