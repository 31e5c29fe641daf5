"""Loading: the sample lands cleaned, and loading it again changes nothing."""

from __future__ import annotations

import logging

from graph.reads.repository import graph_counts, search_contracts, search_parties
from graph.server.db import read
from graph.store.load import load_records

LABEL_COUNTS = "MATCH (n) RETURN labels(n)[0] AS label, count(*) AS n ORDER BY label"
REL_COUNTS = "MATCH ()-[r]->() RETURN type(r) AS type, count(*) AS n ORDER BY type"


def _snapshot(driver) -> tuple:
    from graph.server.db import read
    return (graph_counts(driver), read(driver, LABEL_COUNTS), read(driver, REL_COUNTS))


def test_load_twice_is_idempotent(driver, sample_records) -> None:
    before = _snapshot(driver)
    summary = load_records(driver, sample_records)
    assert summary.contracts == 510
    assert _snapshot(driver) == before


def test_sample_is_cleaned(driver, prepared_sample) -> None:
    from graph.server.db import read
    types = {r["t"] for r in read(driver, "MATCH (c:Contract) RETURN DISTINCT c.contract_type AS t")}
    assert "Affiliate AgreementDevelopment" not in types and "Non Compete/SolicitOutsourcing" not in types
    assert {"Affiliate", "Agency", "Development", "Co-Branding", "Non-Compete"} <= types
    names = [r["n"] for r in read(driver, "MATCH (p:Party) RETURN p.name AS n")]
    assert not [n for n in names if n.startswith(("[", "<")) or n in ("N/A", "You")]
    # 17 of them role-only, contract-local; one per legal entity since issue 29 (8 more than 1,108 before).
    assert len(names) == len(prepared_sample.parties) == 1116
    merged = read(driver, "MATCH (p:Party) WHERE size(p.aliases) > 1 RETURN count(p) AS n")[0]["n"]
    assert merged == 30  # spellings of one entity; a bare name joins its only entity ("Ingram Micro" / "... INC.")
    codes = [r["c"] for r in read(driver, "MATCH (k:Country) RETURN k.code AS c")]
    assert all(len(c) == 2 and c.isupper() for c in codes)
    no_date = read(driver, "MATCH (c:Contract {file_id: $f}) RETURN c.effective_date AS d",
                   {"f": "BUFFALOWILDWINGSINC_06_05_1998-EX-10.3-FRANCHISE AGREEMENT"})
    assert no_date == [{"d": None}]


def test_merged_party_is_found_by_every_spelling(driver) -> None:
    for spelling in ("PELICAN DELIVERS INC.", "Pelican Delivers Inc."):
        found = search_parties(driver, {"name": spelling})
        assert found["total_count"] == 1
        assert found["parties"][0]["key"] == "pelicandeliversinc"
    assert search_contracts(driver, {"parties": ["pelican delivers"]}).total_count == 2


def test_fuzzy_party_lookup_tolerates_typos(driver) -> None:
    from graph.reads.repository import fuzzy_parties
    assert fuzzy_parties(driver, "Bank of Amercia", 3)[0]["name"] == "Bank of America, N.A."
    assert fuzzy_parties(driver, "Honeywel Internatonal", 3)[0]["key"] == "honeywellinternationalinc"
    assert fuzzy_parties(driver, "zzqqxx", 3) == []


def test_party_picker_lists_the_most_active_parties(driver) -> None:
    from graph.reads.subgraph import party_name_choices
    from graph.server.db import read
    everything = party_name_choices(driver)
    assert len(everything) == read(driver, "MATCH (p:Party) UNWIND p.aliases + [p.name] AS n "
                                           "RETURN count(DISTINCT n) AS n")[0]["n"]
    # The parties on most distinct contracts, counted here from the relationships (the picker reads the stored count).
    top = read(driver, "MATCH (p:Party) RETURN p.name AS name, p.aliases AS aliases, "
                       "COUNT { MATCH (p)-[:PARTY_TO]->(c:Contract) RETURN DISTINCT c } AS n "
                       "ORDER BY n DESC, name LIMIT 3")
    capped = party_name_choices(driver, limit=3)
    assert set(capped) == {n for row in top for n in (row["name"], *(row["aliases"] or []))}


def test_a_property_no_node_has_yet_logs_no_warning(driver, caplog) -> None:
    # A fresh database reads `layer_version` before any document layer exists (graph.documents.cypher).
    with caplog.at_level(logging.DEBUG, logger="neo4j.notifications"):
        assert read(driver, "MATCH (d:Document) RETURN d.no_such_property_yet AS v LIMIT 1")
    assert [r for r in caplog.records if r.name == "neo4j.notifications"] == []
