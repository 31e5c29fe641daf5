"""Contract and Parties pages through the real app, and the chart drill-downs: every bar opens a filter
whose exact count is the bar's value."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from components.chart_data import AMOUNT_LABELS, amount_bands, drill_filter, upcoming_filter
from components.network_view import network_html
from graph.query.filter_url import filter_to_query
from graph.query.filters import ContractFilter
from graph.reads.repository import contract_details, count_contracts, search_contracts, search_parties
from graph.reads.subgraph import contract_subgraph, party_contracts, party_network
from graph.server.config import REPO_ROOT
from graph.server.db import read
from tests.app.shown import shown

pytestmark = pytest.mark.integration

APP = str(REPO_ROOT / "app.py")
PICK_LIMIT = 500  # pages/portfolio/contract.py PICK_LIMIT (a page script runs when imported)
VERTICALNET = "VERTICALNETINC_04_01_2002-EX-10.19-MAINTENANCE AND SUPPORT AGREEMENT"


def open_page(page: str, params: dict[str, Any] | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.query_params.update(params or {})
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def test_file_id_param_opens_that_contract(driver):
    at = open_page("pages/portfolio/contract.py", {"file_id": VERTICALNET})
    details = contract_details(driver, VERTICALNET)
    assert [shown(h.value) for h in at.main.header] == ["Maintenance and Support Agreement"] == [details["title"]]
    assert any(VERTICALNET in shown(c.value) for c in at.main.caption)  # the file id stays visible
    metrics = {m.label: shown(m.value) for m in at.metric}
    assert metrics["Effective"] == details["effective_date"] and metrics["Ends"] == details["end_date"]
    assert metrics["Parties"] == str(len(details["parties"]))
    parties = at.main.dataframe[0].value
    assert sorted(parties["Party"]) == sorted(p["name"] for p in details["parties"])
    assert sorted(parties["Role"]) == sorted(p["role"] for p in details["parties"])
    labels = [shown(e.label) for e in at.main.expander]
    assert sorted(x for x in labels if x not in ("Scope", "Delete this contract")) == \
        sorted(c["type"] for c in details["clauses"])
    assert labels[-1] == "Delete this contract"  # last, collapsed, after the subgraph
    assert at.selectbox(key=f"contract_pick_{VERTICALNET}").value == VERTICALNET
    assert len(at.get("iframe")) == 1


def test_unknown_file_id_shows_error():
    at = open_page("pages/portfolio/contract.py", {"file_id": "NO SUCH CONTRACT"})
    assert any("No contract with file_id 'NO SUCH CONTRACT'" in shown(e.value) for e in at.error)


def test_contract_search_box_narrows_and_picks(driver):
    at = open_page("pages/portfolio/contract.py")
    at.text_input(key="contract_search").input("distributor").run()
    picker = at.selectbox(key="contract_pick_None")
    rows = driver.execute_query("MATCH (c:Contract) RETURN c.file_id AS file_id, c.title AS title, "
                                "c.party_text AS names").records
    # Matched on the title, a party's name or the file id; ordered by title (case-blind), then file id.
    hits = [r for r in rows if any("distributor" in (v or "").lower() for v in (r["title"], r["names"], r["file_id"]))]
    expected = [r["file_id"] for r in sorted(hits, key=lambda r: (r["title"].lower(), r["file_id"]))]
    titles = {r["file_id"]: r["title"] for r in hits}
    # The picker shows "title — parties" in that order (AppTest exposes the formatted labels).
    assert len(expected) > 20 and len(picker.options) == len(expected)
    assert all(label.startswith(titles[fid] + " — ") for fid, label in zip(expected, picker.options, strict=True))
    picker.set_value(expected[0]).run()
    assert at.query_params["file_id"] == expected[0]
    assert [shown(h.value) for h in at.main.header] == [titles[expected[0]]]


def test_contract_graph_depth_expands_through_shared_parties(driver):
    depth0 = contract_subgraph(driver, VERTICALNET, depth=0)
    depth1 = contract_subgraph(driver, VERTICALNET, depth=1)
    details = contract_details(driver, VERTICALNET)
    assert {n.caption for n in depth0.nodes.values() if n.label == "Party"} == {p["name"]
                                                                              for p in details["parties"]}
    assert len([n for n in depth0.nodes.values() if n.label == "Clause"]) == len(details["clauses"])
    others = {r["file_id"] for p in details["parties"] for r in party_contracts(driver, p["key"])}
    assert set(depth1.ids("Contract")) == others
    capped = contract_subgraph(driver, VERTICALNET, depth=3, node_cap=5)
    assert capped.capped and len(capped.nodes) == 5


def test_network_html_is_self_contained(driver):
    page = network_html(contract_subgraph(driver, VERTICALNET, depth=1))
    remote = re.findall(r"<(?:script|link|img|iframe)\b[^>]*(?:src|href)\s*=\s*[\"']?(?:https?:)?//", page, re.I)
    assert remote == []
    assert "cdn.jsdelivr" not in page and "cdnjs.cloudflare" not in page
    assert "vis.Network" in page and "Contract (" in page


def test_parties_search_and_fuzzy_fallback(driver):
    at = open_page("pages/portfolio/parties.py")
    at.text_input(key="party_search").input("Bank of America").run()
    expected = search_parties(driver, {"name": "Bank of America", "limit": 200})
    assert sorted(at.main.dataframe[0].value["Party"]) == sorted(p["name"] for p in expected["parties"])
    at.text_input(key="party_search").input("Premier Nutrtion").run()
    assert any("Similar names" in w.value for w in at.warning)
    # Two legal entities since issue 29 (one party each), in one organisation; spellings of each stay aliases.
    table = at.main.dataframe[0].value
    premier = table[table["Party"].str.startswith("Premier Nutrition")]
    assert sorted(premier["Party"]) == ["Premier Nutrition Company, LLC", "Premier Nutrition Corporation"]
    assert set(premier["Organisation"]) == {"Premier Nutrition"}
    corp = premier[premier["Party"] == "Premier Nutrition Corporation"]
    assert list(corp["Also written"].iloc[0]) == ["PREMIER NUTRITION CORPORATION"]


def test_party_param_shows_its_contracts_and_network(driver):
    key = search_parties(driver, {"name": "VerticalNet, Inc."})["parties"][0]["key"]
    at = open_page("pages/portfolio/parties.py", {"party": key})
    contracts = party_contracts(driver, key)
    tables = [d.value for d in at.main.dataframe if "Counterparties" in d.value.columns]
    assert sorted(tables[0]["file_id"]) == sorted(r["file_id"] for r in contracts)
    assert sorted(tables[0]["Contract"]) == sorted(r["title"] for r in contracts)
    network = party_network(driver, key, depth=1)
    parties = [n for n in network.nodes.values() if n.label == "Party"]
    links = [e for e in network.edges.values() if e.type == "SHARES_CONTRACT"]
    assert any(c.value.startswith(f"{len(parties)} parties, {len(links)} links") for c in at.caption)
    assert len(at.get("iframe")) == 1


def test_filter_party_network_edge_weights_count_shared_contracts(driver):
    from graph.reads.subgraph import filter_party_network
    sub = filter_party_network(driver, ContractFilter(contract_types=("Supply",)), node_cap=400)
    # Organisations are drawn joined to their members (MEMBER_OF), apart from the shared-contract links.
    members = [(e.source.split(":", 1)[1], e.target.split(":", 1)[1]) for e in sub.edges.values()
               if e.type == "MEMBER_OF"]
    assert members and all(driver.execute_query(
        "MATCH (:Party {key: $p})-[:MEMBER_OF]->(o:Organisation {key: $o}) RETURN count(o) AS n", p=p, o=o)
        .records[0]["n"] == 1 for p, o in members)
    for edge in (e for e in sub.edges.values() if e.type == "SHARES_CONTRACT"):
        a, b = edge.source.split(":", 1)[1], edge.target.split(":", 1)[1]
        rows = driver.execute_query(
            "MATCH (:Party {key: $a})-[:PARTY_TO]->(c:Contract {contract_type: 'Supply'})<-[:PARTY_TO]-"
            "(:Party {key: $b}) RETURN count(DISTINCT c) AS n", a=a, b=b).records
        assert rows[0]["n"] == edge.weight


@pytest.mark.parametrize("group_by", ["contract_type", "effective_year", "party_country"])
def test_every_grouped_bar_drills_to_its_exact_count(driver, group_by):
    base = ContractFilter(min_effective_date=date(2005, 1, 1))
    chart = {"contract_type": "contract_type", "effective_year": "effective_year",
             "party_country": "party_country"}[group_by]
    bars = search_contracts(driver, base.model_copy(update={"limit": 0, "group_by": group_by,
                                                            "agg_limit": 500})).aggregation
    assert bars
    for bar in bars:
        drilled = drill_filter(base, chart, bar["key"], date.today())
        assert count_contracts(driver, drilled) == bar["value"], bar
        assert filter_to_query(drilled)  # representable in the Explorer's URL


def test_amount_and_expiry_bars_drill_to_their_exact_counts(driver):
    today = date.today()
    bands = amount_bands(driver, ContractFilter())
    assert [b.label for b in bands] == list(AMOUNT_LABELS)
    assert sum(b.count for b in bands) == count_contracts(driver, ContractFilter(min_amount=0))
    for i, band in enumerate(bands):
        assert count_contracts(driver, drill_filter(ContractFilter(), "amount", i, today)) == band.count
    upcoming = upcoming_filter(ContractFilter(), today).model_copy(update={"group_by": "end_year", "limit": 0})
    years = search_contracts(driver, upcoming).aggregation
    # the expiry bars count initial terms ending from today on (not the status "in force": that also counts
    # contracts renewed automatically past their end date, docs/FILTERS.md#status)
    assert sum(y["value"] for y in years) == count_contracts(driver, ContractFilter(min_end_date=today))
    for year in years:
        assert count_contracts(driver, drill_filter(ContractFilter(), "expiry", year["key"], today)) == year["value"]


def test_contract_picker_says_when_its_list_is_cut(driver):
    # the sample's 510 contracts are more than the picker lists; a fragment's matches are counted exactly
    total = read(driver, "MATCH (c:Contract) RETURN count(c) AS n")[0]["n"]
    supply = read(driver, "MATCH (c:Contract) WHERE toLower(coalesce(c.title, '')) CONTAINS 'supply' "
                          "OR c.party_text CONTAINS 'supply' OR toLower(c.file_id) CONTAINS 'supply' "
                          "RETURN count(c) AS n")[0]["n"]
    assert total > PICK_LIMIT >= supply > 0
    at = open_page("pages/portfolio/contract.py")
    [picker] = [s for s in at.selectbox if s.label.startswith("Contract (")]
    assert picker.label == f"Contract (first {PICK_LIMIT:,} listed; type to narrow)"
    assert len(picker.options) == PICK_LIMIT
    at.text_input(key="contract_search").set_value("supply").run()
    [picker] = [s for s in at.selectbox if s.label.startswith("Contract (")]
    assert picker.label == f"Contract ({supply:,} matching)" and len(picker.options) == supply
