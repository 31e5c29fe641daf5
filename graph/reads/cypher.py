"""Fixed Cypher used by the readers. Every value is a `$param`; nothing here is assembled from input."""

from __future__ import annotations

from graph.query import status_cypher
from graph.query.status import IN_FORCE

# A party's legal form and the organisation it belongs to, if any (graph.store.organisations).
ENTITY = """p.legal_form AS legal_form,
       [(p)-[:MEMBER_OF]->(o:Organisation) | o {.key, .name, .member_count, .contract_count}][0] AS organisation"""
PARTY_SEARCH_HEAD = """
MATCH (p:Party)
WHERE ($name IS NULL OR any(n IN p.search_names WHERE n CONTAINS $name))
  AND ($country IS NULL OR EXISTS {
        MATCH (p)-[:LOCATED_AT]->(:Location)-[:IN_COUNTRY]->(:Country {code: $country}) })
"""
PARTY_COUNT = PARTY_SEARCH_HEAD + "RETURN count(p) AS total_count"
PARTY_PAGE = PARTY_SEARCH_HEAD + """
WITH p, COUNT { MATCH (p)-[:PARTY_TO]->(c:Contract) RETURN DISTINCT c } AS contract_count
ORDER BY contract_count DESC, p.name ASC
SKIP $offset LIMIT $limit
RETURN p.key AS key, p.name AS name, p.aliases AS aliases, contract_count,
       COLLECT { MATCH (p)-[:LOCATED_AT]->(:Location)-[:IN_COUNTRY]->(k:Country)
                 RETURN DISTINCT k.code ORDER BY k.code } AS countries, """ + ENTITY + """
"""
PARTIES_BY_KEY = """
MATCH (p:Party) WHERE p.key IN $keys
RETURN p.key AS key, p.name AS name, p.aliases AS aliases,
       COUNT { MATCH (p)-[:PARTY_TO]->(c:Contract) RETURN DISTINCT c } AS contract_count,
       COLLECT { MATCH (p)-[:LOCATED_AT]->(:Location)-[:IN_COUNTRY]->(k:Country)
                 RETURN DISTINCT k.code ORDER BY k.code } AS countries, """ + ENTITY + """
"""
# The legal entities of one organisation (graph.store.organisations), most contracts first.
ORGANISATION_MEMBERS = """
MATCH (o:Organisation {key: $key})<-[m:MEMBER_OF]-(p:Party)
RETURN p.key AS key, p.name AS name, p.legal_form AS legal_form, m.basis AS basis,
       coalesce(p.contract_count, 0) AS contract_count
ORDER BY contract_count DESC, key
"""
ORGANISATION_SIBLINGS = """
MATCH (:Party {key: $key})-[:MEMBER_OF]->(:Organisation)<-[:MEMBER_OF]-(p:Party)
RETURN p.key AS key ORDER BY p.contract_count DESC, key
"""
ORGANISATIONS = """
MATCH (o:Organisation)
RETURN o.key AS key, o.name AS name, o.member_count AS member_count, o.contract_count AS contract_count,
       COLLECT { MATCH (o)<-[:MEMBER_OF]-(p:Party) RETURN p.name ORDER BY p.contract_count DESC, p.key } AS members
ORDER BY contract_count DESC, name
"""
ALL_PARTY_NAMES = "MATCH (p:Party) RETURN p.key AS key, p.name AS name, p.aliases AS aliases ORDER BY p.name"
# Every party's spellings and stored contract count, for the offline question parser's name matching.
PARTY_DIRECTORY = """MATCH (p:Party) WHERE p.name IS NOT NULL
RETURN p.name AS name, p.aliases AS aliases, coalesce(p.contract_count, 0) AS contract_count ORDER BY p.name"""
# The form's party picker: the most active parties (any other name can still be typed as a fragment), by their
# stored number of contracts (graph.store.schema.CONTRACT_COUNT, kept in step by every load): its range index hands
# them over in order. Counting every party's relationships instead read all 2.2M parties at 1M contracts (1.7 s of
# the Explorer's first render; 60 ms this way, docs/PERFORMANCE.md fix 34).
PARTY_PICKER = """
MATCH (p:Party) WHERE p.contract_count IS NOT NULL
WITH p ORDER BY p.contract_count DESC, p.name ASC
LIMIT $limit
RETURN p.name AS name, p.aliases AS aliases
"""

