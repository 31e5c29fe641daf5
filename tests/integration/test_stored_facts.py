"""Facts stored for speed (party contract counts, a contract's party countries, party names, clause types and
governing law country) always equal what the graph says, after a load, a commit and a delete."""

from __future__ import annotations

from graph.db import read
from graph.write import CommitRequest, commit_contract, delete_contract

# Each row is a stored fact that differs from the value walked from the graph right now.
STALE = """
MATCH (c:Contract)
WITH c, COLLECT { MATCH (c)<-[:PARTY_TO]-(:Party)-[:LOCATED_AT]->(:Location)-[:IN_COUNTRY]->(k:Country)
                  RETURN DISTINCT k.code ORDER BY k.code } AS countries,
     COLLECT { MATCH (c)-[:HAS_CLAUSE]->(cl:Clause) RETURN DISTINCT cl.type ORDER BY cl.type } AS types,
     [(c)-[:GOVERNED_BY]->(j:Jurisdiction) | j][0] AS law
WHERE c.party_countries IS NULL OR c.party_countries <> countries OR c.clause_types IS NULL
   OR c.clause_types <> types OR coalesce(c.governing_law_country, '') <> coalesce(law.country, '')
   OR coalesce(c.governing_law_state, '') <> coalesce(law.state, '')
RETURN 'contract ' + c.file_id AS stale
UNION ALL
MATCH (p:Party)
WITH p, size(COLLECT { MATCH (p)-[:PARTY_TO]->(c:Contract) RETURN DISTINCT c }) AS contracts
WHERE p.contract_count IS NULL OR p.contract_count <> contracts
RETURN 'party ' + p.key AS stale
"""
# The party names, walked and joined here in Python: each party's search names after a newline, by party key.
PARTY_NAMES = """
MATCH (c:Contract)
RETURN c.file_id AS file_id, c.party_text AS stored, c.party_names AS display, c.title AS title,
       c.text_title AS text_title, c.file_title AS file_title,
       COLLECT { MATCH (c)<-[:PARTY_TO]-(p:Party) RETURN DISTINCT [p.key, p.search_names, p.name] } AS parties
"""
FACTS = """
MATCH (c:Contract) WHERE c.file_id IN $ids
RETURN c.file_id AS file_id, c.party_countries AS countries, c.party_text AS names ORDER BY file_id
"""
PELICAN = "MATCH (p:Party {key: 'pelicandeliversinc'})-[:PARTY_TO]->(c) RETURN p.contract_count AS n, " \
          "collect(DISTINCT c.file_id) AS ids"
RECORD = {
    "file_id": "TEST-STORED-FACTS", "summary": "Courier services in Canada", "contract_type": "Service",
    "effective_date": "2024-01-01",
    "parties": [{"name": "Pelican Delivers (Canada)", "role": "Provider",
                 "location": {"country": "CA", "city": "Toronto"}}],
    "governing_law": {"country": "CA"},
    "clauses": [{"clause_type": "Audit Rights", "summary": "a"}, {"clause_type": "Audit Rights", "summary": "b"}],
}


def stale(driver) -> list[str]:
    out = []
    for row in read(driver, PARTY_NAMES):
        parties = sorted(row["parties"])
        if row["stored"] != "".join("\n" + n for _, names, _ in parties for n in names):
            out.append(f"party names of {row['file_id']}")
        if row["display"] != [name for _, _, name in parties]:
            out.append(f"display party names of {row['file_id']}")
        if not row["file_title"] or row["title"] != (row["text_title"] or row["file_title"]):
            out.append(f"title of {row['file_id']}")
    return [row["stale"] for row in read(driver, STALE)] + out


def test_a_load_leaves_no_stale_fact(driver) -> None:
    assert stale(driver) == []


def test_a_commit_updates_the_other_contracts_of_its_parties_and_a_delete_restores_them(driver) -> None:
    before = read(driver, PELICAN)[0]
    others = before["ids"]
    facts_before = read(driver, FACTS, {"ids": others})
    assert facts_before and all("CA" not in row["countries"] for row in facts_before)
    request = CommitRequest(record=RECORD, sha256="ef" * 32, file_name="stored.pdf", pages=["x"], engine="rules",
                            same_as={"Pelican Delivers (Canada)": "pelicandeliversinc"})
    file_id = commit_contract(driver, request)
    try:
        assert read(driver, PELICAN)[0]["n"] == before["n"] + 1
        # Pelican now has a Canadian location and a new alias, and every contract Pelican is party to says so.
        facts = read(driver, FACTS, {"ids": others})
        assert all("CA" in row["countries"] and "\npelican delivers (canada)" in row["names"] for row in facts)
        mine = read(driver, "MATCH (c:Contract {file_id: $id}) RETURN c.clause_types AS types, "
                            "c.governing_law_country AS law, c.party_countries AS countries", {"id": file_id})[0]
        assert mine["types"] == ["Audit Rights"] and mine["law"] == "CA" and "CA" in mine["countries"]
        assert stale(driver) == []
        titles = read(driver, "MATCH (c:Contract {file_id: $id}) RETURN c.title AS t, c.party_names AS p",
                      {"id": file_id})[0]
        assert titles == {"t": "Test-Stored-Facts", "p": ["PELICAN DELIVERS INC."]}  # file title: no text yet
    finally:
        delete_contract(driver, file_id)
    assert read(driver, PELICAN)[0]["n"] == before["n"]
    assert read(driver, FACTS, {"ids": others}) == facts_before
    assert stale(driver) == []
