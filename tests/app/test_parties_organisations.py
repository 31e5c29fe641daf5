"""The Parties page shows both levels (issue 29 item 4): each row is one legal entity with its legal form and
organisation, the organisations are listed with their members, a party's header names its organisation and
the other entities in it, and the network draws the organisation joined to its members. Expected values come
from Cypher written here, not the app's."""

from __future__ import annotations

from tests.app.shown import shown
from tests.app.test_dashboard_pages import open_page

ORGS = ("MATCH (o:Organisation)<-[:MEMBER_OF]-(p:Party) WITH o, count(p) AS n, "
        "COUNT { MATCH (o)<-[:MEMBER_OF]-(:Party)-[:PARTY_TO]->(c:Contract) RETURN DISTINCT c } AS contracts "
        "RETURN o.name AS name, n, contracts ORDER BY name")

NETWORK = ("MATCH (p:Party) WHERE p.key IN $keys OPTIONAL MATCH (p)-[:PARTY_TO]->()<-[:PARTY_TO]-(b:Party) "
           "WHERE b.role_only IS NULL WITH collect(DISTINCT p.key) + collect(DISTINCT b.key) AS keys "
           "UNWIND keys AS k RETURN count(DISTINCT k) AS n")


def test_search_rows_are_legal_entities_with_their_organisation(driver):
    at = open_page("pages/portfolio/parties.py")
    at.text_input(key="party_search").input("reynolds consumer").run()
    table = at.main.dataframe[0].value
    rows = sorted(map(tuple, table[["Party", "Legal form", "Organisation", "Contracts"]].values.tolist()))
    assert rows == [("REYNOLDS CONSUMER PRODUCTS LLC", "LLC", "Reynolds Consumer Products", 1),
                    ("Reynolds Consumer Products Inc.", "Inc.", "Reynolds Consumer Products", 1)]


def test_the_organisations_are_listed_with_their_members(driver):
    at = open_page("pages/portfolio/parties.py")
    expected = [tuple(r.values()) for r in driver.execute_query(ORGS).records]
    organisations = next(d.value for d in at.main.dataframe if "Legal entities" in d.value.columns)
    listed = sorted(map(tuple, organisations[["Organisation", "Legal entities", "Contracts"]].values.tolist()))
    assert listed == sorted(expected) and len(listed) == 8
    members = organisations[organisations["Organisation"] == "Premier Nutrition"]["Members"].iloc[0]
    assert list(members) == ["Premier Nutrition Corporation", "Premier Nutrition Company, LLC"]


def test_a_party_names_its_organisation_and_the_network_draws_it(driver):
    at = open_page("pages/portfolio/parties.py", {"party": "reynoldsconsumerproductsinc"})
    info = " ".join(shown(i.value) for i in at.info)
    assert "Member of the organisation **Reynolds Consumer Products**: 2 legal entities" in info
    assert "Also in it: REYNOLDS CONSUMER PRODUCTS LLC (LLC, 1 contract)." in info
    captions = [shown(c.value) for c in at.caption]
    assert any("legal form Inc." in c for c in captions)
    # The network around the Inc. also draws the LLC (and the co-parties of both), and the organisation square.
    drawn = driver.execute_query(NETWORK, keys=["reynoldsconsumerproductsinc", "reynoldsconsumerproductsllc"])
    parties = drawn.records[0]["n"]
    assert parties >= 3
    assert any(c.startswith(f"{parties} parties, ") and ", 1 organisation (squares;" in c for c in captions), captions


def test_the_explorer_reads_an_organisation_from_its_url_and_form(driver):
    from graph.query.filter_url import filter_to_query, short_digest
    from graph.query.filters import parse_filter
    from graph.reads.repository import search_contracts
    from tests.app.test_dashboard import EXPLORER, metric
    from tests.app.test_dashboard import open_page as open_explorer

    f = parse_filter({"organisations": ["Reynolds Consumer Products Inc."]})
    at = open_explorer(EXPLORER, filter_to_query(f))
    key = "explorer_" + short_digest(f.model_dump_json())
    assert at.text_input(key=f"{key}_org_text").value == "Reynolds Consumer Products Inc."
    members = driver.execute_query(
        "MATCH (:Organisation {key: 'reynolds consumer products'})<-[:MEMBER_OF]-(:Party)-[:PARTY_TO]->(c:Contract) "
        "RETURN count(DISTINCT c) AS n").records[0]["n"]
    assert metric(at, "Matching contracts") == str(members) == str(search_contracts(driver, f).total_count) == "2"
