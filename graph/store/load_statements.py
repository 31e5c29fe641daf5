"""The importer's Cypher (graph.store.load), one named statement per step of a batch.

Every statement takes `$rows` (or `$ids` / `$keys`) and MERGEs on a unique key, so running a batch twice
changes nothing.
"""

from __future__ import annotations

from graph.query.list_labels import COUNTRIES, SET_ALL
from graph.store.end_dates import reconcile
from graph.store.schema import CONTRACT_COUNT, PARTY_COUNTRIES, PARTY_NAMES, PARTY_TEXT, TITLE

CLEAR_CONTRACT_LINKS = """
UNWIND $ids AS id
MATCH (c:Contract {file_id: id})
OPTIONAL MATCH (c)-[:HAS_CLAUSE]->(cl:Clause)
DETACH DELETE cl
WITH DISTINCT c
OPTIONAL MATCH (c)<-[r:PARTY_TO]-(:Party)
DELETE r
WITH DISTINCT c
OPTIONAL MATCH (c)-[g:GOVERNED_BY]->(:Jurisdiction)
DELETE g
"""
# `end_date` in the row is the pre-extracted value: kept as `end_date_extracted`, and `end_date` re-reconciled
# with a reviewer's and the text's values already on the node (graph.store.end_dates); the row's clause types
# and party countries also become the contract's clause and country labels (graph.query.list_labels).
MERGE_CONTRACTS = """
UNWIND $rows AS row
MERGE (c:Contract {file_id: row.file_id})
SET c += row
SET c.title = """ + TITLE + """, c.end_date_extracted = row.end_date
SET """ + reconcile("c.end_date_confirmed", "c.end_date_text", "c.end_date_extracted") + """
""" + SET_ALL
# `org_key`, `org_name`, `legal_form`: the entity's organisation key, base name and form (graph.store.organisations).
# `contract_count` comes with the row only on a first load (graph.store.load.FreshFacts); otherwise it is
# recomputed from the graph after the batch (REFRESH_PARTY_COUNTS).
MERGE_PARTIES = """
UNWIND $rows AS row
MERGE (p:Party {key: row.key})
ON CREATE SET p.name = row.name
WITH p, row, reduce(acc = coalesce(p.aliases, []), a IN row.aliases |
     CASE WHEN a IN acc THEN acc ELSE acc + a END) AS aliases
WITH p, row, aliases, [n IN aliases + [p.name] | toLower(n)] AS names
SET p.aliases = aliases,
    p.search_names = names,
    p.search_text = reduce(s = '', n IN names | s + '\\n' + n),
    p.contract_count = coalesce(row.contract_count, p.contract_count),
    p.role_only = row.role_only,
    p.org_key = coalesce(row.org_key, p.org_key), p.org_name = coalesce(row.org_name, p.org_name),
    p.legal_form = coalesce(row.legal_form, p.legal_form)
"""
LINK_PARTIES = """
UNWIND $rows AS row
MATCH (p:Party {key: row.key})
MATCH (c:Contract {file_id: row.file_id})
MERGE (p)-[:PARTY_TO {role: row.role}]->(c)
"""
# One row per distinct location of the batch (its key includes the country, so the country is fixed).
MERGE_PLACES = """
UNWIND $rows AS row
MERGE (l:Location {key: row.key})
SET l.address = row.address, l.city = row.city, l.state = row.state, l.country = row.country
WITH l, row WHERE row.country IS NOT NULL
MERGE (k:Country {code: row.country})
MERGE (l)-[:IN_COUNTRY]->(k)
"""
# One row per (party, location) of the batch with the contracts that stated it, so removing a contract
# can remove what only it added.
LINK_PLACES = """
UNWIND $rows AS row
MATCH (p:Party {key: row.party})
MATCH (l:Location {key: row.key})
MERGE (p)-[r:LOCATED_AT]->(l)
WITH r, row, coalesce(r.file_ids, []) AS known
SET r.file_ids = known + [id IN row.file_ids WHERE NOT id IN known]
"""
# One row per distinct jurisdiction of the batch, then one per contract that names one.
MERGE_JURISDICTIONS = """
UNWIND $rows AS row
MERGE (j:Jurisdiction {key: row.key})
SET j.country = row.country, j.state = row.state, j.name = row.name
MERGE (k:Country {code: row.country})
MERGE (j)-[:IN_COUNTRY]->(k)
"""
LINK_JURISDICTIONS = """
UNWIND $rows AS row
MATCH (j:Jurisdiction {key: row.key})
MATCH (c:Contract {file_id: row.file_id})
MERGE (c)-[:GOVERNED_BY]->(j)
"""
CREATE_CLAUSES = """
UNWIND $rows AS row
MATCH (c:Contract {file_id: row.file_id})
CREATE (c)-[:HAS_CLAUSE]->(:Clause {key: row.key, type: row.type, summary: row.summary})
"""
# Facts stored for speed (graph.query.compiler reads them instead of walking), recomputed from the graph whenever
# a write could change them: a party's number of contracts, a contract's party countries and party names.
LINKED_PARTY_KEYS = """
UNWIND $ids AS id
MATCH (:Contract {file_id: id})<-[:PARTY_TO]-(p:Party)
RETURN collect(DISTINCT p.key) AS keys
"""
REFRESH_PARTY_COUNTS = """
UNWIND $keys AS key
MATCH (p:Party {key: key})
SET p.contract_count = """ + CONTRACT_COUNT
# A party's new location or alias changes the facts of all its contracts, not only this batch's.
REFRESH_CONTRACT_PARTY_FACTS = """
CALL () {
  UNWIND $keys AS key
  MATCH (:Party {key: key})-[:PARTY_TO]->(c:Contract)
  RETURN c
  UNION
  UNWIND $ids AS id
  MATCH (c:Contract {file_id: id})
  RETURN c
}
SET c.party_countries = """ + PARTY_COUNTRIES + ",\n    c.party_text = " + PARTY_TEXT + (
    ",\n    c.party_names = " + PARTY_NAMES + "\n" + COUNTRIES.set_labels)
ALL_PARTY_KEYS = "MATCH (p:Party) RETURN p.key AS key"
# From the count store. Any node at all (even a party left without contracts) makes a load incremental.
COUNT_NODES = "MATCH (n) RETURN count(n) AS nodes"
