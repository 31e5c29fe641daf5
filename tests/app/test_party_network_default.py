"""The Parties page with no party chosen draws the busiest parties and their co-parties (a readable default),
not the whole portfolio's network; counts checked against Cypher written here, not the app's."""

from __future__ import annotations

from itertools import combinations

from streamlit.testing.v1 import AppTest

from components.parties.view import BUSIEST, BUSIEST_TOP, FILTERED
from graph.reads.repository import search_parties
from tests.app.test_dashboard_pages import APP

CO_PARTIES = ("MATCH (p:Party)-[:PARTY_TO]->(:Contract)<-[:PARTY_TO]-(b:Party) "
              "WHERE p.key IN $keys AND b.role_only IS NULL RETURN collect(DISTINCT b.key) AS keys")
CONTRACTS_OF = ("MATCH (p:Party)-[:PARTY_TO]->(c:Contract) WHERE p.key IN $keys "
                "RETURN p.key AS key, collect(c.file_id) AS ids")


def test_no_party_chosen_shows_the_busiest_parties_network(driver) -> None:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.switch_page("pages/portfolio/parties.py").run()
    assert not at.exception, at.exception
    assert at.radio[0].options == [BUSIEST, FILTERED] and at.radio[0].value == BUSIEST
    top = [p["key"] for p in search_parties(driver, {"limit": BUSIEST_TOP})["parties"]]
    assert len(top) == BUSIEST_TOP
    co = driver.execute_query(CO_PARTIES, keys=top).records[0]["keys"]
    nodes = set(top) | set(co)
    owned = {r["key"]: set(r["ids"]) for r in driver.execute_query(CONTRACTS_OF, keys=list(nodes)).records}
    edges = [pair for pair in combinations(sorted(nodes), 2) if owned[pair[0]] & owned[pair[1]]]
    assert 10 < len(nodes) <= 100  # readable: well under the node cap, so nothing is cut off
    assert any(c.value.startswith(f"{len(nodes)} parties, {len(edges)} links") for c in at.caption), \
        [c.value for c in at.caption]
    assert not at.warning  # no cap warning
    at.radio[0].set_value(FILTERED).run()  # the whole portfolio's network is still one click away
    assert any(c.value.startswith("Parties of the contracts matching") for c in at.caption)