CONTRACT_DETAILS = """
MATCH (c:Contract {file_id: $file_id})
RETURN c.file_id AS file_id, coalesce(c.title, c.file_id) AS title, c.party_names AS party_names,
       c.contract_type AS contract_type, c.summary AS summary, c.scope AS scope,
       toString(c.effective_date) AS effective_date, toString(c.end_date) AS end_date,
       c.duration AS duration, c.duration_days AS duration_days, c.total_amount AS total_amount,
       c.currency AS currency, c.currency_source AS currency_source, c.currency_evidence AS currency_evidence,
       c.currency_evidence_in AS currency_evidence_in, c.source AS source, c.file_sha256 AS file_sha256,
       c.party_count AS party_count,
       [(c)<-[r:PARTY_TO]-(p:Party) | {key: p.key, name: p.name, role: r.role, aliases: p.aliases,
         role_only: p.role_only IS NOT NULL,
         locations: [(p)-[:LOCATED_AT]->(l:Location) | l {.address, .city, .state, .country}]}] AS parties,
       [(c)-[:GOVERNED_BY]->(j:Jurisdiction) | j {.key, .country, .state, .name}][0] AS governing_law,
       [(c)-[:HAS_CLAUSE]->(cl:Clause) | cl {.key, .type, .summary}] AS clauses
"""
CONTRACT_BY_SHA = "MATCH (c:Contract {file_sha256: $sha256}) RETURN c.file_id AS file_id LIMIT 1"
CONTRACT_IDS = """
MATCH (c:Contract) WHERE toLower(c.file_id) CONTAINS $fragment
RETURN c.file_id AS file_id ORDER BY c.file_id LIMIT $limit
"""

# The Contract page's picker: a fragment of the title, a party's name or the file id; titles in order.
CONTRACT_CHOICES = """
MATCH (c:Contract)
WHERE $fragment = '' OR toLower(coalesce(c.title, '')) CONTAINS $fragment OR c.party_text CONTAINS $fragment
   OR toLower(c.file_id) CONTAINS $fragment
RETURN c.file_id AS file_id, coalesce(c.title, c.file_id) AS title,
       [(c)<-[:PARTY_TO]-(p:Party) WHERE p.role_only IS NULL | p.name] AS party_names
ORDER BY toLower(title), file_id LIMIT $limit
"""

_CONTRACTS = "CALL () { MATCH (c:Contract) RETURN count(c) AS contracts }"  # the count store: no scan
_PARTIES = "CALL () { MATCH (p:Party) RETURN count(p) AS parties }"
# What every page's sidebar shows (the counts, the document layer's progress, the sample's credit line): four
# facts, where the Overview's numbers below read every contract (2.4 s at 1M contracts; docs/PERFORMANCE.md fix 33).
# The sample's presence is a seek of the contract_source index; the contracts with text start from the documents'
# relationships (a scan of HAS_DOCUMENT, not of every contract).
HEADLINE = f"""
{_CONTRACTS}
{_PARTIES}
CALL () {{ MATCH (c:Contract {{source: 'sample'}}) RETURN count(c) > 0 AS has_sample }}
CALL () {{ MATCH (c:Contract)-[:HAS_DOCUMENT]->(:Document) RETURN count(DISTINCT c) AS with_text }}
RETURN contracts, parties, has_sample, with_text
"""
# The Overview's cards. "No end date" is every contract less those with one: the end_date index counts those
# without reading a contract, where `c.end_date IS NULL` read every contract's property chain. Every amount has a
# currency (graph.store.currency: read, else assumed USD), so testing both reads the sums from the (total_amount,
# currency) index instead of the store (1M synthetic: 370 -> 49 ms; docs/PERFORMANCE.md fix 36).
KPIS = f"""
{_CONTRACTS}
{_PARTIES}
CALL () {{ MATCH (cl:Clause) RETURN count(cl) AS clauses }}
CALL () {{ MATCH (c:Contract) WHERE {status_cypher.states_test(IN_FORCE, seek=True)} RETURN count(c) AS active }}
CALL () {{ MATCH (c:Contract) WHERE $today <= c.end_date <= $horizon RETURN count(c) AS expiring }}
CALL () {{ MATCH (c:Contract) WHERE c.end_date IS NOT NULL RETURN count(c) AS with_end_date }}
CALL () {{ MATCH (c:Contract) WHERE c.total_amount IS NOT NULL AND c.currency IS NOT NULL
          WITH c.currency AS currency, sum(c.total_amount) AS total, count(c) AS contracts
          ORDER BY currency = 'USD' DESC, currency
          RETURN collect({{currency: currency, total: total, contracts: contracts}}) AS values_by_currency }}
RETURN contracts, parties, clauses, active, expiring, contracts - with_end_date AS no_end_date,
       coalesce([v IN values_by_currency WHERE v.currency = 'USD' | v.total][0], 0.0) AS total_value_usd,
       values_by_currency
"""
COUNTS_BY_LABEL = """
CALL () { MATCH (n) RETURN count(n) AS nodes }
CALL () { MATCH ()-[r]->() RETURN count(r) AS relationships }
RETURN nodes, relationships
"""
AMOUNTS = """MATCH (c:Contract) WHERE c.total_amount > 0
RETURN c.total_amount AS amount, c.currency AS currency, c.file_id AS file_id"""
UPCOMING_EXPIRIES = """
MATCH (c:Contract) WHERE $today <= c.end_date <= $horizon
RETURN c.file_id AS file_id, toString(c.end_date) AS end_date, c.contract_type AS contract_type
ORDER BY c.end_date ASC LIMIT $limit
"""
FILTER_OPTIONS = """
CALL () { MATCH (c:Contract) WHERE c.contract_type IS NOT NULL
          RETURN collect(DISTINCT c.contract_type) AS contract_types }
CALL () { MATCH (k:Country) RETURN collect(k.code) AS countries }
CALL () { MATCH (j:Jurisdiction) WHERE j.state IS NOT NULL RETURN collect(DISTINCT j.state) AS states }
CALL () { MATCH (cl:Clause) RETURN collect(DISTINCT cl.type) AS clause_types }
RETURN contract_types, countries, states, clause_types
"""

