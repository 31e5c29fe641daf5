"""Facts stored for speed (party contract counts, a contract's party countries, party names, clause types, clause
and country labels and governing law country) always equal what the graph says, after a load, a commit and a
delete."""

from __future__ import annotations

import pytest

from graph.query.list_labels import CLAUSES, COUNTRIES
from graph.server.db import read, write
from graph.store.schema import write_in_batches
from graph.store.write import CommitRequest, commit_contract, delete_contract

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
# Each contract's labels, the types of its Clause nodes and its parties' countries, walked: the labels are
# compared in Python.
LABELS = """
MATCH (c:Contract)
RETURN c.file_id AS file_id, labels(c) AS labels,
       COLLECT { MATCH (c)-[:HAS_CLAUSE]->(cl:Clause) RETURN DISTINCT cl.type } AS types,
       COLLECT { MATCH (c)<-[:PARTY_TO]-(:Party)-[:LOCATED_AT]->(:Location)-[:IN_COUNTRY]->(k:Country)
                 RETURN DISTINCT k.code } AS countries
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
    for row in read(driver, LABELS):
        for kind, lists, values in (("clause", CLAUSES, row["types"]), ("country", COUNTRIES, row["countries"])):
            held = {name for name in row["labels"] if name in lists.labels.values()}
            if held != {lists.labels[v] for v in values if v in lists.labels}:
                out.append(f"{kind} labels of {row['file_id']}")
    return [row["stale"] for row in read(driver, STALE)] + out


def test_a_load_leaves_no_stale_fact(driver) -> None:
    assert stale(driver) == []


@pytest.mark.parametrize(("kind", "lists", "held", "extra"), [
    ("clause", CLAUSES, "HasNonCompeteExclusivity", "HasInsurance"),
    ("country", COUNTRIES, "PartyInUS", "PartyInNZ"),
])
def test_the_backfill_gives_back_labels_a_database_lacks_or_holds_too_many(driver, kind, lists, held, extra) -> None:
    first, second = [r["id"] for r in read(driver, f"MATCH (c:{held}) WHERE NOT c:{extra} RETURN c.file_id AS id "
                                                   "ORDER BY id LIMIT 2")]
    # A database from before the labels (one lacks its label), and a label its list does not give.
    write(driver, f"MATCH (c:Contract {{file_id: $id}}) REMOVE c:{held}", {"id": first})
    write(driver, f"MATCH (c:Contract {{file_id: $id}}) SET c:{extra}", {"id": second})
    try:
        assert sorted(stale(driver)) == sorted([f"{kind} labels of {first}", f"{kind} labels of {second}"])
        assert write_in_batches(driver, lists.backfill, batch_size=1) == 2
    finally:
        write_in_batches(driver, lists.backfill)
    assert stale(driver) == []
    assert write_in_batches(driver, lists.backfill) == 0  # nothing left to do


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


RENEWAL_PAGES = ["SERVICES AGREEMENT\n\n1. Term. This Agreement shall commence on January 31, 2024 and continue for a "
                 "period of two (2) years. Thereafter this Agreement shall automatically renew for successive one (1) "
                 "year terms unless either party gives notice of non-renewal at least sixty (60) days prior to the "
                 "end of the then-current term.\n"]
RENEWAL_FACTS = """
MATCH (c:Contract {file_id: $id})
RETURN c.renewal_type AS type, toString(c.term_end) AS term_end, c.renewal_months AS months,
       c.notice_days AS notice, COLLECT { MATCH (e:TermEvidence {file_id: $id}) RETURN e.field ORDER BY e.field }
       AS fields
"""
ORPHAN_EVIDENCE = ("MATCH (e:TermEvidence) WHERE NOT EXISTS { (:Document)-[:HAS_TERM_EVIDENCE]->(e) } "
                   "RETURN count(e) AS n")


def test_renewal_facts_are_written_at_commit_and_deleted_with_the_contract(driver) -> None:
    from ingest.layer import build_document_layer

    evidence_before = read(driver, "MATCH (e:TermEvidence) RETURN count(e) AS n")[0]["n"]
    request = CommitRequest(record={**RECORD, "file_id": "TEST-RENEWAL-FACTS", "parties": []}, sha256="ab" * 32,
                            file_name="renewal.pdf", pages=RENEWAL_PAGES, engine="rules")
    file_id = commit_contract(driver, request)
    try:
        build_document_layer(driver, file_id)  # what ingest.pipeline does after the commit
        facts = read(driver, RENEWAL_FACTS, {"id": file_id})[0]
        assert facts == {"type": "automatic", "term_end": "2026-01-31", "months": 12, "notice": 60,
                         "fields": ["expiration", "initial_term", "notice_period", "renewal_term", "renewal_type"]}
    finally:
        delete_contract(driver, file_id)
    assert read(driver, RENEWAL_FACTS, {"id": file_id}) == []
    assert read(driver, "MATCH (e:TermEvidence {file_id: $id}) RETURN count(e) AS n", {"id": file_id})[0]["n"] == 0
    assert read(driver, "MATCH (e:TermEvidence) RETURN count(e) AS n")[0]["n"] == evidence_before
    assert read(driver, ORPHAN_EVIDENCE)[0]["n"] == 0
