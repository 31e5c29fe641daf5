"""Every matching contract in page order, a chunk at a time after the previous chunk's last row
(graph.query.keyset, graph.reads.repository.iter_contracts): the same rows, in the same order, as the pages of
search_contracts put end to end, for each sort key and direction, with chunks small enough to cross from the
contracts with the key to those without it; and the exact statement of a chunk."""

from __future__ import annotations

from datetime import date

import pytest

from graph.query.filters import parse_filter
from graph.query.keyset import KEYED_PHASE, UNKEYED_PHASE, compile_chunk
from graph.reads.repository import iter_contracts, search_contracts

pytestmark = pytest.mark.integration


def _pages(driver, spec: dict) -> list[dict]:
    rows, offset = [], 0
    while True:
        page = search_contracts(driver, {**spec, "limit": 500, "offset": offset})
        rows += page.contracts
        offset += 500
        if offset >= page.total_count:
            return rows


@pytest.mark.parametrize("spec", [
    {"sort_by": "total_amount"}, {"sort_by": "total_amount", "sort_order": "asc"},
    {"sort_by": "effective_date", "sort_order": "asc"}, {"sort_by": "end_date"},
    {"sort_by": "party_count", "contract_types": ["License", "Service"]},
    {"parties": ["inc"], "sort_by": "end_date", "sort_order": "asc"},
])
def test_chunks_after_the_last_row_give_the_pages_rows_in_order(driver, spec: dict) -> None:
    expected = _pages(driver, spec)
    got = list(iter_contracts(driver, spec, chunk=37))
    assert len(expected) > 37 and [r["file_id"] for r in got] == [r["file_id"] for r in expected]
    assert got == expected  # every column, status included


def test_a_chunks_statement() -> None:
    f = parse_filter({"sort_by": "total_amount", "contract_types": ["License"]})
    first = compile_chunk(f, KEYED_PHASE, None, 50, date(2026, 12, 7))
    after = compile_chunk(f, KEYED_PHASE, (1000.0, "x"), 50, date(2026, 12, 7))
    assert after.cypher.splitlines()[:4] == [
        "MATCH (c:Contract)", "WHERE c.contract_type IN $contract_types",
        "  AND c.total_amount IS NOT NULL AND c.currency = $currency AND c.total_amount <= $after_key AND "
        "(c.total_amount < $after_key OR c.file_id > $after_id)",
        "WITH c ORDER BY c.total_amount DESC, c.file_id ASC LIMIT $chunk"]
    assert after.cypher.endswith("AS governing_law,\n       c.total_amount AS sort_key")
    assert after.params == {**first.params, "after_key": 1000.0, "after_id": "x"}
    assert first.params == {"contract_types": ["License"], "currency": "USD", "chunk": 50,
                            "as_of": date(2026, 12, 7)}
    rest = compile_chunk(f, UNKEYED_PHASE, "x", 50, date(2026, 12, 7))
    assert "(c.total_amount IS NULL OR coalesce(c.currency <> $currency, true)) AND c.file_id > $after_id" \
        in rest.cypher and "ORDER BY c.file_id ASC LIMIT $chunk" in rest.cypher and rest.params["after_id"] == "x"
    with pytest.raises(ValueError, match="phase"):
        compile_chunk(f, "both", None, 50)
