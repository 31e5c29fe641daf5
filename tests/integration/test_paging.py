"""The one count-and-page statement, at its edges: empty pages still carry the exact total, in both shapes."""

from __future__ import annotations

import pytest

from graph.reads.repository import search_contracts
from graph.server.db import read

SUPPLY = "MATCH (c:Contract {contract_type: 'Supply'}) RETURN count(c) AS n"
PARTY = ("MATCH (p:Party)-[:PARTY_TO]->(c:Contract) WHERE any(n IN p.search_names WHERE n CONTAINS 'inc') "
         "RETURN count(DISTINCT c) AS n")


@pytest.mark.parametrize(("spec", "independent"), [
    ({"contract_types": ["Supply"]}, SUPPLY),   # separate count and page subqueries
    ({"parties": ["inc"]}, PARTY),              # shared: matches collected once
])
def test_a_page_past_the_end_is_empty_with_the_exact_total(driver, spec: dict, independent: str) -> None:
    total = read(driver, independent)[0]["n"]
    assert total > 5
    last = search_contracts(driver, {**spec, "offset": total - 3, "limit": 10})
    assert last.total_count == total and len(last.contracts) == 3
    past = search_contracts(driver, {**spec, "offset": total + 5, "limit": 10})
    assert past.total_count == total and past.contracts == []


@pytest.mark.parametrize("spec", [{"parties": ["no such party anywhere"]}, {"min_amount": 1e15}])
def test_no_match_gives_zero_and_no_rows(driver, spec: dict) -> None:
    result = search_contracts(driver, {**spec, "limit": 5})
    assert result.total_count == 0 and result.contracts == []