# The graph views (graph.reads.subgraph): a contract's neighbourhood and the party network.
CONTRACT_FIELDS = """c.file_id AS file_id, coalesce(c.title, c.file_id) AS title, c.contract_type AS contract_type,
       toString(c.effective_date) AS effective_date, toString(c.end_date) AS end_date,
       c.total_amount AS total_amount, c.currency AS currency"""
CONTRACT_CORE = f"""
MATCH (c:Contract {{file_id: $file_id}})
RETURN {CONTRACT_FIELDS}, c.summary AS summary,
       [(c)<-[r:PARTY_TO]-(p:Party) | {{key: p.key, name: p.name, role: r.role,
         locations: [(p)-[:LOCATED_AT]->(l:Location) | {{key: l.key, address: l.address, city: l.city,
           state: l.state, countries: [(l)-[:IN_COUNTRY]->(k:Country) | k.code]}}]}}] AS parties,
       [(c)-[:GOVERNED_BY]->(j:Jurisdiction) | {{key: j.key, name: j.name, country: j.country,
         state: j.state}}] AS laws,
       [(c)-[:HAS_CLAUSE]->(cl:Clause) | {{key: cl.key, type: cl.type, summary: cl.summary}}] AS clauses
"""
CONTRACTS_OF_PARTIES = f"""
UNWIND $keys AS key
MATCH (p:Party {{key: key}})-[r:PARTY_TO]->(c:Contract)
WHERE NOT c.file_id IN $seen
RETURN p.key AS party_key, r.role AS role, {CONTRACT_FIELDS}
ORDER BY file_id, party_key LIMIT $limit
"""
PARTIES_OF_CONTRACTS = """
UNWIND $file_ids AS fid
MATCH (c:Contract {file_id: fid})<-[r:PARTY_TO]-(p:Party)
RETURN c.file_id AS file_id, r.role AS role, p.key AS key, p.name AS name
ORDER BY file_id, key LIMIT $limit
"""
CO_PARTIES = """
UNWIND $keys AS key
MATCH (:Party {key: key})-[:PARTY_TO]->(c:Contract)<-[:PARTY_TO]-(b:Party)
WHERE NOT b.key IN $seen AND b.role_only IS NULL
WITH b, count(DISTINCT c) AS shared
RETURN b.key AS key
ORDER BY shared DESC, key LIMIT $limit
"""
SHARED_CONTRACT_EDGES = """
MATCH (a:Party)-[:PARTY_TO]->(c:Contract)<-[:PARTY_TO]-(b:Party)
WHERE a.key IN $keys AND b.key IN $keys AND a.key < b.key
WITH a, b, count(DISTINCT c) AS weight, collect(DISTINCT c.file_id) AS contracts
RETURN a.key AS source, b.key AS target, weight, contracts[..5] AS examples
"""
# Appended to `compile_projection(filter)`, which binds `c` to each matching contract.
FILTER_PARTY_EDGES = """
MATCH (a:Party)-[:PARTY_TO]->(c)<-[:PARTY_TO]-(b:Party)
WHERE a.key < b.key AND a.role_only IS NULL AND b.role_only IS NULL
WITH a, b, count(DISTINCT c) AS weight, collect(DISTINCT c.file_id) AS contracts
RETURN a.key AS source, b.key AS target, weight, contracts[..5] AS examples
ORDER BY weight DESC, source, target LIMIT $net_edge_limit
"""
PARTY_CONTRACTS = f"""
MATCH (p:Party {{key: $key}})-[r:PARTY_TO]->(c:Contract)
RETURN r.role AS role, {CONTRACT_FIELDS},
       [(c)<-[:PARTY_TO]-(o:Party) WHERE o <> p | o.name] AS counterparties
ORDER BY c.effective_date IS NULL, c.effective_date DESC, file_id
LIMIT $limit
"""
